package cluster

import (
	"bytes"
	"context"
	"errors"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/cardroom/cardroom/tables"
)

// A node runs a table and is cut off from the others; they take the table
// over from its journal. The cut node's copy ends its game meanwhile and
// hands it on once the cut heals, before the game taken over ends: every
// node keeps the game played where the table was taken over, not the cut
// copy's (both have the same id, and the stream keeps the first of them).
func TestACutOffCopyDoesNotKeepItsGame(t *testing.T) {
	ns := startNodes(t, 3)
	kept := make([]*keptGames, 0, 4)
	for _, n := range ns {
		k := &keptGames{}
		if _, err := n.Journal(k); err != nil {
			t.Fatal(err)
		}
		kept = append(kept, k)
	}
	// The node that is cut reaches the cluster through a network the test
	// can cut and heal.
	link := &cuttable{}
	a, err := Start(context.Background(), Config{Name: "a", URL: ns[0].ns.ClientURL(), Replicas: 3, dial: link})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	ka := &keptGames{}
	ja, err := a.Journal(ka)
	if err != nil {
		t.Fatal(err)
	}
	kept = append(kept, ka)

	const id = "cut234"
	if err := ja.Start(id, []byte(`{"header":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := ja.Append(id, []byte(`{"event":1}`)); err != nil {
		t.Fatal(err)
	}

	link.cut()
	taker := takenOver(t, ns, id)
	link.heal()
	waitFor(t, "the cut node back in the cluster", a.nc.IsConnected)

	started := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	game := func(record string) tables.Finished {
		return tables.Finished{Table: id, Ruleset: "test", Started: started, Ended: started.Add(time.Minute), Complete: true, Record: []byte(record)}
	}
	// As the tables' keepFinished does: try again until the journal takes it.
	keep := func(j tables.Journal, f tables.Finished) {
		t.Helper()
		waitFor(t, "the journal taking a finished game", func() bool {
			err := j.Finish(f)
			if err != nil {
				t.Log(err)
			}
			return err == nil
		})
	}
	keep(ja, game("played by the cut copy"))
	keep(journal{n: taker}, game("played where it was taken over"))

	for i, k := range kept {
		waitFor(t, "every node keeping the game", func() bool { return len(k.of(id)) > 0 })
		if got := string(k.of(id)[0].Record); got != "played where it was taken over" {
			t.Errorf("node %d keeps the game %q", i+1, got)
		}
	}
}

// takenOver waits until one of ns takes the table over, and is that node.
func takenOver(t *testing.T, ns []*Node, id string) *Node {
	t.Helper()
	return takenOverWithin(t, ns, id, 2*time.Minute)
}

// takenOverWithin is takenOver that fails after d.
func takenOverWithin(t *testing.T, ns []*Node, id string, d time.Duration) *Node {
	t.Helper()
	n, _ := adoptedWithin(t, ns, id, d)
	return n
}

// adoptedWithin waits until one of ns takes the table over, for at most d,
// and is that node with the journal it read.
func adoptedWithin(t *testing.T, ns []*Node, id string, d time.Duration) (*Node, tables.Saved) {
	t.Helper()
	timeout := time.NewTimer(d)
	defer timeout.Stop()
	type adoption struct {
		n *Node
		s tables.Saved
	}
	got := make(chan adoption, len(ns))
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, n := range ns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case s := <-n.Adopted():
				if s.Table == id {
					got <- adoption{n, s}
				}
			case <-ctx.Done():
			}
		}()
	}
	defer func() { cancel(); wg.Wait() }()
	select {
	case a := <-got:
		return a.n, a.s
	case <-timeout.C:
		t.Fatalf("no node took %s over within %v", id, d)
		return nil, tables.Saved{}
	}
}

// waitFor polls cond until it holds, for at most a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(time.Minute)
	defer deadline.Stop()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline.C:
			t.Fatalf("waited a minute for %s", what)
		}
	}
}

// keptGames is a node's store of finished games (its journal of running
// games is not used in a cluster).
type keptGames struct {
	mu    sync.Mutex
	games []tables.Finished
}

func (k *keptGames) Start(string, []byte) error     { return nil }
func (k *keptGames) Append(string, ...[]byte) error { return nil }

func (k *keptGames) Finish(f tables.Finished) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.games = append(k.games, f)
	return nil
}

// of is the games of a table kept so far, in the order kept.
func (k *keptGames) of(id string) []tables.Finished {
	k.mu.Lock()
	defer k.mu.Unlock()
	var out []tables.Finished
	for _, f := range k.games {
		if f.Table == id {
			out = append(out, f)
		}
	}
	return out
}

// cuttable is a network a node's connections go through: cut closes them
// and refuses new ones until heal.
type cuttable struct {
	mu    sync.Mutex
	down  bool
	conns []net.Conn
}

func (c *cuttable) Dial(network, address string) (net.Conn, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.down {
		return nil, errors.New("the network is cut")
	}
	conn, err := net.Dial(network, address)
	if err == nil {
		c.conns = append(c.conns, conn)
	}
	return conn, err
}

func (c *cuttable) cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = true
	for _, conn := range c.conns {
		conn.Close()
	}
	c.conns = nil
}

func (c *cuttable) heal() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.down = false
}

// A node cut off mid-game sends a move that waits in its connection's
// buffer until the cut heals; by then another node has taken the table
// over. The late move is refused, and the node that took the table over
// goes on writing its journal.
func TestALateWriteOfACutOffCopyIsRefused(t *testing.T) {
	ns := startNodes(t, 3)
	link := &cuttable{}
	a, err := Start(context.Background(), Config{Name: "a", URL: ns[0].ns.ClientURL(), Replicas: 3, dial: link})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	ja, err := a.Journal(&keptGames{})
	if err != nil {
		t.Fatal(err)
	}
	const id = "late234"
	if err := ja.Start(id, []byte(`{"header":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := ja.Append(id, []byte(`{"event":1}`)); err != nil {
		t.Fatal(err)
	}

	link.cut()
	waitFor(t, "the node to notice the cut", func() bool { return !a.nc.IsConnected() })
	if err := ja.Append(id, []byte(`{"event":"late"}`)); err == nil {
		t.Fatal("a move was journaled through a cut network")
	}
	taker, saved := adoptedWithin(t, ns, id, 2*time.Minute)
	if len(saved.Lines) != 1 {
		t.Fatalf("taken over with lines %q", saved.Lines)
	}
	link.heal()
	waitFor(t, "the cut node back in the cluster", a.nc.IsConnected)
	if err := a.nc.Flush(); err != nil { // the late move reaches the cluster
		t.Fatal(err)
	}

	if err := (journal{n: taker}).Append(id, []byte(`{"event":2}`)); err != nil {
		t.Fatalf("the new owner's move: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, _, err := taker.readJournal(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(bytes.Join(s.Lines, []byte{' '})); got != `{"event":1} {"event":2}` {
		t.Errorf("the journal holds %s", got)
	}
	if err := ja.Append(id, []byte(`{"event":"later"}`)); !errors.Is(err, ErrNotOwner) {
		t.Errorf("the cut copy's next move: %v, want ErrNotOwner", err)
	}
}
