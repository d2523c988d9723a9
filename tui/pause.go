package tui

import (
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// The completed trick the table holds on screen for a moment (the
// snapshot's Paused), and the previous trick shown on `.`.

// held reports whether the table holds the trick just completed on screen:
// it is drawn as the trick, its winning card marked and its winner named.
func (tm *tableModel) held(v *trick.View) bool {
	return tm.snap.Paused && len(v.Trick) == 0 && len(v.LastTrick) > 0
}

// heldModifier is the modifier of the round the held trick was played in: the
// round in play, or the last one scored once the round is over.
func heldModifier(v *trick.View) trick.Modifier {
	if v.Phase != trick.PhasePlay && len(v.Sheet) > 0 {
		return v.Sheet[len(v.Sheet)-1].Modifier
	}
	return v.Modifier
}

// heldCentre is the line under the held trick around the table: in the
// forehead round the card the viewer held without seeing it (its winner
// says so in its own block).
func (tm *tableModel) heldCentre(v *trick.View) string {
	if c := tm.ownForehead(v); c != cards.None {
		return tm.m.tx.get("Your card was") + " " + tm.m.st.HotCard(c)
	}
	return ""
}

// foreheadNote is the line under the held trick of the forehead round that
// names the viewer's own card ("" otherwise).
func (tm *tableModel) foreheadNote(v *trick.View) string {
	if c := tm.ownForehead(v); c != cards.None && tm.held(v) {
		return tm.m.tx.get("Your card was") + " " + tm.m.st.HotCard(c)
	}
	return ""
}

// ownForehead is, once the forehead round's trick is complete, the card
// the viewer played without seeing it (cards.None otherwise, and in a
// replay, which never hid it). It comes from the completed trick: every
// seat's card is public once played.
func (tm *tableModel) ownForehead(v *trick.View) cards.Card {
	if heldModifier(v) != trick.Forehead || v.Seat < 0 || len(v.Trick) > 0 || tm.replaying {
		return cards.None
	}
	for _, p := range v.LastTrick {
		if p.Seat == v.Seat {
			return p.Card
		}
	}
	return cards.None
}

// previousLine is the `.` overlay: the previous trick, labelled as such,
// drawn beside the trick being played, never over it.
func (tm *tableModel) previousLine(v *trick.View) string {
	first, _ := tm.previousLines(v, false)
	return first
}

// previousLines is previousLine, on two lines when split and the trick is
// wider than the screen: the cards that do not fit go on the second (""
// when all fit).
func (tm *tableModel) previousLines(v *trick.View, split bool) (string, string) {
	tx, warn := tm.m.tx, tm.m.st.Warn.Render
	label, ps, winner := tx.get("Previous trick:"), v.LastTrick, v.LastWinner
	if len(ps) == 0 {
		if len(v.PrevTrick) == 0 {
			return warn(tx.get("Previous trick: none yet this round.") + " " + tx.get("Any key closes it.")), ""
		}
		label, ps, winner = tx.f("Last trick of round %d:", v.Round-1), v.PrevTrick, v.PrevWinner // the last of the round before
	}
	if !split {
		return warn(tm.trickLine(label, ps, winner)), ""
	}
	first, rest := tm.trickLines(label, ps, winner)
	if rest == "" {
		return warn(first), ""
	}
	return warn(first), warn(rest)
}

// playedChanged reports whether a card was played between two views of a
// trick game.
func playedChanged(a, b any) bool {
	va, ok1 := a.(*trick.View)
	vb, ok2 := b.(*trick.View)
	return ok1 && ok2 && (len(va.Played) != len(vb.Played) || va.Round != vb.Round)
}

// heldRoundEnd is the view to draw while the table holds the last trick of
// a round: the engine has scored the round and cleared it (its trump, bids
// and tricks), so the round's facts come from prev, the last view of that
// round, and from the score sheet's last row. nil when prev is not of
// that round.
func heldRoundEnd(prev, v *trick.View) *trick.View {
	if prev == nil || len(v.Sheet) == 0 || v.Sheet[len(v.Sheet)-1].Round != prev.Round {
		return nil
	}
	row := v.Sheet[len(v.Sheet)-1]
	nv := *v
	nv.Round, nv.Cards, nv.Modifier, nv.Hook, nv.Dealer = prev.Round, prev.Cards, prev.Modifier, prev.Hook, prev.Dealer
	nv.Trump, nv.TrumpKnown, nv.Turned, nv.TrumpBy = prev.Trump, prev.TrumpKnown, prev.Turned, -1
	nv.NamedBy, nv.Chooser, nv.Draws = prev.NamedBy, prev.Chooser, prev.Draws // who named trump stays said
	nv.Bids, nv.Tricks, nv.SatOut = row.Bids, row.Took, row.SatOut
	nv.Phase, nv.Foreheads = trick.PhasePlay, nil
	return &nv
}

// roundEndHeld reports whether s holds the last trick of a round, which
// the engine has already scored.
func roundEndHeld(s tables.Snapshot) (*trick.View, bool) {
	v, ok := s.View.(*trick.View)
	return v, ok && s.Paused && v.Phase != trick.PhasePlay && len(v.Trick) == 0 && len(v.LastTrick) > 0
}
