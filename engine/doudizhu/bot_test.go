package doudizhu

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

func decide(g *Game, seat int) string {
	return BaselineBot{}.Decide(g.View(seat), cards.NewRand(1)).String()
}

func TestBaselineBotBids(t *testing.T) {
	g := rig(t, 1, 0, "3456789TJQKA2222R", "", "KKB")
	if got := decide(g, 0); got != "bid 3" { // a red joker, four 2s (a bomb)
		t.Errorf("strong hand: %s, want bid 3", got)
	}
	g = rig(t, 1, 0, plainH0, plainH1, plainBottom)
	if got := decide(g, 0); got != "pass" {
		t.Errorf("weak hand: %s, want pass", got)
	}
}

func TestBaselineBotPlays(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, "bid 2", "pass", "pass")
	if got := decide(g, 0); got != "play 3456789TJ" { // the straight from the lowest rank
		t.Errorf("lead: %s", got)
	}
	do(t, g, "play 3", "play K")
	if got := decide(g, 2); got != "pass" { // farmer 1 is winning: do not overtake
		t.Errorf("farmer over its partner: %s, want pass", got)
	}
	do(t, g, "pass")
	if got := decide(g, 0); got != "play A" { // the cheapest single above K
		t.Errorf("landlord on K: %s, want play A", got)
	}
	do(t, g, "play 2")
	if got := decide(g, 1); got != "pass" { // nothing beats a 2 but bombs
		t.Errorf("farmer on 2: %s, want pass", got)
	}
	if got := lead(mustHand(t, "333579")); got.String() != "3335" {
		t.Errorf("lead of 333579: %v, want the triple with the lowest single", got)
	}
	if got := lead(mustHand(t, "3333KK")); got.String() != "33" {
		t.Errorf("lead of 3333KK: %v, want 33", got)
	}
	if got := lead(mustHand(t, "BR")); got.String() != "BR" {
		t.Errorf("lead of BR: %v, want the rocket", got)
	}
}

// Three bots play whole matches; every move they make is legal.
func TestBaselineBotAlwaysLegal(t *testing.T) {
	for seed := range uint64(100) {
		g, _ := New(3)
		rng := cards.NewRand(seed)
		for !g.Done() {
			if g.Next() == engine.Chance {
				if err := g.Deal(rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := g.Next()
			if err := g.Apply(seat, BaselineBot{}.Decide(g.View(seat), rng)); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
}
