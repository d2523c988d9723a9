package ddbot

import (
	"math/rand/v2"
	"testing"

	"cardroom/engine"
)

// randomBot plays a uniformly random legal move.
type randomBot struct{}

func (randomBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	l := v.LegalMoves()
	return l[rng.IntN(len(l))]
}

func TestQuickStrength(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b engine.Bot
	}{
		{"easy-rlcard", New(Easy), RLCardBot{}},
		{"normal-rlcard", New(Normal), RLCardBot{}},
		{"strong-rlcard", New(Strong), RLCardBot{}},
	} {
		r := Tournament(tc.a, tc.b, Options{Deals: 100, Seed: 7})
		t.Logf("%s:\n%s", tc.name, r)
	}
}
