package tui

import (
	"slices"
	"strings"

	"github.com/cardroom/cardroom/engine/doudizhu"
)

// dealPanel is the end of a Dou Dizhu deal, once it has ended: who won,
// spring or reverse spring, the bombs and the rocket, the multiplier, each
// seat's points, the cards left in every hand and the play the winner went
// out with. Nil while a deal is played.
func (tm *tableModel) dealPanel(v *doudizhu.View) []string {
	if !v.TrickComplete() || len(v.Sums) == 0 || len(v.Scores) == 0 {
		return nil
	}
	st, tx := tm.cardStyles(), tm.m.tx // the hand's notation: one way to write a card on every screen
	sum, scores := v.Sums[len(v.Sums)-1], v.Scores[len(v.Scores)-1]
	won := tx.f("the farmers won against %s", tm.plainName(sum.Landlord))
	if sum.LandlordWon {
		won = tx.f("the landlord %s won", tm.plainName(sum.Landlord))
	}
	head := st.Title.Render(tx.f("Deal %d is over:", len(v.Sums))) + " " + st.Bold.Render(won)
	switch {
	case sum.Spring:
		head += " · " + st.Warn.Render(tx.get("spring"))
	case sum.AntiSpring:
		head += " · " + st.Warn.Render(tx.get("reverse spring"))
	}
	var bombs []string
	for _, t := range v.History {
		if !t.Pass && (t.Play.Type == doudizhu.Bomb || t.Play.Type == doudizhu.Rocket) {
			bombs = append(bombs, tm.plainName(t.Seat)+" "+tx.get(t.Play.Type.String())+" "+ddPlayText(tx.lang, t.Play))
		}
	}
	played := tx.get("no bomb, no rocket")
	if len(bombs) > 0 { // each names itself, bomb or rocket
		played = strings.Join(bombs, ", ")
	}
	lines := []string{
		fit(head, tm.width()),
		fit(played+" · "+tx.f("multiplier ×%d", sum.Multiplier)+" · "+tx.f("bid %d", sum.Bid), tm.width()),
		fit(tx.get("Points:")+" "+tm.scoreLine(scores), tm.width()),
	}
	out, ok := lastPlay(v)
	for s, left := range v.Left {
		line := "  " + cell(tm.plainName(s), 12) + " "
		switch {
		case len(left) == 0 && ok && out.Seat == s:
			line += st.OK.Render(tx.get("went out")) + " " + tx.f("with %s", st.ddTurnCards(out))
		case len(left) == 0:
			line += st.OK.Render(tx.get("went out"))
		default:
			line += st.cardsInline(left)
		}
		lines = append(lines, fit(line, tm.width()))
	}
	return lines
}

// lastPlay is the play that ended the deal: its last one, which emptied
// a hand; false when the deal has no play.
func lastPlay(v *doudizhu.View) (doudizhu.Turn, bool) {
	for _, t := range slices.Backward(v.History) {
		if !t.Pass {
			return t, true
		}
	}
	return doudizhu.Turn{}, false
}

// noteDealEnd keeps the view of a Dou Dizhu deal that has just ended, so
// that its panel stays on screen while the next deal is bid, until a key
// (or the next deal's play begins). A replay, which may step back, shows
// it only at the deal's end.
func (tm *tableModel) noteDealEnd() {
	v, ok := tm.snap.View.(*doudizhu.View)
	switch {
	case !ok:
	case v.TrickComplete() && len(v.Sums) > 0:
		tm.endedDeal, tm.lastDeal = v, v
	case v.Phase == doudizhu.Playing || tm.replaying:
		tm.endedDeal = nil
	}
}

// previousDeal is the deal that ended just before v's, while no card of
// v's deal has been played: what . shows then. Nil otherwise, or when this
// screen did not see that deal end.
func (tm *tableModel) previousDeal(v *doudizhu.View) *doudizhu.View {
	if len(v.History) > 0 || tm.lastDeal == nil || tm.lastDeal.Deal != v.Deal-1 {
		return nil
	}
	return tm.lastDeal
}

// looksBack reports whether . shows the deal before v's: no card of v's
// deal is played yet and a deal has ended before it.
func looksBack(v *doudizhu.View) bool {
	return len(v.History) == 0 && len(v.Scores) > 0
}
