package tables

import (
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// A running table nobody is at (no person's subscription in a seat, no
// spectator) ends after UnattendedClose, on the table's clock, and its
// game is kept as unfinished; anyone watching keeps it going.
func TestUnattendedTableEnds(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := newMemJournal()
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"rounds": "5"}
		cfg.BotPace, cfg.TurnTimer = time.Hour, 0
		cfg.UnattendedClose, cfg.Journal = time.Minute, j
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		c := r.subscribe(carol) // a spectator
		a.sub.Close()
		synctest.Wait()
		r.advance(time.Hour - time.Second) // carol watches: the game goes on
		if s := c.now(); s.Phase != Playing {
			t.Fatalf("phase %v with a spectator, want playing", s.Phase)
		}
		c.sub.Close()
		endsAfter(t, r, j, time.Minute)
	})
}

// endsAfter checks that a table nobody is at lasts until grace has passed,
// then ends with its game kept, unfinished.
func endsAfter(t *testing.T, r *rig, j *memJournal, grace time.Duration) {
	t.Helper()
	synctest.Wait()
	r.advance(grace - time.Second)
	synctest.Wait()
	running(t, r)
	r.advance(time.Second)
	if err := r.wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if len(j.finished) != 1 || j.finished[0].Complete {
		t.Fatalf("finished %+v, want the game kept, unfinished", j.finished)
	}
}

// running checks that the table has not ended.
func running(t *testing.T, r *rig) {
	t.Helper()
	select {
	case <-r.table.Done():
		t.Fatal("the table ended before its grace")
	default:
	}
}

// savedToyGame is the journal of a toy game alice started (and, with
// leave, left for good), as a server that stopped leaves it.
func savedToyGame(t *testing.T, reg *engine.Registry, leave bool) Saved {
	t.Helper()
	rs, _ := reg.Lookup("toy")
	var saved Saved
	synctest.Test(t, func(t *testing.T) {
		j := newMemJournal()
		cfg := defaultConfig("toy")
		cfg.Ruleset, cfg.Options = rs, engine.Options{"rounds": "5"}
		cfg.BotPace, cfg.TurnTimer, cfg.Journal = time.Hour, 0, j
		r := newRig(t, cfg)
		r.subscribe(alice)
		must(t, r.table.Start(alice))
		if leave {
			must(t, r.table.Leave(alice))
		}
		synctest.Wait()
		r.stop() // the server stops: the journal stays
		saved = j.saved("t1")
		if saved.Header == nil {
			t.Fatal("no journal to restore")
		}
	})
	return saved
}

// restoredRig runs the table Restore makes of saved with cfg (its clock,
// sink, logger and journal filled in) in the bubble.
func restoredRig(t *testing.T, reg *engine.Registry, saved Saved, cfg Config, j *memJournal) *rig {
	t.Helper()
	r := &rig{t: t, clock: NewFakeClock(t0.Add(time.Hour)), sink: &memSink{}, log: &testLog{}, errc: make(chan error, 1)}
	cfg.Clock, cfg.Sink, cfg.Logger, cfg.Journal = r.clock, r.sink, r.log, j
	tb, err := Restore(reg, saved, cfg)
	if err != nil {
		t.Fatalf("Restore: %v", err)
	}
	r.run(tb)
	return r
}

// A restored table nobody comes back to ends after its grace too.
func TestRestoredUnattendedTableEnds(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	saved := savedToyGame(t, reg, false)
	synctest.Test(t, func(t *testing.T) {
		j := newMemJournal()
		r := restoredRig(t, reg, saved, Config{UnattendedClose: time.Minute}, j)
		synctest.Wait()
		r.advance(time.Minute)
		if err := r.wait(); err != nil {
			t.Fatalf("Run: %v", err)
		}
		if len(j.finished) != 1 {
			t.Fatalf("finished %+v, want the restored game ended", j.finished)
		}
	})
}

// A restored game that holds for its people says so: the restart's line
// in the chat, the snapshot a spectator gets; without a hold, or without
// a person in a seat, that the bots play.
func TestRestoredTableSaysItWaitsForItsPeople(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	kept, left := savedToyGame(t, reg, false), savedToyGame(t, reg, true)
	for _, tc := range []struct {
		saved Saved
		hold  time.Duration
		held  bool
		line  string
	}{
		{kept, 30 * time.Minute, true, "the server restarted: the game goes on when its people are back, a bot playing for any who are not"},
		{kept, 0, false, "the server restarted: each seat's bot plays until its person is back"},
		{left, 30 * time.Minute, false, "the server restarted: each seat's bot plays until its person is back"},
	} {
		synctest.Test(t, func(t *testing.T) {
			r := restoredRig(t, reg, tc.saved, Config{UnattendedClose: time.Minute, SeatHold: tc.hold}, newMemJournal())
			s := r.subscribe(carol).now()
			if !slices.ContainsFunc(s.Chat, func(l ChatLine) bool { return l.Text == tc.line }) {
				t.Errorf("hold %v: the chat %+v does not say %q", tc.hold, s.Chat, tc.line)
			}
			if s.Held != tc.held {
				t.Errorf("hold %v: the spectator's snapshot says held %v", tc.hold, s.Held)
			}
		})
	}
}

// ON-2 [choice]: a running game whose person has left its table (gone to
// the lobby, dropped) but keeps the seat holds still for SeatHold: no bot
// moves and no turn timer runs; it goes on when the person is back, and
// ends, unfinished, when nobody comes back in time. With someone watching,
// the bots play on.
func TestON2NobodyAtTheTableHoldsTheGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := newMemJournal()
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"rounds": "5"}
		cfg.BotPace, cfg.TurnTimer = time.Second, time.Minute
		cfg.UnattendedClose, cfg.SeatHold, cfg.Journal = time.Minute, 30*time.Minute, j
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		r.advance(10 * time.Second)
		a.sub.Close()
		synctest.Wait()
		held := j.count("t1")
		r.advance(29 * time.Minute)
		synctest.Wait()
		if n := j.count("t1"); n != held {
			t.Fatalf("%d journal lines after 29 minutes away, want %d: the game went on for nobody", n, held)
		}
		running(t, r)

		a = r.subscribe(alice) // back: the game goes on
		s := a.now()
		if s.Phase != Playing {
			t.Fatalf("phase %v once back, want playing", s.Phase)
		}
		if s.Deadline.IsZero() {
			t.Fatal("no turn timer once back")
		}
		r.advance(time.Minute) // her timer runs out: her bot plays, at its pace
		r.advance(2 * time.Second)
		if n := j.count("t1"); n == held {
			t.Fatal("the game did not go on once its person was back")
		}

		c := r.subscribe(carol) // a spectator does not stand in for her: the game holds
		a.sub.Close()
		synctest.Wait()
		watched := j.count("t1")
		r.advance(29 * time.Minute)
		if n := j.count("t1"); n != watched {
			t.Fatalf("%d journal lines after 29 minutes with only a spectator, want %d: a bot played her seat", n, watched)
		}
		s = c.now()
		if !s.Held || !s.Deadline.IsZero() {
			t.Fatalf("the spectator's snapshot: held %v, deadline %v; want held, no timer", s.Held, s.Deadline)
		}
		if i := slices.IndexFunc(s.Chat, func(l ChatLine) bool { return strings.Contains(l.Text, "bot plays") }); i >= 0 {
			t.Fatalf("the spectator was told %q, but no bot plays", s.Chat[i].Text)
		}
		if sum := r.summary(); !sum.Held {
			t.Fatal("the lobby's summary does not say the game waits for its people")
		}
		endsAfter(t, r, j, time.Minute) // the hold's grace ran on while she watched
		if s := c.now(); s.Ended != "its players did not come back" {
			t.Fatalf("the spectator was told %q", s.Ended)
		}
	})
}

// ON-2: a game held between rounds still deals the next round (a deal is
// nobody's move), so its screen names whose turn waits; no one moves until
// a person is back. That holds for a trump-choice draw (SR-6) at the
// bots' pace too.
func TestON2HoldBetweenRoundsDealsTheNextRound(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		round   int // the round due when alice leaves
	}{{"boerenbridge", 3}, {"specialrounds", 5}} {
		t.Run(c.ruleset, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				rs, _ := realRegistry().Lookup(c.ruleset)
				cfg := Config{ID: "h", Ruleset: rs, Seats: 4, Host: alice, SeatHost: true, Seed: 5, Bots: realBots,
					TrickPause: time.Second, BotPace: time.Second, SeatHold: 30 * time.Minute, UnattendedClose: time.Minute}
				r := newRig(t, cfg)
				a := r.subscribe(alice)
				w := r.subscribe(carol)
				must(t, r.table.Start(alice))
				for s := a.now(); ; s = a.now() {
					if s.Phase != Playing {
						t.Fatal("the game ended before alice left")
					}
					if v := s.View.(*trick.View); s.Paused && s.Turn == engine.Chance && v.Round == c.round {
						break // the last trick of the round before is on screen; this round's deal is due
					}
					if !s.Paused && s.Turn == 0 {
						must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
						continue
					}
					r.advance(time.Second)
				}
				a.sub.Close() // esc straight away: to the lobby
				for range 10 {
					r.advance(time.Second) // the pause ends, the deal (or draw) goes on
				}
				s := w.now()
				v := s.View.(*trick.View)
				if !s.Held || s.Turn < 0 || s.Turn >= 4 || v.Round != c.round || v.HandSizes[0] != v.Cards || v.Cards == 0 {
					t.Fatalf("held %v, turn %d, round %d, hands %v of %d; want the held game dealt round %d with a seat to move",
						s.Held, s.Turn, v.Round, v.HandSizes, v.Cards, c.round)
				}
				r.advance(29 * time.Minute)
				if s2 := w.now(); s2.Version != s.Version {
					t.Fatalf("the held game went on: version %d, then %d", s.Version, s2.Version)
				}
				a = r.subscribe(alice) // back: the turn that waited is played
				for range 5 {
					r.advance(time.Second)
				}
				if s2 := a.now(); s2.Held || slices.Equal(s2.View.(*trick.View).Bids, v.Bids) && s2.Turn != 0 {
					t.Fatalf("once alice is back: held %v, bids %v, turn %d; want the game going on", s2.Held, s2.View.(*trick.View).Bids, s2.Turn)
				}
			})
		})
	}
}
