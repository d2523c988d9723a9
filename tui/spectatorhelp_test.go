package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
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
