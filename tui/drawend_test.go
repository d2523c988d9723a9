package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// The trump-choice draw shows while it is drawn and until trump is named;
// once it is, the table says in the past who chose which trump and the
// drawn cards leave the trick area, at 80 columns and around the table.
func TestDrawGoesOnceTrumpIsNamed(t *testing.T) {
	naming := playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Modifier == trick.TrumpChoice && v.Phase == trick.PhaseTrump
	})
	chooser := naming.View(0).(*trick.View).Chooser
	bidding := playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Modifier == trick.TrumpChoice && v.Phase == trick.PhaseBid
	})
	bv := bidding.View(0).(*trick.View)
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := onTable(testModel(size[0], size[1], Settings{}), snapshotOf(naming, "Special Rounds", 0))
		scr := plainView(m)
		for _, want := range []string{m.table.plainName(chooser) + " names trump", "one card each is drawn"} {
			if !strings.Contains(scr, want) {
				t.Errorf("%dx%d, trump still to name: no %q:\n%s", size[0], size[1], want, scr)
			}
		}
		if _, plays := m.table.trickCentre(m.table.snap.View.(*trick.View)); size[0] == 200 && strings.Join(plays, "") == "" {
			t.Errorf("200x50, trump still to name: the draw is not in the trick area")
		}
		m = onTable(testModel(size[0], size[1], Settings{}), snapshotOf(bidding, "Special Rounds", 0))
		scr = plainView(m)
		for _, gone := range []string{"Draw for trump", "names trump", "one card each is drawn"} {
			if strings.Contains(scr, gone) {
				t.Errorf("%dx%d, trump named: %q is still there:\n%s", size[0], size[1], gone, scr)
			}
		}
		want := m.table.plainName(bv.NamedBy) + " drew the highest card and chose " + stripANSI(m.st.Suit(bv.Trump)) + " as trump"
		if size[0] == 80 { // no room for the sentence: the round line says it
			want = "named by " + m.table.plainName(bv.NamedBy)
		}
		if !strings.Contains(scr, want) {
			t.Errorf("%dx%d, trump named: no %q:\n%s", size[0], size[1], want, scr)
		}
		if _, plays := m.table.trickCentre(bv); size[0] == 200 && strings.Join(plays, "") != "" {
			t.Errorf("200x50, trump named: the draw is still in the trick area: %q", plays)
		}
	}
}
