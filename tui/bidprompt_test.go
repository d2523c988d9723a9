package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// fitList shortens long lists to runs, and a bid left out still shows.
func TestFitListKeepsTheHole(t *testing.T) {
	seq := func(from, to int, skip ...int) []int {
		var ns []int
		for n := from; n <= to; n++ {
			if !slices.Contains(skip, n) {
				ns = append(ns, n)
			}
		}
		return ns
	}
	for _, c := range []struct {
		ns   []int
		want string
	}{
		{seq(0, 3), "0 1 2 3"},
		{seq(0, 3, 1), "0 2 3"},
		{seq(0, 10), "0–10"},
		{seq(0, 10, 2), "0 1 3–10"},
		{seq(0, 10, 0), "1–10"},
		{seq(0, 10, 10), "0–9"},
		{seq(0, 10, 5), "0–4 6–10"},
		{seq(0, 10, 9), "0–8 10"},
	} {
		if got := fitList(c.ns); got != c.want {
			t.Errorf("fitList(%v) = %q, want %q", c.ns, got, c.want)
		}
	}
}

// The dealer's prompt of the blind round (SR-8) lists exactly the bids the
// hook allows, in every language: the round has ten cards, eleven bids
// less the one forbidden.
func TestBlindRoundDealerPromptLeavesTheHookOut(t *testing.T) {
	g := midGame(t, "specialrounds", 4, nil, 3, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Modifier == trick.Blind && v.Phase == trick.PhaseBid
	})
	seat := g.Next()
	for len(g.Legal(seat)) == 11 { // everyone bids 1 until the dealer's turn
		if err := g.Apply(seat, engine.BidMove(1)); err != nil {
			t.Fatal(err)
		}
		seat = g.Next()
	}
	if len(g.Legal(seat)) != 10 {
		t.Fatalf("seat %d may make %d bids, want the dealer's ten", seat, len(g.Legal(seat)))
	}
	var hole int
	for n := 0; n <= 10; n++ {
		if !slices.Contains(g.Legal(seat), engine.BidMove(n)) {
			hole = n
		}
	}
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", seat))
		p := m.table.trickPrompt(m.table.snap.View.(*trick.View))
		want := fitList(slices.DeleteFunc([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, func(n int) bool { return n == hole }))
		if !strings.Contains(p, "("+want+")") || strings.Contains(p, "0–10") {
			t.Errorf("%s: the prompt %q does not list the bids %s (%d is forbidden)", lang, p, want, hole)
		}
	}
}
