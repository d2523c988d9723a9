package tables

import (
	"slices"
	"time"
)

// idleAfter is how long a table nobody is at lasts in its phase:
// IdleClose while it waits for its start, SeatHold while its game waits
// for its people (waitsForPeople), UnattendedClose while its game runs
// (0: for ever).
func (t *Table) idleAfter() time.Duration {
	switch {
	case t.phase == Waiting:
		return t.cfg.IdleClose
	case t.waitsForPeople():
		return t.cfg.SeatHold
	case t.phase == Playing:
		return t.cfg.UnattendedClose
	}
	return 0
}

// nobodyAt reports whether nobody is at the table: no subscriber and no
// connected person in a seat.
func (t *Table) nobodyAt() bool {
	return len(t.subs) == 0 && !t.playerAt()
}

// playerAt reports whether a person with a seat is at the table.
func (t *Table) playerAt() bool {
	return slices.ContainsFunc(t.seats, func(s seat) bool { return s.owner.ID != "" && s.connected })
}

// waitsForPeople reports whether a running game holds still for its
// people: none of them is at its table (spectators do not count), but a
// person still has a seat there (gone to the lobby, dropped, or not back
// since a restart). No bot moves and no turn timer runs until one of them
// comes back (a due deal still goes on: it is nobody's move); after
// SeatHold the game ends.
func (t *Table) waitsForPeople() bool {
	return t.phase == Playing && t.cfg.SeatHold > 0 && !t.playerAt() &&
		slices.ContainsFunc(t.seats, func(s seat) bool { return s.owner.ID != "" })
}
