package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/tables"
)

// After one timeout the line saying the bot moved goes on the status line:
// the table keeps its rows (at 80×24, in Dou Dizhu and a trick game, in
// every language), and the line goes once the player is back.
func TestTimeoutLineLeavesTheTableInPlace(t *testing.T) {
	for _, g := range []struct {
		ruleset string
		players int
		title   string
	}{{"doudizhu", 3, "Dou Dizhu"}, {"singularity", 4, "Singularity"}} {
		s := snapSeries(t, g.ruleset, g.players, 2, g.title, 0, 2)[0]
		for _, lang := range []string{"en", "de", "nl"} {
			m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
			before := strings.Split(stripANSI(m.View()), "\n")
			out := s
			out.Seats = append([]tables.SeatInfo(nil), s.Seats...)
			out.Seats[0].Kind, out.Seats[0].TimedOut, out.BotRounds = tables.Away, true, []int{1}
			out.Version++
			m.table.snapshot(out)
			m.drawn = ""
			note := m.table.timeoutLine()
			after := strings.Split(stripANSI(m.View()), "\n")
			checkFits(t, g.title, m.View(), 80, 24)
			if note == "" || len(before) != len(after) {
				t.Fatalf("%s %s: no timeout line %q, or %d lines then %d", g.title, lang, note, len(before), len(after))
			}
			var changed []string
			for i := range before {
				if before[i] != after[i] {
					changed = append(changed, after[i])
				}
			}
			if len(changed) != 1 || !strings.Contains(changed[0], note) {
				t.Errorf("%s %s: the timeout changed these lines, not the status line alone:\n%s\n\nbefore:\n%s\nafter:\n%s",
					g.title, lang, strings.Join(changed, "\n"), strings.Join(before, "\n"), strings.Join(after, "\n"))
			}
			back := s
			back.Version = out.Version + 1
			m.table.snapshot(back)
			m.drawn = ""
			if strings.Contains(stripANSI(m.View()), note) {
				t.Errorf("%s %s: the timeout line stays once the player is back", g.title, lang)
			}
		}
	}
}
