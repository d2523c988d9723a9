package trick

import (
	"fmt"
	"strconv"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

const (
	maxSeats  = 6
	maxRounds = 33 // boerenbridge with 3 players: 2·17 − 1
)

// Scoring is one of the scoring systems of RULES.md A.5.
type Scoring uint8

// The scoring systems.
const (
	Standard     Scoring = iota // exact: 20 + 10·tricks; missed: −10·d
	Progressive                 // exact: 10·bid + 10·n; missed: 10·min(bid, tricks) − 10·d(d+1)/2
	Boerenbridge                // exact: 10 + 2·tricks; missed: −2·d
)

var scoringNames = []string{"standard", "progressive", "boerenbridge"}

func (s Scoring) String() string {
	if int(s) < len(scoringNames) {
		return scoringNames[s]
	}
	return "?"
}

// Score is a seat's score for one round (A.5): bid and tricks taken, with n
// cards dealt to each player.
func Score(s Scoring, bid, took, n int) int {
	d := bid - took
	if d < 0 {
		d = -d
	}
	switch s {
	case Progressive:
		if d == 0 {
			return 10*bid + 10*n
		}
		return 10*min(bid, took) - 10*d*(d+1)/2
	case Boerenbridge:
		if d == 0 {
			return 10 + 2*took
		}
		return -2 * d
	}
	if d == 0 {
		return 20 + 10*took
	}
	return -10 * d
}

// Modifier is what makes a round special (SR-6..SR-9).
type Modifier uint8

// The round modifiers.
const (
	Ordinary    Modifier = iota
	TrumpChoice          // SR-6: a draw decides who names trump
	NoTrump              // SR-7: no trump at all
	Blind                // SR-8: bids before the deal
	Forehead             // SR-9: each seat sees every card but its own
)

var modifierNames = []string{"ordinary", "trump_choice", "no_trump", "blind", "forehead"}

func (m Modifier) String() string {
	if int(m) < len(modifierNames) {
		return modifierNames[m]
	}
	return "?"
}

// rules is a game's fixed configuration, shared (read-only) by its clones.
type rules struct {
	name        string
	players     int
	deck        cards.Deck
	rounds      int
	cards       [maxRounds + 2]int8 // cards per hand, by round (1-based)
	mod         [maxRounds + 2]Modifier
	hook        [maxRounds + 2]bool
	scoring     Scoring
	ccw         bool // BB-6: counterclockwise
	bidderTrump bool // TR-4: the highest bidder names trump
	noTrumpOK   bool // bb_allow_notrump
	sitout      bool // SI-5 allowed
	penalties   bool // BB-7 allowed
}

// Rulesets returns the three rule sets of the trick-taking family, as fresh
// values: singularity, specialrounds, boerenbridge.
func Rulesets() []*engine.Ruleset {
	scoring := func(def string) engine.OptionSpec {
		return engine.OptionSpec{Name: "scoring", Kind: engine.Enum, Default: def,
			Values: []string{"standard", "progressive", "boerenbridge"},
			Doc:    "scoring system: standard, progressive or boerenbridge (A.5)"}
	}
	specials := engine.OptionSpec{Name: "special_rounds", Kind: engine.RoundMap, Default: "",
		Values: []string{"trump_choice", "no_trump", "blind", "forehead"},
		Doc:    "house-rule special rounds, e.g. 5:trump_choice,7:no_trump (SR-10)"}
	mk := func(name, title string, opts ...engine.OptionSpec) *engine.Ruleset {
		return &engine.Ruleset{Name: name, Title: title, MinPlayers: 3, MaxPlayers: 6, Options: opts,
			New: func(players int, o engine.Options) (engine.Game, error) {
				g, err := New(name, players, o)
				if err != nil {
					return nil, err
				}
				return g, nil
			}}
	}
	return []*engine.Ruleset{
		mk("singularity", "Singularity", scoring("standard"),
			engine.OptionSpec{Name: "hook", Kind: engine.Bool, Default: "false",
				Doc: "dealer hook: the bids may not add up to the cards in hand (SI-3)"},
			specials),
		mk("specialrounds", "Special Rounds", scoring("standard"),
			engine.OptionSpec{Name: "hook", Kind: engine.Bool, Default: "true",
				Doc: "dealer hook; off removes it from every round but 10 and 19 (SR-4)"}),
		mk("boerenbridge", "Boerenbridge", scoring("boerenbridge"),
			engine.OptionSpec{Name: "max_cards", Kind: engine.Int, Default: "0", Min: 0, Max: 17,
				Doc: "most cards per hand; 0 means 52 / players (BB-1)"},
			engine.OptionSpec{Name: "direction", Kind: engine.Enum, Default: "clockwise",
				Values: []string{"clockwise", "counterclockwise"},
				Doc:    "direction of bidding, play and the deal (BB-6)"},
			engine.OptionSpec{Name: "bb_allow_notrump", Kind: engine.Bool, Default: "false",
				Doc: "the highest bidder may also name no trump (TR-4)"},
			specials),
	}
}

// New starts a game of the named rule set ("singularity", "specialrounds",
// "boerenbridge") for players seats. Options left out take their defaults;
// an invalid one is an error that names it.
func New(ruleset string, players int, o engine.Options) (*Game, error) {
	r, err := newRules(ruleset, players, o)
	if err != nil {
		return nil, err
	}
	return newGame(r), nil
}

func opt(o engine.Options, name, def string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return def
}

func newRules(name string, n int, o engine.Options) (*rules, error) {
	if n < 3 || n > maxSeats {
		return nil, fmt.Errorf("%s is played by 3 to 6 players, not %d", name, n)
	}
	r := &rules{name: name, players: n}
	def := "standard"
	if name == "boerenbridge" {
		def = "boerenbridge"
	}
	switch v := opt(o, "scoring", def); v {
	case "standard":
		r.scoring = Standard
	case "progressive":
		r.scoring = Progressive
	case "boerenbridge":
		r.scoring = Boerenbridge
	default:
		return nil, fmt.Errorf("option scoring: %q is not one of standard, progressive, boerenbridge", v)
	}
	boolOpt := func(key, def string) (bool, error) {
		switch v := opt(o, key, def); v {
		case "true":
			return true, nil
		case "false":
			return false, nil
		default:
			return false, fmt.Errorf("option %s: %q is not true or false", key, v)
		}
	}
	specials := false
	switch name {
	case "singularity": // SI-1..SI-5
		r.deck = cards.Deck60
		r.rounds = 60 / n
		for i := 1; i <= r.rounds; i++ {
			r.cards[i] = int8(i)
		}
		hook, err := boolOpt("hook", "false")
		if err != nil {
			return nil, err
		}
		for i := 1; i <= r.rounds; i++ {
			r.hook[i] = hook
		}
		r.sitout = true
		specials = true
	case "specialrounds": // SR-1..SR-9
		r.deck = cards.Deck64
		r.rounds = 19
		for i := 1; i <= 19; i++ {
			r.cards[i] = int8(min(i, 20-i))
		}
		hook, err := boolOpt("hook", "true")
		if err != nil {
			return nil, err
		}
		r.mod[5], r.mod[15] = TrumpChoice, TrumpChoice
		r.mod[7], r.mod[13] = NoTrump, NoTrump
		r.mod[10] = Blind
		r.mod[19] = Forehead
		for i := 1; i <= 19; i++ {
			// SR-4: hook=false removes the hook from every round but the
			// blind round 10 and the forehead round 19.
			r.hook[i] = hook || i == 10 || i == 19
		}
	case "boerenbridge": // BB-1..BB-7
		r.deck = cards.Deck52
		most := 52 / n
		maxc := most
		if v := opt(o, "max_cards", "0"); v != "0" {
			m, err := strconv.Atoi(v)
			if err != nil || m < 1 || m > most {
				return nil, fmt.Errorf("option max_cards: %s is out of range: with %d players it is 1–%d (or 0 for %d)", v, n, most, most)
			}
			maxc = m
		}
		r.rounds = 2*maxc - 1
		for i := 1; i <= r.rounds; i++ {
			r.cards[i] = int8(min(i, 2*maxc-i))
			r.hook[i] = r.cards[i] > 3 // BB-4
		}
		switch v := opt(o, "direction", "clockwise"); v {
		case "clockwise":
		case "counterclockwise":
			r.ccw = true
		default:
			return nil, fmt.Errorf("option direction: %q is not clockwise or counterclockwise", v)
		}
		var err error
		if r.noTrumpOK, err = boolOpt("bb_allow_notrump", "false"); err != nil {
			return nil, err
		}
		r.bidderTrump = true
		r.penalties = true
		specials = true
	default:
		return nil, fmt.Errorf("unknown trick game %q (games: singularity, specialrounds, boerenbridge)", name)
	}
	if !specials {
		if v := o["special_rounds"]; v != "" {
			return nil, fmt.Errorf("%s has no option special_rounds: its special rounds are fixed", name)
		}
		return r, nil
	}
	for round, m := range o.Rounds("special_rounds") {
		mod := Modifier(0)
		for i, s := range modifierNames {
			if i > 0 && s == m {
				mod = Modifier(i)
			}
		}
		switch {
		case mod == Ordinary:
			return nil, fmt.Errorf("option special_rounds: round %d: %q is not one of trump_choice, no_trump, blind, forehead", round, m)
		case round < 1 || round > r.rounds:
			return nil, fmt.Errorf("option special_rounds: there is no round %d: this game has %d rounds", round, r.rounds)
		case mod == Forehead && r.cards[round] != 1:
			return nil, fmt.Errorf("option special_rounds: round %d deals %d cards, and forehead needs a round that deals one card", round, r.cards[round])
		case round == 1 && (mod == Blind || mod == TrumpChoice):
			return nil, fmt.Errorf("option special_rounds: round 1 may not be %s: the first dealer is only drawn with the first deal", m)
		}
		r.mod[round] = mod
	}
	return r, nil
}

// Planned is one round of a game's schedule: the cards each seat is dealt
// and the round's modifier.
type Planned struct {
	Cards    int
	Modifier Modifier
}

// Schedule is every round of a game under these rules and options, round 1
// first, the special rounds still to come too; nil when the rules or
// options are not valid.
func Schedule(ruleset string, players int, o engine.Options) []Planned {
	r, err := newRules(ruleset, players, o)
	if err != nil {
		return nil
	}
	out := make([]Planned, r.rounds)
	for i := range out {
		out[i] = Planned{Cards: int(r.cards[i+1]), Modifier: r.mod[i+1]}
	}
	return out
}
