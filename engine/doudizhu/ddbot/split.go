package ddbot

import (
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// A split of a hand is a way to play it out: sequences (straights, pair
// sequences, airplanes) chosen by search, and the rest as bombs, the rocket,
// triples carrying a single or a pair, pairs and singles. The bot wants the
// split with the fewest plays, valuing bombs, the rocket and control cards
// (2s and jokers), which take the lead back.

// Costs are in tenths of a play.
const (
	playCost   = 10 // one play to go out
	bombBonus  = 8  // a bomb or the rocket: a play that takes the lead back
	controlBon = 2  // a 2 or a joker kept
)

// splitter scores hands, remembering each hand it has scored. One splitter
// belongs to one decision; it is not safe for concurrent use.
type splitter struct {
	memo map[uint64]split
}

// split is the best split found for a hand with some spare kicker room:
// its number of plays and the first sequence it takes (zero Play: none).
type split struct {
	plays int8
	seq   dd.Play
}

func newSplitter() *splitter { return &splitter{memo: make(map[uint64]split, 4096)} }

// cost scores h for the player holding it: lower is better.
func (s *splitter) cost(h dd.Hand) int {
	if h == 0 {
		return -1000
	}
	c := playCost * int(s.best(h, 0).plays)
	for r := dd.Three; r <= dd.Two; r++ {
		if h.Count(r) == 4 {
			c -= bombBonus
		}
	}
	if h.Count(dd.BlackJoker)+h.Count(dd.RedJoker) == 2 {
		c -= bombBonus
	}
	c -= controlBon * (h.Count(dd.Two) + h.Count(dd.BlackJoker) + h.Count(dd.RedJoker))
	return c
}

// plays is the number of plays of h's best split.
func (s *splitter) plays(h dd.Hand) int { return int(s.best(h, 0).plays) }

// best finds the split of h with the fewest plays, where room more kickers
// can ride on airplanes already taken.
func (s *splitter) best(h dd.Hand, room int) split {
	key := uint64(h) | uint64(room)<<60
	if v, ok := s.memo[key]; ok {
		return v
	}
	b := split{plays: int8(basePlays(h, room))}
	// Each sequence of h: take it and split the rest.
	for k := 1; k <= 3; k++ {
		minLen := [4]int{0, 5, 3, 2}[k]
		for st := dd.Three; st <= dd.Ace; st++ {
			var seq dd.Hand
			for e := st; e <= dd.Ace && h.Count(e) >= k; e++ {
				seq += oneOf(e, k)
				n := int(e-st) + 1
				if n < minLen {
					continue
				}
				extra := 0
				if k == 3 {
					extra = n
				}
				if extra+room > 15 {
					continue
				}
				r := s.best(h.Minus(seq), room+extra)
				if int(r.plays)+1 < int(b.plays) {
					b = split{plays: r.plays + 1, seq: seqPlay(k, st, n, seq)}
				}
			}
		}
	}
	s.memo[key] = b
	return b
}

func seqPlay(k int, st dd.Rank, n int, cards dd.Hand) dd.Play {
	t := [4]dd.Type{0, dd.Straight, dd.PairSeq, dd.Airplane}[k]
	return dd.Play{Type: t, Core: st, Len: uint8(n), Cards: cards}
}

// basePlays counts the plays of h without sequences: each bomb, the rocket,
// each triple, pair and single is one play, less the singles and pairs that
// ride on triples (and room more on airplanes).
func basePlays(h dd.Hand, room int) int {
	var n1, n2, n3, n4 int
	for r := dd.Three; r <= dd.Two; r++ {
		switch h.Count(r) {
		case 1:
			n1++
		case 2:
			n2++
		case 3:
			n3++
		case 4:
			n4++
		}
	}
	switch j := h.Count(dd.BlackJoker) + h.Count(dd.RedJoker); j {
	case 2:
		n4++
	case 1:
		n1++
	}
	return n4 + n3 + n2 + n1 - min(n3+room, n1+n2)
}

// groups returns the plays of h's best split, sequences first, then bombs
// and the rocket, triples (each with the lowest spare single, else pair),
// pairs and singles, each kind from low to high. Airplanes carry no wings
// here; the lead chooser adds them.
func (s *splitter) groups(h dd.Hand) []dd.Play {
	var out []dd.Play
	room := 0
	for {
		b := s.best(h, room)
		if b.seq.Type == dd.Invalid {
			break
		}
		out = append(out, b.seq)
		h = h.Minus(b.seq.Cards)
		if b.seq.Type == dd.Airplane {
			room += int(b.seq.Len)
		}
	}
	var singles, pairs, triples []dd.Rank
	for r := dd.Three; r <= dd.Two; r++ {
		switch h.Count(r) {
		case 1:
			singles = append(singles, r)
		case 2:
			pairs = append(pairs, r)
		case 3:
			triples = append(triples, r)
		case 4:
			out = append(out, dd.Play{Type: dd.Bomb, Core: r, Len: 1, Cards: oneOf(r, 4)})
		}
	}
	if h.Count(dd.BlackJoker)+h.Count(dd.RedJoker) == 2 {
		out = append(out, dd.Play{Type: dd.Rocket, Core: dd.BlackJoker, Len: 1, Cards: oneOf(dd.BlackJoker, 1) + oneOf(dd.RedJoker, 1)})
	} else {
		for _, r := range []dd.Rank{dd.BlackJoker, dd.RedJoker} {
			if h.Count(r) == 1 {
				singles = append(singles, r)
			}
		}
	}
	for _, t := range triples {
		p := dd.Play{Type: dd.Triple, Core: t, Len: 1, Cards: oneOf(t, 3)}
		switch {
		case len(singles) > 0 && singles[0] < dd.Two:
			p.Type, p.Cards = dd.TripleSingle, p.Cards+oneOf(singles[0], 1)
			singles = singles[1:]
		case len(pairs) > 0 && pairs[0] < dd.Ace:
			p.Type, p.Cards = dd.TriplePair, p.Cards+oneOf(pairs[0], 2)
			pairs = pairs[1:]
		}
		out = append(out, p)
	}
	for _, r := range pairs {
		out = append(out, dd.Play{Type: dd.Pair, Core: r, Len: 1, Cards: oneOf(r, 2)})
	}
	for _, r := range singles {
		out = append(out, dd.Play{Type: dd.Single, Core: r, Len: 1, Cards: oneOf(r, 1)})
	}
	return out
}
