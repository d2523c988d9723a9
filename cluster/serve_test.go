package cluster

import (
	"errors"
	"testing"

	"github.com/cardroom/cardroom/tables"
)

// A subscriber whose table moved to this node may still name the id its
// subscription had at the table's old node, which here is another
// subscriber's: alive and unsubscribe reach a subscription only together
// with its subject.
func TestAnOldSubscriptionIDReachesNobodyElse(t *testing.T) {
	closed := false
	s := &served{subs: map[string]*forward{
		"1": {sub: tables.NewSubscription(nil, func() { closed = true }), to: "_INBOX.ada"},
	}}
	if err := s.run(request{Op: "alive", Sub: "1", To: "_INBOX.bob"}).Err.err(); !errors.Is(err, tables.ErrClosed) {
		t.Errorf("bob's alive with ada's id: %v; want %v", err, tables.ErrClosed)
	}
	if !s.subs["1"].seen.IsZero() {
		t.Error("bob's alive kept ada's subscription")
	}
	s.run(request{Op: "unsubscribe", Sub: "1", To: "_INBOX.bob"})
	if closed || s.subs["1"] == nil {
		t.Fatal("bob's unsubscribe with ada's id ended ada's subscription")
	}
	if err := s.run(request{Op: "alive", Sub: "1", To: "_INBOX.ada"}).Err.err(); err != nil || s.subs["1"].seen.IsZero() {
		t.Errorf("ada's alive: %v, seen %v", err, s.subs["1"].seen)
	}
	s.run(request{Op: "unsubscribe", Sub: "1", To: "_INBOX.ada"})
	if !closed || len(s.subs) != 0 {
		t.Errorf("ada's unsubscribe: closed %v, %d subscriptions left", closed, len(s.subs))
	}
}
