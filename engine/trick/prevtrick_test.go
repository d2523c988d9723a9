package trick

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// From a round's deal until its first trick is complete, the view keeps
// the round before's last trick as PrevTrick, for every seat and
// spectators alike, through a trump-choice draw, the naming of trump and
// the bids; LastTrick stays the trick of the round in play.
func TestPrevTrickThroughATrumpChoiceRound(t *testing.T) {
	g := start(t, "boerenbridge", 4, "special_rounds=1:forehead,2:trump_choice")
	rng := rand.New(rand.NewPCG(1, 2))
	var last []Played
	lastWinner := -1
	sawBids := false
	for steps := 0; ; steps++ {
		if steps > 200 {
			t.Fatal("round 2's first trick never completed")
		}
		for _, seat := range []int{0, 1, engine.Spectator} {
			v := g.ViewOf(seat)
			switch {
			case v.Round == 2 && !g.dealt && last == nil: // round 1, one card each, is just over
				last, lastWinner = v.LastTrick, slices.Index(v.Sheet[0].Took, 1)
				if len(last) != 4 || v.LastWinner != lastWinner {
					t.Fatalf("round 1's trick %v by %d; its winner is %d", last, v.LastWinner, lastWinner)
				}
			case v.Round == 2 && !g.dealt: // the draw: the trick just won stays the last trick
				if !slices.Equal(v.LastTrick, last) || v.PrevTrick != nil {
					t.Fatalf("seat %d in the draw: last %v, prev %v; want last %v", seat, v.LastTrick, v.PrevTrick, last)
				}
			case v.Round == 2 && len(v.LastTrick) == 0:
				if !slices.Equal(v.PrevTrick, last) || v.PrevWinner != lastWinner {
					t.Fatalf("seat %d in round 2's %v phase: prev %v by %d; want %v by %d", seat, v.Phase, v.PrevTrick, v.PrevWinner, last, lastWinner)
				}
				sawBids = sawBids || v.Phase == PhaseBid
			case v.Round == 2:
				if v.PrevTrick != nil || v.PrevWinner != -1 {
					t.Fatalf("seat %d after round 2's first trick: prev %v by %d", seat, v.PrevTrick, v.PrevWinner)
				}
				if !sawBids {
					t.Fatal("never saw round 2's bids")
				}
				return
			}
		}
		if g.Next() == engine.Chance {
			if err := g.Deal(cards.NewRand(uint64(steps))); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := g.Next()
		legal := g.Legal(seat)
		if err := g.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// A view's PrevTrick is its own: changing it changes neither the game nor
// the next view.
func TestPrevTrickIsAFreshValue(t *testing.T) {
	g := start(t, "singularity", 3)
	rng := rand.New(rand.NewPCG(3, 4))
	for g.ViewOf(0).PrevTrick == nil {
		if g.Next() == engine.Chance {
			if err := g.Deal(cards.NewRand(5)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		legal := g.Legal(g.Next())
		if err := g.Apply(g.Next(), legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	v := g.ViewOf(0)
	want := slices.Clone(v.PrevTrick)
	v.PrevTrick[0].Card = cards.None
	if got := g.ViewOf(0).PrevTrick; !slices.Equal(got, want) {
		t.Fatalf("PrevTrick %v after a view's was changed; want %v", got, want)
	}
}
