package cluster

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// A second n1 is refused (routed to n1 or only to another member); n1's lease and journal go on; n1's name is free once it stops.
func TestATakenNodeNameIsRefused(t *testing.T) {
	ns := startNodes(t, 3)
	for _, n := range ns {
		if _, err := n.Journal(&keptGames{}); err != nil {
			t.Fatal(err)
		}
	}
	const id = "own234"
	j := journal{n: ns[0]}
	if err := j.Start(id, []byte(`{"header":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := j.Append(id, []byte(`{"event":1}`)); err != nil {
		t.Fatal(err)
	}
	for _, routes := range [][]string{
		{"nats://" + ns[0].ClusterAddr(), "nats://" + ns[1].ClusterAddr()},
		{"nats://" + ns[2].ClusterAddr()},
	} {
		n, err := Start(context.Background(), Config{Name: "n1", Cluster: "test", Listen: freeAddr(t), Routes: routes, Dir: t.TempDir(), Replicas: 3})
		if err == nil {
			n.Close()
			t.Fatalf("a second n1 (routes %v) started", routes)
		}
		var taken *NameInUseError
		if !errors.As(err, &taken) || taken.Starting || !strings.Contains(err.Error(), "--node-name n1: a running node of the cluster has this name") {
			t.Fatalf("routes %v: got %v; want the name refused as a running node's", routes, err)
		}
	}

	for _, n := range ns[1:] {
		rz, err := n.ns.Routez(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rz.Routes {
			if r.RemoteName == "n1" && r.RemoteID != ns[0].ns.ID() {
				t.Errorf("%s is routed to another server named n1", n.Node())
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := ns[0].renewLease(ctx, id); err != nil {
		t.Fatalf("n1 renewing its lease: %v", err)
	}
	if err := j.Append(id, []byte(`{"event":2}`)); err != nil {
		t.Fatalf("n1 writing its table's journal: %v", err)
	}
	if _, ok := ns[0].owns(id); !ok || ns[0].isLost(id) {
		t.Fatal("n1 does not own its table any more")
	}
	journalIs(t, ns[0], id, `{"header":1}`, `{"event":1}`, `{"event":2}`)

	ns[0].Close()
	back, err := Start(context.Background(), Config{Name: "n1", Cluster: "test", Listen: freeAddr(t),
		Routes: []string{"nats://" + ns[1].ClusterAddr(), "nats://" + ns[2].ClusterAddr()}, Dir: t.TempDir(), Replicas: 3})
	if err != nil {
		t.Fatalf("n1 again once it has stopped: %v", err)
	}
	back.Close()
}

// A probe clashes with a server of its name and with another node's probe for it, not with its own or other names'.
func TestAProbeClashesWithItsNameOnly(t *testing.T) {
	p := probe{name: "n1", id: "aa"}
	for server, want := range map[string]bool{
		"n1":                                false,
		probePrefix + "bb-" + hexName("n1"): true,
	} {
		var taken *NameInUseError
		if err := p.check(server); !errors.As(err, &taken) || taken.Starting != want {
			t.Errorf("%s: got %v", server, err)
		}
	}
	for _, server := range []string{"n2", probePrefix + "aa-" + hexName("n1"), probePrefix + "bb-" + hexName("n2")} {
		if err := p.check(server); err != nil {
			t.Errorf("%s: got %v; want no clash", server, err)
		}
	}
}

// --nats: a second node a on the same NATS is refused; a's name is free once it stops.
func TestATakenNodeNameIsRefusedOnAnExistingNATS(t *testing.T) {
	ns := startNATS(t)
	a, err := Start(context.Background(), Config{Name: "a", URL: ns.ClientURL()})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Start(context.Background(), Config{Name: "a", URL: ns.ClientURL()})
	if err == nil {
		b.Close()
		a.Close()
		t.Fatal("a second node a started")
	}
	var taken *NameInUseError
	if !errors.As(err, &taken) || !strings.Contains(err.Error(), "--node-name a") {
		a.Close()
		t.Fatalf("got %v; want the name refused", err)
	}
	a.Close()
	waitFor(t, "the server dropping the first a's connection", func() bool { return ns.NumClients() == 0 })
	b, err = Start(context.Background(), Config{Name: "a", URL: ns.ClientURL()})
	if err != nil {
		t.Fatalf("a again once it has stopped: %v", err)
	}
	b.Close()
}
