package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/nats-io/nats.go"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// A table runs on the first node; ada plays it from the second, carol
// watches it from the third. Every message on the cluster is tapped: each
// snapshot goes to the subject its subscriber asked for, ada's carry only
// her seat's view, and carol's carry no hand at all.
func TestViewsGoOnlyToTheirSeat(t *testing.T) {
	ns := startNodes(t, 3)
	var mu sync.Mutex
	var tapped []*nats.Msg
	tap, err := ns[0].nc.Subscribe(">", func(m *nats.Msg) {
		mu.Lock()
		tapped = append(tapped, m)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := ns[0].nc.Flush(); err != nil {
		t.Fatal(err)
	}

	reg := games.Registry()
	rs, _ := reg.Lookup("boerenbridge")
	ada := tables.Player{ID: "key-ada", Name: "ada"}
	carol := tables.Player{ID: "key-carol", Name: "carol"}
	tb, err := tables.New(tables.Config{
		ID: "hid123", Name: "hidden", Ruleset: rs, Options: engine.Options{"max_cards": "2"}, Seats: 3,
		Host: ada, Seed: 5, Bots: games.Baseline,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = tb.Run(ctx) }()
	defer func() { cancel(); <-done }()
	ns[0].Serve(tb)
	ns[0].Publish(lobby.Listing{Node: ns[0].Node(), Summary: tables.Summary{ID: tb.ID(), Name: "hidden"}})

	atB, atC := ns[1].Open(tb.ID(), false), ns[2].Open(tb.ID(), false)
	if err := firstContact(t, func() error { return atB.Sit(ada, 0) }); err != nil {
		t.Fatal(err)
	}
	if err := firstContact(t, func() error { return atC.Watch(carol) }); err != nil {
		t.Fatal(err)
	}
	subA, err := atB.Subscribe(ada)
	if err != nil {
		t.Fatal(err)
	}
	defer subA.Close()
	subC, err := atC.Subscribe(carol)
	if err != nil {
		t.Fatal(err)
	}
	defer subC.Close()
	if err := atB.Start(ada); err != nil {
		t.Fatal(err)
	}
	for s := range subA.C {
		if s.Phase == tables.Over {
			break
		}
		if v, ok := s.View.(*trick.View); ok && s.Turn == 0 && len(v.Legal) > 0 && !s.Paused {
			_ = atB.Move(ada, v.Legal[0]) // refused now and then (the trick is shown): the next snapshot asks again
		}
	}
	for range subC.C { // carol's last snapshots
	}
	if err := tap.Unsubscribe(); err != nil {
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	who := map[string]string{} // snapshot subject → the player who asked for it
	for _, m := range tapped {
		var r request
		if strings.HasPrefix(m.Subject, "cardroom.table.") && json.Unmarshal(m.Data, &r) == nil && r.Op == "subscribe" {
			who[r.To] = r.P.ID
		}
	}
	if len(who) != 2 {
		t.Fatalf("%d subscriptions seen on the wire, want ada's and carol's", len(who))
	}
	seen := map[string]int{}
	for _, m := range tapped {
		if !strings.HasPrefix(m.Subject, "_INBOX.") || who[m.Subject] == "" {
			continue
		}
		s, end, err := decodeSnapshot(m.Data)
		if err != nil || end || s.View == nil {
			continue
		}
		v := s.View.(*trick.View)
		seen[who[m.Subject]]++
		switch who[m.Subject] {
		case ada.ID:
			if v.Seat != 0 {
				t.Fatalf("ada's subject carried the view of seat %d", v.Seat)
			}
		case carol.ID:
			if v.Seat != engine.Spectator || v.Hand != nil || !strings.Contains(string(m.Data), `"Hand":null`) {
				t.Fatalf("carol's subject carried a hand (view of seat %d): %s", v.Seat, m.Data)
			}
		}
	}
	// Each subscriber's snapshots are latest-wins: a busy machine sends
	// fewer, never none.
	if seen[ada.ID] == 0 || seen[carol.ID] == 0 {
		t.Fatalf("snapshots with a view on the wire: %v; want some for each", seen)
	}
}

// firstContact runs a node's first command to a table another node has just
// begun to serve, again while it goes unanswered (as a person would): on a
// loaded machine the first request can be lost while the routes carry the
// table's new subscription. Sit and Watch are idempotent.
func firstContact(t *testing.T, do func() error) error {
	t.Helper()
	for range 3 {
		err := do()
		if !errors.Is(err, ErrNoAnswer) {
			return err
		}
		t.Log("not answered, again:", err)
	}
	return do()
}
