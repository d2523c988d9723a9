package ddbot

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/cardroom/cardroom/engine"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// openNodes is how many positions the solves of one open decision may
// visit together.
const openNodes = 60000

// openCards is the most cards left in the three hands for which the open
// search is tried (more are out of its reach).
const openCards = 24

// DecideOpen returns one of v.LegalMoves() knowing every card: hands are
// the three hands now (while bidding, the bottom cards are the rest of the
// pack). It is for measuring the bots against perfect information (the
// oracle of cardroom sim), never for a table. It starts from the move the
// bot would make from the view and overrides it with what an exact search
// of the open deal proves (up to openNodes positions, with openCards cards
// left or fewer): a move that wins against every defence, the bot's own
// first. In bidding, where no search reaches, it plays the open deal out
// with the hand and the bottom as landlord (the split player in every
// seat) and bids 3 when that wins, passes when it loses.
func (b Bot) DecideOpen(v *dd.View, hands [dd.Players]dd.Hand, rng *rand.Rand) engine.Move {
	legal := v.LegalMoves()
	if len(legal) == 0 {
		return engine.Move{}
	}
	pl := getPolicy()
	defer putPolicy(pl)
	se := newSearcher(pl, stop{ctx: context.Background()})
	left := openNodes
	// proven is the side that wins s with perfect play, or -1 when the
	// search gave up.
	proven := func(s state) int {
		if s.winner >= 0 {
			return s.side(s.winner)
		}
		if left <= 0 {
			return -1
		}
		se.nodes, se.failed, se.limit = 0, false, left
		w := se.wins(&s)
		left -= se.nodes
		switch {
		case se.failed:
			return -1
		case w:
			return s.side(s.turn)
		}
		return 1 - s.side(s.turn)
	}
	if v.Phase == dd.Bidding {
		s := state{hands: hands, landlord: v.Seat, turn: v.Seat, tableSeat: -1, winner: -1}
		s.hands[v.Seat] = fullDeck - hands[(v.Seat+1)%dd.Players] - hands[(v.Seat+2)%dd.Players]
		if side, _ := pl.rollout(s); side == 0 && slices.Contains(legal, engine.BidMove(3)) {
			return engine.BidMove(3)
		}
		return engine.PassMove()
	}
	mine := b.Decide(v, rng)
	if hands[0].Len()+hands[1].Len()+hands[2].Len() > openCards {
		return mine
	}
	s0 := stateOf(v, hands)
	me := s0.side(v.Seat)
	plays := dd.Follows(hands[v.Seat], v.Table)
	if v.TableSeat >= 0 {
		plays = append(plays, dd.Play{})
	}
	// The bot's own move first: it stands when it wins.
	slices.SortStableFunc(plays, func(a, b dd.Play) int {
		am, bm := toMove(a) == mine, toMove(b) == mine
		switch {
		case am && !bm:
			return -1
		case bm && !am:
			return 1
		}
		return 0
	})
	for _, p := range plays {
		s := s0
		s.apply(p)
		if proven(s) == me {
			if m := toMove(p); slices.Contains(legal, m) {
				return m
			}
		}
		if left <= 0 {
			break
		}
	}
	return mine
}
