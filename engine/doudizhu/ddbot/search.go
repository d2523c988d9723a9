package ddbot

import (
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// searcher solves deals with every hand known exactly: which side wins
// when both play perfectly. It remembers solved positions across the
// samples of one decision; past limit positions in one solve, or once the
// decision must end (its deadline, its context), it gives up and the rollout
// decides instead.
type searcher struct {
	pl     *policy
	memo   map[pos]bool // pos → the side to move wins
	nodes  int
	limit  int // positions one solve may visit
	failed bool
	stop   stop // give up once the decision must end too
}

// pos is a position of a deal in play (the landlord is fixed per search).
type pos struct {
	hands     [dd.Players]dd.Hand
	table     dd.Play
	turn      int8
	tableSeat int8
}

const maxNodes = 10000

func newSearcher(pl *policy, st stop) *searcher {
	return &searcher{pl: pl, memo: make(map[pos]bool, 1<<12), limit: maxNodes, stop: st}
}

// solve returns the side (0 landlord, 1 farmers) that wins s.
func (se *searcher) solve(s state) int {
	if s.winner >= 0 {
		return s.side(s.winner)
	}
	se.nodes, se.failed = 0, false
	moverWins := se.wins(&s)
	if se.failed {
		side, _ := se.pl.rollout(s)
		return side
	}
	if moverWins {
		return s.side(s.turn)
	}
	return 1 - s.side(s.turn)
}

// wins reports whether the side to move in s wins with perfect play.
func (se *searcher) wins(s *state) bool {
	k := pos{hands: s.hands, table: s.table, turn: int8(s.turn), tableSeat: int8(s.tableSeat)}
	if v, ok := se.memo[k]; ok {
		return v
	}
	se.nodes++
	if se.nodes > se.limit || se.nodes%256 == 0 && se.stop.now() {
		se.failed = true
		return false
	}
	me := s.side(s.turn)
	moves := dd.Follows(s.hands[s.turn], s.table)
	for _, p := range moves {
		if p.Cards == s.hands[s.turn] {
			se.memo[k] = true
			return true
		}
	}
	if s.tableSeat >= 0 {
		moves = append(moves, dd.Play{})
	}
	result := false
	for _, p := range moves {
		n := *s
		n.apply(p)
		w := se.wins(&n)
		if se.failed {
			return false
		}
		if n.side(n.turn) != me {
			w = !w
		}
		if w {
			result = true
			break
		}
	}
	se.memo[k] = result
	return result
}
