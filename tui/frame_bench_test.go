package tui

import (
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/tables"
)

// snapSeries plays a seeded game of ruleset with random legal moves from the
// position midGame stops at and returns the snapshots seat you (or a
// spectator) gets along the way: n of them, one per move, as a table sends
// them while bots play.
func snapSeries(tb testing.TB, ruleset string, players int, seed uint64, title string, you, n int) []tables.Snapshot {
	tb.Helper()
	g := midGame(tb, ruleset, players, nil, seed, func(g engine.Game) bool {
		if ruleset == "doudizhu" { // following, with plays to beat
			l := g.Legal(0)
			return g.Next() == 0 && len(l) > 2 && slices.Contains(l, engine.PassMove())
		}
		return g.Next() == 0 && len(g.Result().Rounds) >= 2
	})
	rng := cards.NewRand(seed + 100)
	var out []tables.Snapshot
	for v := uint64(8); len(out) < n && !g.Done(); {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		s := snapshotOf(g, title, you)
		s.Version = v
		v++
		out = append(out, s)
		legal := g.Legal(g.Next())
		if err := g.Apply(g.Next(), legal[rng.IntN(len(legal))]); err != nil {
			tb.Fatal(err)
		}
	}
	if len(out) < 2 {
		tb.Fatalf("%s: only %d snapshots", ruleset, len(out))
	}
	return out
}

// frameCase is a table screen as the load sees it: a game, a seat (or a
// spectator), a terminal size.
type frameCase struct {
	name          string
	ruleset       string
	players       int
	seed          uint64
	title         string
	you           int
	width, height int
}

func frameCases() []frameCase {
	return []frameCase{
		{"around-120x40", "singularity", 4, 1, "Singularity", 0, 120, 40},
		{"around-spectator-120x40", "singularity", 4, 1, "Singularity", engine.Spectator, 120, 40},
		{"list-80x24", "boerenbridge", 5, 3, "Boerenbridge", 0, 80, 24},
		{"doudizhu-120x40", "doudizhu", 3, 4, "Dou Dizhu", 0, 120, 40},
		{"doudizhu-80x24", "doudizhu", 3, 4, "Dou Dizhu", 0, 80, 24},
	}
}

// BenchmarkTableFrame measures one table frame the way the load makes them
// (cardroom load -scenario tables): "snapshot" is the frame after a new
// snapshot of the table (a bot moved), "key" the frame after a key typed
// into the chat line, the snapshot unchanged.
func BenchmarkTableFrame(b *testing.B) {
	for _, fc := range frameCases() {
		snaps := snapSeries(b, fc.ruleset, fc.players, fc.seed, fc.title, fc.you, 64)
		b.Run("snapshot/"+fc.name, func(b *testing.B) {
			m := onTable(testModel(fc.width, fc.height, Settings{}), snaps[0])
			m.View()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				s := snaps[i%len(snaps)]
				s.Version = uint64(100 + i)
				m.Update(snapMsg{s: s, ok: true})
				_ = m.View()
			}
		})
		b.Run("key/"+fc.name, func(b *testing.B) {
			m := onTable(testModel(fc.width, fc.height, Settings{}), snaps[0])
			m.Update(goldenKey("/"))
			m.View()
			keys := []tea.KeyMsg{goldenKey("x"), {Type: tea.KeyBackspace}}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				m.Update(keys[i%2])
				_ = m.View()
			}
		})
	}
}
