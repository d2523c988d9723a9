package tui

import (
	"slices"
	"strings"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// backToSeat sends a new session to its table as its first step: a person
// who holds a seat (they dropped, pressed esc, timed out) and logs in
// without a command, or with `join TABLE`, lands in their seat, their bot
// stopped (ON-2). `join` with any other id or code sits there the same way.
// Until the table answers (at once, or after a cluster node takes a
// table over) the screen says where the player is going; an error of the
// join is shown in the lobby.
func (m *model) backToSeat(seated []string) {
	if m.app.lobby == nil {
		return
	}
	args := m.sess.Args()
	target := ""
	switch {
	case len(args) == 0 && len(seated) > 0:
		target = seated[0]
	case len(args) >= 2 && args[0] == "join" && strings.TrimSpace(args[1]) != "":
		target = args[1]
		m.linked = true // Init does not join again
	default:
		return
	}
	m.entering = true // no lobby subscription, and the screen says so
	// Should the join fail, the lobby's cursor is on that table.
	m.lobbyPick = target
	m.first = m.join(target, -1)
}

// backNote is what esc says on the way back to the lobby: that the seat is
// kept only when it is, and what happens to it meanwhile.
func (tm *tableModel) backNote() string {
	s, tx := tm.snap, tm.m.tx
	switch {
	case tm.ended || s.Phase == tables.Over || s.You < 0 || s.You >= len(s.Seats):
		return tx.get("Back in the lobby.")
	case s.Phase == tables.Waiting:
		return tx.get("Back in the lobby. Your seat is kept: enter on the table takes you back.")
	}
	waits, plays := backNotes(tx)
	if s.SeatHold > 0 && !tm.othersSeated() {
		return waits
	}
	return plays
}

// backNotes are the notes esc leaves about a running game (backNote): the
// game waits for you, or a bot plays your seat.
func backNotes(tx *text) (waits, plays string) {
	return tx.get("Back in the lobby. Your seat is kept: the game waits for you."),
		tx.get("Back in the lobby. Your seat is kept: a bot plays it until you sit again.")
}

// followBackNote keeps esc's note true while the status line shows it:
// once the lobby shows the game left holding for its people, it says the
// game waits; once that game goes on again (another person is back), that
// a bot plays the seat.
func (m *model) followBackNote() {
	waits, plays := backNotes(m.tx)
	if m.backFrom == "" || m.status != waits && m.status != plays {
		m.backFrom = ""
		return
	}
	i := slices.IndexFunc(m.lobbyU.Tables, func(t lobby.TableInfo) bool { return t.ID == m.backFrom })
	note := m.status
	switch {
	case i < 0 || m.lobbyU.Tables[i].Phase != tables.Playing || !m.lobbyU.Tables[i].Holds(m.player.ID):
		// the game ended, or the host gave the seat to a bot: nothing is kept
		m.backFrom, note = "", m.tx.get("Back in the lobby.")
	case m.lobbyU.Tables[i].Held:
		m.backHeld, note = true, waits
	case m.backHeld:
		note = plays
	}
	if note != m.status {
		m.say(note, false)
		m.drawn = ""
	}
}

// othersSeated reports whether another person with a seat is at the table
// (the game holds still without one, spectators or not:
// tables.Config.SeatHold).
func (tm *tableModel) othersSeated() bool {
	s := tm.snap
	for i, seat := range s.Seats {
		if i != s.You && seat.Name != "" && seat.Connected && (seat.Kind == tables.Human || seat.Kind == tables.Away) {
			return true
		}
	}
	return false
}

// freeSeats counts the seats nobody has taken (bots take them at the start).
func (tm *tableModel) freeSeats() int {
	n := 0
	for _, si := range tm.snap.Seats {
		if si.Kind == tables.Free {
			n++
		}
	}
	return n
}
