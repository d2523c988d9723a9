package cluster

import (
	"context"
	"testing"
	"time"
)

// TestAStoppedNodeHandsItsTablesOn: a node that stops gives its leases up
// and another node takes its table over at once, not once the lease (here
// ten minutes) has lapsed. The node that stops leads the journal stream,
// so the first reads of the takeover go to a leader that is going away.
func TestAStoppedNodeHandsItsTablesOn(t *testing.T) {
	ns := startNodesLease(t, 3, 10*time.Minute)
	for _, n := range ns {
		if _, err := n.Journal(&keptGames{}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := ns[0].js.Stream(ctx, journalStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx)
	if err != nil || info.Cluster == nil {
		t.Fatalf("the journal stream's leader: %+v, %v", info, err)
	}
	var owner *Node
	var rest []*Node
	for _, n := range ns {
		if n.cfg.Name == info.Cluster.Leader {
			owner = n
		} else {
			rest = append(rest, n)
		}
	}
	if owner == nil {
		t.Fatalf("no node is the leader %q", info.Cluster.Leader)
	}
	const id = "bye234"
	j := journal{n: owner}
	if err := j.Start(id, []byte(`{"header":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := j.Append(id, []byte(`{"event":1}`)); err != nil {
		t.Fatal(err)
	}
	owner.Close()
	// Well before the lease lapses, and before a takeover whose first
	// read went unanswered gives up (takeOverWait).
	taker := takenOverWithin(t, rest, id, takeOverWait/2)
	if o, ok := taker.owns(id); !ok || o.seq == 0 {
		t.Errorf("%s took %s over but does not own it: %+v", taker.cfg.Name, id, o)
	}
}
