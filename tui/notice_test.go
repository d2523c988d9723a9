package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/tables"
)

// A notice about the table (a seat away, the game on hold, the table
// reconnecting or closed, its game not saved) takes the row kept for it
// above the status line: when it comes and goes the table keeps its rows
// at 80×24 and 200×50 in every game, with its hand, its chat and its key
// bar; only the seats' own marks and the keys may change with it.
func TestTableNoticeLeavesTheTableInPlace(t *testing.T) {
	notices := []struct {
		name string
		set  func(tm *tableModel, s *tables.Snapshot)
	}{
		{"away", func(_ *tableModel, s *tables.Snapshot) {
			s.Seats = slices.Clone(s.Seats)
			s.Seats[0].Kind = tables.Away
		}},
		{"held", func(_ *tableModel, s *tables.Snapshot) { s.Held = true }},
		{"moving", func(_ *tableModel, s *tables.Snapshot) { s.Moving = true }},
		{"unsaved", func(_ *tableModel, s *tables.Snapshot) { s.Unsaved = true }},
		{"closed", func(tm *tableModel, s *tables.Snapshot) { tm.ended, s.Ended = true, "the server is shutting down" }},
	}
	for _, sc := range screens() {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			for _, n := range notices {
				name := sc.name + " " + n.name
				s := sc.snap(t)
				m := onTable(testModel(size[0], size[1], Settings{}), s)
				before := strings.Split(redrawn(m), "\n")
				with := s
				with.Version++
				n.set(m.table, &with)
				m.table.snapshot(with)
				note := stripANSI(m.table.notice())
				after := strings.Split(redrawn(m), "\n")
				checkFits(t, name, m.View(), size[0], size[1])
				if note == "" || !strings.Contains(strings.Join(after, "\n"), strings.TrimSuffix(note, "…")) {
					t.Fatalf("%s at %v: the notice %q is not on the screen:\n%s", name, size, note, strings.Join(after, "\n"))
				}
				for _, anchor := range []string{before[1], "╭", "good luck all", "carol left", "? help"} {
					i, j := rowOf(before, anchor), rowOf(after, anchor)
					// Away, the keys are fewer: the chat may go down a row to the key bar's
					if moves := anchor != before[1] && anchor != "╭" && n.name == "away"; i < 0 || j < 0 || i != j && !moves {
						t.Errorf("%s at %v: %q was on row %d, is on row %d with the notice:\n%s\n\nbefore:\n%s",
							name, size, anchor, i, j, strings.Join(after, "\n"), strings.Join(before, "\n"))
					}
				}
				if n.name != "away" { // nothing else changes: one row holds the notice
					var changed []string
					for i := range before {
						if before[i] != after[i] {
							changed = append(changed, after[i])
						}
					}
					if len(changed) != 1 {
						t.Errorf("%s at %v: these rows changed, not the notice's alone:\n%s", name, size, strings.Join(changed, "\n"))
					}
				}
				m.table.snapshot(s) // the notice goes: the screen is as before
				if back := strings.Split(redrawn(m), "\n"); n.name != "closed" && !slices.Equal(back, before) {
					t.Errorf("%s at %v: without the notice the screen is not as before:\n%s", name, size, strings.Join(back, "\n"))
				}
			}
		}
	}
}

// rowOf is the first row of lines that holds s, -1 for none.
func rowOf(lines []string, s string) int {
	return slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, s) })
}
