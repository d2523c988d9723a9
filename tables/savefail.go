package tables

import (
	"errors"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// When the journal cannot be written (a full disk), the table pauses rather
// than play on with moves a crash would take back: the move it could not
// save is held, shown to nobody, nothing else moves (no bots, no turn
// timers, moves refused with ErrSavePaused), and everyone is told. It tries
// again every Config.JournalRetry on its clock and goes on once the write
// succeeds. A finished game the journal cannot keep is tried again the same
// way until it is kept (or the server stops: then its journal stays, and
// the next start finishes it again).

// DefaultJournalRetry is how often a paused table tries its journal again.
const DefaultJournalRetry = 5 * time.Second

// ErrSavePaused refuses a move while the table cannot save its game.
var ErrSavePaused = errors.New("the server cannot save the game: paused")

// ErrMoveHeld answers the move the table could not save: it is held, shown
// to nobody, and counts once it is saved.
var ErrMoveHeld = errors.New("the server cannot save the game: paused; your move counts once it is saved")

// System chat lines of a pause.
const (
	pausedLine  = "the server cannot save the game: paused"
	resumedLine = "the game is saved again: play on"
)

// retryEvery is the wait between two tries of a failed journal write.
func (t *Table) retryEvery() time.Duration {
	if t.cfg.JournalRetry > 0 {
		return t.cfg.JournalRetry
	}
	return DefaultJournalRetry
}

// saveFailed pauses the table after a failed journal write (what: "start",
// "append") and arms the next try.
func (t *Table) saveFailed(what string, err error) {
	if !t.jr.paused {
		t.jr.paused = true
		t.log.Error("table: the journal cannot be written: the game is paused until it can", "table", t.cfg.ID, "write", what, "err", err)
		t.stopTimers()
		t.dropDecision()
		t.armed = armKey{events: -1} // schedule arms the timers afresh once saved
		t.system(pausedLine)
		t.tellPaused()
	}
	if t.jr.retry == nil {
		t.jr.retry = t.clock.NewTimer(t.retryEvery())
	}
}

// saved ends a pause once a journal write has succeeded.
func (t *Table) saved() {
	if !t.jr.paused {
		return
	}
	t.jr.paused = false
	t.log.Info("table: the journal is written again: the game goes on", "table", t.cfg.ID)
	t.system(resumedLine)
	t.dirty = true
}

// retryC is the channel of the pending journal retry (nil: none).
func (t *Table) retryC() <-chan time.Time {
	if t.jr.retry == nil {
		return nil
	}
	return t.jr.retry.C()
}

// retrySave tries the journal again after a failed write.
func (t *Table) retrySave() {
	t.jr.retry = nil
	if t.jr.paused {
		t.persist()
	}
}

// stopRetry stops the pending journal retry.
func (t *Table) stopRetry() {
	if t.jr.retry != nil {
		t.jr.retry.Stop()
		t.jr.retry = nil
	}
}

// tellPaused gives every subscriber the last snapshot it had, with the
// pause said in its chat: nothing the journal lacks is shown.
func (t *Table) tellPaused() {
	t.version++
	line := ChatLine{Time: t.clock.Now(), Seat: engine.Spectator, Text: pausedLine, System: true}
	for _, sub := range t.subs {
		if sub.last.Version == 0 {
			continue // nothing shown yet: nothing to hold
		}
		snap := sub.last
		snap.Version, snap.Unsaved = t.version, true
		snap.Chat = append(slices.Clip(snap.Chat), line)
		sub.box.Put(snap)
	}
}

// keepFinished hands a finished game to the journal, trying again every
// retryEvery while it fails, until it is kept or the table's context ends
// (the journal, not dropped, brings the game back at the next start).
func (t *Table) keepFinished(j Journal, f Finished) {
	for {
		err := j.Finish(f)
		if err == nil {
			return
		}
		t.log.Error("table: the finished game cannot be kept: trying again", "table", t.cfg.ID, "err", err)
		timer := t.clock.NewTimer(t.retryEvery())
		select {
		case <-timer.C():
		case <-t.ctx.Done():
			timer.Stop()
			t.log.Error("table: the finished game is not kept yet: its journal stays, and the next start keeps it", "table", t.cfg.ID)
			return
		}
	}
}
