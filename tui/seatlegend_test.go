package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"testing"

	"github.com/cardroom/cardroom/lobby"
)

// The lobby's legend of ★ says how to get back to the seat in every
// language, whether the cursor is on its table (enter returns) or on
// another (choose it first), and fits the screen.
func TestSeatLegendSaysHowToReturn(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			for sel, want := range map[int]string{0: "your seat — enter to return", 1: "your seat — choose it, then enter to return"} {
				m := withLobby(t, testModel(size[0], size[1], Settings{Lang: lang}))
				m.lobbySel = sel
				out := stripANSI(m.View())
				if legend := seatMark(m.st) + " " + m.tx.get(want); !strings.Contains(out, legend) {
					t.Errorf("%s %dx%d, cursor on table %d: no %q in\n%s", lang, size[0], size[1], sel+1, legend, out)
				}
				checkFits(t, "lobby "+lang, m.View(), size[0], size[1])
			}
		}
	}
}

// With the cursor on a table of unusual rules, the legend keeps a line of
// its own and the rules are named whole under it.
func TestSeatLegendBesideUnusualRules(t *testing.T) {
	usual, odd := usualAndOddTables()
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		mine := lobby.TableInfo{Summary: usual}
		mine.Owners[0] = m.player.ID
		m.lobbyU = lobby.Update{Version: 1, Tables: []lobby.TableInfo{mine, {Summary: odd}}}
		m.lobbySel = 1
		v := plainView(m)
		tx := m.tx
		if legend := seatMark(m.st) + " " + tx.get("your seat — choose it, then enter to return"); !strings.Contains(v, legend) {
			t.Errorf("%s: no %q in\n%s", lang, legend, v)
		}
		if flat, off := strings.Join(strings.Fields(v), " "), tx.get("Turn timer")+" "+tx.get("off"); !strings.Contains(flat, off) {
			t.Errorf("%s: the rules are cut before %q:\n%s", lang, off, v)
		}
		checkFits(t, "lobby "+lang, m.View(), 80, 24)
	}
}

// On the table where the player has a seat the key bar offers enter to go
// back, not w: watching it would seat them again and run their clock, so w
// says what enter does instead, in every language.
func TestWatchOwnSeatSaysEnterGoesBack(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := withLobby(t, testModel(80, 24, Settings{Lang: lang}))
		m.lobbySel = 0
		bar := strings.Join(strings.Fields(stripANSI(m.View())), " ")
		if watch, back := "w "+m.tx.get("watch"), "enter "+m.tx.get("back"); strings.Contains(bar, watch) || !strings.Contains(bar, back) {
			t.Errorf("%s: on the own table the key bar should offer %q, not %q:\n%s", lang, back, watch, stripANSI(m.View()))
		}
		if _, cmd := m.Update(key("w")); cmd != nil || m.screen != lobbyScreen {
			t.Errorf("%s: w on the own table went to it", lang)
		}
		if want := m.tx.get("You have a seat at this table: enter takes you back to it."); m.status != want || !strings.Contains(plainView(m), want) {
			t.Errorf("%s: w on the own table said %q, want %q on screen", lang, m.status, want)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyDown})
		if bar := strings.Join(strings.Fields(stripANSI(m.View())), " "); !strings.Contains(bar, "w "+m.tx.get("watch")) {
			t.Errorf("%s: on another table the key bar lacks w:\n%s", lang, stripANSI(m.View()))
		}
	}
}
