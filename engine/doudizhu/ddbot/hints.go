package ddbot

import (
	"cmp"
	"slices"

	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// Hints lists the plays the view's seat may make now, in the order a
// player asking for help should see them: first the play the easy bot
// would make (on a lead, the lowest group of its split of the hand, not
// merely the lowest single), then the others, those that spoil the rest of
// the hand least first. A pass is not listed; none when nothing beats the
// table (or it is not the seat's turn to play).
func Hints(v *dd.View) []dd.Play {
	if v.Seat < 0 || v.Phase != dd.Playing || v.Turn != v.Seat {
		return nil
	}
	h := dd.HandOf(v.Hand)
	all := dd.Follows(h, v.Table)
	if len(all) == 0 {
		return nil
	}
	pl := getPolicy()
	defer putPolicy(pl)
	d := dealOf(v)
	s0 := stateOf(v, d.sample(cards.NewRand(1))) // the policy reads only its own hand and the counts
	mine := pl.choose(&s0)
	type scored struct {
		p dd.Play
		c int
	}
	ss := make([]scored, 0, len(all))
	for _, p := range all {
		if p == mine {
			continue
		}
		ss = append(ss, scored{p, pl.sp.cost(h.Minus(p.Cards))*4 + int(p.Core)})
	}
	slices.SortStableFunc(ss, func(a, b scored) int { return cmp.Compare(a.c, b.c) })
	out := make([]dd.Play, 0, len(all))
	if mine.Type != dd.Invalid {
		out = append(out, mine)
	}
	for _, s := range ss {
		out = append(out, s.p)
	}
	return out
}
