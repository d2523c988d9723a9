package tables

import "github.com/cardroom/cardroom/engine"

// TrickHolder may be implemented by a game's views: TrickComplete reports
// whether the play just made completed a trick (the view shows it as its
// last trick) or ended a deal. The table then holds the game for
// Config.TrickPause — no bot moves, no deal, no timer runs, the game does
// not end — so everyone sees the trick and who won it. A person to move
// waits too: their move is refused with ErrTrickShown until it ends.
type TrickHolder interface {
	TrickComplete() bool
}

// maybePause starts the pause after e, a play that completed a trick.
func (t *Table) maybePause(e engine.Event) {
	if t.cfg.TrickPause <= 0 || t.pause != nil || e.E != engine.EvMove || e.Move.Kind != engine.Play || t.broken {
		return
	}
	h, ok := t.g.View(engine.Spectator).(TrickHolder)
	if !ok || !h.TrickComplete() {
		return
	}
	t.pause = t.clock.NewTimer(t.cfg.TrickPause)
	t.dirty = true
}

// endPause ends the pause now, if one runs.
func (t *Table) endPause() {
	if t.pause != nil {
		t.pause.Stop()
		t.pause = nil
		t.dirty = true
	}
}
