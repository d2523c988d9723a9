package trick

import (
	"math/bits"
	"slices"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// PlayFit weighs determinizations of a view (hands as FromView takes them)
// by how well they explain the cards the other seats have played this
// round. Each other seat is, with odds prior, one that plays as
// HeuristicMove would (each card its choice with odds 1−noise, any
// playable card otherwise), or else one whose cards say nothing about its hand,
// so a seat that plays like the heuristic is read closely and one that
// does not (a person, a searching bot) barely moves the weights. It is a
// model for a bot's inference, not a claim about how the others play. One
// PlayFit serves one goroutine.
type PlayFit struct {
	v     *View
	start *View // v at its round's first lead
	game  *Game // the game there, built by the first Weight
	noise float64
	prior float64
}

// NewPlayFit returns the weigher of v's round; nil when no card has been
// played this round, or in the forehead round (SR-9), where nobody chooses.
// prior is the odds that a seat plays as the heuristic.
func NewPlayFit(v *View, noise, prior float64) *PlayFit {
	if v.Phase != PhasePlay || len(v.Played) == 0 || v.Modifier == Forehead {
		return nil
	}
	w := *v
	w.Played, w.Trick, w.LastTrick, w.LastWinner = nil, nil, nil, -1
	w.Tricks = make([]int, len(v.Tricks))
	w.HandSizes = slices.Clone(v.HandSizes)
	hand := cards.NewHand(v.Hand...)
	for _, p := range v.Played {
		w.HandSizes[p.Seat]++
		if p.Seat == v.Seat {
			hand.Add(p.Card)
		}
	}
	w.Hand = hand.Cards()
	w.Turn = v.Played[0].Seat
	return &PlayFit{v: v, start: &w, noise: noise, prior: prior}
}

// Weight is the odds, up to a constant factor, of the others' cards played
// this round had the seats held hands (1 when the round cannot be rebuilt
// from them).
func (p *PlayFit) Weight(hands []cards.Hand) float64 {
	var start [maxSeats]cards.Hand
	copy(start[:], hands)
	for _, pl := range p.v.Played {
		start[pl.Seat].Add(pl.Card)
	}
	if p.game == nil {
		g, err := FromView(p.start, start[:len(hands)])
		if err != nil {
			return 1
		}
		p.game = g
	}
	g := *p.game
	g.hands = start
	// Per seat, the odds of its cards if it plays as the heuristic, and
	// if its cards say nothing (one over the playable cards, each time).
	var close, loose [maxSeats]float64
	for s := range close {
		close[s], loose[s] = 1, 1
	}
	for _, pl := range p.v.Played {
		if s := pl.Seat; s != p.v.Seat {
			n := float64(bits.OnesCount64(g.playable(s)))
			if g.heuristicCard(s) == pl.Card {
				close[s] *= 1 - p.noise + p.noise/n
			} else {
				close[s] *= p.noise / n
			}
			loose[s] /= n
		}
		g.Step(engine.PlayCard(pl.Card))
	}
	w := 1.0
	for s := range len(hands) {
		w *= p.prior*close[s] + (1-p.prior)*loose[s]
	}
	return w
}
