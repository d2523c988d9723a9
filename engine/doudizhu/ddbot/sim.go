package ddbot

import (
	"math/rand/v2"
	"sync"

	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// state is a deal in play with every hand known, on ranks only: what the
// bot's rollouts and endgame search play on. It is a small value; copying it
// copies the deal.
type state struct {
	hands     [dd.Players]dd.Hand
	landlord  int
	turn      int
	table     dd.Play // the play to beat; zero when turn leads
	tableSeat int     // who made it, -1 when turn leads
	bombs     int     // bombs and rockets played
	winner    int     // the seat that went out, -1 while in play
}

// apply makes the turn's move: a play, or a pass (the zero Play).
func (s *state) apply(p dd.Play) {
	if p.Type == dd.Invalid {
		s.turn = (s.turn + 1) % dd.Players
		if s.turn == s.tableSeat {
			s.table, s.tableSeat = dd.Play{}, -1
		}
		return
	}
	s.hands[s.turn] -= p.Cards
	if p.Type == dd.Bomb || p.Type == dd.Rocket {
		s.bombs++
	}
	if s.hands[s.turn] == 0 {
		s.winner = s.turn
	}
	s.table, s.tableSeat = p, s.turn
	s.turn = (s.turn + 1) % dd.Players
}

// side is 0 for the landlord, 1 for a farmer.
func (s *state) side(seat int) int {
	if seat == s.landlord {
		return 0
	}
	return 1
}

// fullDeck is the 54 cards as ranks.
var fullDeck = func() dd.Hand {
	var h dd.Hand
	for r := dd.Three; r <= dd.Two; r++ {
		h += oneOf(r, 4)
	}
	return h + oneOf(dd.BlackJoker, 1) + oneOf(dd.RedJoker, 1)
}()

// deal is what a seat's view says about the hidden cards: the pool of
// cards it cannot see, how many each other seat holds, and the cards a seat
// must hold (the landlord's unplayed bottom cards).
type deal struct {
	me     int
	hand   dd.Hand
	pool   dd.Hand
	counts [dd.Players]int
	forced [dd.Players]dd.Hand
	passes []pass // the other seats' passes on an opponent's play
	// history, landlord and played are the deal's play so far, for
	// reading the other seats' kinds.
	history  []dd.Turn
	landlord int
	played   [dd.Players]dd.Hand
	ranks    []dd.Rank // scratch for sampling
}

// pass is a seat passing on an opponent's play: later is what it has
// played since, so its hand then was its hand now plus later.
type pass struct {
	seat  int
	table dd.Play
	later dd.Hand
}

// dealOf reads the hidden-card constraints from a view. During the bidding
// the bottom is a fourth hidden "seat": counts[me] is then the bottom's size
// in the bidding sampler, not here.
func dealOf(v *dd.View) *deal {
	d := &deal{me: v.Seat, hand: dd.HandOf(v.Hand), counts: v.Counts}
	d.pool = fullDeck.Minus(d.hand)
	var played [dd.Players]dd.Hand
	for _, t := range v.History {
		if !t.Pass {
			played[t.Seat] += t.Play.Cards
			d.pool = d.pool.Minus(t.Play.Cards)
		}
	}
	d.history, d.landlord, d.played = v.History, v.Landlord, played
	var later [dd.Players]dd.Hand
	for i := len(v.History) - 1; i >= 0; i-- {
		t := v.History[i]
		if !t.Pass {
			later[t.Seat] += t.Play.Cards
			continue
		}
		if t.Seat == v.Seat {
			continue
		}
		// The play this pass let stand: the last play before it.
		for j := i - 1; j >= 0; j-- {
			if o := v.History[j]; !o.Pass {
				if (o.Seat == v.Landlord) != (t.Seat == v.Landlord) {
					d.passes = append(d.passes, pass{t.Seat, o.Play, later[t.Seat]})
				}
				break
			}
		}
	}
	if l := v.Landlord; l >= 0 && l != v.Seat {
		b := dd.HandOf(v.Bottom)
		for r := dd.Three; r <= dd.RedJoker; r++ {
			if n := b.Count(r) - played[l].Count(r); n > 0 {
				d.forced[l] += oneOf(r, n)
			}
		}
	}
	return d
}

// sample deals the pool to the other seats at random, respecting counts and
// forced cards, and returns every seat's hand.
func (d *deal) sample(rng *rand.Rand) [dd.Players]dd.Hand {
	var hs [dd.Players]dd.Hand
	hs[d.me] = d.hand
	rest := d.pool
	for s := range dd.Players {
		rest = rest.Minus(d.forced[s])
	}
	d.ranks = appendRanks(d.ranks[:0], rest)
	rng.Shuffle(len(d.ranks), func(i, j int) { d.ranks[i], d.ranks[j] = d.ranks[j], d.ranks[i] })
	i := 0
	for s := range dd.Players {
		if s == d.me {
			continue
		}
		hs[s] = d.forced[s]
		for n := d.counts[s] - d.forced[s].Len(); n > 0 && i < len(d.ranks); n-- {
			hs[s] += oneOf(d.ranks[i], 1)
			i++
		}
	}
	return hs
}

// misfits counts the passes of hs that the split player would not have
// made: the seat held a play of the table's type that fits its split.
func (d *deal) misfits(hs [dd.Players]dd.Hand, sp *splitter, buf []dd.Play) int {
	n := 0
	for _, p := range d.passes {
		h := hs[p.seat] + p.later
		base := sp.cost(h)
		for _, f := range dd.AppendFollows(buf[:0], h, p.table) {
			if f.Type == p.table.Type && sp.cost(h.Minus(f.Cards))-base <= -3 {
				n++
				break
			}
		}
	}
	return n
}

func appendRanks(dst []dd.Rank, h dd.Hand) []dd.Rank {
	for r := dd.Three; r <= dd.RedJoker; r++ {
		for range h.Count(r) {
			dst = append(dst, r)
		}
	}
	return dst
}

// policy is the fast player of the rollouts (and the easy level): it leads
// the lowest group of its split and follows with the play that hurts its
// split least, when that is worth it. Farmers do not overtake each other.
type policy struct {
	sp  *splitter
	buf []dd.Play
	// rule marks the seats the rollouts play as the rule player (kinds.go),
	// drawing its random picks from rng.
	rule [dd.Players]bool
	rng  *rand.Rand
}

func newPolicy() *policy { return &policy{sp: newSplitter(), buf: make([]dd.Play, 0, 256)} }

// policies recycles policies between decisions: a split depends on the hand
// alone, so a splitter's memo stays true, and keeping it saves the garbage
// collector most of a decision's allocations.
var policies = sync.Pool{New: func() any { return newPolicy() }}

func getPolicy() *policy { return policies.Get().(*policy) }

func putPolicy(pl *policy) {
	pl.rule, pl.rng = [dd.Players]bool{}, nil
	if len(pl.sp.memo) > 1<<18 {
		clear(pl.sp.memo)
	}
	policies.Put(pl)
}

// danger is the fewest cards an opponent of seat holds.
func danger(s *state, seat int) int {
	n := 99
	for o := range dd.Players {
		if s.side(o) != s.side(seat) {
			n = min(n, s.hands[o].Len())
		}
	}
	return n
}

// choose returns the turn's move: a play, or the zero Play for a pass.
func (pl *policy) choose(s *state) dd.Play {
	me := s.turn
	h := s.hands[me]
	if s.tableSeat < 0 {
		return pl.lead(s)
	}
	pl.buf = dd.AppendFollows(pl.buf[:0], h, s.table)
	for _, p := range pl.buf {
		if p.Cards == h {
			return p // going out
		}
	}
	if s.side(s.tableSeat) == s.side(me) {
		return dd.Play{} // the partner holds the table
	}
	dg := danger(s, me)
	limit := -3 // a play that fits the split
	switch {
	case dg <= 2:
		limit = 40 // stop them at any price
	case dg <= 5:
		limit = 4
	}
	base := pl.sp.cost(h)
	best, bestD := dd.Play{}, limit+1
	for _, p := range pl.buf {
		d := pl.sp.cost(h.Minus(p.Cards)) - base
		if d < bestD || d == bestD && p.Core < best.Core {
			best, bestD = p, d
		}
	}
	return best
}

// lead picks the lowest group of the split; with an opponent next to play
// holding one card it avoids singles (or leads its highest), and with the
// partner next holding one card it feeds them its lowest single.
func (pl *policy) lead(s *state) dd.Play {
	me := s.turn
	h := s.hands[me]
	gs := pl.sp.groups(h)
	if len(gs) == 1 {
		return gs[0]
	}
	nx := (me + 1) % dd.Players
	nxCount := s.hands[nx].Len()
	partnerNext := s.side(nx) == s.side(me)
	if partnerNext && nxCount == 1 {
		for r := dd.Three; r <= dd.RedJoker; r++ {
			if h.Count(r) > 0 {
				return dd.Play{Type: dd.Single, Core: r, Len: 1, Cards: oneOf(r, 1)}
			}
		}
	}
	// With two groups, one of them a bomb or the rocket: play it and then go
	// out (a simple, common finish).
	if len(gs) == 2 {
		for _, g := range gs {
			if g.Type == dd.Bomb || g.Type == dd.Rocket {
				return g
			}
		}
	}
	best, found := dd.Play{}, false
	for _, g := range gs {
		if g.Type == dd.Bomb || g.Type == dd.Rocket {
			continue
		}
		if !partnerNext && nxCount == 1 && g.Type == dd.Single {
			continue
		}
		if !found || g.Core < best.Core || g.Core == best.Core && g.Cards.Len() > best.Cards.Len() {
			best, found = g, true
		}
	}
	if found {
		return best
	}
	// Only singles (against one card) or bombs left: the highest single,
	// else the first bomb.
	for i := len(gs) - 1; i >= 0; i-- {
		if gs[i].Type == dd.Single {
			return gs[i]
		}
	}
	return gs[0]
}

// rollout plays s out with the policy for every seat (or the rule player
// for the seats marked so) and returns the
// winner's side (0 landlord, 1 farmers) and the bombs played.
func (pl *policy) rollout(s state) (int, int) {
	for s.winner < 0 {
		if pl.rule[s.turn] {
			s.apply(pl.rulePlay(&s, pl.rng))
		} else {
			s.apply(pl.choose(&s))
		}
	}
	return s.side(s.winner), s.bombs
}
