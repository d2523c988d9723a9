package trick

import (
	"math/bits"
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// RandomMove returns a uniformly random legal move of the seat to act
// (cards chosen uniformly among the playable faces), without allocating. It
// returns the zero Move when no seat is to act (Next is Chance or Over).
func (g *Game) RandomMove(rng *rand.Rand) engine.Move {
	switch g.phase {
	case PhaseBid:
		c := g.cardsNow()
		if f := g.hookBid(); f >= 0 && f <= c {
			b := rng.IntN(c) // c choices left out of c+1
			if b >= f {
				b++
			}
			return engine.BidMove(b)
		}
		return engine.BidMove(rng.IntN(c + 1))
	case PhaseTrump:
		k := 4
		if g.noTrumpAllowed() {
			k = 5
		}
		return engine.TrumpMove(cards.Suit(rng.IntN(k))) // NoSuit follows Clubs
	case PhasePlay:
		m := g.playable(g.turn)
		for i := rng.IntN(bits.OnesCount64(m)); i > 0; i-- {
			m &= m - 1
		}
		return engine.PlayCard(cards.Card(bits.TrailingZeros64(m)))
	}
	return engine.Move{}
}

// PlayoutRound plays random legal moves (Step) until the current round is
// scored, or until the game needs a deal or is over. It does not allocate.
func (g *Game) PlayoutRound(rng *rand.Rand) {
	start := g.played
	for g.played == start && g.phase >= PhaseBid && g.phase <= PhasePlay {
		g.Step(g.RandomMove(rng))
	}
}

// PlayRandom plays a whole game from here with random legal moves and
// random deals, through the checked path (Deal, Apply), recording it.
// It is for tests, examples and tools.
func PlayRandom(g engine.Game, rng *rand.Rand) error {
	for !g.Done() {
		seat := g.Next()
		if seat == engine.Chance {
			if err := g.Deal(rng); err != nil {
				return err
			}
			continue
		}
		legal := g.Legal(seat)
		if err := g.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			return err
		}
	}
	return nil
}
