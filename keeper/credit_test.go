package keeper

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// ON-6: one truth about who played. A game is played to its end with the
// four cases at once — alice leaves late (her bot finishes), bob is away at
// the end, carol's seat is handed to a bot late, gus is a guest — and the
// score sheet at the end, the record, every player's history and the
// ratings name the same person for each seat: the one who held it for most
// of its moves, with the bot that finished beside them.
func TestON6_CreditAgreesAcrossSheetRecordHistoryRatings(t *testing.T) {
	s, k := open(t, t.TempDir())
	rs, err := registry().Lookup("boerenbridge")
	must(t, err)
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	carol := tables.Player{ID: "SHA256:carol", Name: "carol"}
	eve := tables.Player{ID: "SHA256:eve", Name: "eve"}
	people := []tables.Player{bob, alice, carol, guest}
	tb, err := tables.New(tables.Config{
		ID: "t1", Ruleset: rs, Options: engine.Options{"max_cards": "3"}, Seats: 4,
		Host: bob, SeatHost: true, Seed: 11, Bots: bots, Journal: k,
	})
	must(t, err)
	errc := make(chan error, 1)
	go func() { errc <- tb.Run(context.Background()) }()
	must(t, tb.Sit(alice, 1))
	must(t, tb.Sit(carol, 2))
	must(t, tb.Sit(guest, 3))
	subs := map[string]*tables.Subscription{}
	for _, p := range append(people, eve) {
		sub, err := tb.Subscribe(p)
		must(t, err)
		defer sub.Close()
		subs[p.ID] = sub
	}
	must(t, tb.Start(bob))

	// newer reads p's snapshots until one newer than version.
	newer := func(p tables.Player, version uint64) tables.Snapshot {
		t.Helper()
		timeout := time.After(time.Minute)
		for {
			select {
			case snap, ok := <-subs[p.ID].C:
				if !ok || snap.Version > version {
					return snap
				}
			case <-timeout:
				t.Fatalf("no snapshot for %s after version %d", p.Name, version)
			}
		}
	}
	moves := map[string]int{}
	gone := map[string]bool{} // their bot plays their seat now
	refused := 0
	const late = 10 // of about 15 moves a seat
	var last tables.Snapshot
	for v := uint64(0); ; {
		last = newer(eve, v)
		v = last.Version
		if last.Phase == tables.Waiting {
			continue // from before the start
		}
		if last.Phase == tables.Over {
			break
		}
		p := people[last.Turn]
		if gone[p.ID] {
			continue // their bot moves; the snapshot was from before
		}
		view := newer(p, v-1).View
		legal := view.LegalMoves()
		if len(legal) == 0 {
			continue // their snapshot is newer than eve's: wait for hers
		}
		if err := tb.Move(p, legal[0]); err != nil {
			if refused++; refused > 100 {
				t.Fatalf("moves refused: %v", err)
			}
			continue // a snapshot of a moment ago: wait for the next
		}
		moves[p.ID]++
		if moves[p.ID] == late && p.ID != guest.ID {
			gone[p.ID] = true
			switch p.ID {
			case alice.ID:
				must(t, tb.Leave(alice))
			case bob.ID:
				must(t, tb.SetAway(bob, true))
			case carol.ID:
				must(t, tb.HandToBot(bob, 2))
			}
		}
	}
	for _, sub := range subs {
		sub.Close()
	}
	select {
	case err := <-errc:
		must(t, err)
	case <-time.After(time.Minute):
		t.Fatal("the game did not end")
	}
	for _, p := range []tables.Player{bob, alice, carol} {
		if moves[p.ID] < late {
			t.Fatalf("%s made %d moves: the game ended before their case", p.Name, moves[p.ID])
		}
	}
	want := []string{"bob", "alice", "carol", "gus"}

	// The score sheet at the end: the seats and the standings.
	for i, si := range last.Seats {
		if si.Name != want[i] {
			t.Errorf("sheet: seat %d is %q, want %q", i+1, si.Name, want[i])
		}
	}
	for _, sd := range last.Standings {
		if sd.Name != want[sd.Seat] {
			t.Errorf("standings: seat %d is %q, want %q", sd.Seat+1, sd.Name, want[sd.Seat])
		}
	}
	finished := []bool{false, true, true, false}
	for i, c := range last.Credits {
		if (c.Finisher != "") != finished[i] {
			t.Errorf("seat %d: finisher %q; want one: %v", i+1, c.Finisher, finished[i])
		}
	}

	// Every person's history, and the record kept with it.
	list, err := k.Games(bob.ID, 0)
	must(t, err)
	if len(list) != 1 {
		t.Fatalf("bob's games: %+v", list)
	}
	g, err := k.Game(list[0].ID)
	must(t, err)
	rep, err := engine.Replay(registry(), bytes.NewReader(g.Record))
	if err != nil || !rep.Ended {
		t.Fatalf("record: %v", err)
	}
	if !slices.Equal(rep.Header.Seats, want) {
		t.Errorf("record names %q, want %q", rep.Header.Seats, want)
	}
	var header struct {
		FinishedBy []string `json:"finished_by"`
	}
	first, _, _ := bytes.Cut(g.Record, []byte("\n"))
	must(t, json.Unmarshal(first, &header))
	for i, c := range last.Credits {
		if i >= len(header.FinishedBy) || header.FinishedBy[i] != c.Finisher {
			t.Errorf("record: finished_by %q, the sheet says seat %d was finished by %q", header.FinishedBy, i+1, c.Finisher)
		}
	}
	ids := []string{bob.ID, alice.ID, carol.ID, GuestSeat}
	for i, st := range g.Seats {
		if st.Name != want[i] || st.PlayerID != ids[i] {
			t.Errorf("history: seat %d is %q (%s), want %q (%s)", i+1, st.Name, st.PlayerID, want[i], ids[i])
		}
		// The bot that finished the seat is kept beside the credited one,
		// the same as the sheet names.
		if st.Finisher != last.Credits[i].Finisher || (st.Finisher != "") != finished[i] {
			t.Errorf("history: seat %d finished by %q, the sheet says %q", i+1, st.Finisher, last.Credits[i].Finisher)
		}
		if f := list[0].Seats[i].Finisher; f != st.Finisher {
			t.Errorf("history list: seat %d finished by %q, the game says %q", i+1, f, st.Finisher)
		}
	}
	for _, p := range []tables.Player{alice, carol} {
		if l, err := k.Games(p.ID, 0); err != nil || len(l) != 1 || l[0].ID != g.ID {
			t.Errorf("%s's history: %+v, %v; want the game", p.Name, l, err)
		}
	}

	// The ratings: the three people, not the guest, not the bots.
	for _, id := range []string{bob.ID, alice.ID, carol.ID} {
		if r, err := s.Rating(id, "boerenbridge"); err != nil || r.Games != 1 {
			t.Errorf("rating of %s: %d games, %v; want 1", id, r.Games, err)
		}
	}
	for _, id := range []string{guest.ID, GuestSeat, store.BotID("trick.BaselineBot")} {
		if r, _ := s.Rating(id, "boerenbridge"); r.Games != 0 {
			t.Errorf("%s is rated for a seat credited to someone else", id)
		}
	}
}

// A seat taken over part-way is credited but not rated (ON-6): bob and
// carol played a game from its first move, eve took a bot's seat in round
// 2. The game is in all three histories, eve's seat says from which round
// she held it, and only bob, carol and the bot of the seat nobody took
// over are rated.
func TestTakeoverPartWayIsKeptButNotRated(t *testing.T) {
	s, k := open(t, t.TempDir())
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	carol := tables.Player{ID: "SHA256:carol", Name: "carol"}
	eve := tables.Player{ID: "SHA256:eve", Name: "eve"}
	f := tables.Finished{
		Table: "t1", Ruleset: "boerenbridge", Complete: true,
		Started: time.Unix(100, 0), Ended: time.Unix(200, 0),
		Record: []byte(`{"record":"cardroom/1","ruleset":"boerenbridge","seats":["bob","carol","eve","Claude"],"from_round":[0,0,2,0]}` + "\n"),
		Seats: []tables.FinishedSeat{
			{Player: bob, Name: "bob", Place: 2},
			{Player: carol, Name: "carol", Place: 3},
			{Player: eve, Name: "eve", From: 2, Place: 1},
			{Bot: "easy", Name: "Claude", Place: 4},
		},
	}
	if ids, _ := Rated(f.Seats); slices.Contains(ids, eve.ID) || len(ids) != 3 {
		t.Fatalf("Rated: %q; want everyone but eve", ids)
	}
	must(t, k.Finish(f))
	for _, p := range []tables.Player{bob, carol, eve} {
		list, err := k.Games(p.ID, 0)
		if err != nil || len(list) != 1 {
			t.Fatalf("%s's history: %+v, %v; want the game", p.Name, list, err)
		}
		if from := list[0].Seats[2].From; from != 2 {
			t.Errorf("%s's history: eve's seat from round %d, want 2", p.Name, from)
		}
	}
	for id, games := range map[string]int{bob.ID: 1, carol.ID: 1, eve.ID: 0, store.BotID("easy"): 1} {
		if r, err := s.Rating(id, "boerenbridge"); err != nil || r.Games != games {
			t.Errorf("rating of %s: %d games, %v; want %d", id, r.Games, err, games)
		}
	}
}
