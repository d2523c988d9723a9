package tables

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// These tests check the goal "Strong stays within 300 ms per
// decision at the 99th percentile on a 2-core machine with 8 tables
// deciding at once, and never beyond the table's timer." With a bot pace a
// table asks its bots off its goroutine, bounds each decision by its budget
// (and the turn timer), plays a fallback move when a bot overruns, and
// keeps serving its players meanwhile.

// gate holds a test bot's decisions until the test releases them, and
// counts what happened to them.
type gate struct {
	clock   Clock
	release chan struct{} // closed by the test: the bot decides

	mu        sync.Mutex
	started   int
	cancelled []time.Time // when each decision's context ended, by the table's clock
	returned  int
}

// newGate returns a closed gate; set its clock before the bot decides.
func newGate() *gate { return &gate{release: make(chan struct{})} }

func (g *gate) count() (started, cancelled, returned int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.started, len(g.cancelled), g.returned
}

// decide waits for the release, or also for ctx when honest, and returns
// the last legal move, which the table's fallback (the first) is not.
func (g *gate) decide(ctx context.Context, v engine.View, honest bool) engine.Move {
	g.mu.Lock()
	g.started++
	g.mu.Unlock()
	done := ctx.Done()
	if !honest {
		done = nil
	}
	select {
	case <-g.release:
	case <-done:
		g.mu.Lock()
		g.cancelled = append(g.cancelled, g.clock.Now())
		g.mu.Unlock()
	}
	g.mu.Lock()
	g.returned++
	g.mu.Unlock()
	l := v.LegalMoves()
	return l[len(l)-1]
}

// ctxBot stops when its context ends (an engine.ContextBot).
type ctxBot struct{ g *gate }

func (b ctxBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	return b.DecideContext(context.Background(), v, rng)
}

func (b ctxBot) DecideContext(ctx context.Context, v engine.View, _ *rand.Rand) engine.Move {
	return b.g.decide(ctx, v, true)
}

// deafBot ignores any deadline: it has Decide only and returns when
// released.
type deafBot struct{ g *gate }

func (b deafBot) Decide(v engine.View, _ *rand.Rand) engine.Move {
	return b.g.decide(context.Background(), v, false)
}

// botAt seats b at seat and first-legal bots elsewhere.
func botAt(seat int, b engine.Bot) BotFactory {
	return func(_ string, i int) engine.Bot {
		if i == seat {
			return b
		}
		return nil
	}
}

// record stops the table and returns its record.
func (r *rig) record() string {
	r.t.Helper()
	_ = r.stop()
	return r.sink.get(r.table.ID())
}

// The move is played once both the bot pace has passed and the decision is
// in, whichever comes last (the goal: the thinking overlaps the pace).
func TestBotMovesAtPaceAndDecisionWhicheverLast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace, cfg.BotBudget = time.Second, 10*time.Second
		g1, g2 := newGate(), newGate()
		cfg.Bots = func(_ string, i int) engine.Bot { return []engine.Bot{nil, ctxBot{g1}, ctxBot{g2}}[i] }
		r := newRig(t, cfg)
		g1.clock, g2.clock = r.clock, r.clock
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(1)))
		if s := a.now(); s.Turn != 1 {
			t.Fatalf("turn %d, want seat 1's bot to think", s.Turn)
		}
		if n, _, _ := g1.count(); n != 1 {
			t.Fatalf("seat 1's bot started %d decisions, want 1 at once (not after the pace)", n)
		}
		// Pace first: the table waits for the decision.
		r.advance(time.Second)
		if s := a.now(); s.Turn != 1 {
			t.Fatalf("turn %d after the pace with the decision still out, want 1", s.Turn)
		}
		close(g1.release)
		if s := a.now(); s.Turn != 2 {
			t.Fatalf("turn %d once the decision is in after the pace, want 2 at once", s.Turn)
		}
		// Decision first: the table waits for the pace.
		close(g2.release)
		if s := a.now(); s.Turn != 2 {
			t.Fatalf("turn %d with the decision in before the pace, want 2 until the pace", s.Turn)
		}
		r.advance(time.Second - time.Millisecond)
		if s := a.now(); s.Turn != 2 {
			t.Fatalf("turn %d 1 ms before the pace, want 2", s.Turn)
		}
		r.advance(time.Millisecond)
		if s := a.now(); s.Turn != 0 {
			t.Fatalf("turn %d at the pace, want 0: seat 2's bot has moved", s.Turn)
		}
		rec := r.record()
		for _, want := range []string{`"seat":1,"move":"bid 2"`, `"seat":2,"move":"bid 2"`} {
			if !strings.Contains(rec, want) {
				t.Errorf("record lacks %s: the bots' own moves\n%s", want, rec)
			}
		}
	})
}

// A bot still thinking at the budget is told to stop (its context ends);
// one that does not answer within botGrace is overruled with the Fallback
// bot's move (the seat's first legal move without one), and a warning is
// logged (the goal: bounded decisions).
func TestSlowBotCutAtTheBudget(t *testing.T) {
	for _, tc := range []struct {
		name     string
		honest   bool
		fallback bool   // a Fallback bot that bids 1
		want     string // seat 1's move
	}{
		{"context honoured: its move", true, true, `"seat":1,"move":"bid 2"`},
		{"context ignored: the first legal move", false, false, `"seat":1,"move":"bid 0"`},
		{"context ignored: the fallback bot's move", false, true, `"seat":1,"move":"bid 1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				cfg := defaultConfig("toy")
				cfg.BotPace = time.Second // BotBudget: the default, 200 ms
				g := newGate()
				var b engine.Bot = deafBot{g}
				if tc.honest {
					b = ctxBot{g}
				}
				cfg.Bots = botAt(1, b)
				if tc.fallback {
					cfg.Fallback = func(string, int) engine.Bot { return bidOne{} }
				}
				r := newRig(t, cfg)
				g.clock = r.clock
				a := r.subscribe(alice)
				must(t, r.table.Start(alice))
				must(t, r.table.Move(alice, engine.BidMove(1)))
				a.now()
				r.advance(DefaultBotBudget - time.Millisecond)
				if _, c, _ := g.count(); c != 0 {
					t.Fatalf("context ended %d times before the budget", c)
				}
				r.advance(time.Millisecond)
				a.now()
				if _, c, ret := g.count(); tc.honest && (c != 1 || ret != 1) || !tc.honest && ret != 0 {
					t.Fatalf("at the budget: cancelled %d, returned %d", c, ret)
				}
				r.advance(botGrace)
				if s := a.now(); s.Turn != 1 {
					t.Fatalf("turn %d before the pace, want 1: the move waits for the pace", s.Turn)
				}
				r.advance(time.Second - DefaultBotBudget - botGrace)
				if s := a.now(); s.Turn != 2 {
					t.Fatalf("turn %d at the pace, want 2: seat 1 has moved", s.Turn)
				}
				r.log.mu.Lock()
				warned := len(r.log.warnings)
				r.log.mu.Unlock()
				if tc.honest != (warned == 0) {
					t.Errorf("%d warnings logged; want one only for the bot that ignores its context", warned)
				}
				close(g.release) // the deaf bot ends now; the table drops its move
				if rec := r.record(); !strings.Contains(rec, tc.want) {
					t.Errorf("record lacks %s\n%s", tc.want, rec)
				}
			})
		})
	}
}

// bidOne is a fallback bot: it bids 1 whenever it can.
type bidOne struct{}

func (bidOne) Decide(v engine.View, _ *rand.Rand) engine.Move {
	for _, m := range v.LegalMoves() {
		if m == engine.BidMove(1) {
			return m
		}
	}
	return v.LegalMoves()[0]
}

// The turn timer bounds the decision: a budget longer than the timer ends
// at the timer (the goal: never beyond the table's timer).
func TestTurnTimerBoundsTheDecision(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace, cfg.TurnTimer = time.Second, 100*time.Millisecond // budget: 200 ms by default
		g := newGate()
		cfg.Bots = botAt(1, ctxBot{g})
		r := newRig(t, cfg)
		g.clock = r.clock
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(1)))
		a.now()
		armed := r.clock.Now()
		r.advance(99 * time.Millisecond)
		a.now()
		if _, c, _ := g.count(); c != 0 {
			t.Fatalf("the decision was stopped before the turn timer")
		}
		r.advance(time.Millisecond)
		a.now()
		g.mu.Lock()
		cancelled := g.cancelled
		g.mu.Unlock()
		if len(cancelled) != 1 || cancelled[0].Sub(armed) != 100*time.Millisecond {
			t.Fatalf("context ended at %v after the start, want once at 100 ms (the turn timer)", cancelled)
		}
		r.advance(time.Second)
		if s := a.now(); s.Turn != 2 {
			t.Fatalf("turn %d, want 2", s.Turn)
		}
	})
}

// A decision whose turn is no longer the bot's is dropped: the owner comes
// back while their bot thinks, the bot's context ends, and its move is
// never played (ON-2).
func TestStaleDecisionDroppedWhenOwnerReturns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace, cfg.BotBudget = time.Second, 10*time.Second
		g := newGate()
		cfg.Bots = botAt(0, ctxBot{g})
		r := newRig(t, cfg)
		g.clock = r.clock
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		a.now()
		a.sub.Close() // alice drops: her bot thinks for her
		a.now()
		if n, _, _ := g.count(); n != 1 {
			t.Fatalf("her bot started %d decisions, want 1", n)
		}
		a = r.subscribe(alice) // back, mid-thought
		s := a.now()
		if n, c, ret := g.count(); c != 1 || ret != 1 {
			t.Fatalf("after her return: started %d, cancelled %d, returned %d; want the decision cancelled and ended", n, c, ret)
		}
		if s.Turn != 0 || kinds(s) != "hbb" || r.clock.Pending() != 0 {
			t.Fatalf("turn %d seats %q pending timers %d; want alice to move, no bot timer", s.Turn, kinds(s), r.clock.Pending())
		}
		r.advance(time.Hour)
		if s := a.now(); s.Turn != 0 {
			t.Fatalf("turn %d an hour later, want 0: the stale move was played", s.Turn)
		}
		must(t, r.table.Move(alice, engine.BidMove(1)))
		if rec := r.record(); strings.Contains(rec, `"seat":0,"move":"bid 2"`) || !strings.Contains(rec, `"seat":0,"move":"bid 1"`) {
			t.Fatalf("record: want alice's bid 1 and not her bot's bid 2\n%s", rec)
		}
	})
}

// While a bot thinks the table answers chat, sits and snapshots, and a
// change that leaves the bot's turn as it was does not disturb it.
func TestTableServesWhileBotThinks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace, cfg.BotBudget = time.Second, 10*time.Second
		g := newGate()
		cfg.Bots = botAt(1, deafBot{g})
		r := newRig(t, cfg)
		g.clock = r.clock
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(1)))
		r.advance(time.Second) // the pace has passed; the bot still thinks
		a.now()
		must(t, r.table.Chat(alice, "still thinking?"))
		must(t, r.table.Sit(bob, 2)) // bob takes seat 2 from its bot
		w := r.subscribe(bob)
		s := w.now()
		if s.Turn != 1 || s.You != 2 || len(s.Chat) == 0 || !strings.Contains(s.Chat[len(s.Chat)-2].Text, "still thinking?") {
			t.Fatalf("snapshot while the bot thinks: turn %d you %d chat %+v", s.Turn, s.You, s.Chat)
		}
		if n, c, ret := g.count(); n != 1 || c != 0 || ret != 0 {
			t.Fatalf("started %d cancelled %d returned %d; want the one decision still running", n, c, ret)
		}
		close(g.release)
		if s := w.now(); s.Turn != 2 {
			t.Fatalf("turn %d once the decision is in, want 2 (bob)", s.Turn)
		}
	})
}

// Every goroutine has an owner: a table that ends waits for the decisions
// it started, even a bot's that ignores its context.
func TestTableEndWaitsForItsDecisions(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace = time.Second
		g := newGate()
		cfg.Bots = botAt(1, deafBot{g})
		r := newRig(t, cfg)
		g.clock = r.clock
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(1)))
		a.now()
		r.cancel()
		synctest.Wait()
		select {
		case <-r.table.Done():
			t.Fatal("Run returned while a decision it started was still running")
		default:
		}
		close(g.release)
		<-r.table.Done()
		if _, _, ret := g.count(); ret != 1 {
			t.Fatalf("the decision returned %d times, want 1", ret)
		}
	})
}

// A bot panicking off the table's goroutine stops the table as a panic in
// it would, record kept.
func TestBotPanicOffTheTableGoroutine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace = time.Second
		cfg.Bots = botAt(1, panicBot{})
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(1)))
		if err := r.wait(); !errors.Is(err, ErrTableAborted) {
			t.Fatalf("Run: got %v, want ErrTableAborted", err)
		}
		if rec := r.sink.get("t1"); !strings.Contains(rec, `"move":"bid 1"`) {
			t.Fatalf("record lost:\n%s", rec)
		}
	})
}

// Deciding off the table's goroutine changes no move: a table of bots with
// a pace plays the game the table without one plays (same view, same rng).
func TestPacedBotsPlayAsUnpaced(t *testing.T) {
	play := func(t *testing.T, pace time.Duration) string {
		cfg := defaultConfig("toy")
		cfg.SeatHost, cfg.BotPace, cfg.Bots = false, pace, randomBots
		cfg.Options = engine.Options{"rounds": "4"}
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		for synctest.Wait(); ; synctest.Wait() {
			select {
			case <-r.table.Done():
				var moves []string
				for _, l := range strings.Split(untimed(r.sink.get(cfg.ID)), "\n") {
					if strings.Contains(l, `"e":"move"`) || strings.Contains(l, `"e":"deal"`) {
						moves = append(moves, l)
					}
				}
				return strings.Join(moves, "\n")
			default:
			}
			r.advance(time.Second)
		}
	}
	var unpaced, paced string
	synctest.Test(t, func(t *testing.T) { unpaced = play(t, 0) })
	synctest.Test(t, func(t *testing.T) { paced = play(t, time.Second) })
	if unpaced == "" || paced != unpaced {
		t.Fatalf("paced game:\n%s\nunpaced game:\n%s", paced, unpaced)
	}
}

// A bot reads its view off the table's goroutine while the table goes on
// with the game, so a view must share no memory with the game (engine.Game's
// View). Every real game, played to its end: no view changes when
// the game moves on.
func TestRealViewsShareNothingWithTheGame(t *testing.T) {
	for _, rs := range realRegistry().All() {
		t.Run(rs.Name, func(t *testing.T) {
			g, _, err := rs.Start(rs.MinPlayers, nil)
			must(t, err)
			rng := rand.New(rand.NewPCG(3, 4))
			type kept struct {
				v    engine.View
				dump string
			}
			var views []kept
			for steps := 0; !g.Done(); steps++ {
				seat := g.Next()
				if seat == engine.Chance {
					must(t, g.Deal(rng))
					continue
				}
				if steps%7 == 0 { // a sample, so the test stays quick
					v := g.View(seat)
					views = append(views, kept{v, dump(v)})
				}
				must(t, g.Apply(seat, realBots(rs.Name, seat).Decide(g.View(seat), rng)))
			}
			for i, k := range views {
				if now := dump(k.v); now != k.dump {
					t.Fatalf("view %d changed as the game went on:\nthen %s\nnow  %s", i, k.dump, now)
				}
			}
		})
	}
}

// dump prints a view with every value it holds, in Go syntax.
func dump(v any) string { return fmt.Sprintf("%#v", v) }

// With the wall clock (here the bubble's) the decision's context ends by
// itself at the budget, and the table wakes only to play the fallback,
// botGrace later (the goal: bounded decisions, never beyond the timer).
func TestWallClockBudgetAndFallback(t *testing.T) {
	for _, tc := range []struct {
		name   string
		honest bool
		took   time.Duration // from the start of the decision to the move
		move   string
	}{
		{"context honoured", true, DefaultBotBudget, `"seat":1,"move":"bid 2"`},
		{"context ignored", false, DefaultBotBudget + botGrace, `"seat":1,"move":"bid 0"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := newGate()
				g.clock = RealClock{}
				var b engine.Bot = deafBot{g}
				if tc.honest {
					b = ctxBot{g}
				}
				sink, log := &memSink{}, &testLog{}
				cfg := defaultConfig("toy") // Clock: RealClock, the bubble's time
				cfg.BotPace, cfg.Bots, cfg.Sink, cfg.Logger = 100*time.Millisecond, botAt(1, b), sink, log
				tb, err := New(cfg)
				must(t, err)
				ctx, cancel := context.WithCancel(context.Background())
				errc := make(chan error, 1)
				go func() { errc <- tb.Run(ctx) }()
				sub, err := tb.Subscribe(alice)
				must(t, err)
				must(t, tb.Start(alice))
				must(t, tb.Move(alice, engine.BidMove(1)))
				start := time.Now()
				for s := range sub.C {
					if s.Turn == 2 {
						break
					}
				}
				if took := time.Since(start); took != tc.took {
					t.Errorf("seat 1 moved %v after its turn began, want %v", took, tc.took)
				}
				close(g.release)
				cancel()
				<-errc
				if rec := sink.get(cfg.ID); !strings.Contains(rec, tc.move) {
					t.Errorf("record lacks %s\n%s", tc.move, rec)
				}
				if warned := len(log.warnings); tc.honest != (warned == 0) {
					t.Errorf("%d warnings; want one only for the bot that ignores its context", warned)
				}
			})
		})
	}
}
