package cards

import (
	"fmt"
	"math/rand/v2"
)

// Deck names one of the four packs cardroom deals from.
type Deck uint8

// The decks.
const (
	Deck52 Deck = 52 // the French pack (boerenbridge)
	Deck54 Deck = 54 // the French pack with two jokers (doudizhu)
	Deck60 Deck = 60 // 52 + 4 Singularity + 4 CLANKER (singularity, SG-1)
	Deck64 Deck = 64 // 7–A in four suits, every card twice (specialrounds, SR-1)
)

// Cards returns a new slice with every card of the deck in a fixed order
// (suit by suit, low to high, then the special cards).
func (d Deck) Cards() []Card {
	out := make([]Card, 0, int(d))
	return d.AppendCards(out)
}

// AppendCards appends every card of the deck to dst in the order of Cards.
func (d Deck) AppendCards(dst []Card) []Card {
	switch d {
	case Deck52, Deck54, Deck60:
		for c := Card(0); c < Singularity; c++ {
			dst = append(dst, c)
		}
		if d == Deck60 {
			for range 4 {
				dst = append(dst, Singularity)
			}
			for range 4 {
				dst = append(dst, Clanker)
			}
		}
		if d == Deck54 {
			dst = append(dst, BlackJoker, RedJoker)
		}
	case Deck64:
		for range 2 {
			for _, s := range Suits {
				for r := Seven; r <= Ace; r++ {
					dst = append(dst, New(r, s))
				}
			}
		}
	}
	return dst
}

// Hand returns the whole deck as a Hand.
func (d Deck) Hand() Hand {
	var h Hand
	for _, c := range d.Cards() {
		h.Add(c)
	}
	return h
}

// Copies is how many copies of c the deck holds (0 when c is not in it).
func (d Deck) Copies(c Card) int {
	switch {
	case c.IsSuitCard():
		switch d {
		case Deck64:
			if c.Rank() >= Seven {
				return 2
			}
			return 0
		case Deck52, Deck54, Deck60:
			return 1
		}
	case c == Singularity || c == Clanker:
		if d == Deck60 {
			return 4
		}
	case c == BlackJoker || c == RedJoker:
		if d == Deck54 {
			return 1
		}
	}
	return 0
}

// Contains reports whether every card of h can come from one deck d, copies
// included.
func (d Deck) Contains(h Hand) error {
	for _, c := range h.Distinct() {
		if n, max := h.Count(c), d.Copies(c); n > max {
			if max == 0 {
				return fmt.Errorf("%s is not in the %d-card deck", c, int(d))
			}
			return fmt.Errorf("%s appears %d times, the %d-card deck has %d", c, n, int(d), max)
		}
	}
	return nil
}

// NewRand returns the deterministic random source cardroom uses everywhere a
// seed is given: the same seed gives the same shuffles on every machine.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// Shuffle puts cs in a random order drawn from rng (Fisher–Yates).
func Shuffle(cs []Card, rng *rand.Rand) {
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}
