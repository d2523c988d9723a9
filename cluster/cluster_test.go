package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// freeAddr is a loopback address with a port nothing listens on now. The
// port is below the kernel's range for outgoing connections (32768 and
// up), so that no client's connection takes it before the node listens.
func freeAddr(t testing.TB) string {
	t.Helper()
	for range 1000 {
		addr := fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(12000))
		if l, err := net.Listen("tcp", addr); err == nil {
			l.Close()
			return addr
		}
	}
	t.Fatal("no free port from 20000 to 31999")
	return ""
}

// startNodes starts n embedded nodes routed to each other, as a cluster
// of that many (JetStream with n copies of every bucket).
func startNodes(t testing.TB, n int) []*Node {
	t.Helper()
	return startNodesLease(t, n, 0)
}

// startNodesLease is startNodes with the lease lasting lease (0: the default).
func startNodesLease(t testing.TB, n int, lease time.Duration) []*Node {
	t.Helper()
	addrs := make([]string, n)
	for i := range addrs {
		addrs[i] = freeAddr(t)
	}
	nodes := make([]*Node, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		var routes []string
		for j, a := range addrs {
			if j != i {
				routes = append(routes, "nats://"+a)
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			nodes[i], errs[i] = Start(context.Background(), Config{
				Name: fmt.Sprintf("n%d", i+1), Cluster: "test", Listen: addrs[i], Routes: routes,
				Dir: t.TempDir(), Replicas: n, LeaseTTL: lease,
			})
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			for _, nd := range nodes {
				if nd != nil {
					nd.Close()
				}
			}
			t.Fatalf("node %d: %v", i+1, err)
		}
	}
	t.Cleanup(func() {
		for _, nd := range nodes {
			nd.Close()
		}
	})
	return nodes
}

// A name reserved on one node is taken on every other.
func TestNameReservedOnOneNodeIsTakenOnAnother(t *testing.T) {
	ns := startNodes(t, 3)
	a, b := ns[0].Names(), ns[1].Names()
	got, err := a.Reserve("key-alice", "Alice")
	if err != nil || got != "Alice" {
		t.Fatalf("reserve on n1: %q, %v", got, err)
	}
	if owner := eventually(t, b, "alice", "key-alice"); owner != "key-alice" {
		t.Fatalf("owner of alice on n2: %q; want key-alice", owner)
	}
	got, err = ns[2].Names().Reserve("key-mallory", "ALICE")
	if err != nil || got != "ALICE2" {
		t.Fatalf("another key asking for ALICE on n3 got %q, %v; want ALICE2", got, err)
	}
	// Alice renames herself on n2: her old name is free again. (A node
	// reads from any copy of the bucket: a rename a moment after the first
	// reservation could read no old name from a copy behind and keep it
	// held (docs/CLUSTER.md, Limits); wait until every copy holds it.)
	namesStored(t, ns)
	if got, err = b.Reserve("key-alice", "Alicia"); err != nil || got != "Alicia" {
		t.Fatalf("rename: %q, %v", got, err)
	}
	if owner := eventually(t, ns[2].Names(), "Alice", ""); owner != "" {
		t.Fatalf("Alice still held by %q after a rename", owner)
	}
}

// namesStored waits until every node's copy of the names bucket holds all
// that the bucket's leader holds now. Reads (direct gets) are answered by
// any copy, the node's own or another's, and which one answers may change
// from one read to the next: only then does every read see those writes.
// No event tells when a copy has stored an entry: this looks at each
// server's own copy until it has, with a generous deadline as a safety net.
func namesStored(t *testing.T, ns []*Node) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := ns[0].names.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	info := st.(*jetstream.KeyValueBucketStatus).StreamInfo()
	want := info.State.LastSeq
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for _, n := range ns {
		for {
			acc, err := n.ns.JszAccount(&server.JSzOptions{Account: n.ns.GlobalAccount().Name, Streams: true})
			if err != nil {
				t.Fatal(err)
			}
			var last uint64
			for _, sd := range acc.Streams {
				if sd.Name == info.Config.Name {
					last = sd.State.LastSeq
				}
			}
			if last >= want {
				break
			}
			select {
			case <-tick.C:
			case <-ctx.Done():
				t.Fatalf("node %s's copy of the names bucket holds up to %d of %d", n.cfg.Name, last, want)
			}
		}
	}
}

// eventually asks r for the owner of name until it is want, for at most
// ten seconds: a node may read a bucket from a replica a moment behind
// (a reservation itself is decided by the bucket's leader).
func eventually(t *testing.T, r Names, name, want string) string {
	t.Helper()
	owner := ""
	until(t, func() (bool, string) {
		var err error
		if owner, err = r.Owner(name); err != nil {
			t.Fatal(err)
		}
		return owner == want, fmt.Sprintf("%s is owned by %q, want %q", name, owner, want)
	})
	return owner
}

// startNATS starts a NATS server with JetStream, as a deployment a node
// joins with --nats, stopped when the test ends.
func startNATS(t *testing.T) *server.Server {
	t.Helper()
	ns, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	ns.Start()
	t.Cleanup(func() { ns.Shutdown(); ns.WaitForShutdown() })
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("the NATS server did not start")
	}
	return ns
}

// --nats: a node joins a NATS deployment it does not run (here a NATS
// server with JetStream this test starts), and names and listings work
// through it as through an embedded one.
func TestNodeOnAnExistingNATS(t *testing.T) {
	ns := startNATS(t)
	a, err := Start(context.Background(), Config{Name: "a", URL: ns.ClientURL()})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Start(context.Background(), Config{Name: "b", URL: ns.ClientURL()})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, err := a.Names().Reserve("key-ada", "ada"); err != nil || got != "ada" {
		t.Fatalf("reserve: %q, %v", got, err)
	}
	if got, err := b.Names().Reserve("key-eve", "ada"); err != nil || got != "ada2" {
		t.Fatalf("another key on the other node: %q, %v; want ada2", got, err)
	}
	a.Publish(lobby.Listing{Node: "a", Summary: tables.Summary{ID: "abc234", Name: "ada's table"}})
	l := <-b.Listings()
	if l.Summary.ID != "abc234" || l.Node != "a" || l.Gone {
		t.Fatalf("b got the listing %+v", l)
	}
}

// A key's settings saved on one node are its settings on another.
func TestSettingsFollowAKeyToEveryNode(t *testing.T) {
	ns := startNodes(t, 3)
	if got, err := ns[1].Settings().Settings("key-ada"); err != nil || string(got) != "{}" {
		t.Fatalf("no settings yet: %s, %v", got, err)
	}
	if err := ns[0].Settings().SaveSettings("key-ada", json.RawMessage(`{"lang":"de"}`)); err != nil {
		t.Fatal(err)
	}
	if err := ns[0].Settings().SaveSettings("key-ada", json.RawMessage(`[1]`)); err == nil {
		t.Error("settings that are not an object were saved")
	}
	until(t, func() (bool, string) {
		got, err := ns[2].Settings().Settings("key-ada")
		if err != nil {
			t.Fatal(err)
		}
		return string(got) == `{"lang":"de"}`, fmt.Sprintf("the third node reads %s", got)
	})
}

// until asks until done reports true, failing with its last words after
// 10 s: a replica catching up sends no event to wait on.
func until(t *testing.T, done func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ok, last := done()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal(last)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
