package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
)

// The end-of-deal panel writes each bomb and the rocket as one combination,
// as the rest of the table writes plays: its name, then its ranks.
func TestDealPanelWritesBombsAsCombinations(t *testing.T) {
	g := playTo(t, "doudizhu", 3, 9, func(g engine.Game) bool { return g.Done() })
	for lang, want := range map[string][]string{
		"en": {"bomb 7777", "rocket BJ RJ"},
		"de": {"Bombe 7 7 7 7", "Rakete BJ RJ"},
		"nl": {"bom 7 7 7 7", "raket BJ RJ"},
	} {
		m := onTable(testModel(120, 40, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		v := *m.table.snap.View.(*doudizhu.View)
		bomb, err := doudizhu.ParsePlay("7777")
		if err != nil {
			t.Fatal(err)
		}
		rocket, err := doudizhu.ParsePlay("BR")
		if err != nil {
			t.Fatal(err)
		}
		v.History = []doudizhu.Turn{{Seat: 1, Play: bomb}, {Seat: 0, Pass: true}, {Seat: 2, Play: rocket}}
		panel := m.table.dealPanel(&v)
		if len(panel) < 2 {
			t.Fatalf("%s: no panel", lang)
		}
		line := stripANSI(panel[1])
		for i, w := range want {
			if w = m.table.plainName(i+1) + " " + w; !strings.Contains(line, w) {
				t.Errorf("%s: %q has no %q", lang, line, w)
			}
		}
	}
}

// A deal with a bomb and no rocket does not speak of a rocket: each bomb
// or rocket names itself on the panel.
func TestDealPanelNamesOnlyWhatWasPlayed(t *testing.T) {
	g := playTo(t, "doudizhu", 3, 9, func(g engine.Game) bool { return g.Done() })
	bomb, err := doudizhu.ParsePlay("7777")
	if err != nil {
		t.Fatal(err)
	}
	for lang, rocket := range map[string]string{"en": "rocket", "de": "Rakete", "nl": "raket"} {
		m := onTable(testModel(120, 40, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		v := *m.table.snap.View.(*doudizhu.View)
		v.History = []doudizhu.Turn{{Seat: 1, Play: bomb}}
		panel := m.table.dealPanel(&v)
		if len(panel) < 2 {
			t.Fatalf("%s: no panel", lang)
		}
		if line := stripANSI(panel[1]); strings.Contains(line, rocket) {
			t.Errorf("%s: %q speaks of a rocket; only a bomb was played", lang, line)
		}
	}
}

// The end-of-deal panel shows the play the winner went out with, written
// as the hand writes cards, beside the winner's name: in every language,
// in ASCII too, within 80 columns. So does the game-over screen.
func TestDealPanelShowsThePlayThatWentOut(t *testing.T) {
	g := playTo(t, "doudizhu", 3, 9, func(g engine.Game) bool { return g.Done() })
	v := g.View(0).(*doudizhu.View)
	out, ok := lastPlay(v)
	if !ok || len(v.Left[out.Seat]) != 0 {
		t.Fatalf("the last play %+v did not go out", out)
	}
	for _, lang := range []string{"en", "de", "nl"} {
		for _, glyphs := range []Glyphs{Unicode, ASCII} {
			m := onTable(testModel(80, 24, Settings{Lang: lang, Glyphs: glyphs}), snapshotOf(g, "Dou Dizhu", 0))
			tm := m.table
			want := tm.m.tx.get("went out") + " " + tm.m.tx.f("with %s", stripANSI(tm.cardStyles().ddTurnCards(out)))
			var row string
			for _, l := range tm.dealPanel(v) {
				if l = stripANSI(l); strings.Contains(l, tm.plainName(out.Seat)) && strings.Contains(l, tm.m.tx.get("went out")) {
					row = l
				}
				if w := visibleWidth(l); w > 80 {
					t.Errorf("%s %v: %q is %d columns wide", lang, glyphs, l, w)
				}
			}
			if !strings.HasSuffix(row, want) {
				t.Errorf("%s %v: the winner's row %q does not end in %q", lang, glyphs, row, want)
			}
			for _, c := range out.Cards { // each card as the hand writes it
				if s := stripANSI(tm.cardStyles().cardsInline([]cards.Card{c})); !strings.Contains(row, s) {
					t.Errorf("%s %v: the winner's row %q has no %q", lang, glyphs, row, s)
				}
			}
			if glyphs == ASCII && strings.ContainsFunc(row, func(r rune) bool { return r > 127 }) {
				t.Errorf("%s: the ASCII row %q holds other than ASCII", lang, row)
			}
			if scr := plainView(gameOver("doudizhu")(t, testModel(80, 24, Settings{Lang: lang, Glyphs: glyphs}))); !strings.Contains(scr, want) {
				t.Errorf("%s %v: the game-over screen has no %q:\n%s", lang, glyphs, want, scr)
			}
		}
	}
}
