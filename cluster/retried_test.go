package cluster

import (
	"errors"
	"testing"
	"time"
)

// A journal write whose ack was lost is written again as a table does
// after its pause: the stream keeps its lines once and the table stays.
func TestARepeatedJournalWriteIsKeptOnce(t *testing.T) {
	ns := startNodesLease(t, 2, 10*time.Minute)
	j := journal{n: ns[0]}

	const id = "again234"
	if err := j.Start(id, []byte(`{"header":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := j.Append(id, []byte(`{"event":1}`)); err != nil {
		t.Fatal(err)
	}
	before, _ := ns[0].owns(id)
	if err := j.Append(id, []byte(`{"event":2}`), []byte(`{"event":3}`)); err != nil {
		t.Fatal(err)
	}
	stored, _ := ns[0].owns(id)
	ns[0].setSeq(id, before.seq) // the ack of the last write was lost
	if err := j.Append(id, []byte(`{"event":2}`), []byte(`{"event":3}`)); err != nil {
		t.Fatalf("the repeated write: %v", err)
	}
	if o, ok := ns[0].owns(id); !ok || o.seq != stored.seq {
		t.Fatalf("after the repeat the node owns the table %v at %d; want at %d", ok, o.seq, stored.seq)
	}
	if err := j.Append(id, []byte(`{"event":4}`)); err != nil {
		t.Fatal(err)
	}
	journalIs(t, ns[1], id, `{"header":1}`, `{"event":1}`, `{"event":2}`, `{"event":3}`, `{"event":4}`)

	const waiting = "wait234" // a waiting table's journal written afresh
	if err := j.Reset(waiting, []byte(`{"waiting":"ada"}`)); err != nil {
		t.Fatal(err)
	}
	before, _ = ns[0].owns(waiting)
	if err := j.Reset(waiting, []byte(`{"waiting":["ada","bob"]}`)); err != nil {
		t.Fatal(err)
	}
	ns[0].setSeq(waiting, before.seq)
	if err := j.Reset(waiting, []byte(`{"waiting":["ada","bob"]}`)); err != nil {
		t.Fatalf("the repeated reset: %v", err)
	}
	journalIs(t, ns[1], waiting, `{"waiting":["ada","bob"]}`)

	// Other lines after the same message are another write: refused, not taken for the stored one.
	ns[0].setSeq(id, stored.seq)
	if err := j.Append(id, []byte(`{"event":"other"}`)); !errors.Is(err, ErrNotOwner) {
		t.Fatalf("other lines after a stale sequence: %v, want ErrNotOwner", err)
	}
	journalIs(t, ns[1], id, `{"header":1}`, `{"event":1}`, `{"event":2}`, `{"event":3}`, `{"event":4}`)
}
