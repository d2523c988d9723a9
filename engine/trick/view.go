package trick

import (
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Played is one card of a trick and the seat that played it.
type Played struct {
	Seat int
	Card cards.Card
}

// Draw is one card of a trump-choice draw (SR-6), in draw order.
type Draw struct {
	Seat int
	Card cards.Card
}

// SheetRound is one finished round of the score sheet (SC-1).
type SheetRound struct {
	Round    int
	Cards    int // cards dealt to each seat
	Modifier Modifier
	Bids     []int
	Took     []int  // tricks each seat took
	Scores   []int  // the round's scores (SI-5 averages for seats that sat out)
	Totals   []int  // running totals of round scores after this round (penalties apart)
	SatOut   []bool // seats that sat the round out (SI-5)
}

// View is what one seat (or a spectator) may know of a trick game (ON-4).
// It is a fresh value: it shares nothing with the game.
type View struct {
	Ruleset   string
	Players   int
	Seat      int // the viewing seat, or engine.Spectator
	Clockwise bool

	Round  int // the current round, or the next to be dealt (the last once over)
	Rounds int // rounds in the game
	Cards  int // cards dealt to each seat this round
	Dealer int // -1 before the first deal
	Phase  Phase
	// Turn is the seat to act, engine.Chance when cards are being dealt or
	// drawn, engine.Over at the end.
	Turn     int
	Modifier Modifier // this round's: ordinary, trump_choice, no_trump, blind, forehead
	Hook     bool     // whether the dealer hook (TT-6) applies this round
	Scoring  Scoring  // the table's scoring system (A.5)
	// NoTrumpOK: the highest bidder may name no trump (bb_allow_notrump).
	NoTrumpOK bool

	Trump      cards.Suit // when TrumpKnown: the trump suit, cards.NoSuit for none
	TrumpKnown bool
	// TrumpBy is the seat that names trump this round once it is its turn
	// (dealer after a turned Singularity, the draw's winner, the highest
	// bidder), -1 when the trump comes from a card or is none.
	TrumpBy int
	// NamedBy is the seat that named this round's trump (or no trump) once
	// it is known, -1 when a turned card made it or the round has none.
	NamedBy int
	Turned  cards.Card // the turned card, cards.None when no card is turned (yet)

	// Hand is the viewer's own hand, sorted; nil for a spectator and in the
	// forehead round (SR-9), where the viewer cannot see its card.
	Hand []cards.Card
	// Foreheads, in the forehead round, holds per seat the card this viewer
	// sees on that seat's forehead: every other seat's unplayed card, never
	// its own (cards.None). Nil in other rounds.
	Foreheads []cards.Card
	HandSizes []int // cards left in each hand

	Draws   []Draw // the trump-choice draw so far (SR-6)
	Chooser int    // the draw's winner, -1 until known

	Bids       []int // each seat's bid this round, NoBid until made
	Tricks     []int // tricks taken this round
	Trick      []Played
	LastTrick  []Played // the last completed trick (kept until the next deal)
	LastWinner int      // its winner, -1 when there is none
	// PrevTrick is the last trick of the round before, from this round's
	// deal until its first trick is complete (public, like every card
	// played); PrevWinner is its winner, -1 when there is none.
	PrevTrick  []Played
	PrevWinner int
	// Played is every card played this round so far, in order: the
	// completed tricks, then the current one (public: who followed suit,
	// who showed a void).
	Played []Played

	Sheet     []SheetRound // every finished round (SC-1)
	Penalties []Penalty    // scorekeeper penalties (BB-7)
	SatOut    []bool       // seats sitting this round out (SI-5)
	Totals    []int        // totals now, penalties included
	Over      bool

	Legal []engine.Move // the viewer's legal moves now
}

// ViewSeat is the seat the view is for, or engine.Spectator.
func (v *View) ViewSeat() int { return v.Seat }

// LegalMoves lists the viewer's legal moves; in the forehead round the play
// is HiddenPlay.
func (v *View) LegalMoves() []engine.Move { return append([]engine.Move(nil), v.Legal...) }

// View is what seat may know now (ON-4); engine.Spectator (or any seat
// outside the table) gets public information only.
func (g *Game) View(seat int) engine.View { return g.view(seat) }

func (g *Game) view(seat int) *View {
	n := g.r.players
	if seat < 0 || seat >= n {
		seat = engine.Spectator
	}
	v := &View{
		Ruleset: g.r.name, Players: n, Seat: seat, Clockwise: !g.r.ccw,
		Round: min(g.round, g.r.rounds), Rounds: g.r.rounds, Dealer: g.dealer, Phase: g.phase, Turn: g.Next(),
		Trump: g.trump, TrumpKnown: g.trumpKnown, TrumpBy: -1, NamedBy: -1, Turned: g.turned,
		Scoring: g.r.scoring, NoTrumpOK: g.r.noTrumpOK,
		Chooser: g.chooser, LastWinner: -1, PrevWinner: -1, Over: g.phase == PhaseOver,
		HandSizes: make([]int, n), Bids: make([]int, n), Tricks: make([]int, n),
		SatOut: make([]bool, n), Totals: make([]int, n),
	}
	if g.round <= g.r.rounds {
		v.Cards, v.Modifier, v.Hook = g.cardsNow(), g.mod(), g.r.hook[g.round]
	}
	if g.trumpKnown && g.dealt {
		v.NamedBy = g.trumpBy
	}
	if !g.trumpKnown && g.dealt {
		switch {
		case g.trumpEarly:
			v.TrumpBy = g.trumpBy
		case g.nbids == n:
			v.TrumpBy = g.highestBidder()
		}
	}
	forehead := g.mod() == Forehead && g.dealt && g.round <= g.r.rounds
	for s := range n {
		v.HandSizes[s] = g.hands[s].Len()
		v.Bids[s] = int(g.bids[s])
		v.Tricks[s] = int(g.tricks[s])
		v.SatOut[s] = g.sitout>>s&1 != 0
	}
	if forehead {
		v.Foreheads = make([]cards.Card, n)
		for s := range n {
			v.Foreheads[s] = cards.None
			if seat != engine.Spectator && s != seat && !g.hands[s].Empty() {
				v.Foreheads[s] = only(g.hands[s])
			}
		}
	} else if seat != engine.Spectator {
		v.Hand = g.hands[seat].Cards()
	}
	for i := range g.ndraws {
		v.Draws = append(v.Draws, Draw{Seat: int(g.drawSeats[i]), Card: g.draws[i]})
	}
	for i := range g.ntrick {
		v.Trick = append(v.Trick, Played{Seat: g.after(g.leader, i), Card: g.trick[i]})
	}
	if g.nlast > 0 {
		last := make([]Played, g.nlast)
		for i := range last {
			last[i] = Played{Seat: g.after(g.lastLeader, i), Card: g.last[i]}
		}
		if g.lastBefore {
			v.PrevTrick, v.PrevWinner = last, g.lastWinner
		} else {
			v.LastTrick, v.LastWinner = last, g.lastWinner
		}
	}
	for i := range g.nhist {
		v.Played = append(v.Played, Played{Seat: int(g.histSeat[i]), Card: g.hist[i]})
	}
	run := make([]int, n)
	// The rows' slices share two arrays, each capped at its own n values.
	ints, flags := make([]int, 4*n*g.played), make([]bool, n*g.played)
	intsAt := func(k int) []int { return ints[k*n : (k+1)*n : (k+1)*n] }
	flagsAt := func(k int) []bool { return flags[k*n : (k+1)*n : (k+1)*n] }
	if g.played > 0 {
		v.Sheet = make([]SheetRound, 0, g.played)
	}
	for i := range g.played {
		sr := &g.sheet[i]
		row := SheetRound{Round: i + 1, Cards: int(g.r.cards[i+1]), Modifier: g.r.mod[i+1],
			Bids: intsAt(4 * i), Took: intsAt(4*i + 1), Scores: intsAt(4*i + 2), Totals: intsAt(4*i + 3), SatOut: flagsAt(i)}
		for s := range n {
			row.Bids[s], row.Took[s], row.Scores[s] = int(sr.bids[s]), int(sr.took[s]), int(sr.score[s])
			run[s] += int(sr.score[s])
			row.Totals[s] = run[s]
			row.SatOut[s] = sr.sitout>>s&1 != 0
		}
		v.Sheet = append(v.Sheet, row)
	}
	v.Penalties = append([]Penalty(nil), g.penalties...)
	res := g.Result()
	copy(v.Totals, res.Totals)
	if seat != engine.Spectator {
		v.Legal = g.Legal(seat)
	}
	return v
}

// ViewOf is View with its concrete type.
func (g *Game) ViewOf(seat int) *View { return g.view(seat) }
