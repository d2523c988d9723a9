package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
)

// The table's key bar names every key at every width from 80 to 200
// columns (centred or not, on one line or wrapped), in every game, seated
// and watching, in every language, with the narrow and the wide layout.
func TestTableKeyBarNamesEveryKeyAtEveryWidth(t *testing.T) {
	for _, g := range keyBarGames {
		for _, you := range []int{0, engine.Spectator} {
			for _, s := range snapSeries(t, g.ruleset, g.players, 3, g.title, you, 2)[:1] {
				for _, lang := range []string{"en", "de", "nl"} {
					for _, h := range []int{24, 40} {
						for w := 80; w <= 200; w++ {
							m := onTable(testModel(w, h, Settings{Lang: lang}), s)
							view := stripANSI(m.View())
							checkFits(t, g.title, view, w, h)
							low := lastLines(view, tableKeyRows)
							for _, k := range m.table.keys() {
								if key := k.keys + " " + k.does; !strings.Contains(low, key) {
									t.Fatalf("%s %s seat %d at %d×%d: the key bar leaves out %q:\n%s", g.title, lang, you, w, h, key, view)
								}
							}
						}
					}
				}
			}
		}
	}
}
