package trick

import (
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
					hands := make([]cards.Hand, 4)
					for s := range hands {
						hands[s] = g.Hand(s)
					}
					explained := 1.0 / 8 // three other seats
					for _, p := range v.Played {
						if p.Seat != seat {
							explained *= 0.7
						}
					}
					if w := f.Weight(hands); w < explained || w > 1 {
						t.Fatalf("round %d: the true hands weigh %v, below %v", v.Round, w, explained)
					}
					if a, b := hands[2].Cards(), hands[3].Cards(); len(a) > 0 && len(b) > 0 {
						hands[2].Remove(a[0])
						hands[2].Add(b[0])
						hands[3].Remove(b[0])
						hands[3].Add(a[0])
						if f.Weight(hands) < explained {
							less++
						}
					}
				}
				m := BaselineBot{}.Decide(v, rng)
				if seat == 0 {
					m = g.RandomMove(rng)
				}
				if err := g.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
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
			hands := make([]cards.Hand, 4)
			for s := range hands {
				hands[s] = g.Hand(s)
			}
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
			if a, b := hands[2].Cards(), hands[3].Cards(); len(a) > 0 && len(b) > 0 && a[0].Suit() == b[0].Suit() {
				hands[2].Remove(a[0])
				hands[2].Add(b[0])
				hands[3].Remove(b[0])
				hands[3].Add(a[0])
				if w := none.Weight(hands); w != plain {
					t.Fatalf("round %d: prior 0, a swapped deal weighs %v, the true one %v", v.Round, w, plain)
				}
				checked++
			}
		}
		m := BaselineBot{}.Decide(v, rng)
		if seat == 0 {
			m = g.RandomMove(rng)
		}
		if err := g.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
	})
	if checked == 0 {
		t.Fatal("no swapped deal was weighed")
	}
}
