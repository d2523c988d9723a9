package tui

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// The golden screens of the table's flow: the trick held after it is
// complete, the forehead round's reveal, the away line, the previous trick
// beside the one being played. Written with
// `go test ./tui -run GoldenFlow -update`.
func TestGoldenFlow(t *testing.T) {
	cases := []goldenCase{
		{name: "pause", build: heldTrick},
		{name: "de-pause", set: Settings{Lang: "de"}, build: heldTrick},
		{name: "forehead-reveal", build: foreheadReveal},
		{name: "nl-forehead-reveal", set: Settings{Lang: "nl"}, build: foreheadReveal},
		{name: "away", build: awaySeat},
		{name: "de-away", set: Settings{Lang: "de"}, build: awaySeat},
		{name: "previous-trick", build: midTrick, keys: []string{"."}},
		{name: "settings-overlay", build: midTrick, keys: []string{"s"}},
		{name: "nl-settings-overlay", set: Settings{Lang: "nl"}, build: midTrick, keys: []string{"s"}},
		{name: "help-overlay", build: midTrick, keys: []string{"?"}},
		{name: "gameover", build: gameOver("singularity")},
		{name: "de-gameover", set: Settings{Lang: "de"}, build: gameOver("singularity")},
		{name: "gameover-doudizhu", build: gameOver("doudizhu")},
		{name: "nl-gameover-doudizhu", set: Settings{Lang: "nl"}, build: gameOver("doudizhu")},
		{name: "de-ascii-gameover-doudizhu", set: Settings{Lang: "de", Glyphs: ASCII}, build: gameOver("doudizhu")},
	}
	for _, c := range cases {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := c.build(t, goldenModel(size[0], size[1], termenv.Ascii, c.set))
				requireGolden(t, m, size[0], size[1], c.keys...)
			})
		}
	}
}

var zeroTime time.Time

// playTo plays a seeded game of ruleset with random legal moves until stop
// holds (also once the game is over).
func playTo(t testing.TB, ruleset string, players int, seed uint64, stop func(g engine.Game) bool) engine.Game {
	t.Helper()
	r, err := games.Registry().Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.Start(players, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(seed)
	for steps := 0; steps < 10000; steps++ {
		if stop(g) {
			return g
		}
		if g.Done() {
			break
		}
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
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

// heldTrick is a Singularity trick just completed in round 4, held on screen.
func heldTrick(t *testing.T, m *model) *model {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 4 && v.Phase == trick.PhasePlay && len(v.Trick) == 0 && len(v.LastTrick) > 0
	})
	s := snapshotOf(g, "Singularity", 0)
	s.Paused, s.Deadline = true, zeroTime // nobody is timed during the pause
	return onTable(m, s)
}

// foreheadReveal is the end of Special Rounds: the forehead round's trick
// complete, every card shown, the viewer's own included. The screen saw
// the round being played first, as at a table.
func foreheadReveal(t *testing.T, m *model) *model {
	g := playTo(t, "specialrounds", 4, 5, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 19 && v.Phase == trick.PhasePlay && len(v.Trick) == 3
	})
	before := snapshotOf(g, "Special Rounds", 0)
	s := g.Next()
	if err := g.Apply(s, g.Legal(s)[0]); err != nil {
		t.Fatal(err)
	}
	after := snapshotOf(g, "Special Rounds", 0)
	after.Version++
	after.Paused, after.Deadline, after.Turn = true, zeroTime, engine.Over
	m = onTable(m, before)
	m.table.snapshot(after)
	return m
}

// awaySeat is the Singularity table as alice sees it after her bot played
// two rounds for her.
func awaySeat(t *testing.T, m *model) *model {
	s := screens()[0].snap(t)
	s.Seats = append([]tables.SeatInfo(nil), s.Seats...)
	s.Seats[0].Kind = tables.Away
	s.BotRounds = []int{3, 4}
	return onTable(m, s)
}

// midTrick is a Singularity trick being played, with a previous one.
func midTrick(t *testing.T, m *model) *model {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 4 && g.Next() == 0 && len(v.Trick) > 0 && len(v.LastTrick) > 0
	})
	return onTable(m, snapshotOf(g, "Singularity", 0))
}

// gameOver is the end of a seeded game of ruleset as alice (seat 0) sees it.
func gameOver(ruleset string) func(t *testing.T, m *model) *model {
	return func(t *testing.T, m *model) *model {
		players := 4
		if ruleset == "doudizhu" {
			players = 3
		}
		g := playTo(t, ruleset, players, 9, func(g engine.Game) bool { return g.Done() })
		s := snapshotOf(g, "Game", 0)
		s.Phase, s.Turn, s.Deadline = tables.Over, engine.Over, zeroTime
		for i, total := range g.Result().Totals {
			s.Standings = append(s.Standings, tables.Standing{Seat: i, Name: s.Seats[i].Name, Total: total})
		}
		slices.SortStableFunc(s.Standings, func(a, b tables.Standing) int { return b.Total - a.Total })
		for i := range s.Standings {
			s.Standings[i].Place = i + 1
		}
		return onTable(m, s)
	}
}
