// Package cards holds the playing cards of every game cardroom hosts: suits,
// ranks, the special cards (Singularity, CLANKER, the two jokers), the four
// decks, the card notation of RULES.md, seeded shuffling, and Hand, a compact
// multiset of cards.
//
// A Card is a face, not a physical card: the two Ace of Spades of the 64-card
// pack, or the four Singularities of the 60-card deck, are the same Card and
// print as the same token. A Hand counts how many copies of each face it holds.
package cards

import (
	"fmt"
	"strings"
)

// Suit is one of the four suits, or NoSuit for the special cards (and for
// "no trump").
type Suit uint8

// The suits in notation order (S, H, D, C), then NoSuit.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
	NoSuit
)

// Suits lists the four real suits.
var Suits = [4]Suit{Spades, Hearts, Diamonds, Clubs}

// String prints the suit's notation letter: S, H, D, C; NoSuit prints "none".
func (s Suit) String() string {
	switch s {
	case Spades:
		return "S"
	case Hearts:
		return "H"
	case Diamonds:
		return "D"
	case Clubs:
		return "C"
	}
	return "none"
}

// Symbol is the suit's Unicode glyph (♠ ♥ ♦ ♣), or "-" for NoSuit.
func (s Suit) Symbol() string {
	switch s {
	case Spades:
		return "♠"
	case Hearts:
		return "♥"
	case Diamonds:
		return "♦"
	case Clubs:
		return "♣"
	}
	return "-"
}

// ParseSuit reads a suit letter (S, H, D, C) or "none".
func ParseSuit(s string) (Suit, error) {
	switch s {
	case "S":
		return Spades, nil
	case "H":
		return Hearts, nil
	case "D":
		return Diamonds, nil
	case "C":
		return Clubs, nil
	case "none":
		return NoSuit, nil
	}
	return NoSuit, fmt.Errorf("unknown suit %q: use S, H, D, C or none", s)
}

// Rank is a suit card's rank, Two (2) through Ace (14). Special cards have rank 0.
type Rank uint8

// The ranks of the suit cards.
const (
	Two   Rank = 2
	Three Rank = 3
	Four  Rank = 4
	Five  Rank = 5
	Six   Rank = 6
	Seven Rank = 7
	Eight Rank = 8
	Nine  Rank = 9
	Ten   Rank = 10
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
	Ace   Rank = 14
)

const rankLetters = "23456789TJQKA"

// String prints the rank's notation letter: 2–9, T, J, Q, K, A.
func (r Rank) String() string {
	if r < Two || r > Ace {
		return "?"
	}
	return rankLetters[r-Two : r-Two+1]
}

// ParseRank reads a rank letter (2–9, T, J, Q, K, A).
func ParseRank(s string) (Rank, error) {
	if len(s) == 1 {
		if i := strings.IndexByte(rankLetters, s[0]); i >= 0 {
			return Two + Rank(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rank %q: use 2–9, T, J, Q, K or A", s)
}

// Card is a card face. Suit cards are 0–51 (suit×13 + rank−2); the special
// cards follow. The zero value is the Two of Spades.
type Card uint8

// The special cards.
const (
	Singularity Card = 52 // SG: the first one played wins the trick (SG-5)
	Clanker     Card = 53 // CK: never wins, unless the trick is all CLANKERs (SG-7)
	BlackJoker  Card = 54 // BJ: Dou Dizhu's small joker
	RedJoker    Card = 55 // RJ: Dou Dizhu's big joker

	// NumFaces is the number of distinct card faces.
	NumFaces = 56
	// None is no card at all (an unset or invalid card).
	None Card = 255
)

// New returns the suit card of rank r and suit s.
func New(r Rank, s Suit) Card {
	return Card(uint8(s)*13 + uint8(r-Two))
}

// IsSuitCard reports whether c is an ordinary suit card.
func (c Card) IsSuitCard() bool { return c < Singularity }

// Suit is the card's suit, NoSuit for a special card.
func (c Card) Suit() Suit {
	if c >= Singularity {
		return NoSuit
	}
	return Suit(c / 13)
}

// Rank is the card's rank, 0 for a special card.
func (c Card) Rank() Rank {
	if c >= Singularity {
		return 0
	}
	return Two + Rank(c%13)
}

// String prints the card's token: AS, TH, 7C, SG, CK, BJ, RJ.
func (c Card) String() string {
	switch c {
	case Singularity:
		return "SG"
	case Clanker:
		return "CK"
	case BlackJoker:
		return "BJ"
	case RedJoker:
		return "RJ"
	}
	if c < Singularity {
		return c.Rank().String() + c.Suit().String()
	}
	return "??"
}

// MarshalText prints the card token, so cards encode as JSON strings;
// None prints as nothing.
func (c Card) MarshalText() ([]byte, error) {
	if c == None {
		return []byte{}, nil
	}
	if c >= NumFaces {
		return nil, fmt.Errorf("invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a card token.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = None
		return nil
	}
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// Parse reads one card token (AS, TH, SG, CK, BJ, RJ).
func Parse(s string) (Card, error) {
	switch s {
	case "SG":
		return Singularity, nil
	case "CK":
		return Clanker, nil
	case "BJ":
		return BlackJoker, nil
	case "RJ":
		return RedJoker, nil
	}
	if len(s) == 2 {
		r, rerr := ParseRank(s[:1])
		su, serr := ParseSuit(s[1:])
		if rerr == nil && serr == nil && su != NoSuit {
			return New(r, su), nil
		}
	}
	return None, fmt.Errorf("unknown card %q: write rank then suit (AS, TH, 7C) or SG, CK, BJ, RJ", clip(s))
}

// ParseList reads cards separated by spaces or commas ("AS TH SG").
func ParseList(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	out := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := Parse(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Format prints cards as space-separated tokens.
func Format(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// clip shortens untrusted text quoted back in an error message.
func clip(s string) string {
	if len(s) > 16 {
		return s[:16] + "…"
	}
	return s
}
