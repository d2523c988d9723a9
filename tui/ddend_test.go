package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
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
