package tui

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/tables"
)

// rewatchRig is a lobby, an app on an injected clock with saved settings,
// and a host, bob, whose tables carol watches.
type rewatchRig struct {
	t     *testing.T
	l     *lobby.Lobby
	a     *App
	clock *tables.FakeClock
	saved memSettings
	bob   tables.Player
	carol tables.Player
}

func newRewatchRig(t *testing.T) *rewatchRig {
	l, stop := runLobby(t)
	t.Cleanup(stop)
	clock := tables.NewFakeClock(fixedNow)
	a := NewApp(l, games.Registry(), clock.Now)
	saved := memSettings{}
	a.SetSettingsStore(saved)
	return &rewatchRig{t: t, l: l, a: a, clock: clock, saved: saved,
		bob: tables.Player{ID: "SHA256:bob", Name: "bob"}, carol: tables.Player{ID: "SHA256:carol", Name: "carol"}}
}

// table makes a table of bob's, private or not, whose bots move at once.
func (r *rewatchRig) table(private bool) lobby.Created {
	r.t.Helper()
	c, err := r.l.Create(lobby.CreateRequest{Host: r.bob, Ruleset: "singularity", Seats: 3, Private: private,
		TurnTimer: lobby.Off, BotPace: lobby.Off})
	if err != nil {
		r.t.Fatal(err)
	}
	return c
}

// login is a new session of carol's, as NewSession starts it.
func (r *rewatchRig) login() (*model, *pump) { return r.replacing(nil) }

// replacing is a new session of carol's that replaces the live one whose
// subscriptions are old (nil: none).
func (r *rewatchRig) replacing(old *subscriptions) (*model, *pump) {
	r.t.Helper()
	e, err := r.l.Enter(r.carol.ID, r.carol.Name, false)
	if err != nil {
		r.t.Fatal(err)
	}
	s := &liveSession{f: newFakeSession(80, 24, termenv.ANSI256)}
	r.a.mu.Lock()
	r.a.live[r.carol.ID] = s // the session ended is the last one: ended keeps what it watched
	r.a.mu.Unlock()
	m := newModel(r.a, s, e, Settings{Lang: "en"})
	m.backToSeat(e.Seated)
	m.backToWatch(old)
	p := newPump(r.t, m)
	p.run(m.Init())
	return m, p
}

// liveSession is a fake session the app holds as a player's live one.
type liveSession struct {
	sshapp.Session
	f *fakeSession
}

func (s *liveSession) Window() (int, int)           { return s.f.Window() }
func (s *liveSession) Renderer() *lipgloss.Renderer { return s.f.Renderer() }
func (s *liveSession) Context() context.Context     { return s.f.Context() }
func (s *liveSession) Args() []string               { return s.f.Args() }

// watching waits until m shows table id as a spectator's.
func watching(p *pump, m *model, id string) {
	p.t.Helper()
	p.until("carol watching "+id, func() bool {
		return m.screen == tableScreen && m.table != nil && m.table.snap.TableID == id && m.table.snap.Version > 0 && m.table.snap.You < 0
	})
}

// watchThenDrop is a session of carol's that watches table id until it
// ends: by the connection dropping, or after the key leave, if any.
func (r *rewatchRig) watchThenDrop(id string, leave *tea.KeyMsg) {
	r.t.Helper()
	m, p := r.watch(id)
	if leave != nil {
		p.send(*leave)
	} else {
		// The end of the session closes the table's subscription, and the
		// program may still see it closed before the app is told.
		m.subs.closeAll()
		p.until("the closed subscription seen", func() bool { return m.table.ended })
	}
	m.cleanup()
}

// forgotten checks that carol's saved settings no longer hold a watched
// table: a login takes it.
func (r *rewatchRig) forgotten() {
	r.t.Helper()
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(r.saved[r.carol.ID], &obj); err != nil || string(obj[watchKey]) != "null" {
		r.t.Errorf("the saved settings keep the watched table after the login: %s", r.saved[r.carol.ID])
	}
}

// watch is a session of carol's that watches table id.
func (r *rewatchRig) watch(id string) (*model, *pump) {
	r.t.Helper()
	m, p := r.login()
	p.until("the lobby", func() bool { return m.lobbySub != nil })
	p.run(m.watch(id))
	watching(p, m, id)
	return m, p
}

// inLobby waits until m is in the lobby, its status s.
func inLobby(p *pump, m *model, s string) {
	p.t.Helper()
	p.until("the lobby saying "+s, func() bool { return m.screen == lobbyScreen && !m.entering && m.lobbySub != nil && m.status == s })
}

// A watcher whose session ends on a table's screen without their leaving
// it watches it again at a login within five minutes; not later, not
// after leaving by keys, not when the table has closed since (the lobby
// says so), and not a private table they may not see.
func TestBackToTheTableYouWatched(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	t.Run("within the window", func(t *testing.T) {
		r := newRewatchRig(t)
		c := r.table(false)
		r.watchThenDrop(c.Table.ID(), nil)
		r.clock.Advance(rewatchWithin - time.Second)
		m, p := r.login()
		defer m.cleanup()
		if !m.entering {
			t.Error("the first screen is not on the way to the table")
		}
		watching(p, m, c.Table.ID())
		if m.lobbySub != nil {
			t.Error("carol, back at the table, has a lobby subscription")
		}
		r.forgotten()
	})
	t.Run("before the dropped session ended", func(t *testing.T) {
		r := newRewatchRig(t)
		c := r.table(false)
		old, _ := r.watch(c.Table.ID())
		m, p := r.replacing(old.subs)
		defer m.cleanup()
		watching(p, m, c.Table.ID())
		old.cleanup() // replaced: it leaves nothing behind
		if string(r.saved[r.carol.ID]) != "" {
			t.Errorf("the replaced session saved %s", r.saved[r.carol.ID])
		}
	})
	t.Run("after the window", func(t *testing.T) {
		r := newRewatchRig(t)
		c := r.table(false)
		r.watchThenDrop(c.Table.ID(), nil)
		r.clock.Advance(rewatchWithin + time.Second)
		m, p := r.login()
		defer m.cleanup()
		inLobby(p, m, "")
		r.forgotten()
	})
	for _, key := range []tea.KeyMsg{{Type: tea.KeyEsc}, {Type: tea.KeyCtrlC}} {
		t.Run("left by "+key.String(), func(t *testing.T) {
			r := newRewatchRig(t)
			c := r.table(false)
			r.watchThenDrop(c.Table.ID(), &key)
			m, p := r.login()
			defer m.cleanup()
			inLobby(p, m, "")
		})
	}
	t.Run("its game over", func(t *testing.T) {
		r := newRewatchRig(t)
		c := r.table(false)
		if err := c.Table.Start(r.bob); err != nil {
			t.Fatal(err)
		}
		r.watchThenDrop(c.Table.ID(), nil)
		sub, err := r.l.Subscribe()
		if err != nil {
			t.Fatal(err)
		}
		defer sub.Close()
		if err := c.Table.Leave(r.bob); err != nil { // the bots play the game out
			t.Fatal(err)
		}
		timeout := time.After(10 * time.Second)
		for closed := false; !closed; {
			select {
			case u := <-sub.C:
				closed = len(u.Tables) == 0
			case <-timeout:
				t.Fatal("the table never closed")
			}
		}
		m, p := r.login()
		defer m.cleanup()
		inLobby(p, m, "The table you were watching has closed.")
	})
	t.Run("private without the right", func(t *testing.T) {
		r := newRewatchRig(t)
		c := r.table(true)
		r.a.noteWatching(r.carol.ID, c.Table.ID()) // as if carol had watched a table of that id
		m, p := r.login()
		defer m.cleanup()
		inLobby(p, m, "")
		u, err := r.l.List()
		if err != nil {
			t.Fatal(err)
		}
		if len(u.Tables) != 1 || u.Tables[0].Admits(r.carol.ID) || u.Tables[0].Spectators != 0 {
			t.Errorf("carol was let in to the private table: %+v", u.Tables)
		}
	})
}
