package tui

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// runLobby runs a real lobby for the test until stop.
func runLobby(t *testing.T) (l *lobby.Lobby, stop func()) {
	t.Helper()
	l = lobby.New(lobby.Config{Registry: games.Registry(), Bots: games.Baseline, Seed: 7})
	done := make(chan error, 1)
	go func() { done <- l.Run(context.Background()) }()
	return l, func() {
		if err := l.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
		<-done
	}
}

// pump plays the part of a tea.Program for a model: it runs the commands
// the model returns on goroutines and feeds their messages back to it.
type pump struct {
	t    *testing.T
	m    *model
	msgs chan tea.Msg
	seen []tea.Msg
}

func newPump(t *testing.T, m *model) *pump {
	return &pump{t: t, m: m, msgs: make(chan tea.Msg, 256)}
}

func (p *pump) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		switch msg := cmd().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				p.run(c)
			}
		default:
			p.msgs <- msg
		}
	}()
}

func (p *pump) send(msg tea.Msg) {
	p.seen = append(p.seen, msg)
	_, cmd := p.m.Update(msg)
	p.run(cmd)
}

// until feeds messages to the model until cond holds.
func (p *pump) until(what string, cond func() bool) {
	p.t.Helper()
	timeout := time.After(10 * time.Second)
	for !cond() {
		select {
		case msg := <-p.msgs:
			p.send(msg)
		case <-timeout:
			p.t.Fatalf("no %s", what)
		}
	}
}

// closed waits until sub's channel is closed.
func closed(t *testing.T, sub *lobby.Subscription) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-sub.C:
			if !ok {
				return
			}
		case <-timeout:
			t.Fatal("the lobby subscription is still open")
		}
	}
}

// A session at a table has no lobby subscription: it neither wakes up for
// nor draws lobby updates it does not show. Back in the lobby it subscribes
// again and shows the lobby as it is now at once.
func TestLobbySubscriptionOnlyInTheLobby(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	if _, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "singularity", Seats: 3}); err != nil {
		t.Fatal(err)
	}
	app := NewApp(l, games.Registry(), nil)
	e, err := l.Enter("SHA256:alice", "alice", false)
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(app, newFakeSession(120, 40, termenv.ANSI256), e, Settings{Lang: "en"})
	p := newPump(t, m)
	defer m.cleanup()

	p.run(m.Init())
	p.until("lobby subscription", func() bool { return m.lobbySub != nil })
	first := m.lobbySub
	if n := len(m.lobbyU.Tables); n != 1 {
		t.Fatalf("the lobby shows %d tables, want bob's", n)
	}

	p.send(tea.KeyMsg{Type: tea.KeyEnter}) // sit at bob's table
	p.until("table screen", func() bool { return m.screen == tableScreen })
	if m.lobbySub != nil || m.lobbyOpening || m.subs.lobby != nil {
		t.Fatalf("at the table the lobby subscription is open (%v, opening %v, recorded %v)", m.lobbySub != nil, m.lobbyOpening, m.subs.lobby != nil)
	}
	closed(t, first)

	// While the session is at the table, the lobby changes: nothing reaches
	// the session, which keeps nothing of the lobby either.
	carol := tables.Player{ID: "SHA256:carol", Name: "carol"}
	if _, err := l.Create(lobby.CreateRequest{Host: carol, Ruleset: "boerenbridge"}); err != nil {
		t.Fatal(err)
	}
	p.until("table screen drawn", func() bool { return m.table != nil && m.table.snap.Version > 0 })
	for _, msg := range p.seen {
		if lm, ok := msg.(lobbyMsg); ok && lm.ok && lm.sub != first {
			t.Fatalf("a lobby update from another subscription reached the table: %+v", lm)
		}
	}
	if m.lobbyU.Version != 0 || len(m.lobbyU.Tables) != 0 {
		t.Fatalf("at the table the session keeps a lobby update of %d tables", len(m.lobbyU.Tables))
	}

	tsub := m.table.sub
	p.send(tea.KeyMsg{Type: tea.KeyEsc}) // back to the lobby
	if m.screen != lobbyScreen {
		t.Fatalf("screen %v after esc", m.screen)
	}
	// The table subscription is closed too.
	for timeout := time.After(10 * time.Second); ; {
		select {
		case _, ok := <-tsub.C:
			if ok {
				continue
			}
		case <-timeout:
			t.Fatal("the table subscription is still open")
		}
		break
	}
	p.until("lobby subscription again", func() bool { return m.lobbySub != nil })
	if m.lobbySub == first || m.subs.lobby != m.lobbySub {
		t.Fatal("not a new, recorded subscription")
	}
	if n := len(m.lobbyU.Tables); n != 2 {
		t.Fatalf("back in the lobby it shows %d tables, want bob's and carol's", n)
	}
	if m.lobbyGone {
		t.Fatal("closing the subscription at the table counted as the lobby stopping")
	}

	// The other screens do without it too.
	p.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")})
	second := m.lobbySub
	if m.screen != settingsScreen || second != nil {
		t.Fatalf("screen %v, subscription open %v", m.screen, second != nil)
	}
}

// argsSession is a fake session started with a command (ssh -t host watch ID).
type argsSession struct {
	*fakeSession
	args []string
}

func (s argsSession) Args() []string { return s.args }

// A session that goes to a table from the command line never subscribes to
// the lobby; if it cannot, it lands in the lobby and subscribes then.
func TestDeepLinkSubscribesOnlyIfItStaysInTheLobby(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "singularity", Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	app := NewApp(l, games.Registry(), nil)
	for _, tc := range []struct {
		args      []string
		wantTable bool
	}{
		{[]string{"watch", c.Info.ID}, true},
		{[]string{"join", "nope"}, false},
	} {
		e, err := l.Enter("SHA256:alice", "alice", false)
		if err != nil {
			t.Fatal(err)
		}
		m := newModel(app, argsSession{newFakeSession(120, 40, termenv.ANSI256), tc.args}, e, Settings{Lang: "en"})
		p := newPump(t, m)
		p.run(m.Init())
		if m.lobbyOpening {
			t.Fatalf("%v: subscribed to the lobby before the table answered", tc.args)
		}
		if tc.wantTable {
			p.until("table screen", func() bool { return m.screen == tableScreen && m.table.snap.Version > 0 })
			if m.lobbySub != nil || m.lobbyOpening {
				t.Fatalf("%v: a lobby subscription at the table", tc.args)
			}
		} else {
			p.until("lobby subscription", func() bool { return m.lobbySub != nil })
			if m.status == "" {
				t.Fatalf("%v: no error shown", tc.args)
			}
		}
		m.cleanup()
	}
}

// gameOverInLobby is name's game-over screen of a ruleset game (watched,
// or from seat 0), driven by a pump, once its lobby subscription is open;
// the caller cleans the model up.
func gameOverInLobby(t *testing.T, l *lobby.Lobby, name, ruleset string, watched bool) (*model, *pump) {
	t.Helper()
	e, err := l.Enter("SHA256:"+name, name, false)
	if err != nil {
		t.Fatal(err)
	}
	m := gameOver(ruleset)(t, newModel(NewApp(l, games.Registry(), nil), newFakeSession(120, 40, termenv.Ascii), e, Settings{Lang: "en"}))
	if watched {
		m.table.snap.You, m.table.snap.YouHost = engine.Spectator, false
	}
	p := newPump(t, m)
	p.run(m.Init())
	p.until("lobby subscription on the game-over screen", func() bool { return m.lobbySub != nil })
	return m, p
}

// On the game-over screen, once another of the game's people has started
// the table that plays it again, the screen says who did and that r sits
// the player there; r does.
func TestGameOverSaysWhoStartedTheNewGame(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	m, p := gameOverInLobby(t, l, "alice", "singularity", false)
	defer m.cleanup()
	if v := plainView(m); !strings.Contains(v, "Press r to play again") || strings.Contains(v, "set up a new game") {
		t.Fatalf("before anyone plays again:\n%s", v)
	}
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "singularity", Seats: 4, Watch: true, Again: m.table.snap.TableID})
	if err != nil {
		t.Fatal(err)
	}
	p.until("the line saying bob set up a new game", func() bool {
		return strings.Contains(plainView(m), "bob set up a new game: press r to sit at it.")
	})
	p.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("r")})
	p.until("alice at bob's table", func() bool { return m.table != nil && m.table.snap.TableID == c.Info.ID })
	p.until("no lobby subscription at the new table", func() bool { return m.lobbySub == nil })
}

// A spectator who watched a game to its end is told when one of its
// people starts the table that plays it again, and where to watch it.
func TestGameOverTellsTheSpectatorOfTheNewGame(t *testing.T) {
	for _, private := range []bool{false, true} {
		func() {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			l, stop := runLobby(t)
			defer stop()
			m, p := gameOverInLobby(t, l, "cees", "doudizhu", true)
			defer m.cleanup()
			if v := plainView(m); strings.Contains(v, "set up a new game") || strings.Contains(v, "Press r") {
				t.Fatalf("before anyone plays again:\n%s", v)
			}
			bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
			c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "doudizhu", Seats: 3, Watch: true, Private: private, Again: m.table.snap.TableID})
			if err != nil {
				t.Fatal(err)
			}
			if private { // not one the spectator may watch: not a word of it
				p.until("the private new table in the lobby", func() bool {
					return slices.ContainsFunc(m.lobbyU.Tables, func(ti lobby.TableInfo) bool { return ti.ID == c.Info.ID })
				})
				if v := plainView(m); strings.Contains(v, "set up a new game") {
					t.Errorf("the spectator is sent to a private table:\n%s", v)
				}
				return
			}
			p.until("the line saying bob set up a new game", func() bool {
				return strings.Contains(plainView(m), "bob set up a new game: find it in the lobby (esc).")
			})
		}()
	}
}

// A spectator let into a private game by its code is told of the private
// table that plays it again once it has ended, and finds it in their lobby.
func TestGameOverTellsTheCodeSpectatorOfTheNewGame(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	old, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "doudizhu", Seats: 3, Private: true, Watch: true, BotPace: lobby.Off, TrickPause: lobby.Off})
	if err != nil {
		t.Fatal(err)
	}
	m, p := gameOverInLobby(t, l, "cees", "doudizhu", true)
	defer m.cleanup()
	if _, err := l.Watch(m.player, old.Code); err != nil {
		t.Fatal(err)
	}
	if err := old.Table.Start(bob); err != nil {
		t.Fatal(err)
	}
	<-old.Table.Done() // the bots played it to its end
	m.table.snap.TableID = old.Info.ID
	c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "doudizhu", Seats: 3, Watch: true, Private: true, Again: old.Info.ID})
	if err != nil {
		t.Fatal(err)
	}
	p.until("the line saying bob set up a new game", func() bool {
		return strings.Contains(plainView(m), "bob set up a new game: find it in the lobby (esc).")
	})
	if !slices.ContainsFunc(m.lobbyU.For(m.player.ID), func(ti lobby.TableInfo) bool { return ti.ID == c.Info.ID }) {
		t.Fatal("the new private table is not in cees's lobby")
	}
}

// Playing again, the first to press r hosts the new table: a name the
// lobby gave the old one goes to them ("ann's Singularity" becomes
// "alice's Singularity", "Tisch von alice"); a name a host typed stays.
func TestPlayAgainNamesTheNewHost(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	app := NewApp(l, games.Registry(), nil)
	for i, c := range []struct{ old, want, header string }{
		{"ann's Singularity", "alice's Singularity", "Tisch von alice"},
		{"Friday cards", "Friday cards", "Friday cards"},
	} {
		e, err := l.Enter("SHA256:alice", "alice", false)
		if err != nil {
			t.Fatal(err)
		}
		m := gameOver("singularity")(t, newModel(app, newFakeSession(120, 40, termenv.Ascii), e, Settings{Lang: "de"}))
		m.table.snap.Name, m.table.snap.Title, m.table.snap.Host, m.table.snap.YouHost = c.old, "Singularity", "ann", false
		m.table.snap.TableID = "old" + strconv.Itoa(i)
		p := newPump(t, m)
		p.run(m.Init())
		p.until("lobby subscription on the game-over screen", func() bool { return m.lobbySub != nil })
		p.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("r")})
		p.until("alice at the new table", func() bool { return m.table != nil && m.table.snap.Phase == tables.Waiting && m.table.snap.Version > 0 })
		if got := m.table.snap.Name; got != c.want {
			t.Errorf("%q played again is named %q, want %q", c.old, got, c.want)
		}
		if v := plainView(m); !strings.Contains(v, "· "+c.header) {
			t.Errorf("%q played again: no %q in the header:\n%s", c.old, c.header, v)
		}
		m.cleanup()
	}
}

// At 80 columns the lobby's key bar names w, the way to watch a table,
// and ? for the help, in every language (the cursor on a table where the
// player has no seat).
func TestLobbyBarShowsWatchAt80Columns(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := withLobby(t, testModel(80, 24, Settings{Lang: lang}))
		m.lobbySel = 1
		bar := stripANSI(m.st.helpBar(80, m.lobbyKeys()))
		for _, want := range []string{"w " + m.tx.get("watch"), "? " + m.tx.get("help")} {
			if !strings.Contains(bar, want) {
				t.Errorf("%s: the key bar %q has no %q", lang, bar, want)
			}
		}
	}
}

// The welcome back that names the rounds a bot moved in belongs to the
// table it was said at: r (play again) takes it away with that table, in
// every language.
func TestPlayAgainDropsTheWelcomeBack(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	app := NewApp(l, games.Registry(), nil)
	for i, lang := range []string{"en", "de", "nl"} {
		e, err := l.Enter("SHA256:alice"+lang, "alice"+lang, false) // one of them: each keeps the seat they sat in
		if err != nil {
			t.Fatal(err)
		}
		m := gameOver("singularity")(t, newModel(app, newFakeSession(80, 24, termenv.Ascii), e, Settings{Lang: lang}))
		m.table.snap.TableID = "over" + strconv.Itoa(i)
		m.table.snap.GoneRounds = []int{11, 12, 13, 14, 15}
		m.table.welcomeOnArrival()
		welcome := m.tx.f("Welcome back: your bot moved for you in %s.", m.table.roundList(m.table.snap.GoneRounds))
		if m.status != welcome || !strings.Contains(plainView(m), welcome) {
			t.Fatalf("%s: no welcome back on the game-over screen: %q", lang, m.status)
		}
		p := newPump(t, m)
		p.run(m.Init())
		p.until("lobby subscription on the game-over screen", func() bool { return m.lobbySub != nil })
		p.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("r")})
		p.until("alice at the new table", func() bool { return m.table != nil && m.table.snap.Phase == tables.Waiting && m.table.snap.Version > 0 })
		if v := plainView(m); m.status == welcome || strings.Contains(v, welcome) {
			t.Errorf("%s: the new table still says %q:\n%s", lang, welcome, v)
		}
		m.cleanup()
	}
}

// The lobby's key bar names every key of the lobby, : too, at every width
// from 80 to 200 columns, in every language: with tables and without, for
// an admin, with the history and ratings of an archive.
func TestLobbyKeyBarNamesEveryKeyAtEveryWidth(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, full := range []bool{false, true} {
			for w := 80; w <= 200; w++ {
				m := testModel(w, 24, Settings{Lang: lang})
				m.lobbyOpening = false
				if full {
					m = withLobby(t, m)
					m.app.SetArchive(&fakeArchive{})
					m.app.SetAdmins([]string{m.player.ID})
				}
				view := stripANSI(m.View())
				checkFits(t, "lobby", view, w, 24)
				bar := lastLines(view, lobbyKeyRows)
				keys := m.lobbyKeys()
				if !slices.ContainsFunc(keys, func(b binding) bool { return b.keys == ":" }) {
					t.Fatalf("%s: the lobby's keys leave out :", lang)
				}
				for _, k := range keys {
					if key := k.keys + " " + k.does; !strings.Contains(bar, key) {
						t.Fatalf("%s at %d columns (tables, admin, archive: %v): the key bar leaves out %q:\n%s", lang, w, full, key, view)
					}
				}
			}
		}
	}
}
