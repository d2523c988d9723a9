package tables

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// toy is a small game on the engine contract, for the table's tests: each
// round two spades are dealt to each seat (a chance step), every seat bids
// 0–2 once, then the seats play their cards in turn. A seat scores 10·bid
// plus the ranks it played; a penalty adds its points. The spectator view
// shows no hand. Rounder and ChatCloser are implemented on the view (option
// closed: the round whose chat is closed).
type toy struct {
	name     string
	n        int
	rounds   int
	closed   int
	round    int
	phase    int // 0 deal, 1 bid, 2 play, 3 over
	turn     int
	hands    [][]cards.Card
	bids     []int
	bidCount int
	rounds_  [][]int
	totals   []int
	events   []engine.Event
}

func toyRuleset(name string) *engine.Ruleset {
	return &engine.Ruleset{
		Name: name, Title: "Toy " + name, MinPlayers: 3, MaxPlayers: 4,
		Options: []engine.OptionSpec{
			{Name: "rounds", Kind: engine.Int, Default: "2", Min: 1, Max: 5},
			{Name: "closed", Kind: engine.Int, Default: "0", Min: 0, Max: 5},
		},
		New: func(players int, o engine.Options) (engine.Game, error) {
			return &toy{name: name, n: players, rounds: o.Int("rounds"), closed: o.Int("closed"), round: 1,
				bids: make([]int, players), totals: make([]int, players)}, nil
		},
	}
}

func (g *toy) Ruleset() string { return g.name }
func (g *toy) Players() int    { return g.n }
func (g *toy) Done() bool      { return g.phase == 3 }
func (g *toy) Next() int {
	switch g.phase {
	case 0:
		return engine.Chance
	case 3:
		return engine.Over
	}
	return g.turn
}

func (g *toy) Legal(seat int) []engine.Move {
	if g.phase == 0 || g.phase == 3 || seat != g.turn {
		return nil
	}
	if g.phase == 1 {
		return []engine.Move{engine.BidMove(0), engine.BidMove(1), engine.BidMove(2)}
	}
	var out []engine.Move
	for _, c := range g.hands[seat] {
		out = append(out, engine.PlayCard(c))
	}
	return out
}

func (g *toy) Apply(seat int, m engine.Move) error {
	if g.phase == 0 || g.phase == 3 {
		return engine.Illegal(seat, m, "no move now")
	}
	if seat != g.turn {
		return engine.Illegal(seat, m, "not your turn")
	}
	if !slices.Contains(g.Legal(seat), m) {
		return engine.Illegal(seat, m, "you cannot do that now")
	}
	g.events = append(g.events, engine.MoveEvent(seat, m))
	if g.phase == 1 {
		g.bids[seat] = m.N
		g.bidCount++
		g.turn = (g.turn + 1) % g.n
		if g.bidCount == g.n {
			g.phase = 2
		}
		return nil
	}
	i := slices.Index(g.hands[seat], m.Card)
	g.hands[seat] = slices.Delete(g.hands[seat], i, i+1)
	g.totals[seat] += int(m.Card.Rank())
	g.turn = (g.turn + 1) % g.n
	if len(g.hands[g.turn]) == 0 {
		sc := make([]int, g.n)
		for s := range sc {
			sc[s] = 10 * g.bids[s]
			g.totals[s] += 10 * g.bids[s]
		}
		g.rounds_ = append(g.rounds_, sc)
		g.round++
		g.bidCount = 0
		g.phase = 0
		if g.round > g.rounds {
			g.phase = 3
		}
	}
	return nil
}

func (g *toy) Deal(rng *rand.Rand) error {
	if g.phase != 0 {
		return fmt.Errorf("nothing to deal")
	}
	deck := make([]cards.Card, 0, 13)
	for r := cards.Two; r <= cards.Ace; r++ {
		deck = append(deck, cards.New(r, cards.Spades))
	}
	cards.Shuffle(deck, rng)
	hands := make([][]cards.Card, g.n)
	for s := range hands {
		hands[s] = slices.Clone(deck[2*s : 2*s+2])
	}
	return g.Event(engine.Event{E: engine.EvDeal, Round: g.round, Dealer: (g.round - 1) % g.n, Hands: hands, Turned: cards.None})
}

func (g *toy) Event(e engine.Event) error {
	switch e.E {
	case engine.EvDeal:
		if g.phase != 0 || e.Round != g.round || len(e.Hands) != g.n {
			return fmt.Errorf("no deal now")
		}
		g.hands = make([][]cards.Card, g.n)
		for s := range e.Hands {
			g.hands[s] = slices.Clone(e.Hands[s])
		}
		g.phase, g.turn = 1, (g.round-1)%g.n
	case engine.EvSitout:
		if g.name != "singularity" || g.phase != 1 || g.bidCount != 0 || e.Round != g.round {
			return fmt.Errorf("no sitout now")
		}
	case engine.EvPenalty:
		if g.name != "boerenbridge" || e.Points >= 0 || g.phase == 3 {
			return fmt.Errorf("no penalty here")
		}
		g.totals[e.Seat] += e.Points
	default:
		return fmt.Errorf("unknown event %q", e.E)
	}
	g.events = append(g.events, e)
	return nil
}

type toyView struct {
	Seat     int
	Hand     []cards.Card // nil for a spectator
	Counts   []int
	Legal    []engine.Move
	R        int
	Closed   bool
	HandSeat int // whose hand Hand is (for the cheating test)
}

func (v *toyView) ViewSeat() int             { return v.Seat }
func (v *toyView) LegalMoves() []engine.Move { return v.Legal }
func (v *toyView) Round() int                { return v.R }
func (v *toyView) ChatClosed() bool          { return v.Closed }

func (g *toy) View(seat int) engine.View {
	v := &toyView{Seat: seat, R: min(g.round, g.rounds), HandSeat: -1, Closed: g.closed == g.round && g.phase != 0}
	if g.phase == 0 && g.round == 1 {
		v.R = 0
	}
	for s := range g.n {
		c := 0
		if g.hands != nil {
			c = len(g.hands[s])
		}
		v.Counts = append(v.Counts, c)
	}
	if seat >= 0 && g.hands != nil {
		v.Hand, v.HandSeat = slices.Clone(g.hands[seat]), seat
		v.Legal = g.Legal(seat)
	}
	return v
}

func (g *toy) Result() engine.Result {
	return engine.Result{Rounds: slices.Clone(g.rounds_), Totals: slices.Clone(g.totals)}
}

func (g *toy) Events() []engine.Event { return slices.Clone(g.events) }
