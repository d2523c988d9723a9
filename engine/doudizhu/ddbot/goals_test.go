package ddbot

import (
	"flag"
	"testing"

	"github.com/cardroom/cardroom/engine"
)

var bidding = flag.Bool("ddbot.bidding", false, "TestStrongGoals: let the bots bid")

// unclocked is b without its wall-clock budget, so that a run's figures
// repeat exactly on any machine (the work budget still bounds a decision).
func unclocked(b Bot) Bot {
	b.Budget = 0
	return b
}

// TestStrongGoals measures strong against the RLCard port and against a
// random player (the goals): win rate ≥ 0.65 and ≥ +1 point per deal against
// the port, win rate ≥ 0.97 against random. It is a long run, so it only
// runs with -ddbot.deals=N, e.g.
//
//	go test ./engine/doudizhu/ddbot -run TestStrongGoals -v -timeout 0 -ddbot.deals=1000
func TestStrongGoals(t *testing.T) {
	if *deals == 0 {
		t.Skip("a long run: set -ddbot.deals=N")
	}
	for _, tc := range []struct {
		name     string
		b        engine.Bot
		win, pts float64
	}{
		{"strong vs rlcard-rule", RLCardBot{}, 0.65, 1},
		{"strong vs random", randomBot{}, 0.97, 0},
	} {
		r := Tournament(unclocked(New(Strong)), tc.b, Options{Deals: *deals, Seed: 2026, Bidding: *bidding})
		t.Logf("%s (bidding %v):\n%s", tc.name, *bidding, r)
		// The goals are set without bidding, RLCard's setting; with
		// bidding a's two seats can end up on opposite sides, so the
		// figures are reported, not checked.
		if !*bidding && (r.WinRate < tc.win || r.Points < tc.pts) {
			t.Errorf("%s: win rate %.3f, points per deal %+.2f; want ≥ %.2f and ≥ %+.0f", tc.name, r.WinRate, r.Points, tc.win, tc.pts)
		}
	}
}

// TestLevels measures the levels against each other (strong vs normal,
// normal vs easy), a long run like TestStrongGoals:
//
//	go test ./engine/doudizhu/ddbot -run TestLevels -v -timeout 0 -ddbot.deals=300
func TestLevels(t *testing.T) {
	if *deals == 0 {
		t.Skip("a long run: set -ddbot.deals=N")
	}
	for _, tc := range []struct {
		name string
		a, b engine.Bot
	}{
		{"strong vs normal", unclocked(New(Strong)), unclocked(New(Normal))},
		{"normal vs easy", unclocked(New(Normal)), New(Easy)},
		{"easy vs rlcard-rule", New(Easy), RLCardBot{}},
	} {
		r := Tournament(tc.a, tc.b, Options{Deals: *deals, Seed: 2027, Bidding: *bidding})
		t.Logf("%s (bidding %v):\n%s", tc.name, *bidding, r)
	}
}
