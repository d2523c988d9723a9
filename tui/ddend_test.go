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

// Before the first play of a deal, . looks back at the deal before: its
// panel, as it showed when that deal ended, and the key bar says so; a
// second . puts it away. In every language, at 80×24 and 200×50, in ASCII.
func TestDouDizhuDotShowsTheDealBefore(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		for _, lang := range []string{"en", "de", "nl"} {
			g := ddDealEnded(t)
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang, Glyphs: ASCII}), snapshotOf(g, "Dou Dizhu", 0))
			if err := g.Deal(cards.NewRand(5)); err != nil {
				t.Fatal(err)
			}
			s := snapshotOf(g, "Dou Dizhu", 0)
			s.Version++
			m.table.snapshot(s)
			tx := m.tx
			over := tx.f("Deal %d is over:", 1)
			ddPress(m, ".") // the key also puts away the panel shown since the deal ended
			screen := plainView(m)
			if !strings.Contains(screen, over) || strings.Contains(screen, tx.get("No cards played yet in this deal.")) {
				t.Errorf("%s %v: . shows no %q:\n%s", lang, size, over, screen)
			}
			lines := strings.Split(screen, "\n")
			if bar := lines[len(lines)-1]; !strings.Contains(bar, ". "+tx.get("last deal")) {
				t.Errorf("%s %v: the key bar offers no . for the last deal: %q", lang, size, bar)
			}
			checkFits(t, "the deal before", m.View(), size[0], size[1])
			if strings.ContainsFunc(screen, func(r rune) bool { return r > 127 && !strings.ContainsRune("äöüßÄÖÜéë", r) }) {
				t.Errorf("%s %v: the ASCII screen holds other than ASCII:\n%s", lang, size, screen)
			}
			ddPress(m, ".")
			if screen := plainView(m); strings.Contains(screen, over) {
				t.Errorf("%s %v: a second . leaves the deal before shown:\n%s", lang, size, screen)
			}
		}
	}
}

// With the panel of the deal before on screen, . adds that deal's last
// plays, not "no cards played yet".
func TestDouDizhuDotBesideThePanelNamesTheLastPlays(t *testing.T) {
	g := ddDealEnded(t)
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Dou Dizhu", 0))
	m.table.showPlays = true // . was pressed during the deal, which ended since
	ended := m.table.snap.View.(*doudizhu.View)
	if err := g.Deal(cards.NewRand(5)); err != nil {
		t.Fatal(err)
	}
	s := snapshotOf(g, "Dou Dizhu", 0)
	s.Version++
	m.table.snapshot(s)
	rs := ddRounds(ended.History)
	screen := plainView(m)
	if want := "Last plays of deal 1: " + ddRoundText(m, rs[len(rs)-1]); !strings.Contains(screen, "Deal 1 is over:") || !strings.Contains(screen, want) {
		t.Errorf("no panel and %q:\n%s", want, screen)
	}
}

// On the game-over screen of Dou Dizhu, . shows the last round of plays
// beside the panel of the last deal, and the key bar offers it.
func TestDouDizhuGameOverDot(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := gameOver("doudizhu")(t, testModel(80, 24, Settings{Lang: lang}))
		tx := m.tx
		lines := strings.Split(plainView(m), "\n")
		if bar := lines[len(lines)-1]; !strings.Contains(bar, ". "+tx.get("round of plays")) {
			t.Errorf("%s: the game-over key bar offers no .: %q", lang, bar)
		}
		ddPress(m, ".")
		want := stripANSI(m.table.ddPlays(m.table.snap.View.(*doudizhu.View)))
		if screen := plainView(m); !strings.Contains(screen, want) {
			t.Errorf("%s: . shows no %q:\n%s", lang, want, screen)
		}
		checkFits(t, "game over with .", m.View(), 80, 24)
	}
}

// A screen that did not see the deal before end (the player came back
// during the next deal's bidding) still looks back with .: the points of
// the deal before.
func TestDouDizhuDotShowsThePointsOfADealNotSeen(t *testing.T) {
	g := ddDealEnded(t)
	if err := g.Deal(cards.NewRand(5)); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		v := m.table.snap.View.(*doudizhu.View)
		ddPress(m, ".")
		screen := plainView(m)
		if want := m.tx.get("Last deal:") + " " + m.table.scoreLine(v.Scores[0]); !strings.Contains(screen, want) {
			t.Errorf("%s: . shows no %q:\n%s", lang, want, screen)
		}
		lines := strings.Split(screen, "\n")
		if bar := lines[len(lines)-1]; !strings.Contains(bar, ". "+m.tx.get("last deal")) {
			t.Errorf("%s: the key bar offers no . for the last deal: %q", lang, bar)
		}
	}
}
