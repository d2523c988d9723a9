package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// On a wide screen the table keeps its place from round to round: the
// blind round's long note goes on to the right instead of moving the
// table, and still fits the screen.
func TestTableStaysPutWhenTheNoteGrows(t *testing.T) {
	at := func(round int) engine.Game {
		return playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
			v := g.View(0).(*trick.View)
			return v.Round == round && v.Phase == trick.PhaseBid
		})
	}
	margin := func(g engine.Game, lang string) (int, int) {
		m := onTable(testModel(200, 50, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0))
		checkFits(t, "table", m.View(), 200, 50)
		widest := 0
		lines := strings.Split(stripANSI(m.View()), "\n")
		for _, l := range lines {
			widest = max(widest, visibleWidth(l))
		}
		first := lines[0]
		return len(first) - len(strings.TrimLeft(first, " ")), widest
	}
	for _, lang := range []string{"en", "de", "nl"} {
		plain, _ := margin(at(9), lang)
		blind, widest := margin(at(10), lang)
		if widest <= plain+maxWidth {
			t.Fatalf("%s: the blind round's note is not wider than the table: the test shows nothing", lang)
		}
		if plain != blind {
			t.Errorf("%s: the table starts at column %d in round 9 and at %d in the blind round", lang, plain, blind)
		}
	}
}
