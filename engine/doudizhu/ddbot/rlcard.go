package ddbot

import (
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// RLCardBot is a Go port of RLCard's doudizhu-rule-v1 agent
// (datamllab/rlcard, rlcard/models/doudizhu_rule_models.py,
// DouDizhuRuleAgentV1), kept unchanged as a fixed baseline. Its logic:
//
//   - leading: split the hand as combine_cards does (the rocket, bombs,
//     triples joined into bare airplanes, maximal straights, pairs, singles)
//     and play the first group, in that order, that holds the lowest card;
//   - following: the lowest-ranked legal play of the table's exact type
//     (same type and length); if there is none, pass when neither this seat
//     nor the seat just before it is the landlord, else a uniformly random
//     legal move (pass, a bomb or the rocket).
//
// Where the port differs from, or has to fill in for, the Python:
//
//   - RLCard reads "the player before me" as the owner of the table play
//     whenever the last turn was a pass (target_player = trace[-1][0]); the
//     port keeps that quirk: the seat just before this one.
//   - Ties in rank between plays of one type (a triple with a single and
//     different kickers) go to the first in RLCard's action list; the port
//     takes the first in our engine's order (lowest attachments first). The
//     agent itself never leads a combination with attachments, so this never
//     shows in self-play.
//   - Our wing rules (DD-14, DD-15) allow some attachments RLCard's action
//     list does not; the agent only meets them when another bot plays one.
//   - pick_chain(hand, 2) can never find a pair chain once the straights have
//     been taken (every maximal run loses its minimum, so some rank in it
//     drops to zero and no count of 2 is left in a run of five), so the port
//     has no pair-chain step.
//   - RLCard has no bidding; in a match with bidding the port bids from
//     RLCard's get_landlord_score (rocket 8, bomb 6, R 4, B 3, 2 2, A 1):
//     1 at 5 or more, 2 at 7, 3 at 10.
//   - Randomness comes from the rng passed to Decide, not numpy.
//
// Replayed deal by deal against a Python reproduction of RLCard's own
// self-play (10,000 deals), the port made every move the same and offered the
// same random choices; both give a landlord win rate of about 0.489, not the
// 0.459 published for it (docs/BOTS-doudizhu.md, "RLCard rule port: self-play").
type RLCardBot struct{}

// Decide returns the agent's move for the view's seat.
func (RLCardBot) Decide(ev engine.View, rng *rand.Rand) engine.Move {
	legal := ev.LegalMoves()
	v, ok := ev.(*dd.View)
	if !ok || len(legal) == 0 {
		return engine.Move{}
	}
	h := dd.HandOf(v.Hand)
	switch {
	case v.Phase == dd.Bidding:
		if want := rlcardBid(h); want > v.Bid {
			return engine.BidMove(want)
		}
		return engine.PassMove()
	case v.TableSeat < 0:
		return engine.PlayRanks(rlcardLead(h).String())
	}
	if p, ok := lowestOfType(dd.Follows(h, v.Table), v.Table); ok {
		return engine.PlayRanks(p.String())
	}
	if rlcardPasses(v.Seat, v.Landlord) {
		return engine.PassMove()
	}
	return legal[rng.IntN(len(legal))]
}

// lowestOfType is the lowest of the follows of the table's exact type and
// length (the first of equal rank).
func lowestOfType(follows []dd.Play, table dd.Play) (dd.Play, bool) {
	best, found := dd.Play{}, false
	for _, p := range follows {
		if p.Type == table.Type && p.Len == table.Len && (!found || p.Core < best.Core) {
			best, found = p, true
		}
	}
	return best, found
}

// rlcardPasses reports whether the agent, with no play of the table's type,
// passes: when neither it nor the seat just before it is the landlord.
func rlcardPasses(seat, landlord int) bool {
	prev := (seat + dd.Players - 1) % dd.Players
	return prev != landlord && seat != landlord
}

// rlcardBid is the port's bid (RLCard has none): get_landlord_score.
func rlcardBid(h dd.Hand) int {
	score := 0
	if h.Count(dd.BlackJoker) == 1 && h.Count(dd.RedJoker) == 1 {
		score += 8
	} else {
		score += 3*h.Count(dd.BlackJoker) + 4*h.Count(dd.RedJoker)
	}
	for r := dd.Three; r <= dd.Two; r++ {
		switch {
		case h.Count(r) == 4:
			score += 6
		case r == dd.Two:
			score += 2 * h.Count(r)
		case r == dd.Ace:
			score += h.Count(r)
		}
	}
	switch {
	case score >= 10:
		return 3
	case score >= 7:
		return 2
	case score >= 5:
		return 1
	}
	return 0
}

// rlcardLead is the leading rule: the first group of combine_cards, in the
// order rocket, bomb, trio, trio_chain, solo_chain, pair, solo, that holds
// the lowest card.
func rlcardLead(h dd.Hand) dd.Play {
	low := dd.Three
	for h.Count(low) == 0 {
		low++
	}
	for _, g := range rlcardCombine(h) {
		if g.Count(low) > 0 {
			return dd.Classify(g)[0]
		}
	}
	return dd.Classify(oneOf(low, 1))[0] // not reached: every card is in a group
}

// rlcardCombine is combine_cards: the hand's groups, in the order the agent
// looks through them.
func rlcardCombine(h dd.Hand) []dd.Hand {
	var rocket, bombs, trios, chains, solos, pairs, singles []dd.Hand
	if h.Count(dd.BlackJoker) == 1 && h.Count(dd.RedJoker) == 1 {
		rocket = append(rocket, oneOf(dd.BlackJoker, 1)+oneOf(dd.RedJoker, 1))
		h = h.Minus(rocket[0])
	}
	for r := dd.Three; r <= dd.Two; r++ {
		if h.Count(r) == 4 {
			bombs = append(bombs, oneOf(r, 4))
			h = h.Minus(oneOf(r, 4))
		}
	}
	// Triples, each joined to the group before when it is the next rank
	// (never a 2): a group of one triple is a trio, else a trio chain.
	var groups []dd.Hand
	last := dd.Rank(255)
	for r := dd.Three; r <= dd.Two; r++ {
		if h.Count(r) != 3 {
			continue
		}
		if len(groups) > 0 && r < dd.Two && r == last+1 {
			groups[len(groups)-1] += oneOf(r, 3)
		} else {
			groups = append(groups, oneOf(r, 3))
		}
		last = r
		h = h.Minus(oneOf(r, 3))
	}
	for _, g := range groups {
		if g.Len() == 3 {
			trios = append(trios, g)
		} else {
			chains = append(chains, g)
		}
	}
	// pick_chain(hand, 1): every maximal run 3…A of five or more ranks loses
	// its minimum count m from each rank and gives m straights.
	for s := dd.Three; s <= dd.Ace; {
		if h.Count(s) == 0 {
			s++
			continue
		}
		e, m := s, 4
		for ; e <= dd.Ace && h.Count(e) > 0; e++ {
			m = min(m, h.Count(e))
		}
		if e-s >= 5 {
			var run dd.Hand
			for r := s; r < e; r++ {
				run += oneOf(r, 1)
			}
			for range m {
				solos = append(solos, run)
				h = h.Minus(run)
			}
		}
		s = e
	}
	for r := dd.Three; r <= dd.RedJoker; r++ {
		switch h.Count(r) {
		case 2:
			pairs = append(pairs, oneOf(r, 2))
		case 1:
			singles = append(singles, oneOf(r, 1))
		}
	}
	var out []dd.Hand
	for _, gs := range [][]dd.Hand{rocket, bombs, trios, chains, solos, pairs, singles} {
		out = append(out, gs...)
	}
	return out
}

// oneOf is a Hand of n cards of rank r.
func oneOf(r dd.Rank, n int) dd.Hand { return dd.Hand(n) << (4 * r) }
