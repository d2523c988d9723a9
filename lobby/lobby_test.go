package lobby

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/names"
	"github.com/cardroom/cardroom/tables"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// turns is a tiny game for the lobby's tests: one deal (a chance step), then
// each seat plays "bid 1" rounds×… once per turn, for "turns" turns in all.
type turns struct {
	n, left, next int
	dealt         bool
	events        []engine.Event
	totals        []int
}

func turnsRuleset() *engine.Ruleset {
	return &engine.Ruleset{
		Name: "turns", Title: "Turns", MinPlayers: 3, MaxPlayers: 5,
		Options: []engine.OptionSpec{{Name: "turns", Kind: engine.Int, Default: "6", Min: 1, Max: 99}},
		New: func(n int, o engine.Options) (engine.Game, error) {
			return &turns{n: n, left: o.Int("turns"), totals: make([]int, n)}, nil
		},
	}
}

func (g *turns) Ruleset() string { return "turns" }
func (g *turns) Players() int    { return g.n }
func (g *turns) Done() bool      { return g.left == 0 }
func (g *turns) Next() int {
	switch {
	case g.left == 0:
		return engine.Over
	case !g.dealt:
		return engine.Chance
	}
	return g.next
}
func (g *turns) Legal(seat int) []engine.Move {
	if g.Next() != seat {
		return nil
	}
	return []engine.Move{engine.BidMove(1)}
}
func (g *turns) Apply(seat int, m engine.Move) error {
	if g.Next() != seat || m != engine.BidMove(1) {
		return engine.Illegal(seat, m, "no")
	}
	g.events = append(g.events, engine.MoveEvent(seat, m))
	g.totals[seat]++
	g.next = (g.next + 1) % g.n
	g.left--
	return nil
}
func (g *turns) Deal(*rand.Rand) error {
	if g.dealt {
		return fmt.Errorf("dealt")
	}
	return g.Event(engine.Event{E: engine.EvDeal, Round: 1, Hands: make([][]cards.Card, g.n), Turned: cards.None})
}
func (g *turns) Event(e engine.Event) error {
	if e.E != engine.EvDeal || g.dealt {
		return fmt.Errorf("no")
	}
	g.dealt = true
	g.events = append(g.events, e)
	return nil
}

type turnsView struct {
	seat  int
	legal []engine.Move
}

func (v turnsView) ViewSeat() int             { return v.seat }
func (v turnsView) LegalMoves() []engine.Move { return v.legal }
func (g *turns) View(seat int) engine.View    { return turnsView{seat, g.Legal(seat)} }
func (g *turns) Result() engine.Result        { return engine.Result{Totals: append([]int(nil), g.totals...)} }
func (g *turns) Events() []engine.Event       { return append([]engine.Event(nil), g.events...) }

type memSink struct {
	mu   sync.Mutex
	recs map[string][]byte
}

func (s *memSink) Save(id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.recs == nil {
		s.recs = map[string][]byte{}
	}
	s.recs[id] = bytes.Clone(data)
	return nil
}

func (s *memSink) get(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.recs[id])
}

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

type rig struct {
	l     *Lobby
	clock *tables.FakeClock
	sink  *memSink
	errc  chan error
}

// newRig runs a lobby inside the synctest bubble; it is shut down when the
// test ends.
func newRig(t *testing.T) *rig {
	t.Helper()
	return newRigWith(t, nil)
}

// newRigWith is newRig with its config changed by f first.
func newRigWith(t *testing.T, f func(*Config)) *rig {
	t.Helper()
	r := &rig{clock: tables.NewFakeClock(t0), sink: &memSink{}, errc: make(chan error, 1)}
	cfg := Config{
		Registry: engine.NewRegistry(turnsRuleset()), Sink: r.sink, Clock: r.clock,
		Seed: 42, BotPace: time.Second, TurnTimer: Off, MaxTablesPerPlayer: -1,
	}
	if f != nil {
		f(&cfg)
	}
	r.l = New(cfg)
	go func() { r.errc <- r.l.Run(context.Background()) }()
	t.Cleanup(func() {
		if err := r.l.Shutdown(context.Background()); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		<-r.errc
	})
	return r
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func enter(t *testing.T, l *Lobby, id, name string) tables.Player {
	t.Helper()
	e, err := l.Enter(id, name, false)
	must(t, err)
	return e.Player
}

// A name that looks like one in use (confusables, full width, invisible
// characters, composed or decomposed accents) is taken like it: the
// other key gets a variant and is told why.
func TestNameLookAlikes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		enter(t, l, "K1", "alice")
		enter(t, l, "K2", "jos\u00e9")
		for i, c := range []struct{ ask, want, why string }{
			{"\u0430lice", "\u0430lice2", "looks too much like"}, // Cyrillic a
			{"ａｌｉｃｅ", "ａｌｉｃｅ3", "looks too much like"},           // full width
			{"AIice", "AIice4", "taken"},                         // capital I for l
			{"jose\u0301", "jos\u00e92", "looks too much like"},  // decomposed e-acute, kept NFC
			{"a\u200dlice", "alice5", "invisible"},               // a zero-width joiner
			{"e\u0301\u0301\u0301\u0301", "\u00e9\u0301", "accents"},
		} {
			e, err := l.Enter(fmt.Sprintf("X%d", i), c.ask, false)
			must(t, err)
			if e.Player.Name != c.want || !strings.Contains(e.Note, c.why) {
				t.Errorf("%q: got %q (%q); want %q and a note saying %q", c.ask, e.Player.Name, e.Note, c.want, c.why)
			}
		}
		e, err := l.Login(Login{ID: "X9", Name: "player-abc", Replaced: names.Escapes})
		must(t, err)
		if !strings.Contains(e.Note, "escape sequences") || !strings.HasSuffix(e.Note, "you are player-abc") {
			t.Errorf("a name replaced for its escapes: note %q", e.Note)
		}
		for why, says := range map[names.Change]string{names.Cut: "too long (at most 24 columns wide; CJK characters and emoji take two)", names.Symbols: "only letters, digits and - _ ."} {
			name := fmt.Sprintf("player-%d", why)
			e, err := l.Login(Login{ID: name, Name: name, Replaced: why})
			must(t, err)
			if !strings.Contains(e.Note, says) || !strings.HasSuffix(e.Note, "you are "+name) {
				t.Errorf("a name replaced (%v): note %q, want it to say %q", why, e.Note, says)
			}
		}
	})
}

// A login whose name cannot be reserved (the disk is full) is refused.
func TestNameNotSavedRefusesLogin(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := &failingNames{err: errors.New("disk full")}
		r := newRigWith(t, func(c *Config) { c.Names = reg })
		if _, err := r.l.Enter("K1", "alice", false); !errors.Is(err, ErrNameNotSaved) {
			t.Fatalf("Enter with a failing registry: %v, want ErrNameNotSaved", err)
		}
		if u, _ := r.l.List(); len(u.Online) != 0 {
			t.Errorf("refused login is online: %+v", u.Online)
		}
		if _, err := r.l.Enter("guest-x", "g", true); err != nil {
			t.Errorf("a guest reserves nothing and gets in: %v", err)
		}
	})
}

// A login whose name a cluster cannot agree on (this node does not reach
// a majority) is told so, not that the disk may be full.
func TestNameUnreachableRefusesLogin(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := &failingNames{err: fmt.Errorf("%w: no response from stream", ErrRoomUnreachable)}
		r := newRigWith(t, func(c *Config) { c.Names = reg })
		if _, err := r.l.Enter("K1", "alice", false); err != ErrRoomUnreachable {
			t.Fatalf("Enter with an unreachable registry: %v, want ErrRoomUnreachable", err)
		}
	})
}

type failingNames struct{ err error }

func (f *failingNames) Reserve(id, name string) (string, error) { return "", f.err }
func (f *failingNames) Owner(name string) (string, error)       { return "", nil }

// Names are reserved to the first key that used them while the server
// runs; another key gets a free variant and is told why.
func TestNameCollision(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		a, err := l.Enter("K1", "alice", false)
		must(t, err)
		if a.Player.Name != "alice" || a.Note != "" {
			t.Fatalf("first alice: %+v", a)
		}
		b, err := l.Enter("K2", "Alice", false)
		must(t, err)
		if b.Player.Name != "Alice2" || !strings.Contains(b.Note, "taken") {
			t.Fatalf("second key asking for Alice: %+v; want Alice2 and a reason", b)
		}
		must(t, l.Exit("K1"))
		if again, _ := l.Enter("K2", "alice", false); again.Player.Name != "alice2" {
			t.Fatalf("alice is still K1's after K1 left: got %q, want K2's own alice2", again.Player.Name)
		}
		if back, _ := l.Enter("K1", "alice", false); back.Player.Name != "alice" || back.Note != "" {
			t.Fatalf("K1 back: %+v; want its own alice", back)
		}
		g, _ := l.Enter("guest-1", "alice", true)
		if g.Player.Name != "alice3" || !g.Player.Guest {
			t.Fatalf("guest asking for alice: %+v", g)
		}
		long, _ := l.Enter("K3", "abcdefghijklmnopqrstuvwx", false)
		long2, _ := l.Enter("K4", "abcdefghijklmnopqrstuvwx", false)
		if long.Player.Name != "abcdefghijklmnopqrstuvwx" || long2.Player.Name != "abcdefghijklmnopqrstuvw2" {
			t.Fatalf("24-cell names: %q, %q", long.Player.Name, long2.Player.Name)
		}
		if e, _ := l.Enter("K5", "\x1b[31m\x07", false); e.Player.Name != "player" || e.Note == "" {
			t.Fatalf("a name of escape codes: %+v", e)
		}
		if _, err := l.Enter("", "x", false); !errors.Is(err, ErrNoIdentity) {
			t.Fatalf("no id: %v", err)
		}
		u, err := l.List()
		must(t, err)
		var names []string
		for _, o := range u.Online {
			names = append(names, o.Name)
		}
		if got := strings.Join(names, ","); got != "abcdefghijklmnopqrstuvw2,abcdefghijklmnopqrstuvwx,alice,alice2,alice3,player" {
			t.Fatalf("online: %s", got)
		}
		must(t, l.Exit("guest-1")) // a guest's name is free again once gone
		if e, _ := l.Enter("guest-2", "alice3", true); e.Player.Name != "alice3" {
			t.Fatalf("guest name after the guest left: %q", e.Player.Name)
		}
	})
}

func TestCreateValidates(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		host := enter(t, l, "K1", "alice")
		for _, c := range []struct {
			req  CreateRequest
			want string
		}{
			{CreateRequest{Host: host, Ruleset: "chess"}, "unknown game"},
			{CreateRequest{Host: host, Ruleset: "turns", Options: engine.Options{"turns": "0"}}, "out of range"},
			{CreateRequest{Host: host, Ruleset: "turns", Options: engine.Options{"speed": "1"}}, "no option"},
			{CreateRequest{Host: host, Ruleset: "turns", Seats: 7}, "3 to 6 seats"},
			{CreateRequest{Host: host, Ruleset: "turns", Seats: 6}, "3 to 5 players"},
			{CreateRequest{Ruleset: "turns"}, "needs an id"},
		} {
			if _, err := l.Create(c.req); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Create(%+v): got %v, want an error about %q", c.req, err, c.want)
			}
		}
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns"})
		must(t, err)
		if i := c.Info; i.Seats != 4 || i.Humans != 1 || i.Free != 3 || i.Private || i.Host != "alice" || i.TurnTimer != 0 || i.BotPace != time.Second || i.Name != "alice's Turns" {
			t.Fatalf("info %+v", i)
		}
	})
}

// A private table is found by its code and not by its id; updates list it.
func TestPrivateTableJoinByCode(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		sub, err := l.Subscribe()
		must(t, err)
		defer sub.Close()
		host := enter(t, l, "K1", "alice")
		bob := enter(t, l, "K2", "bob")
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Private: true, TurnTimer: 30 * time.Second})
		must(t, err)
		if len(c.Code) != CodeLen || strings.Trim(c.Code, codeAlphabet) != "" {
			t.Fatalf("invite code %q", c.Code)
		}
		if _, err := l.Table(c.Info.ID); !errors.Is(err, ErrPrivate) {
			t.Fatalf("private table by id: %v", err)
		}
		if _, err := l.FindCode("ZZZZ"); !errors.Is(err, ErrNoCode) {
			t.Fatalf("wrong code: %v", err)
		}
		loose := strings.ToLower(c.Code[:2]) + " " + strings.ToLower(c.Code[2:])
		tb, err := l.Join(bob, loose, -1)
		must(t, err)
		if tb != c.Table {
			t.Fatal("the code found another table")
		}
		synctest.Wait()
		var u Update
		for len(sub.C) > 0 {
			u = <-sub.C
		}
		if len(u.Tables) != 1 || u.Tables[0].Humans != 2 || u.Tables[0].Free != 1 || !u.Tables[0].Private || u.Tables[0].TurnTimer != 30*time.Second {
			t.Fatalf("update %+v", u)
		}
		if len(u.Online) != 2 {
			t.Fatalf("online %+v", u.Online)
		}
		_, err = l.Watch(tables.Player{ID: "K3", Name: "carol"}, c.Code)
		must(t, err)
		synctest.Wait()
		for len(sub.C) > 0 {
			u = <-sub.C
		}
		if u.Tables[0].Spectators != 1 {
			t.Fatalf("spectators %d, want 1", u.Tables[0].Spectators)
		}
		must(t, l.Leave(bob, c.Info.ID))
		if _, err := l.Table("nope"); !errors.Is(err, ErrNoTable) {
			t.Fatalf("unknown id: %v", err)
		}
	})
}

// A table whose game ends leaves the list.
func TestFinishedTableLeavesList(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		host := enter(t, r.l, "K1", "alice")
		c, err := r.l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Watch: true, BotPace: Off})
		must(t, err)
		must(t, c.Table.Start(host))
		<-c.Table.Done()
		synctest.Wait()
		u, err := r.l.List()
		must(t, err)
		if len(u.Tables) != 0 {
			t.Fatalf("tables %+v, want none", u.Tables)
		}
		if rec := r.sink.get(c.Info.ID); !strings.Contains(rec, `"e":"end"`) {
			t.Fatalf("record:\n%s", rec)
		}
	})
}

// Shutdown stops every table, waits for them, and each running game's
// record is written.
func TestShutdownWaitsForTables(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		host := enter(t, r.l, "K1", "alice")
		sub, err := r.l.Subscribe()
		must(t, err)
		var created []Created
		for range 3 {
			c, err := r.l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Watch: true})
			must(t, err)
			created = append(created, c)
		}
		must(t, created[0].Table.Start(host))
		must(t, created[1].Table.Start(host))
		synctest.Wait()              // both tables have dealt and armed their bot timers
		r.clock.Advance(time.Second) // one bot move each
		synctest.Wait()
		must(t, r.l.Shutdown(context.Background()))
		for i, c := range created {
			select {
			case <-c.Table.Done():
			default:
				t.Fatalf("table %d still running after Shutdown", i)
			}
		}
		for i, c := range created[:2] {
			if rec := r.sink.get(c.Info.ID); !strings.Contains(rec, `"e":"move"`) || strings.Contains(rec, `"e":"end"`) {
				t.Fatalf("record of running table %d:\n%s", i, rec)
			}
		}
		if rec := r.sink.get(created[2].Info.ID); rec != "" {
			t.Fatalf("a table that never started has a record:\n%s", rec)
		}
		for range sub.C { // closed by the lobby
		}
		if _, err := r.l.Create(CreateRequest{Host: host, Ruleset: "turns"}); !errors.Is(err, ErrClosed) {
			t.Fatalf("Create after Shutdown: %v", err)
		}
		if _, err := r.l.Subscribe(); !errors.Is(err, ErrClosed) {
			t.Fatalf("Subscribe after Shutdown: %v", err)
		}
		sub.Close()
	})
}

func TestShutdownHonoursContext(t *testing.T) {
	l := New(Config{Registry: engine.NewRegistry(turnsRuleset())})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.Shutdown(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Shutdown of a lobby that never ran, with a done context: %v", err)
	}
}

type levelBot struct{ level string }

func (levelBot) Decide(v engine.View, _ *rand.Rand) engine.Move { return v.LegalMoves()[0] }

// Name is the bot's kind in a finished game's seats (tables.BotKind).
func (b levelBot) Name() string { return "level-" + b.level }

// A table's bots are of the level chosen for each seat; an unknown level is
// refused when the table is created.
func TestBotLevelsBySeat(t *testing.T) {
	l := New(Config{
		Registry: engine.NewRegistry(turnsRuleset()),
		Bots:     func(string, int) engine.Bot { return levelBot{"default"} },
		LevelBots: func(rs, level string, seat int) (engine.Bot, error) {
			if level != "easy" && level != "strong" {
				return nil, fmt.Errorf("no bot level %q", level)
			}
			return levelBot{level}, nil
		},
	})
	f, err := l.botsFor("turns", 4, []string{"", "strong", "easy"})
	must(t, err)
	for seat, want := range []string{"default", "strong", "easy", "default"} {
		if got := f("turns", seat).(levelBot).level; got != want {
			t.Errorf("seat %d: a %s bot, want %s", seat, got, want)
		}
	}
	if _, err := l.botsFor("turns", 4, []string{"", "genius"}); err == nil || !strings.Contains(err.Error(), `"genius"`) {
		t.Errorf("unknown level: %v", err)
	}
	if _, err := l.botsFor("turns", 3, []string{"", "", "", "easy"}); err == nil {
		t.Error("more levels than seats accepted")
	}
}

// A table gets the trick pause its host chose, none for Off, and the
// server's for Default.
func TestCreateTrickPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRigWith(t, func(c *Config) { c.TrickPause = 1500 * time.Millisecond })
		host := enter(t, r.l, "K1", "alice")
		if got := r.l.TrickPause(); got != 1500*time.Millisecond {
			t.Fatalf("the lobby's trick pause %v", got)
		}
		for asked, want := range map[time.Duration]time.Duration{Default: 1500 * time.Millisecond, Off: 0, 3 * time.Second: 3 * time.Second} {
			c, err := r.l.Create(CreateRequest{Host: host, Ruleset: "turns", Watch: true, TrickPause: asked})
			must(t, err)
			sub, err := c.Table.Subscribe(host)
			must(t, err)
			synctest.Wait()
			if s := <-sub.C; s.TrickPause != want {
				t.Errorf("asked %v: the table pauses %v, want %v", asked, s.TrickPause, want)
			}
		}
	})
}

// The lobby tells the create form its default turn timer, 0 for none.
func TestLobbyTurnTimer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		if got := newRig(t).l.TurnTimer(); got != 0 {
			t.Errorf("a lobby without a turn timer says %v", got)
		}
		if got := newRigWith(t, func(c *Config) { c.TurnTimer = 20 * time.Second }).l.TurnTimer(); got != 20*time.Second {
			t.Errorf("a lobby with 20s says %v", got)
		}
	})
}
