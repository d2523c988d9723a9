package tables

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// ON-3: a person who leaves the table during their turn and comes back
// finds their turn clock where it stopped, not refilled: alone with bots
// (the game held meanwhile, any length of time) and with another person
// at the table (back before their bot moved).
func TestON3TurnClockResumesWhereItStopped(t *testing.T) {
	for _, others := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.BotPace, cfg.TurnTimer, cfg.SeatHold = 2*time.Second, 20*time.Second, 30*time.Minute
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			if others {
				must(t, r.table.Sit(bob, 1))
				r.subscribe(bob)
			}
			must(t, r.table.Start(alice))
			r.advance(13 * time.Second) // alice's bid: 7 s left
			a.sub.Close()               // the ssh client dies, or esc to the lobby
			away := time.Second
			if !others {
				away = 10 * time.Minute
			}
			r.advance(away)
			a = r.subscribe(alice)
			s := a.now()
			if s.Turn != 0 || s.Seats[0].Kind != Human {
				t.Fatalf("others %v: turn %d seat %+v; want alice's own bid", others, s.Turn, s.Seats[0])
			}
			if left := s.Deadline.Sub(r.clock.Now()); left != 7*time.Second {
				t.Fatalf("others %v: %v left on her clock once back, want the 7s it had when she left", others, left)
			}
			r.advance(7 * time.Second)
			if s := a.now(); !s.Seats[0].TimedOut {
				t.Fatalf("others %v: seat %+v; want her time run out 7 s after she came back", others, s.Seats[0])
			}
		})
	}
}

// clockLeft is what is left of the turn clock p's screen shows once p is
// back at the restored table.
func clockLeft(t *testing.T, r *rig, p Player, seat int) time.Duration {
	t.Helper()
	s := r.subscribe(p).now()
	if s.Turn != seat || s.Deadline.IsZero() {
		t.Fatalf("turn %d, deadline %v; want seat %d's clock running", s.Turn, s.Deadline, seat)
	}
	return s.Deadline.Sub(r.clock.Now())
}

// A table stopped cleanly (a shutdown, a hand-off to another node) and
// restored runs the turn clock on from where it stood, not refilled; a
// clock nearly out runs minRestoredLeft, so the restore does not time the
// player out at once. The x-clock lines stay out of the game's record.
func TestRestoredTurnClockRunsOn(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	for _, tc := range []struct {
		name   string
		bobs   bool // the clock is bob's, after alice bid
		played time.Duration
		want   time.Duration
	}{
		{"alice", false, 11 * time.Second, 9 * time.Second},
		{"bob", true, 18 * time.Second, minRestoredLeft},
	} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.BotPace, cfg.TurnTimer = 2*time.Second, 20*time.Second
			j := newMemJournal()
			cfg.Journal = j
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			must(t, r.table.Sit(bob, 1))
			r.subscribe(bob)
			must(t, r.table.Start(alice))
			seat := 0
			if tc.bobs {
				a.now()
				must(t, r.table.Move(alice, engine.BidMove(1)))
				seat = 1
			}
			r.advance(tc.played)
			synctest.Wait()
			must(t, ignoreCanceled(r.stop()))
			rr := restoredRig(t, reg, j.saved("t1"), Config{}, j)
			p := map[int]Player{0: alice, 1: bob}[seat]
			if left := clockLeft(t, rr, p, seat); left != tc.want {
				t.Fatalf("%s: %v left on the restored clock, want %v", tc.name, left, tc.want)
			}
			for _, q := range []Player{alice, bob} {
				must(t, rr.table.Disconnect(q))
			}
			for range 1000 {
				synctest.Wait()
				if len(j.finished) > 0 {
					break
				}
				rr.advance(time.Second)
			}
			if len(j.finished) != 1 || !j.finished[0].Complete {
				t.Fatalf("%s: finished %+v, want the restored game played out", tc.name, j.finished)
			}
			if rec := string(j.finished[0].Record); strings.Contains(rec, `"x-`) || !strings.Contains(rec, `"e":"end"`) {
				t.Fatalf("%s: the record holds a journal's own line, or no end:\n%s", tc.name, rec)
			}
		})
	}
}

// After a crash the journal holds the clock as of its last x-clock line of
// the turn: one that stopped when its person left during the turn runs on
// from there; one that ran since the turn began runs the whole turn again.
func TestTurnClockAfterACrash(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	for _, left := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.BotPace, cfg.TurnTimer, cfg.SeatHold = 2*time.Second, 20*time.Second, 30*time.Minute
			j := newMemJournal()
			cfg.Journal = j
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			must(t, r.table.Start(alice))
			r.advance(13 * time.Second)
			want := cfg.TurnTimer
			if left {
				a.sub.Close() // the game holds for her, her clock stopped at 7 s
				want = 7 * time.Second
			}
			r.advance(5 * time.Second)
			crashed := j.saved("t1") // what a kill -9 now leaves
			rr := restoredRig(t, reg, crashed, Config{SeatHold: 30 * time.Minute}, newMemJournal())
			if got := clockLeft(t, rr, alice, 0); got != want {
				t.Fatalf("left %v: %v on the clock after the crash, want %v", left, got, want)
			}
		})
	}
}

// ignoreCanceled is err, nil when it only says the table was stopped.
func ignoreCanceled(err error) error {
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
