package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// Around the table, the seat that won the trick just complete says so in
// its own block, not in the line under the table, which reads as the
// viewer's.
func TestTrickWinnerSaysSoInItsBlock(t *testing.T) {
	g := playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Phase == trick.PhasePlay && len(v.Trick) == 0 && len(v.LastTrick) > 0 && v.LastWinner > 0
	})
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(200, 50, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0))
		v := m.table.snap.View.(*trick.View)
		won := m.tx.get("won the trick")
		for i, b := range m.table.trickBlocks(v) {
			has := strings.Contains(stripANSI(strings.Join(b.lines, "\n")), won)
			if has != (i == v.LastWinner) {
				t.Errorf("%s: seat %d's block %q; the trick's winner is seat %d", lang, i, b.lines, v.LastWinner)
			}
		}
		if centre, _ := m.table.trickCentre(v); centre != "" {
			t.Errorf("%s: the line under the table reads %q", lang, stripANSI(centre))
		}
	}
}
