package ddbot

import (
	"math"
	"math/rand/v2"

	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// The reading of the other seats (Kinds): the split player, or the rule
// player, who plays as the RLCard rule agent (docs/BOTS-doudizhu.md).
const (
	rulePrior = 0.5 // odds a seat is the rule player before it has played
	kindNoise = 0.1 // odds a player of either kind makes another move
)

// ruleMove is the rule player's move on s: a play or a pass (the zero
// Play), or, with n > 0, a uniform pick among n moves (a pass and the n−1
// follows in pl.buf).
func (pl *policy) ruleMove(s *state) (p dd.Play, n int) {
	h := s.hands[s.turn]
	if s.tableSeat < 0 {
		return rlcardLead(h), 0
	}
	pl.buf = dd.AppendFollows(pl.buf[:0], h, s.table)
	if p, ok := lowestOfType(pl.buf, s.table); ok {
		return p, 0
	}
	if rlcardPasses(s.turn, s.landlord) {
		return dd.Play{}, 0
	}
	return dd.Play{}, len(pl.buf) + 1
}

// rulePlay is the rule player's move on s, its random pick drawn from rng.
func (pl *policy) rulePlay(s *state, rng *rand.Rand) dd.Play {
	p, n := pl.ruleMove(s)
	if n == 0 {
		return p
	}
	if i := rng.IntN(n); i < len(pl.buf) {
		return pl.buf[i]
	}
	return dd.Play{}
}

// sameMove reports whether two moves are the same up to the choice of
// attachments.
func sameMove(a, b dd.Play) bool { return a.Type == b.Type && a.Core == b.Core && a.Len == b.Len }

// ruleOdds is, for each other seat, the odds that it plays as the rule
// player rather than the split player, given the hidden hands hs: the
// deal's play so far is replayed from its first lead and each seat's moves
// are scored against both kinds' choices.
func (d *deal) ruleOdds(hs [dd.Players]dd.Hand, pl *policy) [dd.Players]float64 {
	s := state{landlord: d.landlord, tableSeat: -1, winner: -1}
	for o := range dd.Players {
		s.hands[o] = hs[o] + d.played[o]
	}
	var rule, split [dd.Players]float64 // log-likelihoods
	hit, miss := math.Log(1-kindNoise), math.Log(kindNoise)
	for _, t := range d.history {
		s.turn = t.Seat
		var m dd.Play
		if !t.Pass {
			m = t.Play
		}
		if t.Seat != d.me {
			split[t.Seat] += miss
			if sameMove(pl.choose(&s), m) {
				split[t.Seat] += hit - miss
			}
			switch p, n := pl.ruleMove(&s); {
			case n > 0:
				rule[t.Seat] -= math.Log(float64(n))
			case sameMove(p, m):
				rule[t.Seat] += hit
			default:
				rule[t.Seat] += miss
			}
		}
		s.apply(m)
	}
	var odds [dd.Players]float64
	for o := range dd.Players {
		if o != d.me {
			lr := math.Log(1-rulePrior) + split[o] - math.Log(rulePrior) - rule[o]
			odds[o] = 1 / (1 + math.Exp(lr))
		}
	}
	return odds
}
