package cluster

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// A table waiting for its start survives its node: its journal is the
// last header written (each write replaces the one before), another node
// takes it over when its node stops or is cut off, and the game the table
// then starts there is journaled in the same subject.
func TestAWaitingTableIsHandedOn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lease time.Duration
		gone  func(*Node)
	}{
		{"stopped", 10 * time.Minute, func(n *Node) { n.Close() }},
		{"cut", 2 * time.Second, func(n *Node) { n.Cut() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ns := startNodesLease(t, 3, tc.lease)
			owner, rest := ns[0], ns[1:]
			const id = "wait234"
			j := journal{n: owner}
			if err := j.Reset(id, []byte(`{"waiting":"ada"}`)); err != nil {
				t.Fatal(err)
			}
			if err := j.Reset(id, []byte(`{"waiting":["ada","bob"]}`)); err != nil {
				t.Fatal(err)
			}
			journalIs(t, owner, id, `{"waiting":["ada","bob"]}`)
			if err := (journal{n: rest[0]}).Reset(id, []byte(`{"waiting":"eve"}`)); !errors.Is(err, ErrNotOwner) {
				t.Errorf("another node wrote the waiting table's journal: %v", err)
			}

			tc.gone(owner)
			taker, saved := adoptedWithin(t, rest, id, 2*time.Minute)
			if string(saved.Header) != `{"waiting":["ada","bob"]}` || len(saved.Lines) != 0 || !saved.Moved {
				t.Fatalf("%s took the waiting table over as %q %q (moved %v)", taker.cfg.Name, saved.Header, saved.Lines, saved.Moved)
			}
			jt := journal{n: taker}
			settled(t, func() error { return jt.Reset(id, []byte(`{"game":1}`)) })
			settled(t, func() error { return jt.Append(id, []byte(`{"event":1}`)) })
			journalIs(t, taker, id, `{"game":1}`, `{"event":1}`)
		})
	}
}

// A waiting table is written by its owner alone: a write after another
// node wrote the journal, or took the lease, is refused, and the owner
// gives the table up. A waiting table
// that closes leaves neither journal nor lease behind, and only its owner
// drops it.
func TestAWaitingTableIsKeptByItsOwnerAlone(t *testing.T) {
	ns := startNodesLease(t, 3, 10*time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	j := journal{n: ns[0]}

	const taken = "own234"
	if err := j.Reset(taken, []byte(`{"waiting":"ada"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := ns[1].js.Publish(ctx, journalSubject(taken), []byte(`{"event":"elsewhere"}`)); err != nil {
		t.Fatal(err)
	}
	if err := j.Reset(taken, []byte(`{"waiting":["ada","bob"]}`)); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("a write after another node's: %v, want ErrNotOwner", err)
	}
	if _, ok := ns[0].owns(taken); ok {
		t.Error("the node still owns a table another node wrote")
	}
	if err := j.Drop(taken); !errors.Is(err, ErrNotOwner) {
		t.Errorf("dropping a table another node wrote: %v, want ErrNotOwner", err)
	}
	journalIs(t, ns[1], taken, `{"waiting":"ada"}`, `{"event":"elsewhere"}`)

	const leased = "lease234" // another node took the lease, and wrote nothing yet
	if err := j.Reset(leased, []byte(`{"waiting":"ada"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := ns[1].leases.Put(ctx, leased, []byte(ns[1].cfg.Name)); err != nil {
		t.Fatal(err)
	}
	if err := j.Reset(leased, []byte(`{"waiting":["ada","bob"]}`)); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("a write after another node took the lease: %v, want ErrNotOwner", err)
	}
	journalIs(t, ns[1], leased, `{"waiting":"ada"}`)

	const closed = "drop234"
	if err := j.Drop(closed); err != nil {
		t.Errorf("dropping a table never journaled: %v", err)
	}
	if err := j.Reset(closed, []byte(`{"waiting":"ada"}`)); err != nil {
		t.Fatal(err)
	}
	if err := (journal{n: ns[1]}).Drop(closed); err != nil {
		t.Errorf("another node dropping a table it does not own: %v", err)
	}
	journalIs(t, ns[0], closed, `{"waiting":"ada"}`)
	if err := j.Drop(closed); err != nil {
		t.Fatal(err)
	}
	if has, err := ns[0].journaled(ctx, closed); err != nil || has {
		t.Errorf("the closed table's journal: %v, %v; want none", has, err)
	}
	// A node may read the lease from a copy a moment behind its leader.
	waitFor(t, "the closed table's lease gone", func() bool {
		_, err := ns[0].leases.Get(ctx, closed)
		return errors.Is(err, jetstream.ErrKeyNotFound)
	})
	if _, ok := ns[0].owns(closed); ok {
		t.Error("the node still owns the closed table")
	}
}

// journalIs checks a table's journal in the stream, as n reads it.
func journalIs(t *testing.T, n *Node, id, header string, lines ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, _, err := n.readJournal(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range s.Lines {
		got = append(got, string(l))
	}
	if string(s.Header) != header || !slices.Equal(got, lines) {
		t.Errorf("the journal of %s is %s %q; want %s %q", id, s.Header, got, header, lines)
	}
}

// settled makes a journal write as a table does right after a node went:
// again while JetStream answers that it is electing a leader (503: the
// write was not taken), for at most a minute.
func settled(t *testing.T, write func() error) {
	t.Helper()
	var err error
	waitFor(t, "JetStream to take the write", func() bool {
		err = write()
		var api *jetstream.APIError
		return !errors.As(err, &api) || api.Code != 503
	})
	if err != nil {
		t.Fatal(err)
	}
}
