package doudizhu

import (
	"math/bits"
	"slices"
	"sync"
)

// Leads returns every distinct combination h can lead (DD-7): each reading
// once, grouped by type in the order of Type, then by core rank.
func Leads(h Hand) []Play {
	// Generate into a reused buffer, then allocate the result once, at its
	// exact size: cheaper than growing a fresh slice.
	buf := scratch.Get().(*[]Play)
	*buf = AppendLeads((*buf)[:0], h)
	out := slices.Clone(*buf)
	scratch.Put(buf)
	return out
}

// scratch holds generation buffers for Leads; sync.Pool makes it safe for
// concurrent use.
var scratch = sync.Pool{New: func() any { b := make([]Play, 0, 1024); return &b }}

// AppendLeads appends Leads(h) to dst: with a reused dst it does not allocate.
func AppendLeads(dst []Play, h Hand) []Play {
	g := gen{out: dst}
	g.c.load(h)
	for t := Single; t <= Rocket; t++ {
		g.of(t, 0, 0)
	}
	return g.out
}

// Follows returns every distinct play from h that beats table (DD-8, DD-18,
// DD-19): plays of the table's type and size with a higher core, then bombs,
// then the rocket. Pass is not included. With the zero Play (nothing on the
// table) it is Leads(h).
func Follows(h Hand, table Play) []Play {
	if table.Type == Invalid {
		return Leads(h)
	}
	return AppendFollows(make([]Play, 0, 16), h, table)
}

// AppendFollows appends Follows(h, table) to dst.
func AppendFollows(dst []Play, h Hand, table Play) []Play {
	if table.Type == Invalid {
		return AppendLeads(dst, h)
	}
	g := gen{out: dst}
	g.c.load(h)
	bombFrom := Three
	switch table.Type {
	case Rocket:
		return g.out
	case Bomb:
		bombFrom = table.Core + 1
	default:
		g.of(table.Type, table.Core+1, int(table.Len))
	}
	g.of(Bomb, bombFrom, 1)
	g.of(Rocket, 0, 1)
	return g.out
}

// gen generates plays of one hand. Each method appends the plays of one type
// whose core starts at from or higher and, when l > 0, has length l.
type gen struct {
	c   counts
	out []Play
}

func (g *gen) of(t Type, from Rank, l int) {
	switch t {
	case Single:
		g.groups(Single, 1, from, RedJoker)
	case Pair:
		g.groups(Pair, 2, from, Two)
	case Triple:
		g.groups(Triple, 3, from, Two)
	case Bomb:
		g.groups(Bomb, 4, from, Two)
	case TripleSingle, TriplePair:
		g.tripleWith(t, from)
	case Straight:
		g.seqs(Straight, 1, 5, from, l)
	case PairSeq:
		g.seqs(PairSeq, 2, 3, from, l)
	case Airplane, AirplaneSingles, AirplanePairs:
		g.seqs(t, 3, 2, from, l)
	case FourTwo, FourTwoPairs:
		g.fourWith(t, from)
	case Rocket:
		if g.c.n[BlackJoker] > 0 && g.c.n[RedJoker] > 0 {
			g.out = append(g.out, Play{Rocket, BlackJoker, 1, one(BlackJoker, 1) + one(RedJoker, 1)})
		}
	}
}

// groups: k cards of one rank, for ranks from…top.
func (g *gen) groups(t Type, k int, from, top Rank) {
	for m := g.c.m[k] >> from << from; m != 0; m &= m - 1 {
		r := Rank(bits.TrailingZeros16(m))
		if r > top {
			break
		}
		g.out = append(g.out, Play{t, r, 1, one(r, k)})
	}
}

// tripleWith: a triple with a single or a pair of another rank (DD-11).
func (g *gen) tripleWith(t Type, from Rank) {
	k := 1
	if t == TriplePair {
		k = 2
	}
	for m := g.c.m[3] >> from << from; m != 0; m &= m - 1 {
		r := Rank(bits.TrailingZeros16(m))
		if r > Two {
			break
		}
		for a := g.c.m[k] &^ (1 << r); a != 0; a &= a - 1 {
			x := Rank(bits.TrailingZeros16(a))
			g.out = append(g.out, Play{t, r, 1, one(r, 3) + one(x, k)})
		}
	}
}

// fourWith: four of a kind with two cards or two pairs (DD-15).
func (g *gen) fourWith(t Type, from Rank) {
	for m := g.c.m[4] >> from << from; m != 0; m &= m - 1 {
		f := Rank(bits.TrailingZeros16(m))
		if f > Two {
			break
		}
		base := Play{t, f, 1, one(f, 4)}
		if t == FourTwoPairs {
			g.pairWings(base, g.c.m[2]&^(1<<f), 2)
			continue
		}
		// Two cards: a pair, or two singles of distinct ranks, not the rocket.
		for a := g.c.m[2] &^ (1 << f); a != 0; a &= a - 1 {
			x := Rank(bits.TrailingZeros16(a))
			g.out = append(g.out, Play{t, f, 1, base.Cards + one(x, 2)})
		}
		for a := g.c.m[1] &^ (1 << f); a != 0; a &= a - 1 {
			x := Rank(bits.TrailingZeros16(a))
			for b := a & (a - 1); b != 0; b &= b - 1 {
				y := Rank(bits.TrailingZeros16(b))
				if x == BlackJoker {
					break
				}
				g.out = append(g.out, Play{t, f, 1, base.Cards + one(x, 1) + one(y, 1)})
			}
		}
	}
}

// seqs: sequences of k cards per rank, at least minLen long (or exactly l
// when l > 0), inside 3…A, starting at from or higher; airplanes get their
// wings here.
func (g *gen) seqs(t Type, k int, minLen int, from Rank, l int) {
	m := g.c.m[k] & (1<<(Ace+1) - 1)
	for s := from; s <= Ace; s++ {
		if m>>s&1 == 0 {
			continue
		}
		core := Hand(0)
		for e := s; e <= Ace && m>>e&1 != 0; e++ {
			core += one(e, k)
			n := int(e-s) + 1
			if l > 0 && n > l {
				break
			}
			if n < minLen || l > 0 && n != l {
				continue
			}
			p := Play{t, s, uint8(n), core}
			switch t {
			case AirplaneSingles:
				// Wings: any rank outside the core, at most two of each.
				coreMask := uint16(1<<n-1) << s
				g.singleWings(p, g.c.m[1]&^coreMask, g.c.m[2]&^coreMask, n)
			case AirplanePairs:
				coreMask := uint16(1<<n-1) << s
				g.pairWings(p, g.c.m[2]&^coreMask, n)
			default:
				g.out = append(g.out, p)
			}
		}
	}
}

// singleWings appends p with every multiset of k wing cards: one card of
// any rank in the set one, or two of a rank in the set two (a subset of
// one); never both jokers.
func (g *gen) singleWings(p Play, one1, two uint16, k int) {
	if k == 0 {
		g.out = append(g.out, p)
		return
	}
	if bits.OnesCount16(one1)+bits.OnesCount16(two) < k {
		return
	}
	for a := one1; a != 0; a &= a - 1 {
		r := Rank(bits.TrailingZeros16(a))
		if r == RedJoker && p.Cards.Count(BlackJoker) > 0 {
			break
		}
		rest := a & (a - 1)
		q := p
		q.Cards += one(r, 1)
		g.singleWings(q, rest, two&rest, k-1)
		if two>>r&1 != 0 && k >= 2 {
			q.Cards += one(r, 1)
			g.singleWings(q, rest, two&rest, k-2)
		}
	}
}

// pairWings appends p with every choice of k pairs of distinct ranks from
// the set avail (bit r: rank r has a pair to spare).
func (g *gen) pairWings(p Play, avail uint16, k int) {
	if k == 0 {
		g.out = append(g.out, p)
		return
	}
	for a := avail; a != 0; a &= a - 1 {
		r := Rank(bits.TrailingZeros16(a))
		q := p
		q.Cards += one(r, 2)
		g.pairWings(q, a&(a-1), k-1)
	}
}
