package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// Back in the lobby from her running game (she logged in to it), the
// cursor is on alice's own table, not on the first row, and stays on it as
// rows before it go; enter on someone else's running game is refused,
// naming hers, and leaves her where she was.
func TestBackInTheLobbyTheCursorIsOnYourTable(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	dave := tables.Player{ID: "SHA256:dave", Name: "dave"}
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	alice := tables.Player{ID: "SHA256:alice", Name: "alice"}
	daves, err := l.Create(lobby.CreateRequest{Host: dave, Ruleset: "boerenbridge"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, p := range []tables.Player{bob, alice} {
		c, err := l.Create(lobby.CreateRequest{Host: p, Ruleset: "singularity", Seats: 3})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Table.Start(p); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.Info.ID)
	}
	bobs, hers := ids[0], ids[1]
	e, err := l.Enter(alice.ID, alice.Name, false)
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(NewApp(l, games.Registry(), nil), newFakeSession(120, 40, termenv.ANSI256), e, Settings{Lang: "en"})
	p := newPump(t, m)
	defer m.cleanup()
	m.backToSeat(e.Seated) // as a login does
	p.run(m.Init())
	p.until("her table", func() bool {
		return m.screen == tableScreen && m.table.snap.TableID == hers && m.table.snap.Version > 0
	})

	p.send(tea.KeyMsg{Type: tea.KeyEsc})
	p.until("the lobby with both games running", func() bool {
		ts := m.shownTables()
		return m.lobbySub != nil && len(ts) == 3 && ts[1].Phase == tables.Playing && ts[2].Phase == tables.Playing
	})
	if got := m.chosenTable(); got != hers {
		t.Fatalf("the cursor is on %s, want her table %s:\n%s", got, hers, ansi.Strip(m.View()))
	}
	if err := daves.Table.Leave(dave); err != nil { // his waiting table closes: the rows move up
		t.Fatal(err)
	}
	p.until("dave's table gone", func() bool { return len(m.shownTables()) == 2 })
	if got := m.chosenTable(); got != hers {
		t.Fatalf("after a row before it went the cursor is on %s, want her table %s", got, hers)
	}

	p.send(tea.KeyMsg{Type: tea.KeyUp})
	if m.chosenTable() != bobs {
		t.Fatalf("up: the cursor is on %s, want bob's %s", m.chosenTable(), bobs)
	}
	p.send(tea.KeyMsg{Type: tea.KeyEnter})
	p.until("an answer", func() bool { return m.screen != lobbyScreen || strings.HasPrefix(m.status, "You hold") })
	if want := "You hold a seat at " + hers + ": return there, or leave it first with L."; m.status != want || m.screen != lobbyScreen {
		t.Fatalf("enter on bob's running game: screen %v, status %q; want the lobby saying %q", m.screen, m.status, want)
	}
	u, err := l.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range u.Tables {
		if ti.ID == bobs && ti.Holds(alice.ID) {
			t.Fatal("alice took a seat in bob's game")
		}
	}
	if !strings.Contains(ansi.Strip(m.View()), "You hold a seat at "+hers) {
		t.Fatalf("the lobby does not say why:\n%s", ansi.Strip(m.View()))
	}
}

// The lobby's refusal of a second running game fits one 80-column status
// line in every language, with a table id as long as any.
func TestHoldsSeatFitsOneLine(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		if s := newText(lang).err(&lobby.HoldsSeat{Table: "b85q9f"}); ansi.StringWidth(s) > 80 {
			t.Errorf("%s: %d columns: %q", lang, ansi.StringWidth(s), s)
		}
	}
}
