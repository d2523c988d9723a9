package doudizhu

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/cardroom/cardroom/engine/cards"
)

// Rank is a Dou Dizhu rank in the order of DD-2, low to high:
// 3 4 5 6 7 8 9 T J Q K A 2 B R (B the black joker, R the red joker).
type Rank uint8

// The ranks.
const (
	Three Rank = iota
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
	Two
	BlackJoker
	RedJoker

	// NumRanks is the number of ranks.
	NumRanks = 15
)

// rankText is the rank notation of RULES.md, indexed by Rank.
const rankText = "3456789TJQKA2BR"

// String prints the rank's notation letter.
func (r Rank) String() string {
	if r >= NumRanks {
		return "?"
	}
	return rankText[r : r+1]
}

// RankOf returns the Dou Dizhu rank of a card of the 54-card deck.
func RankOf(c cards.Card) Rank {
	switch c {
	case cards.BlackJoker:
		return BlackJoker
	case cards.RedJoker:
		return RedJoker
	}
	if c.Rank() == cards.Two {
		return Two
	}
	return Rank(c.Rank() - cards.Three)
}

// Hand is a multiset of Dou Dizhu ranks: the count of each rank, four bits
// per rank (rank r in bits 4r..4r+3). Suits never matter to the rules (DD-2),
// so move generation works on Hands; the game keeps the real cards beside
// them. A Hand is a plain comparable value; the zero Hand is empty.
type Hand uint64

const (
	ones Hand = 0x0111_1111_1111_1111 // the low bit of each of the 15 nibbles
	high Hand = ones << 3             // the high bit of each nibble
)

// HandOf returns the ranks of cs.
func HandOf(cs []cards.Card) Hand {
	var h Hand
	for _, c := range cs {
		h += 1 << (4 * RankOf(c))
	}
	return h
}

// Count is the number of cards of rank r.
func (h Hand) Count(r Rank) int { return int(h >> (4 * r) & 15) }

// Len is the number of cards.
func (h Hand) Len() int {
	return bits.OnesCount64(uint64(h&ones)) + 2*bits.OnesCount64(uint64(h&(ones<<1))) +
		4*bits.OnesCount64(uint64(h&(ones<<2))) + 8*bits.OnesCount64(uint64(h&high))
}

// Contains reports whether every card of o is in h. Counts are at most
// seven, so the subtraction never borrows across ranks.
func (h Hand) Contains(o Hand) bool {
	return o&high == 0 && ((h|high)-o)&high == high
}

// Minus returns h without the cards of o; o must be inside h (Contains).
func (h Hand) Minus(o Hand) Hand { return h - o }

// String prints the hand in rank notation, ascending ("33344", "BR").
func (h Hand) String() string {
	var b strings.Builder
	for r := Rank(0); r < NumRanks; r++ {
		for range h.Count(r) {
			b.WriteByte(rankText[r])
		}
	}
	return b.String()
}

// valid reports whether h could come from one 54-card deck: at most four of
// a rank and one of each joker.
func (h Hand) valid() bool {
	for r := Rank(0); r < NumRanks; r++ {
		if h.Count(r) > maxCount(r) {
			return false
		}
	}
	return true
}

func maxCount(r Rank) int {
	if r >= BlackJoker {
		return 1
	}
	return 4
}

// one is a Hand with n cards of rank r.
func one(r Rank, n int) Hand { return Hand(n) << (4 * r) }

// ParseHand reads ranks in the notation of RULES.md ("33344", "BR"), in any
// order. A hand holds at most four of a rank and one of each joker.
func ParseHand(ranks string) (Hand, error) {
	var h Hand
	for i := 0; i < len(ranks); i++ {
		r := strings.IndexByte(rankText, ranks[i])
		if r < 0 {
			return 0, fmt.Errorf("%q is not a rank: use 3–9, T, J, Q, K, A, 2, B, R", clip(ranks[i:]))
		}
		if h.Count(Rank(r)) == maxCount(Rank(r)) {
			return 0, fmt.Errorf("there are only %d cards of rank %s", maxCount(Rank(r)), rankText[r:r+1])
		}
		h += one(Rank(r), 1)
	}
	return h, nil
}

// ParsePlay reads a combination in rank notation and returns its reading;
// a card set with several readings (DD-17) gives the first of Classify.
func ParsePlay(ranks string) (Play, error) {
	if ranks == "" {
		return Play{}, fmt.Errorf("no cards: a play has at least one card")
	}
	h, err := ParseHand(ranks)
	if err != nil {
		return Play{}, err
	}
	ps := Classify(h)
	if len(ps) == 0 {
		return Play{}, fmt.Errorf("%s is not a combination", h)
	}
	return ps[0], nil
}

func clip(s string) string {
	if len(s) > 8 {
		return s[:8] + "…"
	}
	return s
}

// Type is the type of a combination (RULES.md B.3).
type Type uint8

// The combination types, in the order Classify lists readings.
const (
	Invalid         Type = iota // the zero Play: no combination (nothing on the table)
	Single                      // DD-10
	Pair                        // DD-10
	Triple                      // DD-10
	TripleSingle                // DD-11: triple with a single
	TriplePair                  // DD-11: triple with a pair
	Straight                    // DD-12: ≥ 5 consecutive singles, 3…A
	PairSeq                     // DD-13: ≥ 3 consecutive pairs, 3…A
	Airplane                    // DD-14 (a): ≥ 2 consecutive triples, no wings
	AirplaneSingles             // DD-14 (b): one single wing per triple
	AirplanePairs               // DD-14 (c): one pair wing per triple
	FourTwo                     // DD-15: four with two cards
	FourTwoPairs                // DD-15: four with two pairs
	Bomb                        // DD-16: four of a kind
	Rocket                      // DD-16: both jokers
)

var typeNames = [...]string{"no combination", "single", "pair", "triple", "triple with single",
	"triple with pair", "straight", "pair sequence", "airplane", "airplane with singles",
	"airplane with pairs", "four with two", "four with two pairs", "bomb", "rocket"}

// String names the type for people ("triple with pair").
func (t Type) String() string {
	if int(t) >= len(typeNames) {
		return "?"
	}
	return typeNames[t]
}

// Play is one reading of a combination: a small comparable value.
type Play struct {
	Type Type
	// Core is the lowest rank of the core: the single, pair, triple or four,
	// the lowest rank of a sequence, the black joker of the rocket.
	Core Rank
	// Len is the number of ranks in the core: a sequence's length, else 1.
	Len uint8
	// Cards holds every card of the play, core and attachments.
	Cards Hand
}

// String prints the play in rank notation, ascending ("33344").
func (p Play) String() string { return p.Cards.String() }

// Text prints the play for people: its main part first, then what it
// carries after a space ("888 5", "AAA 44", "333444 57"); a play that
// carries nothing as String.
func (p Play) Text() string {
	m := p.Main()
	if m == p.Cards {
		return p.String()
	}
	return m.String() + " " + p.Cards.Minus(m).String()
}

// Main is the play's main part: the triples of a triple or airplane with
// wings, the four of a four with two; the whole play for the others.
func (p Play) Main() Hand {
	n := 3
	switch p.Type {
	case TripleSingle, TriplePair, AirplaneSingles, AirplanePairs:
	case FourTwo, FourTwoPairs:
		n = 4
	default:
		return p.Cards
	}
	var h Hand
	for r := p.Core; r < p.Core+Rank(p.Len); r++ {
		h += one(r, n)
	}
	return h
}

// High is the highest rank of the core, what DD-18 compares.
func (p Play) High() Rank { return p.Core + Rank(p.Len) - 1 }

// Describe names the play for people: "airplane with singles 33344456".
func (p Play) Describe() string { return p.Type.String() + " " + p.String() }

// Beats reports whether p may be played on table (DD-18, DD-19): the same
// type and size with a higher core, a bomb on a non-bomb or a lower bomb, or
// the rocket on anything.
func (p Play) Beats(table Play) bool {
	switch {
	case p.Type == Invalid || table.Type == Rocket:
		return false
	case p.Type == Rocket || table.Type == Invalid:
		return true
	case p.Type == Bomb && table.Type != Bomb:
		return true
	}
	return p.Type == table.Type && p.Len == table.Len && p.Core > table.Core
}

// Classify returns every reading of the card set h (DD-17), in type order
// then by core rank; none when h is no combination (or not a set of cards
// from one deck). Under Part B's rules no set of cards has two readings — a
// test checks every combination — but the engine does not rely on it.
func Classify(h Hand) []Play {
	n := h.Len()
	if n == 0 || n > 20 || !h.valid() {
		return nil
	}
	var c counts
	c.load(h)
	var out []Play
	add := func(t Type, core Rank, l int) { out = append(out, Play{t, core, uint8(l), h}) }
	// The run of ranks with at least k cards, when those are exactly the ranks
	// of h (m), contiguous and inside 3…A: its start and length.
	run := func(m uint16) (Rank, int, bool) {
		lo := bits.TrailingZeros16(m)
		l := bits.OnesCount16(m)
		return Rank(lo), l, m>>lo == 1<<l-1 && lo+l-1 <= int(Ace)
	}
	switch {
	case n == 1:
		add(Single, c.lowest(c.m[1]), 1)
	case n == 2 && c.m[2] != 0:
		add(Pair, c.lowest(c.m[2]), 1)
	case n == 2 && h == one(BlackJoker, 1)+one(RedJoker, 1):
		add(Rocket, BlackJoker, 1)
	case n == 3 && c.m[3] != 0:
		add(Triple, c.lowest(c.m[3]), 1)
	case n == 4 && c.m[4] != 0:
		add(Bomb, c.lowest(c.m[4]), 1)
	case n == 4 && c.m[3] != 0:
		add(TripleSingle, c.lowest(c.m[3]), 1)
	case n == 5 && c.m[3] != 0 && c.m[2]&^c.m[3] != 0:
		add(TriplePair, c.lowest(c.m[3]), 1)
	}
	if n >= 5 && c.m[2] == 0 {
		if s, l, ok := run(c.m[1]); ok {
			add(Straight, s, l)
		}
	}
	if n >= 6 && c.m[1] == c.m[2] && c.m[3] == 0 {
		if s, l, ok := run(c.m[2]); ok && l >= 3 {
			add(PairSeq, s, l)
		}
	}
	if n >= 6 && c.m[1] == c.m[3] && c.m[4] == 0 {
		if s, l, ok := run(c.m[3]); ok && l >= 2 {
			add(Airplane, s, l)
		}
	}
	for _, t := range [2]Type{AirplaneSingles, AirplanePairs} {
		per := 4 // cards per core triple
		if t == AirplanePairs {
			per = 5
		}
		if n%per != 0 || n/per < 2 {
			continue
		}
		l := n / per
		for s := Three; int(s)+l-1 <= int(Ace); s++ {
			core := Hand(0)
			for r := s; r < s+Rank(l); r++ {
				core += one(r, 3)
			}
			if h.Contains(core) && wingsOK(t, h.Minus(core), s, l) {
				add(t, s, l)
			}
		}
	}
	if (n == 6 || n == 8) && c.m[4] != 0 {
		for m := c.m[4]; m != 0; m &= m - 1 {
			f := Rank(bits.TrailingZeros16(m))
			rest := h.Minus(one(f, 4))
			var rc counts
			rc.load(rest)
			if n == 6 && rest != one(BlackJoker, 1)+one(RedJoker, 1) {
				add(FourTwo, f, 1)
			}
			if n == 8 && rc.m[2] == rc.m[1] && rc.m[3] == 0 && bits.OnesCount16(rc.m[2]) == 2 {
				add(FourTwoPairs, f, 1)
			}
		}
	}
	return out
}

// wingsOK checks the wings of an airplane with core s…s+l-1 (DD-14).
func wingsOK(t Type, w Hand, s Rank, l int) bool {
	var c counts
	c.load(w)
	coreMask := uint16(1<<l-1) << s
	if c.m[1]&coreMask != 0 {
		return false
	}
	if t == AirplaneSingles {
		return c.m[3] == 0 && w&(one(BlackJoker, 1)+one(RedJoker, 1)) != one(BlackJoker, 1)+one(RedJoker, 1)
	}
	return c.m[1] == c.m[2] && c.m[3] == 0 && bits.OnesCount16(c.m[2]) == l
}

// counts holds a hand's count per rank and, for k = 1…4, the set of ranks
// with at least k cards (bit r for rank r).
type counts struct {
	n [NumRanks]uint8
	m [5]uint16
}

func (c *counts) load(h Hand) {
	for r := Rank(0); r < NumRanks; r++ {
		k := uint8(h >> (4 * r) & 15)
		c.n[r] = k
		for i := uint8(1); i <= k && i <= 4; i++ {
			c.m[i] |= 1 << r
		}
	}
}

func (c *counts) lowest(m uint16) Rank { return Rank(bits.TrailingZeros16(m)) }
