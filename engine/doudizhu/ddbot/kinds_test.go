package ddbot

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// Strong reads a seat that plays as the RLCard rule agent as the rule
// player, and one that plays as the split player as the split player, from
// their plays on the true deal.
func TestKindsReadHowSeatsPlay(t *testing.T) {
	players := [dd.Players]engine.Bot{New(Easy), RLCardBot{}, New(Easy)}
	var rule, split float64
	const deals = 20
	for seed := range uint64(deals) {
		g, _ := dd.New(1)
		rng := cards.NewRand(seed)
		if err := g.Deal(rng); err != nil {
			t.Fatal(err)
		}
		for played := 0; played < 24 && !g.Done() && g.Next() >= 0; {
			s := g.Next()
			if g.View(s).(*dd.View).Phase == dd.Playing {
				played++
			}
			if err := g.Apply(s, players[s].Decide(g.View(s), rng)); err != nil {
				t.Fatal(err)
			}
		}
		var hs [dd.Players]dd.Hand
		for s := range dd.Players {
			hs[s] = dd.HandOf(g.View(s).(*dd.View).Hand)
		}
		pl := getPolicy()
		odds := dealOf(g.View(0).(*dd.View)).ruleOdds(hs, pl)
		putPolicy(pl)
		rule += odds[1] / deals
		split += odds[2] / deals
	}
	t.Logf("odds of the rule player: rule seat %.2f, split seat %.2f", rule, split)
	if rule < 0.8 || split > 0.2 {
		t.Errorf("odds of the rule player: %.2f for the seat that plays so, %.2f for the split player; want ≥ 0.8 and ≤ 0.2", rule, split)
	}
}
