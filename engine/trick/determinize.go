package trick

import (
	"errors"
	"fmt"

	"github.com/cardroom/cardroom/engine/cards"
)

// FromView builds a game at the point v shows, with hands holding each
// seat's unplayed cards: a determinization for a bot's search. The viewer's
// hand must be v.Hand (in the forehead round the viewer's one card is a
// guess, and the other seats' cards must be the ones on their foreheads);
// every hand must have the size v.HandSizes gives, and the hands, the cards
// played this round and the turned card must fit in the deck. In a blind
// round before its deal (SR-8) every hand must be empty; the game then waits
// for the rest of the bids and its Deal.
//
// The game holds what v holds: the current round in full, the score sheet,
// penalties and sit-outs; its View for v.Seat equals v. Later rounds are not
// known to a view, so the game is for playing out the current round only
// (it needs a Deal once the round is scored), and it has no record.
func FromView(v *View, hands []cards.Hand) (*Game, error) {
	n := v.Players
	if v.Seat < 0 || v.Seat >= n {
		return nil, errors.New("from view: a spectator's view has no hand to build on")
	}
	if v.Phase < PhaseBid || v.Phase > PhasePlay {
		return nil, fmt.Errorf("from view: the game waits for %s, not for a seat", v.Phase)
	}
	if len(hands) != n {
		return nil, fmt.Errorf("from view: %d hands for %d seats", len(hands), n)
	}
	r, err := viewRules(v)
	if err != nil {
		return nil, err
	}
	g := &Game{r: r, round: v.Round, dealer: v.Dealer, played: len(v.Sheet)}
	g.resetRound()
	g.dealt = v.Modifier != Blind || v.Phase != PhaseBid || sum(v.HandSizes) > 0

	// The cards: hands, this round's plays and the turned card fit in the deck.
	var all cards.Hand
	add := func(c cards.Card) error {
		if c >= cards.NumFaces || all.Count(c) >= r.deck.Copies(c) {
			return fmt.Errorf("from view: one %s too many for the %d-card deck", c, int(r.deck))
		}
		all.Add(c)
		return nil
	}
	for s, h := range hands {
		if h.Len() != v.HandSizes[s] {
			return nil, fmt.Errorf("from view: seat %d holds %d cards, not %d", s, v.HandSizes[s], h.Len())
		}
		if v.Foreheads != nil && s != v.Seat && v.Foreheads[s] != cards.None && h != cards.NewHand(v.Foreheads[s]) {
			return nil, fmt.Errorf("from view: seat %d has %s on its forehead", s, v.Foreheads[s])
		}
		for _, c := range h.Cards() {
			if err := add(c); err != nil {
				return nil, err
			}
		}
		g.hands[s] = h
	}
	if v.Foreheads == nil && hands[v.Seat] != cards.NewHand(v.Hand...) {
		return nil, fmt.Errorf("from view: seat %d's hand is not the view's", v.Seat)
	}
	for i, p := range v.Played {
		if err := add(p.Card); err != nil {
			return nil, err
		}
		g.hist[i], g.histSeat[i] = p.Card, int8(p.Seat)
	}
	g.nhist = len(v.Played)
	if v.Turned != cards.None {
		if err := add(v.Turned); err != nil {
			return nil, err
		}
	}

	// The round: trump, bids, tricks, the trick in play and the last one.
	g.turned = v.Turned
	g.chooser = v.Chooser
	for _, d := range v.Draws {
		g.draws[g.ndraws], g.drawSeats[g.ndraws] = d.Card, int8(d.Seat)
		g.ndraws++
		g.drawn.Add(d.Card)
	}
	g.trump, g.trumpKnown = v.Trump, v.TrumpKnown
	if g.dealt && (v.Modifier == TrumpChoice || !r.bidderTrump && v.Turned == cards.Singularity) {
		g.trumpEarly, g.trumpBy = true, v.Chooser // TR-3, SR-6 (as applyDeal)
		if v.Modifier != TrumpChoice {
			g.trumpBy = v.Dealer
		}
	}
	if v.TrumpKnown && v.NamedBy >= 0 {
		g.trumpBy = v.NamedBy
	}
	for s := range n {
		g.bids[s], g.tricks[s] = int8(v.Bids[s]), int8(v.Tricks[s])
		if v.Bids[s] != NoBid {
			g.nbids++
		}
		if v.SatOut[s] {
			g.sitout |= 1 << s
		}
	}
	g.leader = g.next(g.dealer)
	switch {
	case len(v.Trick) > 0:
		g.leader = v.Trick[0].Seat
	case v.Phase == PhasePlay:
		g.leader = v.Turn
	}
	for i, p := range v.Trick {
		g.trick[i] = p.Card
	}
	g.ntrick = len(v.Trick)
	last, winner := v.LastTrick, v.LastWinner
	if len(last) == 0 {
		last, winner, g.lastBefore = v.PrevTrick, v.PrevWinner, len(v.PrevTrick) > 0
	}
	g.nlast, g.lastWinner = len(last), winner
	if g.nlast > 0 {
		g.lastLeader = last[0].Seat
		for i, p := range last {
			g.last[i] = p.Card
		}
	}

	// The score sheet and penalties.
	for i, row := range v.Sheet {
		sr := &g.sheet[i]
		for s := range n {
			sr.bids[s], sr.score[s] = int8(row.Bids[s]), int16(row.Scores[s])
			if row.Took != nil {
				sr.took[s] = int8(row.Took[s])
			}
			if row.SatOut[s] {
				sr.sitout |= 1 << s
			}
			g.totals[s] += row.Scores[s]
		}
	}
	g.penalties = append([]Penalty(nil), v.Penalties...)

	g.settle()
	if g.phase != v.Phase || g.Next() != v.Turn {
		return nil, fmt.Errorf("from view: the rebuilt game waits for %s of seat %d, the view for %s of seat %d", g.phase, g.Next(), v.Phase, v.Turn)
	}
	return g, nil
}

// viewRules is the configuration a view shows: the rule set, the seats, and
// the rounds played and in play. Later rounds are unknown (no cards).
func viewRules(v *View) (*rules, error) {
	r := &rules{name: v.Ruleset, players: v.Players, rounds: v.Rounds, scoring: v.Scoring,
		ccw: !v.Clockwise, noTrumpOK: v.NoTrumpOK}
	switch v.Ruleset {
	case "singularity":
		r.deck, r.sitout = cards.Deck60, true
	case "specialrounds":
		r.deck = cards.Deck64
	case "boerenbridge":
		r.deck, r.bidderTrump, r.penalties = cards.Deck52, true, true
	default:
		return nil, fmt.Errorf("from view: unknown trick game %q", v.Ruleset)
	}
	if v.Players < 3 || v.Players > maxSeats || v.Rounds > maxRounds || v.Round < 1 || v.Round > v.Rounds || len(v.Sheet) != v.Round-1 {
		return nil, errors.New("from view: the view's seats or rounds are out of range")
	}
	for _, row := range v.Sheet {
		r.cards[row.Round], r.mod[row.Round] = int8(row.Cards), row.Modifier
	}
	r.cards[v.Round], r.mod[v.Round], r.hook[v.Round] = int8(v.Cards), v.Modifier, v.Hook
	return r, nil
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
