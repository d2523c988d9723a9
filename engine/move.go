package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/engine/cards"
)

// MoveKind says what a move does.
type MoveKind uint8

// The kinds of move.
const (
	NoMove MoveKind = iota // the zero Move: no move at all
	Bid                    // bid N (trick games: tricks predicted; doudizhu: 1..3)
	Pass                   // doudizhu: pass in bidding or in play
	Trump                  // trick games: name the trump suit (or none, where allowed)
	Play                   // play a card (trick games) or a combination (doudizhu)
)

// Move is one action of a seat: a small comparable value that prints and
// parses as the move text of RECORD.md ("bid 2", "pass", "trump H",
// "trump none", "play AS", "play 3334").
type Move struct {
	Kind MoveKind
	// N is the bid (Kind Bid).
	N int
	// Suit is the named trump (Kind Trump); cards.NoSuit names "no trump".
	Suit cards.Suit
	// Card is the card played in a trick game (Kind Play).
	Card cards.Card
	// Ranks is a Dou Dizhu combination in rank notation, ascending
	// ("33344", "BR"); empty for trick games.
	Ranks string
}

// BidMove returns the move "bid n".
func BidMove(n int) Move { return Move{Kind: Bid, N: n} }

// PassMove returns the move "pass".
func PassMove() Move { return Move{Kind: Pass} }

// TrumpMove returns the move "trump S" (cards.NoSuit: "trump none").
func TrumpMove(s cards.Suit) Move { return Move{Kind: Trump, Suit: s} }

// PlayCard returns the trick-game move "play CARD".
func PlayCard(c cards.Card) Move { return Move{Kind: Play, Card: c} }

// PlayRanks returns the Dou Dizhu move "play RANKS".
func PlayRanks(ranks string) Move { return Move{Kind: Play, Ranks: ranks} }

// String prints the move text.
func (m Move) String() string {
	switch m.Kind {
	case Bid:
		return "bid " + strconv.Itoa(m.N)
	case Pass:
		return "pass"
	case Trump:
		return "trump " + m.Suit.String()
	case Play:
		if m.Ranks != "" {
			return "play " + m.Ranks
		}
		return "play " + m.Card.String()
	}
	return "none"
}

// MarshalText prints the move text, so moves encode as JSON strings.
func (m Move) MarshalText() ([]byte, error) {
	if m.Kind == NoMove || m.Kind > Play {
		return nil, fmt.Errorf("no move to encode")
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads move text, and "play ??", the play of a card its
// player cannot see (a move MarshalText writes, never a record's).
func (m *Move) UnmarshalText(b []byte) error {
	if string(b) == "play ??" {
		*m = Move{Kind: Play, Card: cards.None}
		return nil
	}
	p, err := ParseMove(string(b))
	if err != nil {
		return err
	}
	*m = p
	return nil
}

// ddRanks is the Dou Dizhu rank order of RULES.md, low to high.
const ddRanks = "3456789TJQKA2BR"

// ParseMove reads move text exactly as RECORD.md writes it: one space between
// the words, no leading zeros, Dou Dizhu ranks ascending. A play token that is
// a card token (AS, SG) is a trick-game card; otherwise it must be Dou Dizhu
// ranks. Whether the move is legal is for the game to say.
func ParseMove(s string) (Move, error) {
	verb, arg, hasArg := strings.Cut(s, " ")
	switch verb {
	case "pass":
		if hasArg {
			return Move{}, fmt.Errorf("bad move %q: pass takes nothing after it", clip(s))
		}
		return PassMove(), nil
	case "bid":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 || strconv.Itoa(n) != arg {
			return Move{}, fmt.Errorf("bad move %q: write bid and a number, e.g. \"bid 2\"", clip(s))
		}
		return BidMove(n), nil
	case "trump":
		su, err := cards.ParseSuit(arg)
		if err != nil {
			return Move{}, fmt.Errorf("bad move %q: write trump and S, H, D, C or none", clip(s))
		}
		return TrumpMove(su), nil
	case "play":
		if c, err := cards.Parse(arg); err == nil {
			return PlayCard(c), nil
		}
		if err := checkRanks(arg); err != nil {
			return Move{}, fmt.Errorf("bad move %q: %v", clip(s), err)
		}
		return PlayRanks(arg), nil
	}
	return Move{}, fmt.Errorf("unknown move %q: moves are bid N, pass, trump X, play CARD", clip(s))
}

func checkRanks(s string) error {
	if s == "" {
		return fmt.Errorf("play what? write a card (AS) or ranks (33344)")
	}
	if len(s) > 20 {
		return fmt.Errorf("a play has at most 20 cards")
	}
	prev := -1
	for i := 0; i < len(s); i++ {
		r := strings.IndexByte(ddRanks, s[i])
		if r < 0 {
			return fmt.Errorf("%q is neither a card nor ranks (3–9 T J Q K A 2 B R)", clip(s))
		}
		if r < prev {
			return fmt.Errorf("ranks must be written low to high (3…A 2 B R)")
		}
		prev = r
	}
	return nil
}

// clip shortens untrusted text quoted back in an error message.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}
