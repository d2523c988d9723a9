package trick

import (
	"math/rand/v2"
	"testing"

	"github.com/cardroom/cardroom/engine/cards"
)

// PlayFit: the true hands of seats that play as the heuristic explain every
// card they played (each weighs at least 1−noise, each seat half of that
// as one of two kinds of player); deals that swap cards between two of
// them leave some cards unexplained at times and weigh less; there is
// nothing to weigh before the first card of a round and in the forehead
// round (SR-9).
func TestPlayFit(t *testing.T) {
	for _, rs := range []string{"singularity", "specialrounds", "boerenbridge"} {
		t.Run(rs, func(t *testing.T) {
			g, err := New(rs, 4, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := cards.NewRand(3)
			weighed, less := 0, 0
			turns(t, g, rng, func(seat int) {
				v := g.ViewOf(seat)
				f := NewPlayFit(v, 0.3, 0.5)
				if (f == nil) != (v.Phase != PhasePlay || len(v.Played) == 0 || v.Modifier == Forehead) {
					t.Fatalf("round %d %s, %d played: weigher %v", v.Round, v.Phase, len(v.Played), f)
				}
				if f != nil && seat == 0 {
					weighed++
					hands := handsOf(g)
					explained := 1.0 / 8 // three other seats
					for _, p := range v.Played {
						if p.Seat != seat {
							explained *= 0.7
						}
					}
					if w := f.Weight(hands); w < explained || w > 1 {
						t.Fatalf("round %d: the true hands weigh %v, below %v", v.Round, w, explained)
					}
					if swapFirst(hands, 2, 3, false) && f.Weight(hands) < explained {
						less++
					}
				}
				playOn(t, g, v, seat, rng)
			})
			if weighed == 0 || less == 0 {
				t.Fatalf("%d decisions weighed, %d swapped deals weighed less", weighed, less)
			}
		})
	}
}

// PlayFit's prior: read as sure to play as the heuristic (1), seats that
// do explain every card at 1−noise with no share for the other kind; read
// as sure to say nothing (0), every deal that can be rebuilt weighs the
// same, swapped or not.
func TestPlayFitPrior(t *testing.T) {
	g, err := New("singularity", 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(5)
	checked := 0
	turns(t, g, rng, func(seat int) {
		v := g.ViewOf(seat)
		sure, none := NewPlayFit(v, 0.3, 1), NewPlayFit(v, 0.3, 0)
		if sure != nil && seat == 0 {
			hands := handsOf(g)
			explained := 1.0
			for _, p := range v.Played {
				if p.Seat != seat {
					explained *= 0.7
				}
			}
			if w := sure.Weight(hands); w < explained || w > 1 {
				t.Fatalf("round %d: prior 1, the true hands weigh %v, below %v", v.Round, w, explained)
			}
			plain := none.Weight(hands)
			if swapFirst(hands, 2, 3, true) {
				if w := none.Weight(hands); w != plain {
					t.Fatalf("round %d: prior 0, a swapped deal weighs %v, the true one %v", v.Round, w, plain)
				}
				checked++
			}
		}
		playOn(t, g, v, seat, rng)
	})
	if checked == 0 {
		t.Fatal("no swapped deal was weighed")
	}
}

// handsOf is every seat's hand in g.
func handsOf(g *Game) []cards.Hand {
	hands := make([]cards.Hand, g.r.players)
	for s := range hands {
		hands[s] = g.Hand(s)
	}
	return hands
}

// swapFirst swaps the first cards of seats a's and b's hands (of one suit
// only when sameSuit) and reports whether it did.
func swapFirst(hands []cards.Hand, a, b int, sameSuit bool) bool {
	ca, cb := hands[a].Cards(), hands[b].Cards()
	if len(ca) == 0 || len(cb) == 0 || sameSuit && ca[0].Suit() != cb[0].Suit() {
		return false
	}
	hands[a].Remove(ca[0])
	hands[a].Add(cb[0])
	hands[b].Remove(cb[0])
	hands[b].Add(ca[0])
	return true
}

// playOn makes seat's move: the baseline's, a random one for seat 0.
func playOn(t *testing.T, g *Game, v *View, seat int, rng *rand.Rand) {
	t.Helper()
	m := BaselineBot{}.Decide(v, rng)
	if seat == 0 {
		m = g.RandomMove(rng)
	}
	if err := g.Apply(seat, m); err != nil {
		t.Fatal(err)
	}
}
