package trick

import (
	"math/bits"
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// The fast path for a bot's search on a determinized game (FromView): the
// playable cards as a bit set, a cheap bid-aware policy for every seat, and
// each seat's bid and tricks once a round is played out. None of them
// allocates or writes the record.

// Playable is the set of faces the seat to act may play now, one bit per
// face (bit c for cards.Card c); 0 outside the play phase.
func (g *Game) Playable() uint64 {
	if g.phase != PhasePlay {
		return 0
	}
	return g.playable(g.turn)
}

// Cards is the number of cards dealt to each seat this round.
func (g *Game) Cards() int { return g.cardsNow() }

// Outcome is seat's bid and tricks taken in round: the round in play, or
// one already scored (after PlayoutRoundHeuristic, the round it finished).
func (g *Game) Outcome(round, seat int) (bid, took int) {
	if round < g.round && round >= 1 && round <= g.played {
		sr := &g.sheet[round-1]
		return int(sr.bids[seat]), int(sr.took[seat])
	}
	return int(g.bids[seat]), int(g.tricks[seat])
}

// HeuristicMove is a cheap, deterministic, bid-aware move for the seat to
// act, seeing that seat's own cards in the game (a determinization): bid the
// tricks its high cards and trumps promise, name its longest strong suit,
// and play to win tricks while short of its bid and to lose them otherwise.
// It returns the zero Move when no seat is to act.
func (g *Game) HeuristicMove() engine.Move {
	seat := g.turn
	switch g.phase {
	case PhaseBid:
		want := int(g.guessTricks(seat) + 0.5)
		hook, best := g.hookBid(), -1
		for b := 0; b <= g.cardsNow(); b++ {
			if b != hook && (best < 0 || abs(b-want) < abs(best-want)) {
				best = b
			}
		}
		return engine.BidMove(best)
	case PhaseTrump:
		return engine.TrumpMove(BestSuit(g.hands[seat]))
	case PhasePlay:
		return engine.PlayCard(g.heuristicCard(seat))
	}
	return engine.Move{}
}

// PlayoutRoundHeuristic plays HeuristicMove for every seat until the current
// round is scored (or the game needs a deal or is over).
func (g *Game) PlayoutRoundHeuristic() {
	start := g.played
	for g.played == start && g.phase >= PhaseBid && g.phase <= PhasePlay {
		g.Step(g.HeuristicMove())
	}
}

// guessTricks is the baseline's rough count of the tricks seat's cards take.
func (g *Game) guessTricks(seat int) float64 {
	h := g.hands[seat]
	switch {
	case g.mod() == Forehead: // the seat sees the others' cards only
		for s := range g.r.players {
			if s != seat && !g.hands[s].Empty() && ForeheadThreat(only(g.hands[s]), g.trump, g.trumpKnown) {
				return 0
			}
		}
		return 1
	case h.Empty(): // blind: no cards yet
		return float64(g.cardsNow()) / float64(g.r.players)
	}
	return PromisedTricks(h, g.trump, g.trumpKnown)
}

// PromisedTricks is a rough count of the tricks a hand takes, as the
// baseline bids: a Singularity one, a trump of Queen or higher one and a
// lower trump 0.4, an Ace 0.8, a King 0.4. With trump not known yet the
// hand's best suit counts as trump.
func PromisedTricks(h cards.Hand, trump cards.Suit, known bool) float64 {
	if !known {
		trump = BestSuit(h)
	}
	e := 0.0
	for f := h.Faces(); f != 0; f &= f - 1 {
		c := cards.Card(bits.TrailingZeros64(f))
		k := float64(h.Count(c))
		switch {
		case c == cards.Singularity:
			e += k
		case !c.IsSuitCard():
		case trump != cards.NoSuit && c.Suit() == trump:
			if c.Rank() >= cards.Queen {
				e += k
			} else {
				e += 0.4 * k
			}
		case c.Rank() == cards.Ace:
			e += 0.8 * k
		case c.Rank() == cards.King:
			e += 0.4 * k
		}
	}
	return e
}

// ForeheadThreat reports whether a card the seat sees on another's forehead
// (SR-9) makes the baseline expect no trick: a Singularity, a Queen or
// higher, or a trump.
func ForeheadThreat(c cards.Card, trump cards.Suit, known bool) bool {
	return c == cards.Singularity || c.IsSuitCard() && (c.Rank() >= cards.Queen || known && c.Suit() == trump)
}

// BestSuit is the suit the hand is strongest in (the baseline's bestSuit).
func BestSuit(h cards.Hand) cards.Suit {
	var score [4]int
	for f := h.Faces(); f != 0; f &= f - 1 {
		c := cards.Card(bits.TrailingZeros64(f))
		if c.IsSuitCard() {
			score[c.Suit()] += h.Count(c) * (3 + int(c.Rank())/4)
		}
	}
	best := cards.Spades
	for _, s := range cards.Suits {
		if score[s] > score[best] {
			best = s
		}
	}
	return best
}

// heuristicCard is the baseline's play: while short of its bid, lead high
// and win as cheaply as it can; otherwise lead low and lose with the
// highest card that still loses.
func (g *Game) heuristicCard(seat int) cards.Card {
	trump := cards.NoSuit
	if g.trumpKnown {
		trump = g.trump
	}
	need := int(g.bids[seat]) - int(g.tricks[seat])
	var t [maxSeats]cards.Card
	k := copy(t[:], g.trick[:g.ntrick])
	winLow, loseHigh, low, high := cards.None, cards.None, cards.None, cards.None
	for m := g.playable(seat); m != 0; m &= m - 1 {
		c := cards.Card(bits.TrailingZeros64(m))
		st := strength(c, trump)
		t[k] = c
		wins := winner(t[:k+1], trump) == k
		if low == cards.None || st < strength(low, trump) {
			low = c
		}
		if high == cards.None || st > strength(high, trump) {
			high = c
		}
		if wins && (winLow == cards.None || st < strength(winLow, trump)) {
			winLow = c
		}
		if !wins && (loseHigh == cards.None || st > strength(loseHigh, trump)) {
			loseHigh = c
		}
	}
	switch {
	case need > 0 && k == 0:
		return high
	case need > 0 && winLow != cards.None:
		return winLow
	case need > 0:
		return low
	case k == 0:
		return low
	case loseHigh != cards.None:
		return loseHigh
	}
	return low
}

// PlayoutRoundNoisy is PlayoutRoundHeuristic where each card played is,
// with odds eps, a uniformly random playable card instead: a playout that
// does not trust one deterministic model of the other seats (the oracle of
// cardroom sim, which knows the deal, averages over such playouts).
func (g *Game) PlayoutRoundNoisy(rng *rand.Rand, eps float64) {
	start := g.played
	for g.played == start && g.phase >= PhaseBid && g.phase <= PhasePlay {
		if g.phase == PhasePlay && rng.Float64() < eps {
			m := g.playable(g.turn)
			for k := rng.IntN(bits.OnesCount64(m)); k > 0; k-- {
				m &= m - 1
			}
			g.Step(engine.PlayCard(cards.Card(bits.TrailingZeros64(m))))
			continue
		}
		g.Step(g.HeuristicMove())
	}
}
