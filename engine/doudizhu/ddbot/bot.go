// Package ddbot holds Dou Dizhu bots beyond the engine's baseline: a port of
// RLCard's doudizhu-rule-v1 agent (RLCardBot, a fixed baseline), the bot of
// the levels easy, normal and strong (Bot), and a duplicate Tournament to
// measure them. Bots decide from the seat's *doudizhu.View alone.
package ddbot

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// Level is a bot's strength.
type Level int

// The levels.
const (
	Easy Level = iota
	Normal
	Strong
)

// String is easy, normal or strong.
func (l Level) String() string {
	switch l {
	case Easy:
		return "easy"
	case Normal:
		return "normal"
	case Strong:
		return "strong"
	}
	return "?"
}

// ParseLevel reads "easy", "normal" or "strong".
func ParseLevel(s string) (Level, error) {
	for _, l := range []Level{Easy, Normal, Strong} {
		if s == l.String() {
			return l, nil
		}
	}
	return Normal, fmt.Errorf("level %q: use easy, normal or strong", s)
}

// Bot plays Dou Dizhu at a level:
//
//   - bidding: easy counts high cards, bombs and the plays its split needs;
//     normal and strong play Rollouts/4 quick deals (8 at least) with the hand as
//     landlord (sampled bottom and other hands) and bid by the share won,
//     strong from lower shares (bidShares);
//   - play: every level splits its hand into the fewest plays (see split.go)
//     and leads and follows from that split (easy stops there); normal and
//     strong evaluate the most promising moves with determinized rollouts:
//     deals sampled consistent with the view (hand sizes, cards played, the
//     landlord's unplayed bottom cards), each move played out by the split
//     player in every seat; strong also prefers sampled deals that agree
//     with the other seats' passes (Infer), reads each other seat as the
//     split player or a simpler rule player from its plays (Kinds) and
//     searches exactly when few cards are left (EndgameCards).
//
// Farmers cooperate: the split player never overtakes its partner (the
// rollouts may choose to, when that wins more often) and leads its lowest
// single to a partner next to play holding one card. A Bot is a value and safe for concurrent
// use: every Decide builds its own scratch state.
type Bot struct {
	Level Level
	// Rollouts is the number of playouts per decision, shared among the
	// candidate moves (normal and strong).
	Rollouts int
	// Candidates is the most moves the rollouts compare.
	Candidates int
	// Infer makes the sampled deals agree with the other seats' passes:
	// of a few draws, the one where the fewest passes held back a play
	// that fits the passer's split (strong).
	Infer bool
	// Kinds reads each other seat as the split player or the rule player
	// (the RLCard rule agent's habits) from its plays so far, and plays it
	// so in the rollouts (strong; kinds.go).
	Kinds bool
	// EndgameCards: when the three hands hold this many cards or fewer,
	// each sampled deal is solved exactly (0: never).
	EndgameCards int
	// Budget bounds a decision's wall-clock time (0: none): rollouts stop
	// early when it runs out, so a loaded machine plays a little weaker
	// instead of slower. Within budget the decision depends only on the view
	// and the rng.
	Budget time.Duration
}

// Name names the bot by its level ("ddbot-strong"), for ratings.
func (b Bot) Name() string { return "ddbot-" + b.Level.String() }

// New returns the bot of a level with its default settings.
func New(l Level) Bot {
	switch l {
	case Easy:
		return Bot{Level: Easy}
	case Normal:
		return Bot{Level: Normal, Rollouts: 20, Candidates: 3, Budget: 60 * time.Millisecond}
	}
	return Bot{Level: Strong, Rollouts: 800, Candidates: 10, Infer: true, Kinds: true, EndgameCards: 16, Budget: 150 * time.Millisecond}
}

// Decide returns the bot's move: one of the view's legal moves. It is
// DecideContext without a context: only the Budget bounds its time.
func (b Bot) Decide(ev engine.View, rng *rand.Rand) engine.Move {
	return b.DecideContext(context.Background(), ev, rng)
}

// DecideContext returns the bot's move: one of the view's legal moves. The
// rollouts and the endgame search stop at the Budget's deadline or once ctx
// is done, whichever comes first, and the bot decides from the samples
// played so far (with none, the split player's own choice); only then may
// the move depend on the clock (engine.ContextBot).
func (b Bot) DecideContext(ctx context.Context, ev engine.View, rng *rand.Rand) engine.Move {
	legal := ev.LegalMoves()
	v, ok := ev.(*dd.View)
	if !ok || len(legal) == 0 {
		return engine.Move{}
	}
	st := stop{ctx: ctx}
	if b.Budget > 0 {
		st.deadline = time.Now().Add(b.Budget)
	}
	if d, ok := ctx.Deadline(); ok && (st.deadline.IsZero() || d.Before(st.deadline)) {
		st.deadline = d
	}
	var m engine.Move
	if v.Phase == dd.Bidding {
		m = b.bid(v, rng, st)
	} else {
		m = toMove(b.play(v, rng, st))
	}
	if slices.Contains(legal, m) {
		return m
	}
	return legal[0]
}

// stop says when a decision must end: at its deadline (the Budget's, or
// ctx's when earlier; zero: none) or once ctx is done, whichever comes first.
type stop struct {
	ctx      context.Context
	deadline time.Time
}

// now reports whether the decision must end now. It first yields the
// processor (runtime.Gosched): a server runs many decisions at once, and a
// yield at each check lets the goroutines waiting on a timer — a table's
// deadline, its fallback — run on time instead of after the bots'
// preemption (BenchmarkStrong8Tables in tables: max 650 ms without, 230 ms
// with). It changes no move.
func (s stop) now() bool {
	runtime.Gosched()
	select {
	case <-s.ctx.Done():
		return true
	default:
	}
	return !s.deadline.IsZero() && time.Now().After(s.deadline)
}

func toMove(p dd.Play) engine.Move {
	if p.Type == dd.Invalid {
		return engine.PassMove()
	}
	return engine.PlayRanks(p.String())
}

// stateOf is the view's deal with the hidden hands hs.
func stateOf(v *dd.View, hs [dd.Players]dd.Hand) state {
	return state{hands: hs, landlord: v.Landlord, turn: v.Seat, table: v.Table, tableSeat: v.TableSeat, bombs: v.Bombs, winner: -1}
}

// play chooses a play (the zero Play: pass).
func (b Bot) play(v *dd.View, rng *rand.Rand, st stop) dd.Play {
	d := dealOf(v)
	pl := getPolicy()
	defer putPolicy(pl)
	// The policy's own choice, on the view's state with the others' hands
	// unknown: it reads only the seat's hand and the counts, so any sample
	// gives the same answer.
	s0 := stateOf(v, d.sample(rng))
	mine := pl.choose(&s0)
	if b.Level == Easy {
		return mine
	}
	cands := b.candidates(v, d.hand, pl, mine)
	if len(cands) == 1 {
		return cands[0]
	}
	wins := make([]int, len(cands))
	samples := max(4, b.Rollouts/len(cands))
	total := d.counts[0] + d.counts[1] + d.counts[2]
	var se *searcher
	if b.EndgameCards > 0 && total <= b.EndgameCards {
		se = newSearcher(pl, st)
	}
	mySide := s0.side(v.Seat)
	won := make([]bool, len(cands))
sampling:
	for range samples {
		if st.now() { // before the draws: with Infer, up to four misfit counts
			break
		}
		hs := d.sample(rng)
		if b.Infer && len(d.passes) > 0 {
			bad := d.misfits(hs, pl.sp, pl.buf)
			for try := 0; try < 3 && bad > 0; try++ {
				alt := d.sample(rng)
				if n := d.misfits(alt, pl.sp, pl.buf); n < bad {
					hs, bad = alt, n
				}
			}
		}
		if b.Kinds {
			odds := d.ruleOdds(hs, pl)
			for o := range dd.Players {
				pl.rule[o] = o != v.Seat && rng.Float64() < odds[o]
			}
			pl.rng = rng
		}
		for c, p := range cands {
			// Past the budget or the caller's deadline (or once ctx is
			// done), drop the unfinished sample: every candidate is
			// judged on the same deals (with none, the split player's
			// choice, cands[0], stands).
			if st.now() {
				break sampling
			}
			s := stateOf(v, hs)
			s.apply(p)
			var side int
			if se != nil {
				side = se.solve(s)
			} else {
				side, _ = pl.rollout(s)
			}
			won[c] = side == mySide
		}
		for c := range cands {
			if won[c] {
				wins[c]++
			}
		}
	}
	best := 0
	for c := range cands {
		if wins[c] > wins[best] {
			best = c
		}
	}
	return cands[best]
}

// candidates lists the moves the rollouts compare: the policy's choice
// first, then the legal moves that hurt the split least, up to Candidates.
func (b Bot) candidates(v *dd.View, h dd.Hand, pl *policy, mine dd.Play) []dd.Play {
	all := dd.Follows(h, v.Table)
	for _, p := range all {
		if p.Cards == h {
			return []dd.Play{p} // going out
		}
	}
	type scored struct {
		p dd.Play
		c int
	}
	var ss []scored
	for _, p := range all {
		if p == mine {
			continue
		}
		ss = append(ss, scored{p, pl.sp.cost(h.Minus(p.Cards))*4 + int(p.Core)})
	}
	if v.TableSeat >= 0 && mine.Type != dd.Invalid {
		ss = append(ss, scored{dd.Play{}, pl.sp.cost(h) * 4})
	}
	slices.SortStableFunc(ss, func(a, b scored) int { return cmp.Compare(a.c, b.c) })
	out := []dd.Play{mine}
	for _, s := range ss {
		if len(out) >= max(1, b.Candidates) {
			break
		}
		out = append(out, s.p)
	}
	return out
}

// bid chooses a bid from hand strength.
func (b Bot) bid(v *dd.View, rng *rand.Rand, st stop) engine.Move {
	h := dd.HandOf(v.Hand)
	want := 0
	if b.Level == Easy {
		want = easyBid(h)
	} else {
		p := b.landlordOdds(v, h, rng, st)
		at := b.bidShares()
		switch {
		case p >= at[2]:
			want = 3
		case p >= at[1]:
			want = 2
		case p >= at[0]:
			want = 1
		}
	}
	if want > v.Bid {
		return engine.BidMove(want)
	}
	return engine.PassMove()
}

// bidShares are the landlord win shares (of landlordOdds) from which the
// bot bids 1, 2 and 3. The quick deals play the split player in every seat;
// strong plays the landlord far better than that (at normal's shares it won
// 0.96 of the deals it took alone against the RLCard port), so it bids from
// lower shares and takes the bottom with weaker hands.
func (b Bot) bidShares() [3]float64 {
	if b.Level == Strong {
		return [3]float64{0.28, 0.35, 0.42}
	}
	return [3]float64{0.48, 0.55, 0.62}
}

// easyBid counts high cards and bombs against the plays the hand needs.
func easyBid(h dd.Hand) int {
	pts := 4*h.Count(dd.RedJoker) + 3*h.Count(dd.BlackJoker) + 2*h.Count(dd.Two) + h.Count(dd.Ace)
	for r := dd.Three; r <= dd.Two; r++ {
		if h.Count(r) == 4 {
			pts += 4
		}
	}
	pts -= newSplitter().plays(h) / 2
	switch {
	case pts >= 10:
		return 3
	case pts >= 8:
		return 2
	case pts >= 6:
		return 1
	}
	return 0
}

// landlordOdds is the share of quick deals the hand wins as landlord: the
// other hands and the bottom sampled, the split player in every seat.
func (b Bot) landlordOdds(v *dd.View, h dd.Hand, rng *rand.Rand, st stop) float64 {
	pool := appendRanks(nil, fullDeck.Minus(h))
	pl := getPolicy()
	defer putPolicy(pl)
	n := max(8, b.Rollouts/4)
	wins, played := 0, 0
	for range n {
		if st.now() {
			break
		}
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		var s state
		s.landlord, s.turn, s.tableSeat, s.winner = v.Seat, v.Seat, -1, -1
		s.hands[v.Seat] = h
		k := 0
		for o := range dd.Players {
			if o == v.Seat {
				continue
			}
			for range 17 {
				s.hands[o] += oneOf(pool[k], 1)
				k++
			}
		}
		for ; k < len(pool); k++ {
			s.hands[v.Seat] += oneOf(pool[k], 1) // the bottom
		}
		if side, _ := pl.rollout(s); side == 0 {
			wins++
		}
		played++
	}
	if played == 0 {
		return 0 // out of time: do not bid
	}
	return float64(wins) / float64(played)
}
