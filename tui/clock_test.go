package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// clockModel is a table screen whose app reads *now.
func clockModel(t *testing.T, now *time.Time) *model {
	t.Helper()
	app := NewApp(nil, games.Registry(), func() time.Time { return *now })
	m := newModel(app, newFakeSession(80, 24, termenv.Ascii), lobby.Entry{Player: tables.Player{ID: "SHA256:test", Name: "alice"}}, Settings{Lang: "en", Glyphs: Unicode})
	return onTable(m, screens()[0].snap(t))
}

func timerText(t *testing.T, m *model) string {
	t.Helper()
	m.drawn = ""
	first := strings.SplitN(m.View(), "\n", 2)[0]
	i := strings.Index(first, "⏱")
	if i < 0 {
		t.Fatalf("no countdown in the header %q", first)
	}
	return strings.TrimSpace(first[i:])
}

// The countdown goes on counting when snapshots arrive between its ticks
// (bots moved, a chat line came), and after a resize: a tick is never lost
// to a newer snapshot.
func TestClockCountsThroughSnapshots(t *testing.T) {
	now := fixedNow
	m := clockModel(t, &now)
	tm := m.table
	if !tm.ticking {
		t.Fatal("a snapshot with a deadline started no countdown")
	}
	seen := []string{timerText(t, m)}
	for i := range 5 {
		// Mid-tick: a new snapshot, the same deadline, a newer version.
		s := tm.snap
		s.Version += 1
		m.Update(snapMsg{s: s, sub: nil, ok: true})
		if i == 2 {
			m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
		}
		now = now.Add(time.Second)
		_, cmd := m.Update(tickMsg{tm: tm, seq: tm.tickSeq})
		if cmd == nil {
			t.Fatalf("tick %d asked for no next tick", i)
		}
		seen = append(seen, timerText(t, m))
	}
	for i := 1; i < len(seen); i++ {
		if seen[i] == seen[i-1] {
			t.Fatalf("the countdown stood still: %q", seen)
		}
	}
	if seen[0] != "⏱ 42 s" || seen[len(seen)-1] != "⏱ 37 s" {
		t.Fatalf("countdown %q, want 42 s down to 37 s", seen)
	}
}

// A tick of a ticker the screen no longer runs is dropped: one ticker at a
// time, however many snapshots came.
func TestClockOneTicker(t *testing.T) {
	now := fixedNow
	m := clockModel(t, &now)
	tm := m.table
	stale := tickMsg{tm: tm, seq: tm.tickSeq - 1}
	if _, cmd := m.Update(stale); cmd != nil {
		t.Fatal("a stale tick started another ticker")
	}
	other := tickMsg{tm: &tableModel{}, seq: tm.tickSeq}
	if _, cmd := m.Update(other); cmd != nil {
		t.Fatal("another table screen's tick started a ticker")
	}
}

// At ten seconds the countdown turns to the warning style, and the bell
// rings once for a player who wants it.
func TestClockWarns(t *testing.T) {
	now := fixedNow
	m := clockModel(t, &now)
	tm := m.table
	rang := 0
	m.sess = bellSession{m.sess.(*fakeSession), &rang}
	m.set.Bell = true
	now = tm.snap.Deadline.Add(-11 * time.Second)
	if tm.warn() != nil {
		t.Fatal("the bell would ring at 11 s")
	}
	now = tm.snap.Deadline.Add(-10 * time.Second)
	bell := tm.warn()
	if bell == nil {
		t.Fatal("no bell at 10 s")
	}
	bell()
	now = tm.snap.Deadline.Add(-9 * time.Second)
	if tm.warn() != nil || rang != 1 {
		t.Fatalf("the bell rang %d times from 10 s on, want once", rang)
	}
	if got := timerText(t, m); got != "⏱ 9 s" {
		t.Fatalf("timer %q", got)
	}
	m.set.Bell = false
	tm.warned = time.Time{}
	if tm.warn() != nil {
		t.Fatal("the bell rings for a player who turned it off")
	}
}

type bellSession struct {
	*fakeSession
	n *int
}

func (b bellSession) Bell() { *b.n++ }

// Another player's countdown is shown, never in the warning style: only
// the player to move is warned.
func TestClockWarnsOnlyOnYourTurn(t *testing.T) {
	now := fixedNow
	app := NewApp(nil, games.Registry(), func() time.Time { return now })
	m := newModel(app, newFakeSession(80, 24, termenv.ANSI256), lobby.Entry{Player: tables.Player{ID: "SHA256:test", Name: "alice"}}, Settings{Lang: "en", Glyphs: Unicode})
	m = onTable(m, screens()[0].snap(t))
	tm := m.table
	now = tm.snap.Deadline.Add(-9 * time.Second)
	warn := m.st.Err.Render("⏱ 9 s")
	tm.myTurn = true
	if h := tm.header(); !strings.Contains(h, warn) {
		t.Fatalf("my turn, 9 s left: header %q has no warning %q", h, warn)
	}
	tm.myTurn = false
	if h := tm.header(); strings.Contains(h, warn) || !strings.Contains(h, "9 s") {
		t.Fatalf("another's turn, 9 s left: header %q", h)
	}
}
