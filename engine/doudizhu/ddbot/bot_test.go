package ddbot

import (
	"math/rand/v2"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// randomBot plays a uniformly random legal move.
type randomBot struct{}

func (randomBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	l := v.LegalMoves()
	return l[rng.IntN(len(l))]
}

// A quick strength check that fits in CI: normal, with a small budget and
// no clock, beats random play in nearly every game.
func TestNormalBeatsRandom(t *testing.T) {
	b := New(Normal)
	b.Budget, b.Rollouts = 0, 60
	r := Tournament(b, randomBot{}, Options{Deals: 30, Seed: 3})
	if r.WinRate < 0.85 {
		t.Errorf("normal vs random: win rate %.3f over %d games, want ≥ 0.85\n%s", r.WinRate, r.Games, r)
	}
}

func TestSplitPlays(t *testing.T) {
	for _, tc := range []struct {
		hand  string
		plays int
	}{
		{"3456789TJQKA2", 2},   // a straight and a 2
		{"334455", 1},          // a pair sequence
		{"33344456", 1},        // an airplane with two single wings
		{"33345", 2},           // a triple with a single, a single
		{"3333BR", 2},          // a bomb, the rocket
		{"3344556677889", 2},   // a pair sequence 3…8 and a single (or a straight and a pair sequence)
		{"333444555666777", 1}, // one airplane
		{"34567789TJ", 2},      // two straights
	} {
		h, err := dd.ParseHand(tc.hand)
		if err != nil {
			t.Fatal(err)
		}
		if got := newSplitter().plays(h); got != tc.plays {
			t.Errorf("plays(%s) = %d, want %d", tc.hand, got, tc.plays)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range []Level{Easy, Normal, Strong} {
		if got, err := ParseLevel(l.String()); got != l || err != nil {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", l, got, err, l)
		}
	}
	if _, err := ParseLevel("hard"); err == nil {
		t.Error(`ParseLevel("hard"): no error`)
	}
}

// Strong bids from lower landlord shares than normal (bidShares): with the
// same quick deals it bids whenever normal does, and on some hands normal
// passes.
func TestStrongBidsBolderThanNormal(t *testing.T) {
	bids := func(b Bot) (n int) {
		b.Budget, b.Rollouts = 0, 200
		for seed := range uint64(40) {
			g, _ := dd.New(1)
			if err := g.Deal(cards.NewRand(seed)); err != nil {
				t.Fatal(err)
			}
			if m := b.Decide(g.View(g.Next()), rand.New(rand.NewPCG(seed, 1))); m.Kind == engine.Bid {
				n++
			}
		}
		return n
	}
	strong, normal := bids(New(Strong)), bids(New(Normal))
	if strong <= normal {
		t.Errorf("first bidders of 40 deals: strong bid %d times, normal %d; want strong more often", strong, normal)
	}
	t.Logf("strong bid %d times, normal %d", strong, normal)
}
