package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
)

// keyBarGames are the games the key bar tests seat a table of.
var keyBarGames = []struct {
	ruleset string
	players int
	title   string
}{
	{"singularity", 4, "Singularity"}, {"specialrounds", 4, "Special Rounds"},
	{"boerenbridge", 5, "Boerenbridge"}, {"doudizhu", 3, "Dou Dizhu"},
}

// At 80×24 the table's key bar names every key the wide screen's does, on
// two lines where one is too narrow, and the screen keeps its 24 rows: in
// every game, seated and watching, in every language.
func TestTableKeyBarNamesEveryKeyAt80x24(t *testing.T) {
	wrapped := 0
	for _, g := range keyBarGames {
		for _, you := range []int{0, engine.Spectator} {
			for _, s := range snapSeries(t, g.ruleset, g.players, 3, g.title, you, 12) {
				for _, lang := range []string{"en", "de", "nl"} {
					wide := onTable(testModel(200, 50, Settings{Lang: lang}), s)
					bar := lastLines(stripANSI(wide.View()), 1)
					small := onTable(testModel(80, 24, Settings{Lang: lang}), s)
					view := small.View()
					checkFits(t, g.title, view, 80, 24)
					if lineCount(small.table.keys(), 80) > 1 {
						wrapped++
					}
					low := lastLines(stripANSI(view), tableKeyRows)
					for _, k := range wide.table.keys() {
						key := k.keys + " " + k.does
						if !strings.Contains(bar, key) {
							t.Fatalf("%s %s seat %d: the wide bar has no %q:\n%s", g.title, lang, you, key, bar)
						}
						if !strings.Contains(low, key) {
							t.Errorf("%s %s seat %d: the 80×24 screen leaves out %q:\n%s", g.title, lang, you, key, stripANSI(view))
						}
					}
				}
			}
		}
	}
	if wrapped == 0 {
		t.Error("no bar was too wide for one line at 80 columns: the test shows nothing")
	}
}

// lastLines is the last n lines of s, joined.
func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
