package lobby

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// memNames is a NameRegistry in memory, as the store keeps names: one name
// per id, compared case-insensitively, a variant when taken.
type memNames struct {
	mu     sync.Mutex
	byName map[string]string // folded name → id
	byID   map[string]string // id → name
}

func newMemNames() *memNames {
	return &memNames{byName: map[string]string{}, byID: map[string]string{}}
}

func (m *memNames) Reserve(id, name string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cand := name
	for n := 2; ; n++ {
		if owner, ok := m.byName[fold(cand)]; !ok || owner == id {
			break
		}
		cand = name + string(rune('0'+n))
	}
	if old, ok := m.byID[id]; ok {
		delete(m.byName, fold(old))
	}
	m.byName[fold(cand)], m.byID[id] = id, cand
	return cand, nil
}

func (m *memNames) Owner(name string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.byName[fold(name)], nil
}

// memJournal is a tables.Journal and SavedTables in memory.
type memJournal struct {
	mu       sync.Mutex
	header   map[string][]byte
	lines    map[string][][]byte
	order    []string
	finished []tables.Finished
}

func newMemJournal() *memJournal {
	return &memJournal{header: map[string][]byte{}, lines: map[string][][]byte{}}
}

func (j *memJournal) Start(id string, h []byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, ok := j.header[id]; ok {
		return errors.New("journal exists")
	}
	j.header[id] = bytes.Clone(h)
	j.order = append(j.order, id)
	return nil
}

func (j *memJournal) Append(id string, lines ...[]byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, l := range lines {
		j.lines[id] = append(j.lines[id], bytes.Clone(l))
	}
	return nil
}

func (j *memJournal) Finish(f tables.Finished) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.finished = append(j.finished, f)
	delete(j.header, f.Table)
	delete(j.lines, f.Table)
	return nil
}

func (j *memJournal) Unfinished() ([]tables.Saved, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []tables.Saved
	for _, id := range j.order {
		if h, ok := j.header[id]; ok {
			out = append(out, tables.Saved{Table: id, Header: h, Lines: j.lines[id]})
		}
	}
	return out, nil
}

// runLobby runs a lobby with cfg in the bubble until the test ends.
func runLobby(t *testing.T, cfg Config) *Lobby {
	t.Helper()
	l := New(cfg)
	errc := make(chan error, 1)
	go func() { errc <- l.Run(context.Background()) }()
	t.Cleanup(func() {
		_ = l.Shutdown(context.Background())
		<-errc
	})
	return l
}

// Names go through the registry: a key keeps its name across restarts (the
// registry outlives the lobby), another key or a guest gets a variant, and
// guests reserve nothing.
func TestNamesThroughRegistry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		names := newMemNames()
		_, _ = names.Reserve("K1", "alice") // from an earlier run
		l := runLobby(t, Config{Registry: engine.NewRegistry(turnsRuleset()), Seed: 1, Names: names})
		b, err := l.Enter("K2", "Alice", false)
		must(t, err)
		if b.Player.Name != "Alice2" || !strings.Contains(b.Note, "taken") {
			t.Fatalf("K2 asking for Alice while K1 holds alice: %+v", b)
		}
		if g, _ := l.Enter("guest-1", "alice", true); g.Player.Name != "alice3" {
			t.Fatalf("a guest asking for alice: %q, want alice3", g.Player.Name)
		}
		if id, _ := names.Owner("alice3"); id != "" {
			t.Fatalf("the guest's name is reserved to %q", id)
		}
		if a, _ := l.Enter("K1", "alice", false); a.Player.Name != "alice" || a.Note != "" {
			t.Fatalf("K1 back after a restart: %+v, want its alice", a)
		}
		if id, _ := names.Owner("ALICE2"); id != "K2" {
			t.Fatalf("Alice2 reserved to %q, want K2", id)
		}
	})
}

// A bot may not take a name a person holds: one in the registry (offline
// too) or one online, compared by names.Key; a free name, or the bot's own
// key's name, it may.
func TestBotNameNotAPersons(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		names := newMemNames()
		_, _ = names.Reserve("K1", "piet") // offline
		l := runLobby(t, Config{Registry: engine.NewRegistry(turnsRuleset()), Seed: 1, Names: names})
		enter(t, l, "K2", "ann2")
		if _, err := l.Enter("guest-1", "gast", true); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"piet", "PIET", "ANN2", "аnn2", "gast"} { // аnn2 with a Cyrillic а
			if err := l.BotName(name, "BOTKEY"); err != ErrBotNamePerson {
				t.Errorf("a bot named %q: %v, want ErrBotNamePerson", name, err)
			}
		}
		if err := l.BotName("robo", "BOTKEY"); err != nil {
			t.Errorf("a bot with a free name: %v", err)
		}
		if err := l.BotName("piet", "K1"); err != nil {
			t.Errorf("a bot under its own key's name: %v", err)
		}
	})
}

// A running table survives the lobby: the next lobby restores it from its
// journal with its id and invite code, its seats wait for their keys, and
// new tables get other ids. Once shutdown has begun (Drain), new tables are
// refused.
func TestRestoreTablesAtStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := newMemJournal()
		clock := tables.NewFakeClock(t0)
		cfg := Config{Registry: engine.NewRegistry(turnsRuleset()), Clock: clock, Seed: 42,
			BotPace: time.Second, TurnTimer: Off, Journal: j, Saved: j,
			SeatHold: Off} // the bots play on while alice is away
		l1 := New(cfg)
		errc := make(chan error, 1)
		go func() { errc <- l1.Run(context.Background()) }()
		alice := enter(t, l1, "K1", "alice")
		c, err := l1.Create(CreateRequest{Host: alice, Ruleset: "turns", Private: true, Options: engine.Options{"turns": "30"}})
		must(t, err)
		must(t, c.Table.Start(alice))
		must(t, c.Table.Disconnect(alice))
		for range 5 {
			synctest.Wait()
			clock.Advance(time.Second)
		}
		synctest.Wait()
		must(t, l1.Shutdown(context.Background()))
		<-errc
		j.mu.Lock()
		finished, before := len(j.finished), len(j.lines[c.Info.ID])
		j.mu.Unlock()
		if finished != 0 {
			t.Fatalf("the game was finished at shutdown: %d games", finished)
		}
		if before < 5 {
			t.Fatalf("journal has %d lines", before)
		}

		l2 := runLobby(t, cfg)
		u, err := l2.List()
		must(t, err)
		if len(u.Tables) != 1 || u.Tables[0].ID != c.Info.ID || !u.Tables[0].Private || u.Tables[0].Phase != tables.Playing {
			t.Fatalf("tables after the restart: %+v; want %s, private, playing", u.Tables, c.Info.ID)
		}
		tb, err := l2.FindCode(c.Code)
		must(t, err)
		if tb.ID() != c.Info.ID {
			t.Fatalf("code %s finds %s", c.Code, tb.ID())
		}
		sub, err := tb.Subscribe(alice) // alice is back (ON-2)
		must(t, err)
		synctest.Wait()
		s := <-sub.C
		if s.You != 0 || s.Seats[0].Kind != tables.Human {
			t.Fatalf("alice back: seat %d kind %v", s.You, s.Seats[0].Kind)
		}
		sub.Close()
		bob := enter(t, l2, "K2", "bob")
		if _, err := l2.Watch(bob, c.Code); err != nil {
			t.Fatalf("watching the restored table: %v", err)
		}
		c2, err := l2.Create(CreateRequest{Host: bob, Ruleset: "turns"})
		must(t, err)
		if c2.Info.ID == c.Info.ID {
			t.Fatal("a new table got the restored table's id")
		}
		// The restored table counts against its creator's tables.
		enter(t, l2, "K1", "alice")
		if _, err := l2.Create(CreateRequest{Host: alice, Ruleset: "turns"}); err != nil {
			t.Fatalf("alice's second table: %v", err)
		}
		var many *TooManyTables
		if _, err := l2.Create(CreateRequest{Host: alice, Ruleset: "turns"}); !errors.As(err, &many) {
			t.Fatalf("alice's third table, the restored one counted: %v", err)
		}
		l2.Drain()
		if _, err := l2.Create(CreateRequest{Host: bob, Ruleset: "turns"}); !errors.Is(err, ErrClosed) {
			t.Fatalf("Create after Drain: %v, want ErrClosed", err)
		}
		for range 40 {
			synctest.Wait()
			clock.Advance(time.Second)
		}
		synctest.Wait()
		j.mu.Lock()
		defer j.mu.Unlock()
		if len(j.finished) != 1 || !j.finished[0].Complete || j.finished[0].Seats[0].Player.ID != "K1" {
			t.Fatalf("finished %+v; want the restored game, complete, alice in seat 0", j.finished)
		}
	})
}

// A restored table's seats get the bots of the levels it was created with
// (not the lobby's default bots), and a level the restarted server no longer
// knows falls back to the default for that seat alone.
func TestRestoredTableKeepsBotLevels(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := newMemJournal()
		clock := tables.NewFakeClock(t0)
		known := map[string]bool{"easy": true, "strong": true}
		cfg := Config{Registry: engine.NewRegistry(turnsRuleset()), Clock: clock, Seed: 42,
			BotPace: time.Second, TurnTimer: Off, Journal: j, Saved: j,
			SeatHold: Off, // the restored game plays on without alice
			Bots:     func(string, int) engine.Bot { return levelBot{"default"} },
			LevelBots: func(rs, level string, seat int) (engine.Bot, error) {
				if !known[level] {
					return nil, fmt.Errorf("no bot level %q", level)
				}
				return levelBot{level}, nil
			},
		}
		l1 := New(cfg)
		errc := make(chan error, 1)
		go func() { errc <- l1.Run(context.Background()) }()
		alice := enter(t, l1, "K1", "alice")
		c, err := l1.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 4,
			Options: engine.Options{"turns": "30"}, BotLevels: []string{"", "strong", "easy", "easy"}})
		must(t, err)
		must(t, c.Table.Start(alice))
		synctest.Wait()
		clock.Advance(time.Second)
		synctest.Wait()
		must(t, l1.Shutdown(context.Background()))
		<-errc

		delete(known, "easy") // the restarted server lost a level: seats 2 and 3 get the default
		l2 := runLobby(t, cfg)
		u, err := l2.List()
		must(t, err)
		if len(u.Tables) != 1 {
			t.Fatalf("tables after the restart: %+v", u.Tables)
		}
		for range 60 {
			synctest.Wait()
			clock.Advance(time.Second)
		}
		synctest.Wait()
		j.mu.Lock()
		defer j.mu.Unlock()
		if len(j.finished) != 1 {
			t.Fatalf("%d games finished, want the restored one", len(j.finished))
		}
		var got []string
		for _, s := range j.finished[0].Seats {
			got = append(got, s.Bot)
		}
		want := []string{"level-default", "level-strong", "level-default", "level-default"}
		if !slices.Equal(got[1:], want[1:]) {
			t.Fatalf("restored seats' bots %q, want %q (seat 0 is alice's)", got, want)
		}
	})
}
