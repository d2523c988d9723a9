package cluster

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// Two of three nodes are killed and one of them comes back: the table
// directory, in memory, lost two of its three copies and never elects a
// leader again, so the node makes it anew, joins, and the two nodes see
// each other's tables (the one left over watches the new directory).
func TestNodeBackAfterTwoWereLost(t *testing.T) {
	cfgs := make([]Config, 3)
	for i := range cfgs {
		cfgs[i] = Config{Name: fmt.Sprintf("n%d", i+1), Cluster: "test", Listen: freeAddr(t), Dir: t.TempDir(), Replicas: 3}
	}
	for i := range cfgs {
		for j, c := range cfgs {
			if j != i {
				cfgs[i].Routes = append(cfgs[i].Routes, "nats://"+c.Listen)
			}
		}
	}
	nodes := make([]*Node, 3)
	errs := make(chan error, 3)
	for i := range nodes {
		go func() {
			var err error
			nodes[i], err = Start(context.Background(), cfgs[i])
			errs <- err
		}()
	}
	for range nodes {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	defer func() {
		for _, nd := range nodes {
			nd.Close()
		}
	}()
	nodes[0].Cut()
	nodes[1].Cut()

	back, err := Start(context.Background(), cfgs[0])
	if err != nil {
		t.Fatalf("the node back with one other up: %v", err)
	}
	defer back.Close()
	left := nodes[2]
	left.Publish(lobby.Listing{Node: left.Node(), Summary: tables.Summary{ID: "abc234", Name: "ada's table"}})
	back.Publish(lobby.Listing{Node: back.Node(), Summary: tables.Summary{ID: "abc235", Name: "bob's table"}})
	for _, c := range []struct {
		nd *Node
		id string
	}{{back, "abc234"}, {left, "abc235"}} {
		select {
		case l := <-c.nd.Listings():
			if l.Summary.ID != c.id || l.Gone {
				t.Errorf("%s got the listing %+v, want %s", c.nd.Node(), l, c.id)
			}
		case <-time.After(time.Minute): // a safety net: the watch picks up the new directory by itself
			t.Fatalf("%s does not see the table %s", c.nd.Node(), c.id)
		}
	}
}
