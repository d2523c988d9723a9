package tables

import "time"

// A person's turn clock does not start again when they leave the table and
// come back during that turn (the lobby, a dropped connection, :away and
// back, the game held for them meanwhile): it runs on with the time that
// was left when it stopped (ON-3), so nobody stretches a turn by leaving.

// turnLeft is what was left of a person's turn clock when it stopped
// before their turn ended.
type turnLeft struct {
	ok     bool
	events int // the turn: the number of events when it began
	seat   int // and whose it is
	left   time.Duration
}

// keepTurnLeft remembers what is left of the turn clock armed for prev,
// which stops now; a clock that does not run leaves what was kept before.
func (t *Table) keepTurnLeft(prev armKey) {
	if t.turnTimer == nil || t.deadline.IsZero() {
		return
	}
	t.left = turnLeft{ok: true, events: prev.events, seat: prev.next, left: max(t.deadline.Sub(t.clock.Now()), 0)}
}

// turnTime is how long k's turn clock runs: what was left of it when it
// stopped during that same turn, or else the whole turn timer.
func (t *Table) turnTime(k armKey) time.Duration {
	if l := t.left; l.ok && l.events == k.events && l.seat == k.next {
		return l.left
	}
	return t.cfg.TurnTimer
}
