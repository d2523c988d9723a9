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
		drawLine := m.table.plainName(chooser) + " names trump"
		if size[0] == 200 {
			drawLine = "Draw for trump"
		}
		for _, want := range []string{drawLine, "one card each is drawn"} {
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

// Around the table, the seat that names trump says so in its own block,
// not in the line under the table, which reads as the viewer's.
func TestTrumpNamerSaysSoInItsBlock(t *testing.T) {
	g := playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Modifier == trick.TrumpChoice && v.Phase == trick.PhaseTrump
	})
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(200, 50, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0))
		v := m.table.snap.View.(*trick.View)
		if v.Chooser == v.Seat {
			t.Fatal("the viewer draws the highest card: no other seat to name")
		}
		names := m.tx.get("names trump")
		if scr := plainView(m); strings.Contains(scr, m.table.plainName(v.Chooser)+" "+names) {
			t.Errorf("%s: the chooser is named under the table:\n%s", lang, scr)
		}
		for i, b := range m.table.trickBlocks(v) {
			has := strings.Contains(stripANSI(strings.Join(b.lines, "\n")), names)
			if has != (i == v.Chooser) {
				t.Errorf("%s: seat %d's block %q; the chooser is seat %d", lang, i, b.lines, v.Chooser)
			}
		}
	}
}
