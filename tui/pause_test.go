package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine/trick"
)

// `.` shows the previous trick beside the trick being played, labelled;
// it goes away on the next key, and on the next card played.
func TestPreviousTrickOverlay(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := midTrick(t, testModel(size[0], size[1], Settings{}))
		trickLine := func() string {
			m.drawn = ""
			return plainView(m)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
		screen := trickLine()
		if !strings.Contains(screen, "Previous trick:") || !strings.Contains(screen, "J♣") {
			t.Fatalf("%v: the overlay hides the trick or is not labelled:\n%s", size, screen)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRight})
		if strings.Contains(trickLine(), "Previous trick:") {
			t.Fatalf("%v: the overlay stayed after a key", size)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
		s := m.table.snap
		v := *s.View.(*trick.View)
		v.Played = append(v.Played[:len(v.Played):len(v.Played)], trick.Played{Seat: 0})
		s.View, s.Version = &v, s.Version+1
		m.Update(snapMsg{s: s, ok: true})
		if strings.Contains(trickLine(), "Previous trick:") {
			t.Fatalf("%v: the overlay stayed after a card was played", size)
		}
	}
}

// While the table holds a completed trick, it is the trick on screen: its
// winner named.
func TestHeldTrickShown(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := heldTrick(t, testModel(size[0], size[1], Settings{}))
		screen := plainView(m)
		if !strings.Contains(screen, "Claude won") {
			t.Fatalf("%v: no winner named:\n%s", size, screen)
		}
		m.table.snap.Paused = false
		m.table.gen++
		m.drawn = ""
		if strings.Contains(plainView(m), "Claude won the trick") {
			t.Fatalf("%v: the held line stayed after the pause", size)
		}
	}
}

// plainView is the model's frame without its colours.
func plainView(m *model) string { return ansi.Strip(m.View()) }
