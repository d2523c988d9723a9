package trick

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// A game built from a seat's view and the true hands is the same game, as
// far as anyone can tell: its view for the seat equals the view, every seat
// has the same hand and the same legal moves, and the next move leads to the
// same views. Checked at every decision of seeded games of every rule set
// and option set (3, 4 or 5 players).
func TestFromViewReproducesTheGame(t *testing.T) {
	for rs, sets := range optionSets {
		for oi, opts := range sets {
			players := 3 + oi%3
			t.Run(fmt.Sprintf("%s/%d/opts%d", rs, players, oi), func(t *testing.T) {
				checkFromView(t, rs, players, opts, uint64(7*players+oi))
			})
		}
	}
}

func checkFromView(t *testing.T, rs string, players int, opts engine.Options, seed uint64) {
	g, err := New(rs, players, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(opts) > 0 { // sit-outs and penalties belong in the sheet too
		if rs == "singularity" {
			mustEvent(t, g, engine.Event{E: engine.EvSitout, Round: 1, Seat: 1})
		}
		if rs == "boerenbridge" {
			mustEvent(t, g, engine.Event{E: engine.EvPenalty, Seat: 2, Points: -5, Reason: "slow"})
		}
	}
	rng := cards.NewRand(seed)
	turns(t, g, rng, func(seat int) {
		v := g.ViewOf(seat)
		hands := make([]cards.Hand, players)
		for s := range hands {
			hands[s] = g.Hand(s)
		}
		h, err := FromView(v, hands)
		if err != nil {
			t.Fatalf("round %d %s seat %d: %v", g.Round(), g.Phase(), seat, err)
		}
		if got := h.ViewOf(seat); !reflect.DeepEqual(got, v) {
			t.Fatalf("round %d %s: view of the rebuilt game\n got %+v\nwant %+v", g.Round(), g.Phase(), got, v)
		}
		for s := range players {
			if h.Hand(s) != g.Hand(s) || !slices.Equal(h.Legal(s), g.Legal(s)) {
				t.Fatalf("round %d %s: seat %d: hand %v legal %v, want %v %v", g.Round(), g.Phase(), s,
					h.Hand(s).Cards(), h.Legal(s), g.Hand(s).Cards(), g.Legal(s))
			}
		}
		round := g.Round()
		m := g.RandomMove(rng)
		if seat%2 == 0 {
			m = BaselineBot{}.Decide(v, rng)
		}
		if err := g.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		if err := h.Apply(seat, m); err != nil {
			t.Fatal(err)
		}
		if g.Round() != round || g.Done() {
			return // the rebuilt game does not know the next round
		}
		for s := range players {
			if got, want := h.ViewOf(s), g.ViewOf(s); !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d after %v: seat %d's view\n got %+v\nwant %+v", g.Round(), m, s, got, want)
			}
		}
	})
}

func TestFromViewRefusesInconsistentHands(t *testing.T) {
	g := start(t, "singularity", 4)
	skipTo(g, 3, 0)
	deal(t, g, 0, "2C", "AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC")
	v := g.ViewOf(1)
	good := []cards.Hand{g.Hand(0), g.Hand(1), g.Hand(2), g.Hand(3)}
	for _, c := range []struct {
		name  string
		hands []cards.Hand
	}{
		{"too few hands", good[:3]},
		{"not the viewer's hand", []cards.Hand{good[1], good[0], good[2], good[3]}},
		{"wrong size", []cards.Hand{cards.NewHand(parseCards(t, "AS KS")...), good[1], good[2], good[3]}},
		{"a card twice", []cards.Hand{cards.NewHand(parseCards(t, "AH 2S 3S")...), good[1], good[2], good[3]}},
		{"the turned card", []cards.Hand{cards.NewHand(parseCards(t, "2C 2S 3S")...), good[1], good[2], good[3]}},
	} {
		if _, err := FromView(v, c.hands); err == nil {
			t.Errorf("%s: FromView accepted the hands", c.name)
		}
	}
	if _, err := FromView(v, good); err != nil {
		t.Errorf("the true hands: %v", err)
	}
}

// The heuristic playout finishes the round without allocating, and Outcome
// then reports the round just scored.
func TestPlayoutRoundHeuristic(t *testing.T) {
	g := start(t, "singularity", 4)
	skipTo(g, 10, 0)
	if err := g.Deal(cards.NewRand(3)); err != nil {
		t.Fatal(err)
	}
	var c Game
	if n := testing.AllocsPerRun(50, func() { c = *g; c.PlayoutRoundHeuristic() }); n != 0 {
		t.Fatalf("PlayoutRoundHeuristic allocates %v times per round, want 0", n)
	}
	sum := 0
	for s := range 4 {
		bid, took := c.Outcome(10, s)
		if bid < 0 || bid > 10 {
			t.Errorf("seat %d bid %d", s, bid)
		}
		sum += took
	}
	if c.Round() != 11 || sum != 10 {
		t.Fatalf("after the playout: round %d, %d tricks taken; want round 11, 10 tricks", c.Round(), sum)
	}
}
