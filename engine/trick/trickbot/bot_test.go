package trickbot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

// playTo plays a seeded game with the baseline bot until the n-th decision
// of seat that has more than one legal move in phase.
func playTo(t *testing.T, ruleset string, opts engine.Options, seed uint64, seat int, phase trick.Phase, n int) *trick.Game {
	t.Helper()
	g, err := trick.New(ruleset, 4, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(seed)
	for !g.Done() {
		s := g.Next()
		if s == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		v := g.ViewOf(s)
		if s == seat && v.Phase == phase && len(v.Legal) > 1 {
			if n--; n < 0 {
				return g
			}
		}
		if err := g.Apply(s, trick.BaselineBot{}.Decide(v, rng)); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game ended first")
	return nil
}

// No peeking (ON-4): two games whose views for the seat are equal, with
// other cards in the other seats' hands, get the same decisions from the
// same seeds — the bot's moves, and so their distribution, depend on the
// view alone.
func TestNoPeeking(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		phase   trick.Phase
		n       int
	}{
		{"singularity", trick.PhasePlay, 30}, // mid-round, after voids may show
		{"singularity", trick.PhaseBid, 8},
		{"boerenbridge", trick.PhasePlay, 25},
		{"specialrounds", trick.PhaseBid, 4}, // round 5: trump choice (SR-6)
	} {
		t.Run(fmt.Sprintf("%s/%s", c.ruleset, c.phase), func(t *testing.T) {
			g := playTo(t, c.ruleset, nil, 5, 1, c.phase, c.n)
			v := g.ViewOf(1)
			other := otherHands(t, g, v)
			h, err := trick.FromView(v, other)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(h.ViewOf(1), v) {
				t.Fatal("the two games' views differ")
			}
			for _, level := range []Level{Easy, Normal, Strong} {
				// Without the wall-clock guard: on a loaded machine it would
				// cut the two decisions after different amounts of work.
				bot := New(level).Unbounded()
				for seed := range uint64(2) {
					a := bot.Decide(g.View(1), rand.New(rand.NewPCG(seed, 9)))
					b := bot.Decide(h.View(1), rand.New(rand.NewPCG(seed, 9)))
					if a != b {
						t.Fatalf("%s, seed %d: %v with the true hands, %v with others", level, seed, a, b)
					}
				}
			}
		})
	}
}

// otherHands deals the hidden cards again, so that some seat's hand differs
// from the game's.
func otherHands(t *testing.T, g *trick.Game, v *trick.View) []cards.Hand {
	t.Helper()
	s := newSampler(v, Config{})
	rng := cards.NewRand(77)
	for range 100 {
		hands := s.deal(rng)
		for seat := range hands {
			if hands[seat] != g.Hand(seat) {
				return hands
			}
		}
	}
	t.Fatal("no other deal of the hidden cards")
	return nil
}

// The sampler deals the seat its own hand, every other seat as many cards as
// it holds, none of a suit it has shown it lacks, and no card seen.
func TestSamplerRespectsTheView(t *testing.T) {
	for seed := range uint64(6) {
		g := playTo(t, "singularity", nil, seed, 2, trick.PhasePlay, 40)
		v := g.ViewOf(2)
		s := newSampler(v, Config{})
		rng := cards.NewRand(seed)
		for range 50 {
			hands := s.deal(rng)
			if _, err := trick.FromView(v, hands); err != nil {
				t.Fatal(err)
			}
			for seat, h := range hands {
				for _, su := range cards.Suits {
					if s.voids[seat]>>su&1 != 0 && h.HasSuit(su) {
						t.Fatalf("seed %d: seat %d showed no %v but is dealt %v", seed, seat, su, h.Cards())
					}
				}
			}
		}
	}
}

// Voids come from the round's plays: a suit card off the led suit shows a
// void; a CLANKER or Singularity shows none.
func TestVoidsFromPlays(t *testing.T) {
	p := func(seat int, c string) trick.Played {
		card, err := cards.Parse(c)
		if err != nil {
			t.Fatal(err)
		}
		return trick.Played{Seat: seat, Card: card}
	}
	v := &trick.View{Ruleset: "singularity", Players: 3, Seat: 0, Hand: []cards.Card{cards.New(cards.Two, cards.Clubs)},
		HandSizes: []int{1, 1, 1}, Turned: cards.None,
		Played: []trick.Played{p(0, "CK"), p(1, "AH"), p(2, "2S"), p(1, "KD"), p(2, "SG"), p(0, "3D")}}
	s := newSampler(v, Config{})
	if want := []uint8{0, 0, 1 << cards.Hearts}; !slices.Equal(s.voids, want) {
		t.Fatalf("voids %v, want %v", s.voids, want)
	}
}

// Every level plays whole games of every rule set (short ones) legally, and
// a done context still gets a legal move.
func TestBotsPlayLegally(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		opts    engine.Options
	}{
		{"singularity", engine.Options{"special_rounds": "1:forehead,2:blind,3:trump_choice,4:no_trump", "hook": "true"}},
		{"boerenbridge", engine.Options{"max_cards": "4", "bb_allow_notrump": "true", "scoring": "progressive"}},
	} {
		for _, level := range []Level{Easy, Normal, Strong} {
			g, err := trick.New(c.ruleset, 4, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			bot := New(level)
			rng := cards.NewRand(3)
			for !g.Done() && g.Round() <= 4 {
				seat := g.Next()
				if seat == engine.Chance {
					if err := g.Deal(rng); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := g.Apply(seat, bot.Decide(g.View(seat), rng)); err != nil {
					t.Fatalf("%s %s round %d: %v", c.ruleset, level, g.Round(), err)
				}
			}
		}
	}
	g := playTo(t, "singularity", nil, 1, 0, trick.PhasePlay, 20)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := New(Strong).DecideContext(ctx, g.View(0), cards.NewRand(1))
	if !slices.Contains(g.Legal(0), m) {
		t.Fatalf("with a done context: %v is not legal", m)
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range []Level{Easy, Normal, Strong} {
		if got, err := ParseLevel(l.String()); err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l, got, err)
		}
	}
	if _, err := ParseLevel("hard"); err == nil {
		t.Error("ParseLevel(hard) is no error")
	}
}

// A blind bid (SR-8) is scored on a whole round: the bids still to come,
// the deal, and the ten tricks.
func TestBlindBidPlaysTheRoundOut(t *testing.T) {
	g := playTo(t, "specialrounds", nil, 1, 1, trick.PhaseBid, 9)
	v := g.ViewOf(1)
	if v.Modifier != trick.Blind || v.Bids[1] != trick.NoBid {
		t.Fatalf("round %d (%v), bids %v: not seat 1's blind bid", v.Round, v.Modifier, v.Bids)
	}
	h, err := trick.FromView(v, make([]cards.Hand, 4))
	if err != nil {
		t.Fatal(err)
	}
	h.Step(engine.BidMove(2))
	New(Strong).finish(h, v, false, 7, 0, nil)
	sum := 0
	for s := range 4 {
		_, took := h.Outcome(10, s)
		sum += took
	}
	if h.Round() != 11 || sum != 10 {
		t.Fatalf("after finish: round %d, %d tricks taken in round 10; want round 11, 10 tricks", h.Round(), sum)
	}
}

// In the last round ending first is worth WinBonus on top of the score;
// before it, only the score counts.
func TestWorthOfFinishingFirst(t *testing.T) {
	b := WithConfig(Config{WinBonus: 40})
	v := &trick.View{Players: 3, Seat: 0, Round: 5, Rounds: 5, Totals: []int{100, 90, 0}}
	for _, c := range []struct {
		scores [6]int
		want   float64
	}{
		{[6]int{20, 20, 0}, 60},   // 120 vs 110: first
		{[6]int{-10, 20, 0}, -10}, // 90 vs 110: second
		{[6]int{0, 10, 0}, 40},    // 100 vs 100: first, shared
	} {
		if got := b.worth(c.scores, v); got != c.want {
			t.Errorf("scores %v: worth %v, want %v", c.scores[:3], got, c.want)
		}
	}
	v.Round = 4
	if got := b.worth([6]int{20, 20, 0}, v); got != 20 {
		t.Errorf("round 4 of 5: worth %v, want the score 20", got)
	}
}
