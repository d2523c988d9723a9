package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

// turnedSingularity is Singularity's round 11 while its dealer, seat 1,
// names trump after a turned Singularity (TR-3), as seat 0 sees it.
func turnedSingularity(t testing.TB) engine.Game {
	return midGame(t, "singularity", 4, nil, 1, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Phase == trick.PhaseTrump && v.Turned == cards.Singularity
	})
}

// While the dealer names trump after a turned Singularity, the round line
// says why, in 80 columns and wide, in every language.
func TestTurnedSingularitySaysWhyTheDealerNamesTrump(t *testing.T) {
	g := turnedSingularity(t)
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), snapshotOf(g, "Singularity", 0))
			v := plainView(m)
			want := m.tx.f("trump: %s names it", m.table.plainName(1)) + " (" + m.tx.get("turned") + " SG)"
			if !strings.Contains(v, want) {
				t.Errorf("%s %dx%d: the screen does not say %q:\n%s", lang, size[0], size[1], want, v)
			}
			checkFits(t, lang, v, size[0], size[1])
		}
	}
}
