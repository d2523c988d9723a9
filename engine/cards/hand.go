package cards

import (
	"fmt"
	"math/bits"
	"strings"
)

// Hand is a multiset of cards: how many copies of each face it holds (up to
// seven). It is a small comparable value — three words, copied freely, no
// pointers — so bots can clone game states cheaply.
//
// The count of face f is the binary number read from bit f of the three
// planes: p0 holds the ones, p1 the twos, p2 the fours.
type Hand struct {
	p0, p1, p2 uint64
}

// NewHand returns a hand holding cs.
func NewHand(cs ...Card) Hand {
	var h Hand
	for _, c := range cs {
		h.Add(c)
	}
	return h
}

// ParseHand reads a hand written as card tokens separated by spaces. No deck
// holds more than four copies of a card, and neither may a hand.
func ParseHand(s string) (Hand, error) {
	cs, err := ParseList(s)
	if err != nil {
		return Hand{}, err
	}
	var h Hand
	for _, c := range cs {
		if h.Count(c) == 4 {
			return Hand{}, fmt.Errorf("%v appears more than 4 times: no deck has that many", c)
		}
		h.Add(c)
	}
	return h, nil
}

// Add puts one more copy of c in the hand. A hand counts up to seven copies
// of a face; no deck has more than four.
func (h *Hand) Add(c Card) {
	b := uint64(1) << c
	carry := h.p0 & b
	h.p0 ^= b
	if carry != 0 {
		carry = h.p1 & b
		h.p1 ^= b
		if carry != 0 {
			h.p2 ^= b
		}
	}
}

// Remove takes one copy of c out of the hand and reports whether there was one.
func (h *Hand) Remove(c Card) bool {
	b := uint64(1) << c
	if (h.p0|h.p1|h.p2)&b == 0 {
		return false
	}
	borrow := ^h.p0 & b
	h.p0 ^= b
	if borrow != 0 {
		borrow = ^h.p1 & b
		h.p1 ^= b
		if borrow != 0 {
			h.p2 ^= b
		}
	}
	return true
}

// Has reports whether the hand holds at least one c.
func (h Hand) Has(c Card) bool { return (h.p0|h.p1|h.p2)>>c&1 != 0 }

// Count is the number of copies of c in the hand.
func (h Hand) Count(c Card) int {
	return int(h.p0>>c&1 | (h.p1>>c&1)<<1 | (h.p2>>c&1)<<2)
}

// Len is the number of cards in the hand, copies included.
func (h Hand) Len() int {
	return bits.OnesCount64(h.p0) + 2*bits.OnesCount64(h.p1) + 4*bits.OnesCount64(h.p2)
}

// Empty reports whether the hand holds no card.
func (h Hand) Empty() bool { return h.p0|h.p1|h.p2 == 0 }

// Faces is the set of faces present, one bit per face.
func (h Hand) Faces() uint64 { return h.p0 | h.p1 | h.p2 }

// SuitMask is the set of faces of suit s, one bit per face (see Hand.Faces).
func SuitMask(s Suit) uint64 {
	if s > Clubs {
		return 0
	}
	return uint64(1<<13-1) << (13 * uint(s))
}

// HasSuit reports whether the hand holds a card of suit s.
func (h Hand) HasSuit(s Suit) bool { return h.Faces()&SuitMask(s) != 0 }

// OfSuit returns the part of the hand of suit s.
func (h Hand) OfSuit(s Suit) Hand {
	m := SuitMask(s)
	return Hand{h.p0 & m, h.p1 & m, h.p2 & m}
}

// Union returns a hand with the cards of both hands (counts added).
func (h Hand) Union(o Hand) Hand {
	for _, c := range o.Cards() {
		h.Add(c)
	}
	return h
}

// Minus returns h without the cards of o (as many copies as o holds) and
// reports whether o was wholly inside h.
func (h Hand) Minus(o Hand) (Hand, bool) {
	ok := true
	for _, c := range o.Cards() {
		if !h.Remove(c) {
			ok = false
		}
	}
	return h, ok
}

// Distinct returns the faces present, in card order, each once.
func (h Hand) Distinct() []Card {
	out := make([]Card, 0, bits.OnesCount64(h.Faces()))
	for f := h.Faces(); f != 0; f &= f - 1 {
		out = append(out, Card(bits.TrailingZeros64(f)))
	}
	return out
}

// Cards returns every card of the hand in card order, copies repeated.
func (h Hand) Cards() []Card {
	return h.AppendCards(make([]Card, 0, h.Len()))
}

// AppendCards appends every card of the hand to dst in card order, copies
// repeated, without allocating when dst has room.
func (h Hand) AppendCards(dst []Card) []Card {
	for f := h.Faces(); f != 0; f &= f - 1 {
		c := Card(bits.TrailingZeros64(f))
		for n := h.Count(c); n > 0; n-- {
			dst = append(dst, c)
		}
	}
	return dst
}

// String prints the hand as space-separated tokens in card order.
func (h Hand) String() string {
	var b strings.Builder
	for i, c := range h.Cards() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
