package doudizhu

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Players is the number of seats: Dou Dizhu is played by three (DD-1).
const Players = 3

// Ruleset returns the doudizhu rule set for a registry.
func Ruleset() *engine.Ruleset {
	return &engine.Ruleset{
		Name:       "doudizhu",
		Title:      "Dou Dizhu",
		MinPlayers: Players,
		MaxPlayers: Players,
		Options: []engine.OptionSpec{{
			Name: "deals", Kind: engine.Int, Default: "1", Min: 1, Max: 100,
			Doc: "deals in the match; scores run on across them (DD-23)",
		}},
		New: func(players int, opts engine.Options) (engine.Game, error) {
			if players != Players {
				return nil, fmt.Errorf("a game of Dou Dizhu has %d players, not %d", Players, players)
			}
			return New(opts.Int("deals"))
		},
	}
}

// Phase is the stage of the current deal.
type Phase uint8

// The phases.
const (
	Dealing Phase = iota // the cards must be dealt (Next is engine.Chance)
	Bidding              // DD-3..DD-6
	Playing              // DD-7..DD-9
	Over                 // the match has ended
)

// String names the phase: dealing, bidding, playing, over.
func (p Phase) String() string {
	if p > Over {
		return "?"
	}
	return [...]string{"dealing", "bidding", "playing", "over"}[p]
}

// Bid is one turn of the bidding: N is 1..3, or 0 for a pass.
type Bid struct {
	Seat int
	N    int
}

// Turn is one turn of the play: a pass, or a play with the cards it took
// from the hand.
type Turn struct {
	Seat  int
	Pass  bool
	Play  Play
	Cards []cards.Card
}

// Game is a Dou Dizhu match of one or more deals. Create it with New (or
// through Ruleset); it implements engine.Game.
type Game struct {
	deals   int   // deals in the match (DD-23)
	dealNo  int   // the deal of the match being played or just ended, 1-based
	redeals int   // all-pass redeals of this deal of the match (DD-5)
	phase   Phase // what Next reports
	turn    int   // the seat to act in Bidding and Playing

	hands    [Players][]cards.Card // the real cards, sorted by rank then suit
	ranks    [Players]Hand         // the same cards as ranks
	bottom   []cards.Card
	first    int // first bidder
	bids     []Bid
	highBid  int
	highSeat int
	passes   int // consecutive passes in the bidding
	landlord int // -1 before bidding ends

	history   []Turn
	table     Play // the play to beat; zero when the turn's seat leads
	tableSeat int  // who made it, -1 when leading
	plays     [Players]int
	bombs     int  // bombs and rockets played this deal (DD-20)
	mult      int  // the multiplier once the deal has ended, spring included
	ended     bool // the deal has ended (it stays in view until the next deal)

	rounds [][]int
	sums   []DealSummary // one per finished deal, beside rounds
	totals [Players]int
	events []engine.Event
}

// New returns a match of deals deals (1..100), waiting for its first deal.
func New(deals int) (*Game, error) {
	if deals < 1 || deals > 100 {
		return nil, fmt.Errorf("option deals: %d is out of range 1–100", deals)
	}
	g := &Game{deals: deals, dealNo: 1}
	g.reset()
	return g, nil
}

// reset clears the state of one deal.
func (g *Game) reset() {
	g.phase = Dealing
	g.hands = [Players][]cards.Card{}
	g.ranks = [Players]Hand{}
	g.bottom, g.bids, g.history = nil, nil, nil
	g.highBid, g.highSeat, g.passes, g.landlord = 0, -1, 0, -1
	g.table, g.tableSeat = Play{}, -1
	g.plays, g.bombs, g.mult, g.ended = [Players]int{}, 0, 1, false
}

// Ruleset is "doudizhu".
func (g *Game) Ruleset() string { return "doudizhu" }

// Players is 3.
func (g *Game) Players() int { return Players }

// Next is the seat to act, engine.Chance before a deal, engine.Over at the end.
func (g *Game) Next() int {
	switch g.phase {
	case Dealing:
		return engine.Chance
	case Over:
		return engine.Over
	}
	return g.turn
}

// Done reports whether the match has ended.
func (g *Game) Done() bool { return g.phase == Over }

// Result holds each finished deal's scores and the match totals.
func (g *Game) Result() engine.Result {
	r := engine.Result{Rounds: make([][]int, len(g.rounds)), Totals: slices.Clone(g.totals[:])}
	for i, s := range g.rounds {
		r.Rounds[i] = slices.Clone(s)
	}
	return r
}

// Events is the record so far: deals and moves.
func (g *Game) Events() []engine.Event {
	return engine.CloneEvents(g.events)
}

// Deal shuffles the 54 cards, deals 17 to each seat and 3 to the bottom, and
// draws the first bidder (DD-1, DD-3). It applies the deal through Event, the
// path a record's deal line takes.
func (g *Game) Deal(rng *rand.Rand) error {
	if g.phase != Dealing {
		return errors.New("no deal is due now")
	}
	deck := cards.Deck54.Cards()
	cards.Shuffle(deck, rng)
	e := engine.Event{E: engine.EvDeal, Hands: make([][]cards.Card, Players), Bottom: sortCards(deck[51:]), FirstBidder: rng.IntN(Players)}
	for s := range Players {
		e.Hands[s] = sortCards(deck[17*s : 17*s+17])
	}
	return g.Event(e)
}

// Event applies a deal line of a record (the only kind Dou Dizhu has besides
// moves), checking it fully: 17 cards per seat, 3 bottom cards, the 54-card
// deck exactly, a first bidder that is a seat.
func (g *Game) Event(e engine.Event) error {
	if e.E != engine.EvDeal {
		return fmt.Errorf("a Dou Dizhu record has no %s lines", e.E)
	}
	if g.phase != Dealing {
		if g.phase == Over {
			return errors.New("the game is over: no more deals")
		}
		return errors.New("no deal is due: the deal in progress is not finished")
	}
	if err := checkDeal(e); err != nil {
		return err
	}
	g.reset()
	if len(g.rounds)+1 != g.dealNo {
		g.dealNo, g.redeals = len(g.rounds)+1, 0
	}
	for s := range Players {
		g.hands[s] = sortCards(e.Hands[s])
		g.ranks[s] = HandOf(e.Hands[s])
	}
	g.bottom = slices.Clone(e.Bottom)
	g.first, g.turn = e.FirstBidder, e.FirstBidder
	g.phase = Bidding
	g.events = append(g.events, e.Clone())
	return nil
}

func checkDeal(e engine.Event) error {
	if e.Bottom == nil {
		return errors.New("a Dou Dizhu deal needs its bottom cards")
	}
	if len(e.Hands) != Players {
		return fmt.Errorf("a deal has %d hands, not %d", Players, len(e.Hands))
	}
	var all cards.Hand
	for s, h := range e.Hands {
		if len(h) != 17 {
			return fmt.Errorf("seat %d is dealt %d cards, not 17", s, len(h))
		}
		for _, c := range h {
			all.Add(c)
		}
	}
	if len(e.Bottom) != 3 {
		return fmt.Errorf("the bottom has %d cards, not 3", len(e.Bottom))
	}
	for _, c := range e.Bottom {
		all.Add(c)
	}
	if err := cards.Deck54.Contains(all); err != nil {
		return err
	}
	if all != cards.Deck54.Hand() {
		return errors.New("the deal is not the 54-card deck")
	}
	if e.FirstBidder < 0 || e.FirstBidder >= Players {
		return fmt.Errorf("there is no seat %d to bid first", e.FirstBidder)
	}
	return nil
}

// sortCards returns a sorted copy of cs: by Dou Dizhu rank, then suit
// (♠ ♥ ♦ ♣).
func sortCards(cs []cards.Card) []cards.Card {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b cards.Card) int {
		if ra, rb := RankOf(a), RankOf(b); ra != rb {
			return int(ra) - int(rb)
		}
		return int(a.Suit()) - int(b.Suit())
	})
	return out
}

// Legal lists seat's moves: in bidding pass and the bids above the highest;
// in play every distinct combination it may play (Leads or Follows, in their
// order), then pass when it is not leading.
func (g *Game) Legal(seat int) []engine.Move {
	if g.Next() != seat {
		return nil
	}
	if g.phase == Bidding {
		out := []engine.Move{engine.PassMove()}
		for n := g.highBid + 1; n <= 3; n++ {
			out = append(out, engine.BidMove(n))
		}
		return out
	}
	ps := Follows(g.ranks[seat], g.table)
	out := make([]engine.Move, 0, len(ps)+1)
	// One move per play: under Part B every card set has one reading
	// (TestDD17_NoSetHasTwoReadings), so the plays are distinct card sets.
	for _, p := range ps {
		out = append(out, engine.PlayRanks(p.String()))
	}
	if g.tableSeat >= 0 {
		out = append(out, engine.PassMove())
	}
	return out
}

// Apply makes seat's move; an illegal move changes nothing and returns an
// *engine.IllegalMove saying why.
func (g *Game) Apply(seat int, m engine.Move) error {
	switch {
	case g.phase == Over:
		return engine.Illegal(seat, m, "the game is over")
	case g.phase == Dealing:
		return engine.Illegal(seat, m, "the cards must be dealt first")
	case seat < 0 || seat >= Players:
		return engine.Illegal(seat, m, "there is no seat %d", seat)
	case seat != g.turn:
		return engine.Illegal(seat, m, "it is seat %d's turn", g.turn)
	}
	var err error
	if g.phase == Bidding {
		err = g.bid(seat, m)
	} else {
		err = g.play(seat, m)
	}
	if err == nil {
		g.events = append(g.events, engine.MoveEvent(seat, m))
		if g.phase == Playing && g.ranks[seat] == 0 {
			g.score(seat)
		}
	}
	return err
}

func next(seat int) int { return (seat + 1) % Players }

// bid handles DD-3..DD-6.
func (g *Game) bid(seat int, m engine.Move) error {
	switch m.Kind {
	case engine.Pass:
		g.bids = append(g.bids, Bid{Seat: seat})
		g.passes++
		switch {
		case g.highBid == 0 && g.passes == Players:
			g.redeals++ // DD-5: a new deal follows, not a deal of the match
			g.phase = Dealing
		case g.highBid > 0 && g.passes == 2:
			g.startPlay()
		default:
			g.turn = next(seat)
		}
		return nil
	case engine.Bid:
		if m.N < 1 || m.N > 3 {
			return engine.Illegal(seat, m, "bid 1, 2 or 3, or pass")
		}
		if m.N <= g.highBid {
			return engine.Illegal(seat, m, "a bid must be higher than %d", g.highBid)
		}
		g.bids = append(g.bids, Bid{Seat: seat, N: m.N})
		g.highBid, g.highSeat, g.passes = m.N, seat, 0
		if m.N == 3 {
			g.startPlay()
		} else {
			g.turn = next(seat)
		}
		return nil
	}
	return engine.Illegal(seat, m, "the bidding is on: bid 1, 2 or 3, or pass")
}

// startPlay ends the bidding (DD-6): the landlord takes the bottom cards and
// leads.
func (g *Game) startPlay() {
	g.phase = Playing
	g.landlord = g.highSeat
	g.hands[g.landlord] = sortCards(append(g.hands[g.landlord], g.bottom...))
	g.ranks[g.landlord] += HandOf(g.bottom)
	g.turn, g.passes = g.landlord, 0
}

// play handles DD-7, DD-8 and DD-17. Cards of a played rank leave the hand
// in suit order ♠ ♥ ♦ ♣ (the lowest suit first).
func (g *Game) play(seat int, m engine.Move) error {
	leading := g.tableSeat < 0
	switch m.Kind {
	case engine.Pass:
		if leading {
			return engine.Illegal(seat, m, "you lead: play a combination, you may not pass")
		}
		g.history = append(g.history, Turn{Seat: seat, Pass: true})
		g.turn = next(seat)
		if g.turn == g.tableSeat { // two passes: the last player leads (DD-8)
			g.table, g.tableSeat = Play{}, -1
		}
		return nil
	case engine.Play:
	default:
		return engine.Illegal(seat, m, "play a combination or pass")
	}
	if m.Ranks == "" {
		return engine.Illegal(seat, m, "write the ranks of your combination, e.g. play 33344")
	}
	h, err := ParseHand(m.Ranks)
	if err != nil {
		return engine.Illegal(seat, m, "%v", err)
	}
	if h.String() != m.Ranks {
		return engine.Illegal(seat, m, "write the ranks low to high: %s", h)
	}
	if !g.ranks[seat].Contains(h) {
		return engine.Illegal(seat, m, "you do not hold %s", h)
	}
	readings := Classify(h)
	if len(readings) == 0 {
		return engine.Illegal(seat, m, "%s is not a combination", h)
	}
	p, ok := readings[0], leading // leading: the first reading (DD-17)
	for _, r := range readings {
		if !leading && r.Beats(g.table) {
			p, ok = r, true // following: the first reading that beats the table
			break
		}
	}
	if !ok {
		return engine.Illegal(seat, m, "%s", beatReason(readings[0], g.table))
	}
	var played []cards.Card
	rest := g.hands[seat][:0:0]
	for _, c := range g.hands[seat] {
		if r := RankOf(c); h.Count(r) > 0 {
			h -= one(r, 1)
			played = append(played, c)
			continue
		}
		rest = append(rest, c)
	}
	g.hands[seat] = rest
	g.ranks[seat] -= p.Cards
	g.history = append(g.history, Turn{Seat: seat, Play: p, Cards: played})
	g.table, g.tableSeat = p, seat
	g.plays[seat]++
	if p.Type == Bomb || p.Type == Rocket {
		g.bombs++
	}
	g.turn = next(seat)
	return nil
}

// beatReason says why p does not beat table, in a player's words.
func beatReason(p, table Play) string {
	switch {
	case table.Type == Rocket:
		return "nothing beats the rocket: pass"
	case table.Type == Bomb && p.Type != Bomb:
		return fmt.Sprintf("%s (%s) does not beat %s (%s): play a higher bomb or the rocket", p, p.Type, table, table.Type)
	case table.Type == Bomb:
		return fmt.Sprintf("%s does not beat %s: play a higher bomb or the rocket", p, table)
	case p.Type != table.Type:
		return fmt.Sprintf("%s (%s) does not beat %s (%s): play a higher %s, a bomb or the rocket",
			p, p.Type, table, table.Type, table.Type)
	case p.Len != table.Len:
		return fmt.Sprintf("%s does not beat %s: your %s must have %d cards too, or play a bomb or the rocket", p, table, p.Type, table.Cards.Len())
	}
	return fmt.Sprintf("%s does not beat %s: play a higher %s, a bomb or the rocket", p, table, table.Type)
}

// score ends the deal won by seat's going out (DD-9, DD-20..DD-22) and moves
// on to the next deal of the match or ends it (DD-23).
func (g *Game) score(out int) {
	l := g.landlord
	f1, f2 := next(l), next(next(l))
	mult := 1 << g.bombs
	spring := out == l && g.plays[f1] == 0 && g.plays[f2] == 0
	antiSpring := out != l && g.plays[l] == 1
	if spring || antiSpring {
		mult *= 2
	}
	unit := g.highBid * mult
	if out == l {
		unit = -unit // the farmers lose
	}
	s := make([]int, Players)
	s[f1], s[f2], s[l] = unit, unit, -2*unit
	for i := range s {
		g.totals[i] += s[i]
	}
	g.rounds = append(g.rounds, s)
	rocket := slices.ContainsFunc(g.history, func(t Turn) bool { return t.Play.Type == Rocket })
	g.sums = append(g.sums, DealSummary{Landlord: l, Bid: g.highBid, Bombs: g.bombs, Rocket: rocket, Spring: spring, AntiSpring: antiSpring, Multiplier: mult, LandlordWon: out == l})
	g.mult, g.ended = mult, true
	g.phase = Dealing // the next deal of the match; the finished one stays in view
	if len(g.rounds) == g.deals {
		g.phase = Over
	}
}
