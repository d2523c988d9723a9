package keeper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func registry() *engine.Registry {
	return engine.NewRegistry(append(trick.Rulesets(), doudizhu.Ruleset())...)
}

func bots(ruleset string, _ int) engine.Bot {
	if ruleset == "doudizhu" {
		return doudizhu.BaselineBot{}
	}
	return trick.BaselineBot{}
}

func open(t *testing.T, dir string) (*store.Store, *Keeper) {
	t.Helper()
	s, err := store.Open(dir, store.WithSyncEvery(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, New(s, nil)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var (
	alice = tables.Player{ID: "SHA256:alice", Name: "alice"}
	guest = tables.Player{ID: "guest-1", Name: "gus", Guest: true}
)

// A game played to its end at a table journaling into the store is
// archived (its journal gone) and rated per family: alice by her key (away
// at the end: still rated), the bots by their kind, the guest not at all.
func TestGameEndArchivesAndRates(t *testing.T) {
	s, k := open(t, t.TempDir())
	rs, err := registry().Lookup("doudizhu")
	must(t, err)
	tb, err := tables.New(tables.Config{ID: "t1", Ruleset: rs, Seats: 3, Host: alice, SeatHost: true, Seed: 3, Bots: bots, Journal: k})
	must(t, err)
	errc := make(chan error, 1)
	go func() { errc <- tb.Run(context.Background()) }()
	must(t, tb.Sit(guest, 1))
	must(t, tb.Start(alice))
	must(t, tb.Disconnect(alice)) // her bot plays; she is still rated
	must(t, tb.Disconnect(guest))
	select {
	case err := <-errc:
		must(t, err)
	case <-time.After(time.Minute):
		t.Fatal("the game did not end")
	}
	if open, err := s.Unfinished(); err != nil || len(open) != 0 {
		t.Fatalf("unfinished journals %v, %v; want none", open, err)
	}
	list, err := k.Games(alice.ID, 0)
	must(t, err)
	if len(list) != 1 || list[0].Ruleset != "doudizhu" {
		t.Fatalf("alice's games %+v", list)
	}
	g, err := k.Game(list[0].ID)
	must(t, err)
	rep, err := engine.Replay(registry(), bytes.NewReader(g.Record))
	if err != nil || !rep.Ended {
		t.Fatalf("the archived record does not replay: %v", err)
	}
	if g.Seats[0].PlayerID != alice.ID || g.Seats[1].PlayerID != GuestSeat || g.Seats[2].PlayerID != store.BotID("doudizhu.BaselineBot") {
		t.Fatalf("seats %+v", g.Seats)
	}
	for i, st := range g.Seats {
		if st.Total != rep.Result.Totals[i] || st.Place < 1 {
			t.Fatalf("seat %d: %+v, replayed total %d", i, st, rep.Result.Totals[i])
		}
	}
	r, err := s.Rating(alice.ID, "doudizhu")
	must(t, err)
	if r.Games != 1 {
		t.Fatalf("alice's doudizhu rating counts %d games, want 1", r.Games)
	}
	if r, _ := s.Rating(store.BotID("doudizhu.BaselineBot"), "doudizhu"); r.Games != 1 {
		t.Fatalf("the bot's rating counts %d games, want 1", r.Games)
	}
	if r, _ := s.Rating(guest.ID, "doudizhu"); r.Games != 0 {
		t.Fatal("the guest was rated")
	}
	if r, _ := s.Rating(alice.ID, "singularity"); r.Games != 0 {
		t.Fatal("another family was rated")
	}
	rec, err := k.Export(" #" + jsonNumber(list[0].ID))
	if err != nil || !bytes.Equal(rec, g.Record) {
		t.Fatalf("Export: %v", err)
	}
	if _, err := k.Export("nope"); !errors.Is(err, ErrBadGameID) {
		t.Fatalf("Export(nope): %v", err)
	}
	if _, err := k.Export("9999"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Export(9999): %v", err)
	}
}

func jsonNumber(n int64) string { b, _ := json.Marshal(n); return string(b) }

// Rated leaves guests out and keeps the others' places.
func TestRated(t *testing.T) {
	ids, places := Rated([]tables.FinishedSeat{
		{Player: alice, Place: 2}, {Player: guest, Place: 1}, {Bot: "easy", Place: 3},
	})
	if len(ids) != 2 || ids[0] != alice.ID || ids[1] != store.BotID("easy") || places[0] != 2 || places[1] != 3 {
		t.Fatalf("Rated: %v %v", ids, places)
	}
}

// A finished game an older server handed on with a bot rated under the id
// it pooled every level under (a cluster's stream replayed on a node that
// joins later) is kept whole, but that seat is not rated: the others are,
// among themselves.
func TestPooledBotSeatNotRated(t *testing.T) {
	s, k := open(t, t.TempDir())
	at := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	f := tables.Finished{
		Table: "t1", Ruleset: "singularity", Started: at, Ended: at.Add(time.Hour), Complete: true,
		Record: []byte(`{"record":"cardroom/1"}` + "\n"),
		Seats: []tables.FinishedSeat{
			{Player: alice, Name: "alice", Place: 1},
			{Bot: "main.timedBot", Name: "bot", Place: 2},
			{Bot: "easy", Name: "easy bot", Place: 3},
		},
	}
	must(t, k.Finish(f))
	games, err := s.Games(store.PooledBotID, 10)
	must(t, err)
	if len(games) != 1 || len(games[0].Seats) != 3 {
		t.Fatalf("the game kept: %+v, want its 3 seats", games)
	}
	if r, _ := s.Rating(store.PooledBotID, "singularity"); r.Games != 0 {
		t.Errorf("the pooled bot rated: %+v", r)
	}
	for _, id := range []string{alice.ID, store.BotID("easy")} {
		if r, _ := s.Rating(id, "singularity"); r.Games != 1 {
			t.Errorf("%s: %d rated games, want 1", id, r.Games)
		}
	}
}

// Names reserved through the lobby outlive the store being closed and
// opened again; settings too.
func TestNamesAndSettingsPersist(t *testing.T) {
	dir := t.TempDir()
	session := func(f func(l *lobby.Lobby, k *Keeper)) {
		s, k := open(t, dir)
		l := lobby.New(lobby.Config{Registry: registry(), Names: k, Saved: k, Journal: k})
		errc := make(chan error, 1)
		go func() { errc <- l.Run(context.Background()) }()
		f(l, k)
		must(t, l.Shutdown(context.Background()))
		<-errc
		must(t, s.Close())
	}
	session(func(l *lobby.Lobby, k *Keeper) {
		e, err := l.Enter(alice.ID, "alice", false)
		must(t, err)
		if e.Player.Name != "alice" {
			t.Fatalf("first alice: %+v", e)
		}
		must(t, k.SaveSettings(alice.ID, json.RawMessage(`{"lang":"nl"}`)))
		if _, err := l.Enter("guest-9", "gus", true); err != nil {
			t.Fatal(err)
		}
	})
	session(func(l *lobby.Lobby, k *Keeper) {
		e, err := l.Enter("SHA256:mallory", "Alice", false)
		must(t, err)
		if e.Player.Name != "Alice2" {
			t.Fatalf("another key asking for Alice after a restart: %q, want Alice2", e.Player.Name)
		}
		if e, _ := l.Enter(alice.ID, "alice", false); e.Player.Name != "alice" || e.Note != "" {
			t.Fatalf("alice after a restart: %+v", e)
		}
		if e, _ := l.Enter("SHA256:gus", "gus", false); e.Player.Name != "gus" {
			t.Fatalf("a guest reserved gus: %q", e.Player.Name)
		}
		var v map[string]string
		raw, err := k.Settings(alice.ID)
		must(t, err)
		if json.Unmarshal(raw, &v); v["lang"] != "nl" {
			t.Fatalf("settings after a restart: %s", raw)
		}
	})
}

// A private table restored from the store lets in by its id everyone it
// let in before the restart: who came in with the code before and after
// the start, the seated, and the host who left (the role passed on); a
// key that never had the code is still kept out.
func TestRestoredPrivateTableLetsItsPeopleIn(t *testing.T) {
	dir := t.TempDir()
	session := func(f func(l *lobby.Lobby)) {
		s, k := open(t, dir)
		l := lobby.New(lobby.Config{Registry: registry(), Names: k, Saved: k, Journal: k,
			BotPace: time.Hour, TurnTimer: lobby.Off}) // nothing moves by itself
		errc := make(chan error, 1)
		go func() { errc <- l.Run(context.Background()) }()
		f(l)
		must(t, l.Shutdown(context.Background()))
		<-errc
		must(t, s.Close())
	}
	enter := func(l *lobby.Lobby, id, name string) tables.Player {
		e, err := l.Enter(id, name, false)
		must(t, err)
		return e.Player
	}
	var id string
	session(func(l *lobby.Lobby) {
		a := enter(l, alice.ID, "alice")
		c, err := l.Create(lobby.CreateRequest{Host: a, Ruleset: "doudizhu", Private: true})
		must(t, err)
		id = c.Info.ID
		_, err = l.Watch(enter(l, "SHA256:bob", "bob"), c.Code) // before the start: the header
		must(t, err)
		_, err = l.Join(enter(l, "SHA256:dave", "dave"), c.Code, 1)
		must(t, err)
		must(t, c.Table.Start(a))
		must(t, c.Table.Leave(a))                                   // the host role passes to dave
		_, err = l.Watch(enter(l, "SHA256:carol", "carol"), c.Code) // after the start: an x-admit line
		must(t, err)
	})
	session(func(l *lobby.Lobby) {
		for _, who := range []string{alice.ID, "SHA256:bob", "SHA256:carol", "SHA256:dave"} {
			p := enter(l, who, who[7:])
			if _, err := l.Watch(p, id); err != nil {
				t.Errorf("%s by the table's id after a restart: %v", p.Name, err)
			}
			u, err := l.List()
			must(t, err)
			if len(u.For(who)) != 1 {
				t.Errorf("%s does not see the restored table in the lobby", p.Name)
			}
		}
		m := enter(l, "SHA256:mallory", "mallory")
		if _, err := l.Watch(m, id); !errors.Is(err, lobby.ErrPrivate) {
			t.Errorf("mallory without the code after a restart: %v, want ErrPrivate", err)
		}
		u, err := l.List()
		must(t, err)
		if len(u.For(m.ID)) != 0 {
			t.Error("mallory sees the restored private table")
		}
	})
}
