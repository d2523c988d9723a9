package tables

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// Bot decisions off the table's goroutine (the goal: strong stays within
// 300 ms per decision at p99, and never beyond the table's timer).
//
// With a bot pace, when a bot-driven seat's turn is armed (schedule), or a
// person's timer runs out and their bot takes over (turnExpired), the table
// takes the seat's view and the step's rng in its own goroutine and starts
// one goroutine that asks the bot for its move, with a context that ends at
// the decision's budget (Config.BotBudget, at most the turn timer). The
// table goes on serving commands meanwhile. The move is played once both
// the pace timer has fired and the move is in: at max(pace, decision time).
// At the budget the table cancels the context; a bot that has not answered
// botGrace later (one that ignores its context, or a box too busy to run
// it) is overruled: the table plays its Fallback bot's move (the seat's
// first legal move without one) and logs a warning, so a table never stalls
// on a bot. A decision whose turn is no
// longer armed (the owner came back, a move or a penalty changed the game,
// the table ended) is dropped and its context cancelled; its goroutine ends
// on its own and writes to a channel nobody reads. Every deciding goroutine
// is counted in thinkers, and the table waits for all of them before Run
// returns.
//
// Views are fresh values that share nothing with the game (engine.Game's
// View; checked for trick.View and doudizhu.View, whose slices are built or
// cloned per call and whose other fields are values), so the bot reads its
// view while the table goes on; the rng is made here, per step, so the move
// is the one the table would get deciding in its own goroutine.

// botGrace is how long after the decision's budget the table waits for a
// bot's move before it plays its Fallback's move instead.
const botGrace = 25 * time.Millisecond

// decision is a bot's move being decided off the table's goroutine. Only
// Run reads and writes its fields; the deciding goroutine sees only its
// context, bot, view and rng, and writes once to result.
type decision struct {
	key    armKey
	seat   int
	cancel context.CancelFunc
	result chan decided // size one; written once by the deciding goroutine; never closed
	cut    Timer        // fires at the budget (not with the wall clock), then (late) at the budget plus botGrace; nil once fired or stopped
	late   bool         // the context ends without the table: cut is the fallback's timer
	paced  bool         // the bot pace has passed: play as soon as ready
	ready  bool         // move is the move to play
	move   engine.Move
}

// decided is what a deciding goroutine hands back: the move, tagged with
// the armKey it was started for.
type decided struct {
	key      armKey
	move     engine.Move
	panicked any // the bot panicked: its value and stack
}

// botBudget is how long a decision may take: BotBudget, and never more
// than the turn timer.
func (t *Table) botBudget() time.Duration {
	b := t.cfg.BotBudget
	if t.cfg.TurnTimer > 0 {
		b = min(b, t.cfg.TurnTimer)
	}
	return b
}

// wallClock reports whether the table's Clock is the wall clock, the one
// contexts keep.
func (t *Table) wallClock() bool {
	_, ok := t.clock.(RealClock)
	return ok
}

// decisionContext is the context of a decision that must end budget from
// now. With the wall clock it carries that deadline itself; another Clock
// (a test's fake one) keeps its own time, so there the context has no
// deadline and the table cancels it when its cut timer fires.
func (t *Table) decisionContext(budget time.Duration) (context.Context, context.CancelFunc) {
	if t.wallClock() {
		return context.WithTimeout(t.ctx, budget)
	}
	return context.WithCancel(t.ctx)
}

// think starts the decision of the seat to move under k. paced says the
// move may be played as soon as it is in.
func (t *Table) think(k armKey, paced bool) {
	b, v, rng := t.seatBot(k.next), t.g.View(k.next), t.rngAt(botSalt)
	budget := t.botBudget()
	ctx, cancel := t.decisionContext(budget)
	d := &decision{key: k, seat: k.next, cancel: cancel, result: make(chan decided, 1), paced: paced}
	if t.wallClock() {
		// The context ends by itself at the budget: the table wakes only
		// for the fallback, so a busy machine's delay in waking it counts
		// once, not twice.
		d.late, d.cut = true, t.clock.NewTimer(budget+botGrace)
	} else {
		d.cut = t.clock.NewTimer(budget)
	}
	t.thinking = d
	t.thinkers.Add(1)
	go func(result chan<- decided) {
		defer t.thinkers.Done()
		result <- decide(ctx, k, b, v, rng) // size one: never blocks
	}(d.result)
}

// decide asks b for its move; a panic is handed back, not raised, so the
// table decides what it means.
func decide(ctx context.Context, k armKey, b engine.Bot, v engine.View, rng *rand.Rand) (r decided) {
	r.key = k
	defer func() {
		if p := recover(); p != nil {
			r.panicked = fmt.Sprintf("%v\n%s", p, debug.Stack())
		}
	}()
	r.move = engine.DecideContext(ctx, b, v, rng)
	return r
}

// decided takes the move of the decision in flight; it is played now when
// the pace has passed.
func (t *Table) decided(r decided) error {
	d := t.thinking
	if d == nil || r.key != d.key || r.key != t.armed {
		return nil // stale: its turn is no longer armed
	}
	if r.panicked != nil {
		panic(fmt.Sprintf("bot of seat %d: %v", d.seat, r.panicked)) // as if it had decided here: the table stops
	}
	d.ready, d.move = true, r.move
	d.stopCut()
	d.cancel()
	if d.paced {
		return t.playDecision()
	}
	return nil
}

// cutFired: the decision's budget has passed (cancel its context and give
// it botGrace more), or its grace too (play the Fallback's move).
func (t *Table) cutFired() error {
	d := t.thinking
	if d.ready {
		return nil
	}
	if !d.late {
		d.late = true
		d.cancel()
		d.cut = t.clock.NewTimer(botGrace)
		return nil
	}
	m, err := t.fallbackMove(d.seat)
	if err != nil {
		return err
	}
	t.log.Warn("table: the bot did not decide in time; the fallback moves for its seat",
		"table", t.cfg.ID, "seat", d.seat, "budget", t.botBudget(), "move", m.String())
	d.ready, d.move = true, m
	if d.paced {
		return t.playDecision()
	}
	return nil
}

// fallbackMove is the move of seat's Fallback bot, decided here and now, or
// the seat's first legal move without one (or when the fallback's move is
// not legal).
func (t *Table) fallbackMove(seat int) (engine.Move, error) {
	legal := t.g.Legal(seat)
	if len(legal) == 0 {
		return engine.Move{}, fmt.Errorf("seat %d must move but has no legal move", seat)
	}
	if t.cfg.Fallback != nil {
		if b := t.cfg.Fallback(t.rs.Name, seat); b != nil {
			if m := b.Decide(t.g.View(seat), t.rngAt(botSalt)); slices.Contains(legal, m) {
				return m, nil
			}
		}
	}
	return legal[0], nil
}

// playDecision plays the move of the decision in flight, which is ready and
// paced.
func (t *Table) playDecision() error {
	d := t.thinking
	t.thinking = nil
	d.stopCut()
	d.cancel()
	return t.playBot(d.seat, d.move)
}

// dropDecision cancels the decision in flight, if any: its turn is no
// longer armed, or the table ends. Its goroutine ends on its own.
func (t *Table) dropDecision() {
	if d := t.thinking; d != nil {
		t.thinking = nil
		d.stopCut()
		d.cancel()
	}
}

func (d *decision) stopCut() {
	if d.cut != nil {
		d.cut.Stop()
		d.cut = nil
	}
}
