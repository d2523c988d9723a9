package doudizhu

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
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

// DD-20, DD-21, DD-22: each finished deal's summary agrees with its score:
// the landlord wins or loses 2 × bid × multiplier, the multiplier is 2^bombs,
// doubled once more for a spring or anti-spring.
func TestDD22_DealSummariesAgreeWithScores(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, _ := New(3)
		rng := cards.NewRand(seed)
		for !g.Done() {
			if g.Next() == engine.Chance {
				if err := g.Deal(rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			s := g.Next()
			legal := g.Legal(s)
			if err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		v := g.View(engine.Spectator).(*View)
		if len(v.Sums) != 3 || len(v.Scores) != 3 {
			t.Fatalf("seed %d: %d summaries, %d scores", seed, len(v.Sums), len(v.Scores))
		}
		for d, sum := range v.Sums {
			mult := 1 << sum.Bombs
			if sum.Spring || sum.AntiSpring {
				mult *= 2
			}
			want := 2 * sum.Bid * mult
			if !sum.LandlordWon {
				want = -want
			}
			if sum.Multiplier != mult || v.Scores[d][sum.Landlord] != want {
				t.Errorf("seed %d deal %d: %+v, landlord scored %d, want %d", seed, d+1, sum, v.Scores[d][sum.Landlord], want)
			}
		}
	}
}
