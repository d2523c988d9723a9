package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// A penalty given after the last finished round still reaches the chart:
// its last point is each seat's total, penalties included.
func TestChartEndsAtTheTotalsWithPenalties(t *testing.T) {
	events := []engine.Event{{E: engine.EvPenalty, Seat: 2, Points: -5, Reason: "talked", Round: 3}}
	g := playWith(t, "boerenbridge", 4, nil, 12, events, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 3 && v.Phase == trick.PhasePlay
	})
	m := onTable(testModel(120, 40, Settings{}), snapshotOf(g, "Boerenbridge", 0))
	v := m.table.snap.View.(*trick.View)
	if len(v.Penalties) != 1 || v.Penalties[0].Round != 3 {
		t.Fatalf("no penalty in round 3: %+v", v.Penalties)
	}
	_, totals, _ := m.table.trickSheetRows(v)
	if last := totals[len(totals)-1]; !slices.Equal(last, v.Totals) {
		t.Errorf("the chart ends at %v; the totals are %v", last, v.Totals)
	}
}

// The end of a game says which seats were given penalties and how many
// points, on one line, in every language; without penalties it says
// nothing of them.
func TestGameOverNamesThePenalties(t *testing.T) {
	events := []engine.Event{
		{E: engine.EvPenalty, Seat: 2, Points: -5, Reason: "talked", Round: 2},
		{E: engine.EvPenalty, Seat: 2, Points: -1, Reason: "again", Round: 4},
		{E: engine.EvPenalty, Seat: 1, Points: -10, Reason: "misdeal", Round: 4},
	}
	over := func(events []engine.Event) tables.Snapshot {
		g := playWith(t, "boerenbridge", 4, engine.Options{"max_cards": "3"}, 12, events, func(g engine.Game) bool {
			return g.View(0).(*trick.View).Round == 5 && g.Next() >= 0
		})
		for !g.Done() { // the last round's one trick
			if err := g.Apply(g.Next(), g.Legal(g.Next())[0]); err != nil {
				t.Fatal(err)
			}
		}
		s := snapshotOf(g, "Boerenbridge", 0)
		s.Phase, s.Turn, s.Deadline = tables.Over, engine.Over, zeroTime
		for i, total := range g.Result().Totals {
			s.Standings = append(s.Standings, tables.Standing{Seat: i, Name: s.Seats[i].Name, Place: i + 1, Total: total})
		}
		return s
	}
	with, without := over(events), over(nil)
	for lang, want := range map[string]string{"en": "Penalties given: ", "de": "Strafen: ", "nl": "Straffen: "} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), with)
		scr := plainView(m)
		line := want + m.table.plainName(1) + " -10, " + m.table.plainName(2) + " -6"
		if !strings.Contains(scr, line) {
			t.Errorf("%s: no %q at the end:\n%s", lang, line, scr)
		}
		checkFits(t, "game over", m.View(), 80, 24)
		if scr := plainView(onTable(testModel(80, 24, Settings{Lang: lang}), without)); strings.Contains(scr, want) {
			t.Errorf("%s: penalties named where none were given:\n%s", lang, scr)
		}
	}
}
