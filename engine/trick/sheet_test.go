package trick

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// SC-1: the score sheet holds, per round and seat, the bid, the tricks
// taken and the score, and each score follows from the bid and the tricks.
func TestSC1_SheetHoldsBidsTricksAndScores(t *testing.T) {
	g, err := New("singularity", 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(21)
	for !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := g.Next()
		l := g.Legal(s)
		if err := g.Apply(s, l[rng.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(0).(*View)
	if len(v.Sheet) != v.Rounds {
		t.Fatalf("%d sheet rows for %d rounds", len(v.Sheet), v.Rounds)
	}
	for _, r := range v.Sheet {
		took := 0
		for s := range v.Players {
			took += r.Took[s]
			if want := Score(Standard, r.Bids[s], r.Took[s], r.Cards); r.Scores[s] != want {
				t.Errorf("round %d seat %d: bid %d took %d scored %d, want %d", r.Round, s, r.Bids[s], r.Took[s], r.Scores[s], want)
			}
		}
		if took != r.Cards {
			t.Errorf("round %d: %d tricks taken of %d", r.Round, took, r.Cards)
		}
	}
}
