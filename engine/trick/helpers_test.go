package trick

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// turns plays g to its end: it deals with rng when the cards are due, and
// hands every other turn to turn, which makes the seat's move.
func turns(t *testing.T, g *Game, rng *rand.Rand, turn func(seat int)) {
	t.Helper()
	for !g.Done() {
		seat := g.Next()
		if seat != engine.Chance {
			turn(seat)
			continue
		}
		if err := g.Deal(rng); err != nil {
			t.Fatal(err)
		}
	}
}

// start starts a game; opts as "key=value" pairs.
func start(t *testing.T, ruleset string, players int, opts ...string) *Game {
	t.Helper()
	o := engine.Options{}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	g, err := New(ruleset, players, o)
	if err != nil {
		t.Fatalf("New(%s, %d, %v): %v", ruleset, players, o, err)
	}
	return g
}

// skipTo jumps to the start of round (before its deal) with dealer dealing;
// the rounds before count as played with no score.
func skipTo(g *Game, round, dealer int) *Game {
	g.round, g.dealer, g.played = round, dealer, round-1
	g.resetRound()
	g.settle()
	return g
}

func parseCards(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// dealEvent is the deal of the game's current round; turned "" is null.
func dealEvent(t *testing.T, g *Game, dealer int, turned string, hands ...string) engine.Event {
	t.Helper()
	e := engine.Event{E: engine.EvDeal, Round: g.round, Dealer: dealer, Turned: cards.None}
	for _, h := range hands {
		e.Hands = append(e.Hands, parseCards(t, h))
	}
	if turned != "" {
		e.Turned = parseCards(t, turned)[0]
	}
	return e
}

// deal applies a rigged deal to the current round.
func deal(t *testing.T, g *Game, dealer int, turned string, hands ...string) {
	t.Helper()
	if err := g.Event(dealEvent(t, g, dealer, turned, hands...)); err != nil {
		t.Fatalf("deal: %v", err)
	}
}

// play makes each move (move text) for the seat to act.
func play(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(g.Next(), m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// refuse checks that the seat to act may not make move, for a reason
// containing want, and that the game is unchanged.
func refuse(t *testing.T, g *Game, move, want string) {
	t.Helper()
	m, err := engine.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	refuseMove(t, g, g.Next(), m, want)
}

func refuseMove(t *testing.T, g *Game, seat int, m engine.Move, want string) {
	t.Helper()
	before := g.Clone()
	err := g.Apply(seat, m)
	var im *engine.IllegalMove
	if !errors.As(err, &im) {
		t.Fatalf("seat %d %v: got %v, want an illegal move (%s)", seat, m, err, want)
	}
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("seat %d %v: got %q, want it to say %q", seat, m, err, want)
	}
	if !sameState(before, g) {
		t.Fatalf("seat %d %v: an illegal move changed the game", seat, m)
	}
}

// refuseEvent checks that e is rejected with a message containing want and
// changes nothing.
func refuseEvent(t *testing.T, g *Game, e engine.Event, want string) {
	t.Helper()
	before := g.Clone()
	err := g.Event(e)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s event: got %v, want an error saying %q", e.E, err, want)
	}
	if !sameState(before, g) {
		t.Fatalf("%s event: a rejected event changed the game", e.E)
	}
}

func sameState(a, b *Game) bool {
	if len(a.events) != len(b.events) || len(a.penalties) != len(b.penalties) {
		return false
	}
	x, y := *a, *b
	x.events, y.events, x.penalties, y.penalties = nil, nil, nil, nil
	return reflect.DeepEqual(x, y)
}

// oneTrick deals round 1 with the last seat dealing (so seat 0 leads),
// one card per seat given in play order, bids the first legal bid for
// everyone, plays the trick and returns the seat that took it.
func oneTrick(t *testing.T, g *Game, turned string, cs ...string) int {
	t.Helper()
	deal(t, g, g.Players()-1, turned, cs...)
	for g.phase == PhaseBid {
		if err := g.Apply(g.Next(), g.Legal(g.Next())[0]); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cs {
		play(t, g, "play "+c)
	}
	return g.lastWinner
}

// bids makes every bid of a round in bidding order.
func bids(t *testing.T, g *Game, ns ...int) {
	t.Helper()
	for _, n := range ns {
		if err := g.Apply(g.Next(), engine.BidMove(n)); err != nil {
			t.Fatal(err)
		}
	}
}

func wantNext(t *testing.T, g *Game, seat int) {
	t.Helper()
	if got := g.Next(); got != seat {
		t.Fatalf("Next = %d, want %d (phase %s)", got, seat, g.phase)
	}
}
