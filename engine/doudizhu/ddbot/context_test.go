package ddbot

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/cardroom/cardroom/engine"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// Bot is an engine.ContextBot, so a table can bound its decisions (the goal:
// strong stays within 300 ms per decision and never beyond the table's
// timer).
var _ engine.ContextBot = Bot{}

// Without a deadline, or with one far away, DecideContext makes Decide's
// move: sims and tournaments stay reproducible.
func TestDecideContextWithinDeadlineIsDecide(t *testing.T) {
	vs := views(1)
	b := New(Strong)
	b.Budget = 0
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	for i, v := range vs[:min(len(vs), 40)] {
		want := b.Decide(v, rand.New(rand.NewPCG(5, uint64(i))))
		if got := b.DecideContext(ctx, v, rand.New(rand.NewPCG(5, uint64(i)))); got != want {
			t.Fatalf("view %d: DecideContext %v, Decide %v", i, got, want)
		}
	}
}

// Once its context is done the bot stops thinking and still plays a legal
// move: a bid it has had no time to weigh is a pass (the goal: never beyond
// the table's timer).
func TestDecideContextDoneStillLegal(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b := New(Strong)
	b.Budget = 0
	for i, v := range views(1) {
		m := b.DecideContext(ctx, v, rand.New(rand.NewPCG(6, uint64(i))))
		if !slices.Contains(v.LegalMoves(), m) {
			t.Fatalf("view %d: %v is not legal (%v)", i, m, v.LegalMoves())
		}
		if dv := v.(*dd.View); dv.Phase == dd.Bidding && m != engine.PassMove() {
			t.Fatalf("view %d: bid %v without time to weigh it, want pass", i, m)
		}
	}
}
