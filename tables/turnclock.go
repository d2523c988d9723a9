package tables

import (
	"encoding/json"
	"time"
)

// A person's turn clock does not start again when they leave the table and
// come back during that turn (the lobby, a dropped connection, :away and
// back, the game held for them meanwhile): it runs on with the time that
// was left when it stopped (ON-3), so nobody stretches a turn by leaving.
//
// Nor does it start again when the table is restored (a restart, a move to
// another node): the journal's "x-clock" lines keep what was left. A clock
// that stops during its turn is journaled as it stops, and a running one
// as the table stops (a shutdown, a hand-off), so a restored table runs it
// on exactly. After a crash the journal holds the clock as of its last
// x-clock line of that turn, or else the turn's start, when it was full.
// Either way a restored clock runs at least minRestoredLeft.

// turnLeft is what was left of a person's turn clock when it stopped
// before their turn ended.
type turnLeft struct {
	ok     bool
	events int // the turn: the number of events when it began
	seat   int // and whose it is
	left   time.Duration
}

// minRestoredLeft is the least a restored turn clock runs (the whole turn
// when that is shorter): a restore never times a player out at once.
const minRestoredLeft = 5 * time.Second

// clockLine is the journal's "x-clock" line: what was left of the turn
// clock of seat's turn that began after the first Events events.
type clockLine struct {
	E      string `json:"e"`
	Events int    `json:"events"`
	Seat   int    `json:"seat"`
	LeftMS int64  `json:"left_ms"`
}

const evClock = "x-clock"

// keepTurnLeft remembers what is left of the turn clock armed for prev,
// which stops now as next is armed; a clock that does not run leaves what
// was kept before. A clock that stops with its turn going on is journaled.
func (t *Table) keepTurnLeft(prev, next armKey) {
	if t.turnTimer == nil || t.deadline.IsZero() {
		return
	}
	t.left = t.leftNow(prev)
	if next.events == prev.events {
		t.queueClock(t.left)
	}
}

// turnTime is how long k's turn clock runs: what was left of it when it
// stopped during that same turn, or else the whole turn timer.
func (t *Table) turnTime(k armKey) time.Duration {
	if l := t.left; l.ok && l.events == k.events && l.seat == k.next {
		return l.left
	}
	return t.cfg.TurnTimer
}

// keepRunningClock journals the turn clock running as the table stops, so
// that the table restored from its journal runs it on from there.
func (t *Table) keepRunningClock() {
	if t.deadline.IsZero() {
		return
	}
	t.queueClock(t.leftNow(t.armed))
}

// leftNow is what is left now of the running turn clock armed for k.
func (t *Table) leftNow(k armKey) turnLeft {
	return turnLeft{ok: true, events: k.events, seat: k.next, left: max(t.deadline.Sub(t.clock.Now()), 0)}
}

// queueClock queues an x-clock line for the journal of a started game.
func (t *Table) queueClock(l turnLeft) {
	if !t.jr.started && t.jr.header == nil {
		return
	}
	t.queueLine("clock", clockLine{E: evClock, Events: l.events, Seat: l.seat, LeftMS: l.left.Milliseconds()})
}

// replayClock takes a journaled x-clock line back: the last one of the
// turn in play is what its clock runs on the restored table.
func (t *Table) replayClock(line []byte) error {
	var cl clockLine
	if err := json.Unmarshal(line, &cl); err != nil {
		return err
	}
	t.left = turnLeft{ok: true, events: cl.Events, seat: cl.Seat, left: time.Duration(max(cl.LeftMS, 0)) * time.Millisecond}
	return nil
}

// restoredClock gives a restored turn clock at least minRestoredLeft.
func (t *Table) restoredClock() {
	if t.left.ok {
		t.left.left = max(t.left.left, min(minRestoredLeft, t.cfg.TurnTimer))
	}
}
