package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/games"
)

// Every bid of the bidding shows at 80 columns, in every language: a line
// too short for the bottom cards, their hint and the bids goes on in the
// line below, or, with a warning there, leaves the hint out.
func TestDouDizhuEveryBidShows(t *testing.T) {
	r, _ := games.Registry().Lookup("doudizhu")
	g, _, err := r.Start(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Deal(cards.NewRand(3)); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []engine.Move{engine.BidMove(1), engine.PassMove(), engine.BidMove(3)} {
		if err := g.Apply(g.Next(), mv); err != nil {
			t.Fatal(err)
		}
	}
	lord := g.View(0).(*doudizhu.View).Landlord
	for _, lang := range []string{"en", "de", "nl"} {
		for _, warned := range []bool{false, true} {
			s := snapshotOf(g, "Dou Dizhu", lord)
			for i := range s.Seats {
				if i != lord {
					s.Seats[i].Name = []string{"Maximilian", "Grace-Annabel", "Jürgen-Otto"}[i]
				}
			}
			if warned { // a seat down to its last cards: the warning keeps its line
				v := *s.View.(*doudizhu.View)
				v.Counts[(lord+1)%3] = 2
				s.View = &v
			}
			m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
			v := m.table.snap.View.(*doudizhu.View)
			scr := plainView(m)
			for _, bd := range v.Bids {
				what := m.tx.get("passed")
				if bd.N > 0 {
					what = string(rune('0' + bd.N))
				}
				if want := m.table.plainName(bd.Seat) + " " + what; !strings.Contains(scr, want) {
					t.Errorf("%s, warning %v: the bid %q is not on the screen:\n%s", lang, warned, want, scr)
				}
			}
			if hint := m.tx.get("(marked in your hand)"); strings.Contains(scr, hint) == warned {
				t.Errorf("%s, warning %v: the hint shows %v:\n%s", lang, warned, !warned, scr)
			}
			if warned && !strings.Contains(scr, "! ") {
				t.Errorf("%s: the warning is not on the screen:\n%s", lang, scr)
			}
		}
	}
}
