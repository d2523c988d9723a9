package doudizhu

import (
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
)

// BaselineBot is a simple, deterministic Dou Dizhu player that decides from
// the seat's *View only:
//
//   - bidding: a hand-strength count (jokers, 2s, aces, bombs) picks a bid
//     of 0..3; it bids that when it is above the highest bid, else passes;
//   - leading: the lowest group of a simple hand split (the longest straight
//     starting at the lowest rank, else the lowest rank's cards as a single,
//     pair or triple — a triple takes the lowest lone single or pair along);
//   - following: the cheapest play that beats the table (plays of the table's
//     type before bombs, bombs before the rocket, lowest core first, then
//     lowest attachments); bombs and the rocket only when the seat that made
//     the table play holds 6 cards or fewer; it never overtakes its farmer
//     partner.
//
// Every move it returns is one of the view's legal moves.
type BaselineBot struct{}

// Decide returns the bot's move. rng is not used: the bot is deterministic.
func (BaselineBot) Decide(ev engine.View, _ *rand.Rand) engine.Move {
	legal := ev.LegalMoves()
	if len(legal) == 0 {
		return engine.Move{}
	}
	v, ok := ev.(*View)
	if !ok {
		return legal[0]
	}
	var m engine.Move
	switch {
	case v.Phase == Bidding:
		m = bidFor(v)
	case v.TableSeat < 0:
		m = engine.PlayRanks(lead(HandOf(v.Hand)).String())
	default:
		m = follow(v)
	}
	for _, l := range legal {
		if l == m {
			return m
		}
	}
	return legal[0]
}

// bidFor bids from hand strength.
func bidFor(v *View) engine.Move {
	h := HandOf(v.Hand)
	pts := 3*h.Count(RedJoker) + 2*h.Count(BlackJoker) + 2*h.Count(Two) + h.Count(Ace)/2
	for r := Three; r <= Two; r++ {
		if h.Count(r) == 4 {
			pts += 3
		}
	}
	want := 0
	switch {
	case pts >= 10:
		want = 3
	case pts >= 7:
		want = 2
	case pts >= 5:
		want = 1
	}
	if want > v.Bid {
		return engine.BidMove(want)
	}
	return engine.PassMove()
}

// lead picks the lowest group of a simple split of h.
func lead(h Hand) Play {
	low := Three
	for h.Count(low) == 0 {
		low++
	}
	// The longest straight from the lowest rank.
	if low <= Ace {
		n := 0
		for r := low; r <= Ace && h.Count(r) > 0; r++ {
			n++
		}
		if n >= 5 {
			var s Hand
			for r := low; r < low+Rank(n); r++ {
				s += one(r, 1)
			}
			return Classify(s)[0]
		}
	}
	k := h.Count(low)
	switch {
	case low == BlackJoker && h.Count(RedJoker) == 1 && h.Len() == 2:
		return Classify(one(BlackJoker, 1) + one(RedJoker, 1))[0]
	case k == 4 && h.Len() > 4:
		k = 2 // keep the bomb whole for later: lead a pair of it
	case k == 3:
		for _, n := range []int{1, 2} { // the lowest lone single, else pair
			for r := Three; r < NumRanks; r++ {
				if r != low && h.Count(r) == n {
					return Classify(one(low, 3) + one(r, n))[0]
				}
			}
		}
	}
	return Classify(one(low, k))[0]
}

// follow beats the table with the cheapest play, or passes.
func follow(v *View) engine.Move {
	if v.Landlord != v.Seat && v.TableSeat != v.Landlord {
		return engine.PassMove() // the partner is winning the turn
	}
	var best Play
	found := false
	for _, p := range Follows(HandOf(v.Hand), v.Table) {
		if (p.Type == Bomb || p.Type == Rocket) && v.Counts[v.TableSeat] > 6 {
			continue
		}
		if !found || cheaper(p, best) {
			best, found = p, true
		}
	}
	if !found {
		return engine.PassMove()
	}
	return engine.PlayRanks(best.String())
}

// cheaper orders plays by cost: non-bombs, bombs, then the rocket; lower
// core; then lower cards overall.
func cheaper(a, b Play) bool {
	ca, cb := cost(a.Type), cost(b.Type)
	if ca != cb {
		return ca < cb
	}
	if a.Core != b.Core {
		return a.Core < b.Core
	}
	return a.Cards < b.Cards
}

func cost(t Type) int {
	switch t {
	case Bomb:
		return 1
	case Rocket:
		return 2
	}
	return 0
}
