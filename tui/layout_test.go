package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/tables"
)

// At every size from 80×24 up, each game screen shows the player's whole
// hand (no card cut by the bottom or the side) and fits the terminal.
func TestNoCardCutAtAnySize(t *testing.T) {
	for _, sc := range screens() {
		snap := sc.snap(t)
		n := len(snapHand(snap))
		top := "╭" + strings.Repeat("──┬", n-1) + "──╮"
		bottom := "╰" + strings.Repeat("──┴", n-1) + "──╯"
		for w := 80; w <= 220; w += 14 {
			for h := 24; h <= 60; h += 4 {
				m := onTable(testModel(w, h, Settings{}), snap)
				out := stripANSI(m.View())
				name := fmt.Sprintf("%s at %dx%d", sc.name, w, h)
				if !strings.Contains(out, top) || !strings.Contains(out, bottom) {
					t.Fatalf("%s: the hand of %d cards is cut:\n%s", name, n, out)
				}
				lines := strings.Split(m.View(), "\n")
				if len(lines) != h {
					t.Fatalf("%s: %d lines", name, len(lines))
				}
				for i, l := range lines {
					if lipgloss.Width(l) > w {
						t.Fatalf("%s: line %d is %d wide", name, i+1, lipgloss.Width(l))
					}
				}
			}
		}
	}
}

// Wider than 120 columns, the table sits in the middle of the screen, not
// at the left with the rest empty.
func TestWideTableIsCentred(t *testing.T) {
	for _, sc := range screens() {
		for _, w := range []int{140, 200} {
			m := onTable(goldenModel(w, 50, termenv.Ascii, Settings{}), sc.snap(t))
			lines := strings.Split(m.View(), "\n")
			left, right := w, w
			for _, l := range lines[1 : len(lines)-2] { // the header and the help bar span the screen
				if strings.TrimSpace(l) == "" {
					continue
				}
				left = min(left, len(l)-len(strings.TrimLeft(l, " ")))
				right = min(right, w-lipgloss.Width(strings.TrimRight(l, " ")))
			}
			if margin := (w-120)/2 - 1; left < margin || right < margin {
				t.Errorf("%s at %d wide: %d columns free on the left, %d on the right:\n%s", sc.name, w, left, right, m.View())
			}
		}
	}
}

// Wider than the table, the status line and the help bar start in the
// column the centred table starts in, as its header does.
func TestWideHelpBarLinesUpWithTheTable(t *testing.T) {
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	for _, sc := range screens() {
		for _, w := range []int{120, 200} {
			m := onTable(goldenModel(w, 50, termenv.Ascii, Settings{}), sc.snap(t))
			m.say("a note", false)
			lines := strings.Split(m.View(), "\n")
			head, status, bar := lines[0], lines[len(lines)-2], lines[len(lines)-1]
			want := (w - m.table.width()) / 2
			if indent(head) != want || indent(status) != want || indent(bar) != want {
				t.Errorf("%s at %d wide: header at column %d, status at %d, help bar at %d; want all at %d:\n%s",
					sc.name, w, indent(head), indent(status), indent(bar), want, m.View())
			}
		}
	}
}

// snapHand is the viewer's hand in a snapshot.
func snapHand(s tables.Snapshot) []cards.Card {
	tm := &tableModel{snap: s}
	return tm.hand()
}

// The 80×24 help bar at a trick table keeps esc, the move keys and ?, in
// every language, on its lines.
func TestHelpBarKeepsTheMoveKeysAt80(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		bar := lastLines(strings.TrimRight(plainView(m), "\n"), tableKeyRows)
		for _, k := range []string{"←→", "enter", "esc", "?"} {
			if !strings.Contains(bar, k) {
				t.Errorf("%s: the help bar %q has no %s", lang, bar, k)
			}
		}
	}
}

// Wider than a table, the lobby is drawn as wide as a table and centred,
// with its status line and help bar, so the online count stands at the end
// of its header, not at the terminal's edge.
func TestWideLobbyIsCentred(t *testing.T) {
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	m := withLobby(t, goldenModel(200, 50, termenv.Ascii, Settings{}))
	m.say("a note", false)
	lines := strings.Split(m.View(), "\n")
	head, status, bar := lines[0], lines[len(lines)-2], lines[len(lines)-1]
	want := (200 - maxWidth) / 2
	if indent(head) != want || indent(status) != want || indent(bar) != want || !strings.HasSuffix(head, "online") || visibleWidth(head) != want+maxWidth {
		t.Errorf("lobby at 200 wide: header at column %d (%d wide), status at %d, help bar at %d; want all at %d, the header %d wide:\n%s",
			indent(head), visibleWidth(head), indent(status), indent(bar), want, want+maxWidth, m.View())
	}
}
