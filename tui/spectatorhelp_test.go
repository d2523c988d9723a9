package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// A spectator's help offers only what a spectator can use: no seat to give
// up or leave, no moves to make; :leave is there as the end of watching.
func TestSpectatorHelpHasNoSeat(t *testing.T) {
	g := midGame(t, "singularity", 4, nil, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 4 && len(v.Trick) > 0
	})
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		s := snapshotOf(g, "Singularity", engine.Spectator)
		s.YouHost = false
		onTable(m, s)
		help := m.helpView()
		tx := m.tx
		for _, not := range []string{
			tx.get(":leave (give up your seat)"),
			tx.get("  you), L leaves the seat for good; the host starts with S."),
			tx.get("Trick games: digits then enter bid; ←→ choose a card, enter plays it;"),
		} {
			if strings.Contains(help, not) {
				t.Errorf("%s: a spectator's help offers %q:\n%s", lang, not, help)
			}
		}
		for _, want := range []string{
			tx.get(":leave (stop watching)"),
			tx.get("Watching a table: / talks, esc goes back to the lobby."),
		} {
			if !strings.Contains(help, want) {
				t.Errorf("%s: a spectator's help lacks %q:\n%s", lang, want, help)
			}
		}
	}
}

// No help screen splits a command from its arguments (":bot" at the end of
// one line, "N" on the next), in any language, at 80 columns and wider: in
// the lobby, and at a table for each set of commands its help lists.
func TestHelpKeepsACommandWithItsArguments(t *testing.T) {
	bare := regexp.MustCompile(`(^|\s):[a-z]+$`) // a command with nothing after it on its line
	check := func(name string, m *model, w int) {
		t.Helper()
		v := plainView(m)
		checkFits(t, name, m.View(), w, 24)
		lines := strings.Split(v, "\n")
		for i, l := range lines {
			if bare.MatchString(strings.TrimRight(l, " ")) && i+1 < len(lines) {
				t.Errorf("%s: a command ends a line, its arguments on the next:\n%s\n%s", name, l, lines[i+1])
			}
		}
		if m.table == nil {
			return
		}
		for _, c := range m.table.commandHelp() {
			syntax, _, _ := strings.Cut(c, " (")
			if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, syntax) }) {
				t.Errorf("%s: %q is not whole on one line:\n%s", name, syntax, v)
			}
		}
	}
	tableCases := []struct {
		name string
		set  func(s *tables.Snapshot)
	}{
		{"seated", func(s *tables.Snapshot) { s.YouHost = false }},
		{"host of a waiting private table", func(s *tables.Snapshot) { s.Private, s.Phase = true, tables.Waiting }},
		{"host with penalties", func(s *tables.Snapshot) { s.Ruleset = "boerenbridge" }},
		{"away", func(s *tables.Snapshot) {
			s.Seats = slices.Clone(s.Seats)
			s.Seats[s.You].Kind = tables.Away
		}},
		{"watching", func(s *tables.Snapshot) { s.You, s.YouHost = engine.Spectator, false }},
	}
	for _, lang := range []string{"en", "de", "nl"} {
		for _, admin := range []bool{false, true} {
			for w := 80; w <= 120; w++ {
				m := withLobby(t, testModel(w, 24, Settings{Lang: lang}))
				if admin {
					m.app.SetAdmins([]string{m.player.ID})
				}
				m.Update(keyMsg("?"))
				check(fmt.Sprintf("%s lobby help at %d (admin %v)", lang, w, admin), m, w)
				for _, c := range tableCases {
					m := midTrick(t, testModel(w, 24, Settings{Lang: lang}))
					if admin {
						m.app.SetAdmins([]string{m.player.ID})
					}
					s := m.table.snap
					c.set(&s)
					s.Version++
					m.table.snapshot(s)
					m.Update(keyMsg("?"))
					check(fmt.Sprintf("%s table help, %s, at %d (admin %v)", lang, c.name, w, admin), m, w)
				}
			}
		}
	}
}

// The help over a running table keeps every key of the table on a 24-row
// screen, for a seated host who is an admin too (the longest help), in
// every language: blank lines go first.
func TestTableHelpKeepsItsKeysOn24Rows(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		m.app.SetAdmins([]string{m.player.ID})
		keys := m.table.keys()
		m.Update(keyMsg("?"))
		v := plainView(m)
		checkFits(t, lang+" admin's table help", m.View(), 80, 24)
		for _, k := range keys {
			if !strings.Contains(v, k.keys+" "+k.does) {
				t.Errorf("%s: the help lacks the key %q %q:\n%s", lang, k.keys, k.does, v)
			}
		}
	}
}
