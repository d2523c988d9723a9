package trick

import (
	"testing"

	"github.com/cardroom/cardroom/engine/cards"
)

// The baseline bot must beat random play clearly: seats 0 and 2 are bots,
// 1 and 3 play random legal moves, over seeded games of each rule set.
func TestBaselineBotBeatsRandom(t *testing.T) {
	for _, rs := range []string{"singularity", "specialrounds", "boerenbridge"} {
		bot, random := 0, 0
		for seed := range uint64(20) {
			g, err := New(rs, 4, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := cards.NewRand(seed)
			turns(t, g, rng, func(seat int) {
				m := g.RandomMove(rng)
				if seat%2 == 0 {
					m = BaselineBot{}.Decide(g.View(seat), rng)
				}
				if err := g.Apply(seat, m); err != nil {
					t.Fatalf("%s: %v", rs, err)
				}
			})
			tot := g.Result().Totals
			bot += tot[0] + tot[2]
			random += tot[1] + tot[3]
		}
		t.Logf("%s: bots %d, random %d over 20 games", rs, bot, random)
		if bot <= random {
			t.Errorf("%s: bots scored %d, random players %d", rs, bot, random)
		}
	}
}

func BenchmarkBaselineBotDecide(b *testing.B) {
	g, _ := New("singularity", 4, nil)
	skipTo(g, 10, 0)
	rng := cards.NewRand(1)
	if err := g.Deal(rng); err != nil {
		b.Fatal(err)
	}
	for range 7 {
		g.Apply(g.Next(), BaselineBot{}.Decide(g.View(g.Next()), rng))
	}
	v := g.View(g.Next())
	b.ReportAllocs()
	for b.Loop() {
		BaselineBot{}.Decide(v, rng)
	}
}
