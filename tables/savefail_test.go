package tables

import (
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

var errDiskFull = errors.New("no space left on device")

// faultyJournal is a memJournal whose writes fail while told to.
type faultyJournal struct {
	*memJournal
	failWrites, failFinish atomic.Bool
	tries                  atomic.Int64
}

func (j *faultyJournal) Start(id string, header []byte) error {
	if j.failWrites.Load() {
		j.tries.Add(1)
		return errDiskFull
	}
	return j.memJournal.Start(id, header)
}

func (j *faultyJournal) Append(id string, lines ...[]byte) error {
	if j.failWrites.Load() {
		j.tries.Add(1)
		return errDiskFull
	}
	return j.memJournal.Append(id, lines...)
}

func (j *faultyJournal) Finish(f Finished) error {
	if j.failFinish.Load() {
		j.tries.Add(1)
		return errDiskFull
	}
	return j.memJournal.Finish(f)
}

func hasLine(s Snapshot, text string) bool {
	return slices.ContainsFunc(s.Chat, func(l ChatLine) bool { return l.System && l.Text == text })
}

// When the journal cannot be written, the table shows nobody the move it
// could not save: it pauses, says so to everyone, refuses moves, lets no
// bot or timer move, tries again on its clock, and goes on once the write
// succeeds — to the same game a table that never failed plays.
func TestJournalFailurePausesTheTable(t *testing.T) {
	play := func(t *testing.T, fail bool) (string, *faultyJournal) {
		j := &faultyJournal{memJournal: newMemJournal()}
		cfg := defaultConfig("toy")
		cfg.Journal, cfg.Bots, cfg.BotPace, cfg.TurnTimer = j, randomBots, time.Second, time.Minute
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		w := r.subscribe(bob) // a spectator
		must(t, r.table.Start(alice))
		before := w.now()
		if fail {
			j.failWrites.Store(true)
		}
		err := r.table.Move(alice, engine.BidMove(1))
		if !fail {
			must(t, err)
		} else {
			if !errors.Is(err, ErrMoveHeld) {
				t.Fatalf("the move the journal could not take: %v, want ErrMoveHeld", err)
			}
			s := w.now()
			if !s.Unsaved || !hasLine(s, pausedLine) || s.View == nil || s.Turn != before.Turn {
				t.Fatalf("spectator during the pause: paused %v, turn %d (was %d), chat %+v", s.Unsaved, s.Turn, before.Turn, s.Chat)
			}
			if s := a.now(); !s.Unsaved || s.Turn != 0 {
				t.Fatalf("alice during the pause: paused %v, turn %d", s.Unsaved, s.Turn)
			}
			if err := r.table.Move(alice, engine.BidMove(0)); !errors.Is(err, ErrSavePaused) {
				t.Fatalf("a move during the pause: %v", err)
			}
			tries := j.tries.Load()
			n := j.count("t1")
			r.advance(time.Hour) // no bot, no turn timer moves meanwhile
			synctest.Wait()
			if j.count("t1") != n || j.tries.Load() <= tries {
				t.Fatalf("during the pause: journal %d lines (was %d), %d tries (was %d)", j.count("t1"), n, j.tries.Load(), tries)
			}
			j.failWrites.Store(false)
			r.advance(DefaultJournalRetry)
			s = w.now()
			if s.Unsaved || !hasLine(s, resumedLine) || s.Turn == 0 {
				t.Fatalf("after the journal is written again: paused %v, turn %d, chat %+v", s.Unsaved, s.Turn, s.Chat)
			}
		}
		// alice's bot plays for her from here (she never moves again).
		must(t, r.table.SetAway(alice, true))
		for range 1000 {
			synctest.Wait()
			select {
			case <-r.table.Done():
				return r.sink.get("t1"), j
			default:
			}
			r.advance(time.Second)
		}
		t.Fatal("the game did not end")
		return "", nil
	}
	var want, got string
	synctest.Test(t, func(t *testing.T) { want, _ = play(t, false) })
	synctest.Test(t, func(t *testing.T) {
		var j *faultyJournal
		got, j = play(t, true)
		if len(j.finished) != 1 || !j.finished[0].Complete {
			t.Fatalf("finished %+v", j.finished)
		}
	})
	strip := func(rec string) string { // the events' times differ by the pause
		var out []string
		for _, l := range strings.Split(rec, "\n") {
			if i := strings.Index(l, `"t":`); i >= 0 {
				if k := strings.IndexAny(l[i:], ",}"); k >= 0 {
					l = l[:i] + l[i+k:]
				}
			}
			out = append(out, l)
		}
		return strings.Join(out, "\n")
	}
	if strip(got) != strip(want) || want == "" {
		t.Fatalf("the paused game's record differs from the one never paused:\n%s\nwant\n%s", got, want)
	}
}

// A finished game the journal cannot keep is tried again until it is kept;
// when the server stops first, its journal stays for the next start.
func TestFinishedGameKeptAfterFailures(t *testing.T) {
	for _, stop := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			j := &faultyJournal{memJournal: newMemJournal()}
			j.failFinish.Store(true)
			cfg := defaultConfig("toy")
			cfg.Journal, cfg.Bots, cfg.TurnTimer = j, randomBots, 0
			cfg.Options = engine.Options{"rounds": "1"}
			cfg.SeatHost = false
			r := newRig(t, cfg)
			r.subscribe(alice)
			must(t, r.table.Start(alice)) // bots only, at once: the game is over
			synctest.Wait()
			tries := j.tries.Load()
			if tries == 0 {
				t.Fatal("the game was not handed to the journal")
			}
			r.advance(DefaultJournalRetry)
			synctest.Wait()
			if j.tries.Load() <= tries {
				t.Fatal("no second try")
			}
			if stop {
				r.stop()
				if len(j.finished) != 0 || j.saved("t1").Header == nil {
					t.Fatalf("stopped while failing: finished %d, journal kept %v", len(j.finished), j.saved("t1").Header != nil)
				}
				return
			}
			j.failFinish.Store(false)
			r.advance(DefaultJournalRetry)
			if err := r.wait(); err != nil {
				t.Fatal(err)
			}
			if len(j.finished) != 1 {
				t.Fatalf("finished %d games, want the one kept", len(j.finished))
			}
		})
	}
}
