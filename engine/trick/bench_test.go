package trick

import (
	"testing"
	"unsafe"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// dealt returns a game of the rule set at the start of round (dealt, before
// the first bid), players seats.
func dealt(b *testing.B, ruleset string, players, round int, opts engine.Options) *Game {
	b.Helper()
	g, err := New(ruleset, players, opts)
	if err != nil {
		b.Fatal(err)
	}
	skipTo(g, round, 0)
	rng := cards.NewRand(1)
	for g.Next() == engine.Chance {
		if err := g.Deal(rng); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

var sink *Game

// BenchmarkPlayoutRound: clone a dealt game, then play the whole round out
// with random legal moves (Step). One op is one round.
func BenchmarkPlayoutRound(b *testing.B) {
	for _, c := range []struct {
		name           string
		ruleset        string
		players, round int
	}{
		{"singularity/4p/15cards", "singularity", 4, 15},
		{"singularity/6p/10cards", "singularity", 6, 10},
		{"specialrounds/4p/10cards", "specialrounds", 4, 9},
		{"boerenbridge/4p/13cards", "boerenbridge", 4, 13},
	} {
		g := dealt(b, c.ruleset, c.players, c.round, nil)
		b.Run(c.name+"/clone+playout", func(b *testing.B) {
			rng := cards.NewRand(2)
			b.ReportAllocs()
			for b.Loop() {
				c := g.Clone()
				c.PlayoutRound(rng)
			}
		})
		b.Run(c.name+"/clone(heap)+playout", func(b *testing.B) {
			rng := cards.NewRand(2)
			b.ReportAllocs()
			for b.Loop() {
				sink = g.Clone() // escapes: the one allocation of a Clone
				sink.PlayoutRound(rng)
			}
		})
		b.Run(c.name+"/playout", func(b *testing.B) {
			rng := cards.NewRand(2)
			var c Game
			b.ReportAllocs()
			for b.Loop() {
				c = *g // a value copy: no allocation
				c.PlayoutRound(rng)
			}
		})
	}
}

// BenchmarkFullGame plays a whole singularity game through the checked path
// (Deal, Legal, Apply, record).
func BenchmarkFullGame(b *testing.B) {
	rng := cards.NewRand(3)
	b.ReportAllocs()
	for b.Loop() {
		g, _ := New("singularity", 4, nil)
		if err := PlayRandom(g, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func TestPlayoutDoesNotAllocate(t *testing.T) {
	g, _ := New("singularity", 4, nil)
	skipTo(g, 15, 0)
	rng := cards.NewRand(1)
	if err := g.Deal(rng); err != nil {
		t.Fatal(err)
	}
	var c Game
	if n := testing.AllocsPerRun(100, func() { c = *g; c.PlayoutRound(rng) }); n != 0 {
		t.Fatalf("PlayoutRound allocates %v times per round, want 0", n)
	}
	if c.played != g.played+1 {
		t.Fatal("the playout did not finish the round")
	}
}

func TestGameSize(t *testing.T) {
	t.Logf("a Game is %d bytes", unsafe.Sizeof(Game{}))
}
