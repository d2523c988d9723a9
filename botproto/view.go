package botproto

import (
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
)

// TrickView is a trick game's seat view on the wire (trick.View). Cards
// are tokens (AS, TH, SG, CK); a missing bid is null.
type TrickView struct {
	Ruleset   string `json:"ruleset"`
	Players   int    `json:"players"`
	Seat      int    `json:"seat"`
	Clockwise bool   `json:"clockwise"`
	Round     int    `json:"round"`
	Rounds    int    `json:"rounds"`
	Cards     int    `json:"cards"`
	Dealer    int    `json:"dealer"`
	Phase     string `json:"phase"` // bid, trump, play (and deal, draw, over between turns)
	Turn      int    `json:"turn"`
	Modifier  string `json:"modifier"` // ordinary, trump_choice, no_trump, blind, forehead
	Hook      bool   `json:"hook"`
	Scoring   string `json:"scoring"`
	NoTrumpOK bool   `json:"no_trump_ok"`
	// Trump is the trump suit (S, H, D, C, or none) once known, else null.
	Trump   *string  `json:"trump"`
	TrumpBy int      `json:"trump_by"`
	Turned  *string  `json:"turned"`
	Hand    []string `json:"hand"`
	// Foreheads (forehead round only): the card on each other seat's
	// forehead, null for the viewer's own.
	Foreheads  []*string    `json:"foreheads,omitempty"`
	HandSizes  []int        `json:"hand_sizes"`
	Draws      []SeatCard   `json:"draws,omitempty"`
	Chooser    int          `json:"chooser"`
	Bids       []*int       `json:"bids"`
	Tricks     []int        `json:"tricks"`
	Trick      []SeatCard   `json:"trick"`
	LastTrick  []SeatCard   `json:"last_trick"`
	LastWinner int          `json:"last_winner"`
	Played     []SeatCard   `json:"played"`
	Sheet      []SheetRound `json:"sheet"`
	Totals     []int        `json:"totals"`
	SatOut     []bool       `json:"sat_out"`
}

// SeatCard is a card and the seat that played or drew it.
type SeatCard struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
}

// SheetRound is a finished round of the score sheet.
type SheetRound struct {
	Round    int    `json:"round"`
	Cards    int    `json:"cards"`
	Modifier string `json:"modifier"`
	Bids     []int  `json:"bids"`
	Took     []int  `json:"took"`
	Scores   []int  `json:"scores"`
}

// DouDizhuView is a Dou Dizhu seat view on the wire (doudizhu.View).
type DouDizhuView struct {
	Ruleset     string     `json:"ruleset"`
	Seat        int        `json:"seat"`
	Phase       string     `json:"phase"` // bidding, playing (dealing, over between turns)
	Turn        int        `json:"turn"`
	Deal        int        `json:"deal"`
	Deals       int        `json:"deals"`
	Hand        []string   `json:"hand"`
	Counts      []int      `json:"counts"`
	Bottom      []string   `json:"bottom"`
	FirstBidder int        `json:"first_bidder"`
	Bids        []SeatMove `json:"bids"`
	Bid         int        `json:"bid"`
	Landlord    int        `json:"landlord"`
	History     []SeatMove `json:"history"`
	// Table is the play to beat in rank notation ("" when the seat to act
	// leads), TableSeat who made it (-1).
	Table      string  `json:"table"`
	TableSeat  int     `json:"table_seat"`
	Bombs      int     `json:"bombs"`
	Multiplier int     `json:"multiplier"`
	Scores     [][]int `json:"scores"`
	Totals     []int   `json:"totals"`
}

// SeatMove is a move and the seat that made it, in move text.
type SeatMove struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
}

// EncodeView is the wire form of a seat's view (*TrickView or
// *DouDizhuView), built from the view alone; nil for another game's view.
func EncodeView(v engine.View) any {
	switch v := v.(type) {
	case *trick.View:
		return trickView(v)
	case *dd.View:
		return ddView(v)
	}
	return nil
}

func trickView(v *trick.View) *TrickView {
	w := &TrickView{
		Ruleset: v.Ruleset, Players: v.Players, Seat: v.Seat, Clockwise: v.Clockwise,
		Round: v.Round, Rounds: v.Rounds, Cards: v.Cards, Dealer: v.Dealer,
		Phase: v.Phase.String(), Turn: v.Turn, Modifier: v.Modifier.String(), Hook: v.Hook,
		Scoring: v.Scoring.String(), NoTrumpOK: v.NoTrumpOK, TrumpBy: v.TrumpBy,
		Hand: tokens(v.Hand), HandSizes: v.HandSizes, Chooser: v.Chooser,
		Tricks: v.Tricks, Trick: seatCards(v.Trick), LastTrick: seatCards(v.LastTrick),
		LastWinner: v.LastWinner, Played: seatCards(v.Played), Totals: v.Totals, SatOut: v.SatOut,
		Sheet: []SheetRound{},
	}
	if v.TrumpKnown {
		s := v.Trump.String()
		w.Trump = &s
	}
	if v.Turned != cards.None {
		s := v.Turned.String()
		w.Turned = &s
	}
	for _, c := range v.Foreheads {
		var p *string
		if c != cards.None {
			s := c.String()
			p = &s
		}
		w.Foreheads = append(w.Foreheads, p)
	}
	for _, d := range v.Draws {
		w.Draws = append(w.Draws, SeatCard{d.Seat, d.Card.String()})
	}
	for _, b := range v.Bids {
		var p *int
		if b != trick.NoBid {
			p = &b
		}
		w.Bids = append(w.Bids, p)
	}
	for _, r := range v.Sheet {
		w.Sheet = append(w.Sheet, SheetRound{Round: r.Round, Cards: r.Cards, Modifier: r.Modifier.String(), Bids: r.Bids, Took: r.Took, Scores: r.Scores})
	}
	return w
}

func ddView(v *dd.View) *DouDizhuView {
	w := &DouDizhuView{
		Ruleset: "doudizhu", Seat: v.Seat, Phase: v.Phase.String(), Turn: v.Turn,
		Deal: v.Deal, Deals: v.Deals, Hand: tokens(v.Hand), Counts: v.Counts[:],
		Bottom: tokens(v.Bottom), FirstBidder: v.FirstBidder, Bid: v.Bid, Landlord: v.Landlord,
		TableSeat: v.TableSeat, Bombs: v.Bombs, Multiplier: v.Multiplier,
		Scores: v.Scores, Totals: v.Totals[:], Bids: []SeatMove{}, History: []SeatMove{},
	}
	if v.Bottom == nil {
		w.Bottom = nil
	}
	if v.Table.Type != dd.Invalid {
		w.Table = v.Table.String()
	}
	for _, b := range v.Bids {
		m := engine.PassMove()
		if b.N > 0 {
			m = engine.BidMove(b.N)
		}
		w.Bids = append(w.Bids, SeatMove{b.Seat, m.String()})
	}
	for _, t := range v.History {
		m := engine.PassMove()
		if !t.Pass {
			m = engine.PlayRanks(t.Play.String())
		}
		w.History = append(w.History, SeatMove{t.Seat, m.String()})
	}
	if w.Scores == nil {
		w.Scores = [][]int{}
	}
	return w
}

func tokens(cs []cards.Card) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

func seatCards(ps []trick.Played) []SeatCard {
	out := make([]SeatCard, 0, len(ps))
	for _, p := range ps {
		out = append(out, SeatCard{p.Seat, p.Card.String()})
	}
	return out
}
