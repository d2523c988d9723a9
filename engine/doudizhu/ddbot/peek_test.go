package ddbot

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// testLevels are the bots under test, without a wall-clock budget so that
// their decisions depend on the view and the rng alone.
func testLevels() []Bot {
	var out []Bot
	for _, l := range []Level{Easy, Normal, Strong} {
		b := New(l)
		b.Budget = 0
		b.Rollouts = min(b.Rollouts, 120)
		out = append(out, b)
	}
	return out
}

// positions plays a few seeded games with the easy bot and returns, for
// each, the game after n moves (bids included) together with its record.
func positions(t *testing.T, seed uint64, n int) (*dd.Game, []engine.Event) {
	t.Helper()
	g, _ := dd.New(1)
	rng := cards.NewRand(seed)
	if err := g.Deal(rng); err != nil {
		t.Fatal(err)
	}
	bot := New(Easy)
	for range n {
		if g.Done() || g.Next() < 0 {
			break
		}
		s := g.Next()
		if err := g.Apply(s, bot.Decide(g.View(s), rng)); err != nil {
			t.Fatal(err)
		}
	}
	return g, g.Events()
}

// rehide builds a game whose view for seat is the same as g's, with the
// other two seats' hands dealt differently: the cards of ranks neither of
// them has played are reshuffled between them (cards of played ranks stay,
// so each play still takes the same suits), the bottom stays. It replays
// g's moves on the new deal.
func rehide(t *testing.T, g *dd.Game, evs []engine.Event, seat int, rng *rand.Rand) *dd.Game {
	t.Helper()
	deal := evs[0]
	pub := g.View(engine.Spectator).(*dd.View)
	var playedRanks dd.Hand
	for _, tn := range pub.History {
		if tn.Seat != seat {
			playedRanks |= tn.Play.Cards
		}
	}
	var pool []cards.Card
	var keep [dd.Players][]cards.Card
	for s := range dd.Players {
		if s == seat {
			continue
		}
		for _, c := range deal.Hands[s] {
			if playedRanks.Count(dd.RankOf(c)) > 0 {
				keep[s] = append(keep[s], c)
			} else {
				pool = append(pool, c)
			}
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	e := deal
	e.Hands = slices.Clone(deal.Hands)
	for s := range dd.Players {
		if s == seat {
			continue
		}
		n := 17 - len(keep[s])
		e.Hands[s] = append(keep[s], pool[:n]...)
		pool = pool[n:]
	}
	h, _ := dd.New(1)
	if err := h.Event(e); err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs[1:] {
		if err := h.Apply(ev.Seat, ev.Move); err != nil {
			t.Fatalf("replaying %v on the rehidden deal: %v", ev, err)
		}
	}
	return h
}

// TestNoPeeking: the same view with different hidden cards behind it gives
// the same decision for a fixed seed, at every level, in bidding and play.
func TestNoPeeking(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		for _, n := range []int{0, 4, 12, 25} {
			g, evs := positions(t, seed, n)
			s := g.Next()
			if s < 0 {
				continue
			}
			rng := cards.NewRand(seed * 100)
			tried := 0
			for try := range 3 {
				h := rehide(t, g, evs, s, rng)
				va, vb := g.View(s), h.View(s)
				if !reflect.DeepEqual(va, vb) {
					t.Fatalf("seed %d, %d moves: the rehidden game shows seat %d another view", seed, n, s)
				}
				if reflect.DeepEqual(g.Events()[0], h.Events()[0]) {
					continue
				}
				tried++
				for _, b := range testLevels() {
					ma := b.Decide(va, rand.New(rand.NewPCG(seed, uint64(try))))
					mb := b.Decide(vb, rand.New(rand.NewPCG(seed, uint64(try))))
					if ma != mb {
						t.Errorf("%v, seed %d after %d moves: %v with one hidden deal, %v with another", b.Level, seed, n, ma, mb)
					}
				}
			}
			if tried == 0 {
				t.Errorf("seed %d after %d moves: no other deal gives the same view", seed, n)
			}
		}
	}
}

// TestLegalAndDeterministic plays whole games at every level (and the
// RLCard port) with bidding: every move is legal (Play panics otherwise),
// and the same seed gives the same game.
func TestLegalAndDeterministic(t *testing.T) {
	bots := testLevels()
	all := []engine.Bot{bots[0], bots[1], bots[2], RLCardBot{}}
	for i := range 4 {
		seats := [dd.Players]engine.Bot{all[i], all[(i+1)%4], all[(i+2)%4]}
		a := playGame(seats, 9, uint64(i), 0, true)
		b := playGame(seats, 9, uint64(i), 0, true)
		if fmt.Sprint(a.scores, a.landlord) != fmt.Sprint(b.scores, b.landlord) {
			t.Errorf("game %d: %v then %v with the same seed", i, a.scores, b.scores)
		}
	}
}
