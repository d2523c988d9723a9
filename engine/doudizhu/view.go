package doudizhu

import (
	"slices"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// View is what one seat (or a spectator) may know of a match (RULES.md
// ON-4): its own hand, how many cards the others hold, the bottom cards once
// revealed, the bidding, the play, the multiplier and the scores. It is a
// fresh value: nothing in it is shared with the game or another view.
type View struct {
	Seat  int   // the viewing seat, or engine.Spectator
	Phase Phase // Dealing (between deals), Bidding, Playing, Over
	Turn  int   // the seat to act, engine.Chance or engine.Over

	Deal    int // the deal of the match being played (or just ended), 1-based
	Deals   int // deals in the match (DD-23)
	Redeals int // all-pass redeals before this deal (DD-5)

	Hand   []cards.Card // the seat's own cards, by rank then suit; nil for a spectator
	Counts [Players]int // cards in each seat's hand
	// Left is, once the deal has ended, the cards left in every hand
	// (they are shown then); nil while the deal is played.
	Left   [][]cards.Card
	Bottom []cards.Card // the three bottom cards once revealed (DD-6), else nil

	FirstBidder int   // who bid first (DD-3)
	Bids        []Bid // the bidding so far, in order (N = 0: pass)
	Bid         int   // the highest bid so far (0: none)
	Landlord    int   // -1 until the bidding ends

	History   []Turn // every turn of this deal's play, in order
	Table     Play   // the play to beat; the zero Play when Turn leads
	TableSeat int    // who made Table, -1 when Turn leads
	Bombs     int    // bombs and rockets played this deal (DD-20)
	// Multiplier is 2^Bombs while the deal is played; once it has ended it
	// includes the spring or anti-spring doubling (DD-21).
	Multiplier int

	Scores [][]int       // each finished deal's score per seat (DD-22)
	Sums   []DealSummary // each finished deal: landlord, bid, bombs, spring, multiplier
	Totals [Players]int  // match totals

	Legal []engine.Move // the viewing seat's legal moves now
}

// ViewSeat is the seat the view is for, or engine.Spectator.
func (v *View) ViewSeat() int { return v.Seat }

// LegalMoves lists the viewing seat's legal moves (none when it is not its
// turn).
func (v *View) LegalMoves() []engine.Move { return slices.Clone(v.Legal) }

// View returns what seat may know now; engine.Spectator (or any number that
// is no seat) gets the public view.
func (g *Game) View(seat int) engine.View {
	if seat < 0 || seat >= Players {
		seat = engine.Spectator
	}
	v := &View{
		Seat: seat, Phase: g.phase, Turn: g.Next(),
		Deal: g.dealNo, Deals: g.deals, Redeals: g.redeals,
		FirstBidder: g.first, Bids: slices.Clone(g.bids), Bid: g.highBid, Landlord: g.landlord,
		Table: g.table, TableSeat: g.tableSeat, Bombs: g.bombs, Multiplier: 1 << g.bombs,
		Totals: g.totals,
	}
	if g.ended {
		v.Multiplier = g.mult
		v.Left = make([][]cards.Card, Players)
		for s := range Players {
			v.Left[s] = slices.Clone(g.hands[s])
		}
	}
	for s := range Players {
		v.Counts[s] = len(g.hands[s])
	}
	if seat != engine.Spectator {
		v.Hand = slices.Clone(g.hands[seat])
		if v.Hand == nil {
			v.Hand = []cards.Card{}
		}
		v.Legal = g.Legal(seat)
	}
	if g.landlord >= 0 {
		v.Bottom = slices.Clone(g.bottom)
	}
	v.History = make([]Turn, len(g.history))
	for i, t := range g.history {
		t.Cards = slices.Clone(t.Cards)
		v.History[i] = t
	}
	v.Sums = slices.Clone(g.sums)
	v.Scores = make([][]int, len(g.rounds))
	for i, s := range g.rounds {
		v.Scores[i] = slices.Clone(s)
	}
	return v
}

// DealSummary is how one finished deal was scored, for the score sheet.
type DealSummary struct {
	Landlord    int
	Bid         int
	Bombs       int  // bombs and rockets played (DD-20)
	Rocket      bool // the rocket was played (it counts in Bombs)
	Spring      bool // DD-21
	AntiSpring  bool // DD-21
	Multiplier  int  // 2^Bombs, doubled once more for a spring or anti-spring
	LandlordWon bool
}
