package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// playWith plays a seeded game with random legal moves, applying each of
// events when it can (a sit-out before its round's deal, a penalty at
// once), until stop says so.
func playWith(t testing.TB, ruleset string, players int, opts engine.Options, seed uint64, events []engine.Event, stop func(g engine.Game) bool) engine.Game {
	t.Helper()
	r, err := games.Registry().Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.Start(players, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(seed)
	for steps := 0; !g.Done() && steps < 10000; steps++ {
		if len(events) > 0 {
			if v, ok := g.View(0).(*trick.View); ok && v.Round == events[0].Round && g.Next() == engine.Chance {
				if err := g.Event(events[0]); err != nil {
					t.Fatal(err)
				}
				events = events[1:]
				continue
			}
		}
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if stop(g) {
			return g
		}
		s := g.Next()
		legal := g.Legal(s)
		if err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: never reached the wanted position", ruleset)
	return nil
}

// sheetSnaps are the score sheets the tests read: a Singularity game with
// a round sat out, a Boerenbridge game with a penalty, a Dou Dizhu match
// after a few deals.
func sheetSnaps(t testing.TB) map[string]tables.Snapshot {
	after := func(rounds int) func(g engine.Game) bool {
		return func(g engine.Game) bool {
			return g.Next() == 0 && len(g.Result().Rounds) >= rounds && g.Legal(0)[0].Kind == engine.Play
		}
	}
	sing := playWith(t, "singularity", 4, nil, 11, []engine.Event{{E: engine.EvSitout, Seat: 1, Round: 2}}, after(4))
	bb := playWith(t, "boerenbridge", 4, nil, 12, []engine.Event{{E: engine.EvPenalty, Seat: 2, Points: -5, Reason: "talked during the trick", Round: 2}}, after(3))
	dd := playWith(t, "doudizhu", 3, engine.Options{"deals": "6"}, 13, nil, func(g engine.Game) bool {
		v := g.View(0).(*doudizhu.View)
		return len(v.Scores) >= 3 && g.Next() == 0
	})
	return map[string]tables.Snapshot{
		"singularity":  snapshotOf(sing, "Singularity", 0),
		"boerenbridge": snapshotOf(bb, "Boerenbridge", 0),
		"doudizhu":     snapshotOf(dd, "Dou Dizhu", 0),
	}
}

func TestGoldenSheet(t *testing.T) {
	snaps := sheetSnaps(t)
	for _, c := range []struct {
		game string
		lang string
	}{{"singularity", "en"}, {"singularity", "de"}, {"boerenbridge", "en"}, {"boerenbridge", "nl"}, {"doudizhu", "en"}, {"doudizhu", "de"}} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s-%s/%dx%d", c.game, c.lang, size[0], size[1]), func(t *testing.T) {
				m := onTable(goldenModel(size[0], size[1], termenv.Ascii, Settings{Lang: c.lang}), snaps[c.game])
				m.table.showSheet = true
				requireGolden(t, m, size[0], size[1])
			})
		}
	}
}

// The sheet shows, per round and seat, the bid, the tricks taken, the
// round's points and the running total; a penalty on its own line with its
// reason, counted in the totals from there on; a round sat out as such with
// the average it scored; and a legend naming the chart's marks. A round's
// cards follow it in brackets only where some round of the game deals other
// than its number of cards.
func TestSheetShowsEveryNumberOfARound(t *testing.T) {
	snaps := sheetSnaps(t)
	sheet := func(name string) (string, *trick.View) {
		m := onTable(testModel(120, 40, Settings{}), snaps[name])
		m.table.showSheet = true
		return stripANSI(m.View()), snaps[name].View.(*trick.View)
	}
	out, v := sheet("singularity")
	r := v.Sheet[0]
	want := fmt.Sprintf(`(?m)^1 +%d/%d +\%+d +%d `, r.Bids[0], r.Took[0], r.Scores[0], r.Totals[0])
	if !regexp.MustCompile(want).MatchString(out) {
		t.Errorf("round 1 of seat 1: no %q in\n%s", want, out)
	}
	sat := v.Sheet[1]
	if !sat.SatOut[1] || !regexp.MustCompile(fmt.Sprintf(`out +~\%+d`, sat.Scores[1])).MatchString(out) || !strings.Contains(out, "sat the round out") {
		t.Errorf("round 2 sat out by seat 2 (%+d): not marked\n%s", sat.Scores[1], out)
	}
	if !strings.Contains(out, "A alice") || strings.Contains(out, "1 alice") {
		t.Errorf("chart legend missing or by seat number\n%s", out)
	}

	if strings.Contains(out, "1 (1)") || strings.Contains(out, "n (c)") {
		t.Errorf("every round of Singularity deals its number of cards, yet the sheet brackets them:\n%s", out)
	}

	out, v = sheet("boerenbridge")
	if !strings.Contains(out, "n (c): round n, in which each seat was dealt c cards") {
		t.Errorf("Boerenbridge deals fewer cards on the way down, yet no legend of the brackets:\n%s", out)
	}
	if !strings.Contains(out, "penalty: bob -5, talked during the trick") {
		t.Errorf("no penalty line\n%s", out)
	}
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, "penalty:") && (i == 0 || !strings.HasPrefix(lines[i-1], "1 (1)")) {
			t.Errorf("the penalty given before round 2 is not right after round 1:\n%s", out)
		}
	}
	// The last running total of seat 3 is its total, penalty included.
	run := 0
	for _, r := range v.Sheet {
		run += r.Scores[2]
	}
	if run-5 != v.Totals[2] {
		t.Fatalf("totals %v: penalty not in them", v.Totals)
	}
}

// The Dou Dizhu sheet names what doubled each deal, and says once, in the
// key bar, that tab goes back to the table.
func TestDouDizhuSheetNamesWhatDoubled(t *testing.T) {
	snaps := sheetSnaps(t)
	m := onTable(testModel(80, 24, Settings{}), snaps["doudizhu"])
	m.table.showSheet = true
	out := stripANSI(m.View())
	v := snaps["doudizhu"].View.(*doudizhu.View)
	for _, w := range []string{"landlord", "bid", "bombs", "rocket", "spring", "×" + fmt.Sprint(v.Sums[0].Multiplier), fmt.Sprintf("%+d", v.Scores[0][0])} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	if n := strings.Count(out, "back to the table"); n != 1 {
		t.Errorf("the sheet says %d times how to go back to the table:\n%s", n, out)
	}
}

// stripANSI is s without its escape sequences.
func stripANSI(s string) string { return ansi.Strip(s) }

// Six seats with long names still fit 80 columns: the round's points give
// way first.
func TestSheetOfSixFits(t *testing.T) {
	g := playWith(t, "singularity", 6, nil, 14, nil, func(g engine.Game) bool {
		return g.Next() == 0 && len(g.Result().Rounds) >= 6 && g.Legal(0)[0].Kind == engine.Play
	})
	snap := snapshotOf(g, "Singularity", 0)
	for i := range snap.Seats {
		snap.Seats[i].Name = fmt.Sprintf("Bartholomew%d", i)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		m := onTable(testModel(size[0], size[1], Settings{}), snap)
		m.table.showSheet = true
		checkFits(t, "sheet of six", m.View(), size[0], size[1])
		if !strings.Contains(stripANSI(m.View()), "total") {
			t.Errorf("%dx%d: no total line:\n%s", size[0], size[1], stripANSI(m.View()))
		}
	}
}

// A sheet longer than the screen shows its last lines and scrolls up to
// the first with ↑, back with ↓.
func TestSheetScrolls(t *testing.T) {
	g := playWith(t, "specialrounds", 4, nil, 15, nil, func(g engine.Game) bool {
		return g.Next() == 0 && len(g.Result().Rounds) >= 18 && g.Legal(0)[0].Kind == engine.Play
	})
	snap := snapshotOf(g, "Special Rounds", 0)
	snap.Chat = nil
	m := onTable(testModel(80, 24, Settings{}), snap)
	m.table.showSheet = true
	first := regexp.MustCompile(`(?m)^1 \(1\) `)
	if out := stripANSI(m.View()); first.MatchString(out) || !strings.Contains(out, "↑↓ scroll") {
		t.Fatalf("the whole sheet fits 24 lines?\n%s", out)
	}
	for range 30 {
		m.Update(tea.KeyMsg{Type: tea.KeyUp})
	}
	if out := stripANSI(m.View()); !first.MatchString(out) {
		t.Fatalf("↑ did not reach round 1:\n%s", out)
	}
	checkFits(t, "scrolled sheet", m.View(), 80, 24)
	for range 30 {
		m.Update(tea.KeyMsg{Type: tea.KeyDown})
	}
	if out := stripANSI(m.View()); first.MatchString(out) || !strings.Contains(out, "18 (2) ") {
		t.Fatalf("↓ did not come back to the end:\n%s", out)
	}
}

// At the bound of a penalty (tables.MaxPenalty), given twice, the sheet
// of the most seats still fits and its columns line up: the names, every
// round and the totals end at the same column.
func TestSheetLinesUpAtTheLargestPenalty(t *testing.T) {
	events := []engine.Event{
		{E: engine.EvPenalty, Seat: 2, Points: -tables.MaxPenalty, Reason: "huge", Round: 2},
		{E: engine.EvPenalty, Seat: 2, Points: -tables.MaxPenalty, Reason: "huge again", Round: 3},
	}
	g := playWith(t, "boerenbridge", 6, nil, 12, events, func(g engine.Game) bool {
		return g.Next() == 0 && len(g.Result().Rounds) >= 3 && g.Legal(0)[0].Kind == engine.Play
	})
	snap := snapshotOf(g, "Boerenbridge", 0)
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), snap)
			m.table.showSheet = true
			checkFits(t, "sheet at the largest penalty", m.View(), size[0], size[1])
			out := stripANSI(m.View())
			var table []string
			row := regexp.MustCompile(`^(` + m.tx.get("round") + ` |` + m.tx.get("total") + ` |[0-9]+ \([0-9]+\) )`)
			for _, l := range strings.Split(out, "\n") {
				if row.MatchString(l) {
					table = append(table, l)
				}
			}
			if len(table) < 5 || strings.Count(out, fmt.Sprintf("%d, huge", -tables.MaxPenalty)) != 2 {
				t.Fatalf("%s %v: no sheet with the penalties:\n%s", lang, size, out)
			}
			for _, l := range table[1:] {
				if w := visibleWidth(l); w != visibleWidth(table[0]) {
					t.Errorf("%s %v: the row %q ends at %d, the names at %d:\n%s", lang, size, l, w, visibleWidth(table[0]), out)
				}
			}
		}
	}
}

// The chart's y axis is as wide as its longest label: the plot starts at
// one column on every line.
func TestChartAxisFitsItsLabels(t *testing.T) {
	st := testModel(80, 24, Settings{}).st
	for _, lo := range []int{-5, -2000, -9999995} {
		lines := strings.Split(strings.TrimSuffix(stripANSI(chartPlot(st, [][]int{{10, 0}, {20, lo}}, []string{"A", "B"}, 6)), "\n"), "\n")
		for _, l := range lines {
			if visibleWidth(l) != visibleWidth(lines[0]) {
				t.Errorf("lowest total %d: the chart's lines are not one width:\n%s", lo, strings.Join(lines, "\n"))
				break
			}
		}
	}
}

// With the score sheet over the table, a move key only brings the table
// back: no card is played, no bid made, unseen under the sheet.
func TestNoMoveUnderTheSheet(t *testing.T) {
	g := midGame(t, "singularity", 4, nil, 1, func(g engine.Game) bool {
		return g.Next() == 0 && g.Legal(0)[0].Kind == engine.Play
	})
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Singularity", 0))
	m.Update(tea.KeyMsg{Type: tea.KeyTab})
	if !m.table.showSheet {
		t.Fatal("tab does not open the score sheet")
	}
	if cmd := m.table.key(tea.KeyMsg{Type: tea.KeyEnter}); cmd != nil || m.table.showSheet {
		t.Fatalf("enter under the sheet: command %v, sheet shown %v; want the table back and no move", cmd != nil, m.table.showSheet)
	}
}

// A seat that changed hands keeps its present name over its column; a line
// says where the hands changed, and the rounds before it (a penalty, a
// landlord) are credited to whoever played them.
func TestSheetCreditsEachRoundToWhoPlayedIt(t *testing.T) {
	snaps := sheetSnaps(t)
	changed := func(s tables.Snapshot, seat int) tables.Snapshot {
		before := s.Seats[seat].Name
		s.Seats = slices.Clone(s.Seats)
		s.Seats[seat].Name = "Hedy"
		s.Holders = make([][]tables.Holder, len(s.Seats))
		s.Holders[seat] = []tables.Holder{{Name: before, From: 1}, {Name: "Hedy", From: 3}}
		return s
	}
	// lineAt is the line of out holding want, and the lines around it.
	lineAt := func(out, want string) (prev, next string, ok bool) {
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if strings.Contains(l, want) && i > 0 && i+1 < len(lines) {
				return strings.TrimSpace(lines[i-1]), strings.TrimSpace(lines[i+1]), true
			}
		}
		return "", "", false
	}
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			bb := snaps["boerenbridge"]
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), changed(bb, 2))
			m.table.showSheet = true
			out := stripANSI(m.View())
			note := m.tx.f("round %d: %s took over from %s", 3, "Hedy", "bob")
			if prev, next, ok := lineAt(out, note); !ok || !strings.HasPrefix(prev, "2 (") || !strings.HasPrefix(next, "3 (") {
				t.Errorf("%s %v: no %q between rounds 2 and 3:\n%s", lang, size, note, out)
			}
			if penalty := m.tx.f("penalty: %s %+d, %s", "bob", -5, ""); !strings.Contains(out, strings.TrimSuffix(penalty, ", ")) {
				t.Errorf("%s %v: round 2's penalty not bob's:\n%s", lang, size, out)
			}
			if !regexp.MustCompile(`(?m)^ *` + m.tx.get("round") + ` .*Hedy`).MatchString(out) {
				t.Errorf("%s %v: the column is not Hedy's:\n%s", lang, size, out)
			}

			dd := snaps["doudizhu"]
			v := dd.View.(*doudizhu.View)
			lord := v.Sums[0].Landlord
			before := dd.Seats[lord].Name
			m = onTable(testModel(size[0], size[1], Settings{Lang: lang}), changed(dd, lord))
			m.table.showSheet = true
			out = stripANSI(m.View())
			note = m.tx.f("deal %d: %s took over from %s", 3, "Hedy", clipText(before, 10))
			prev, next, ok := lineAt(out, note)
			if !ok || !strings.HasPrefix(prev, "2 ") || !strings.HasPrefix(next, "3 ") {
				t.Fatalf("%s %v: no %q between deals 2 and 3:\n%s", lang, size, note, out)
			}
			if !regexp.MustCompile(`(?m)^ *1 +` + regexp.QuoteMeta(clipText(before, 9)) + ` `).MatchString(out) {
				t.Errorf("%s %v: deal 1's landlord is not %s:\n%s", lang, size, before, out)
			}
		}
	}
}

// chartPlot is the chart's drawing without whether a point is shared.
func chartPlot(st *Styles, totals [][]int, marks []string, h int) string {
	out, _ := st.chart(totals, marks, h)
	return out
}

// Seats with the same total share a point of the chart: it is marked as
// shared instead of showing one of them, and the legend says what the mark
// means.
func TestChartMarksSharedPoints(t *testing.T) {
	st := testModel(80, 24, Settings{}).st
	out, shared := st.chart([][]int{{0, 0, 0}, {20, 20, -10}, {30, 40, 10}}, []string{"A", "B", "C"}, 6)
	lines := strings.Split(stripANSI(out), "\n")
	if !shared || !strings.Contains(lines[0], "B") || strings.Count(stripANSI(out), chartShared) != 2 {
		t.Errorf("shared %v:\n%s", shared, stripANSI(out))
	}
	if _, shared := st.chart([][]int{{0, 10}, {20, -10}}, []string{"A", "B"}, 6); shared {
		t.Error("a chart without a shared point says it has one")
	}
	for _, w := range []int{80, 30} {
		l := stripANSI(st.chartLegend([]string{"A", "B", "C"}, []string{"alice", "bob", "carol"}, "* more than one", w))
		if !strings.HasSuffix(l, "* more than one") || visibleWidth(l) > w {
			t.Errorf("width %d: legend %q", w, l)
		}
	}
}
