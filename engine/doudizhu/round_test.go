package doudizhu

import (
	"testing"

	"cardroom/engine"
	"cardroom/engine/cards"
)

// DD-23: a match of N deals counts its deals; redeals (DD-5) do not count.
func TestDD23_RoundCountsDealsNotRedeals(t *testing.T) {
	g, err := New(2)
	if err != nil {
		t.Fatal(err)
	}
	if g.Round() != 0 {
		t.Fatalf("before the first deal: Round %d, want 0", g.Round())
	}
	rng := cards.NewRand(3)
	max := 0
	for !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if r := g.Round(); r < max || r > 2 {
			t.Fatalf("Round went from %d to %d", max, r)
		}
		max = g.Round()
		s := g.Next()
		legal := g.Legal(s)
		if err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	if g.Round() != 2 {
		t.Fatalf("after a 2-deal match: Round %d, want 2", g.Round())
	}
}
