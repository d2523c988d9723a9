package trick

import (
	"math"
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// BaselineBot is a simple, fast bot that decides from the seat's *View only:
// it bids the tricks its high cards, trumps and Singularities promise, names
// its strongest suit as trump, and plays to take tricks while short of its
// bid and to lose them once it has enough. It always returns a legal move.
type BaselineBot struct{}

// Decide returns one of v.LegalMoves().
func (BaselineBot) Decide(ev engine.View, rng *rand.Rand) engine.Move {
	legal := ev.LegalMoves()
	if len(legal) == 0 {
		return engine.Move{}
	}
	v, ok := ev.(*View)
	if !ok || len(legal) == 1 {
		return legal[0]
	}
	switch v.Phase {
	case PhaseBid:
		return botBid(v, legal)
	case PhaseTrump:
		return botTrump(v, legal, rng)
	case PhasePlay:
		return botPlay(v, legal)
	}
	return legal[0]
}

// strength orders cards for play: Singularity, trumps, then suit cards by
// rank, CLANKER last.
func strength(c cards.Card, trump cards.Suit) int {
	switch {
	case c == cards.Singularity:
		return 100
	case c == cards.Clanker || c == cards.None:
		return 0
	case trump != cards.NoSuit && c.Suit() == trump:
		return 50 + int(c.Rank())
	}
	return int(c.Rank())
}

// bestSuit is the suit the hand is strongest in.
func bestSuit(hand []cards.Card) cards.Suit {
	var score [4]int
	for _, c := range hand {
		if c.IsSuitCard() {
			score[c.Suit()] += 3 + int(c.Rank())/4
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

// expectedTricks is a rough count of the tricks the viewer's cards take.
func expectedTricks(v *View) float64 {
	switch {
	case v.Modifier == Forehead:
		for _, c := range v.Foreheads {
			if ForeheadThreat(c, v.Trump, v.TrumpKnown) {
				return 0
			}
		}
		return 1
	case len(v.Hand) == 0: // blind: no cards yet
		return float64(v.Cards) / float64(v.Players)
	}
	trump := v.Trump
	if !v.TrumpKnown {
		trump = bestSuit(v.Hand) // a guess: the highest bidder may name it
	}
	e := 0.0
	for _, c := range v.Hand {
		switch {
		case c == cards.Singularity:
			e++
		case !c.IsSuitCard():
		case trump != cards.NoSuit && c.Suit() == trump:
			if c.Rank() >= cards.Queen {
				e++
			} else {
				e += 0.4
			}
		case c.Rank() == cards.Ace:
			e += 0.8
		case c.Rank() == cards.King:
			e += 0.4
		}
	}
	return e
}

func botBid(v *View, legal []engine.Move) engine.Move {
	want := int(math.Round(expectedTricks(v)))
	best := legal[0]
	for _, m := range legal {
		if abs(m.N-want) < abs(best.N-want) {
			best = m
		}
	}
	return best
}

func botTrump(v *View, legal []engine.Move, rng *rand.Rand) engine.Move {
	if len(v.Hand) == 0 { // forehead: nothing to go by
		return legal[rng.IntN(len(legal))]
	}
	s := bestSuit(v.Hand)
	for _, m := range legal {
		if m.Suit == s {
			return m
		}
	}
	return legal[0]
}

func botPlay(v *View, legal []engine.Move) engine.Move {
	trump := cards.NoSuit
	if v.TrumpKnown {
		trump = v.Trump
	}
	need := v.Bids[v.Seat] - v.Tricks[v.Seat]
	trick := make([]cards.Card, len(v.Trick), len(v.Trick)+1)
	for i, p := range v.Trick {
		trick[i] = p.Card
	}
	var winLow, loseHigh, low, high engine.Move
	for _, m := range legal {
		st := strength(m.Card, trump)
		wins := winner(append(trick, m.Card), trump) == len(trick)
		if low.Kind == engine.NoMove || st < strength(low.Card, trump) {
			low = m
		}
		if high.Kind == engine.NoMove || st > strength(high.Card, trump) {
			high = m
		}
		if wins && (winLow.Kind == engine.NoMove || st < strength(winLow.Card, trump)) {
			winLow = m
		}
		if !wins && (loseHigh.Kind == engine.NoMove || st > strength(loseHigh.Card, trump)) {
			loseHigh = m
		}
	}
	switch {
	case need > 0 && len(trick) == 0:
		return high
	case need > 0 && winLow.Kind != engine.NoMove:
		return winLow
	case need > 0:
		return low
	case len(trick) == 0:
		return low
	case loseHigh.Kind != engine.NoMove:
		return loseHigh
	}
	return low
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
