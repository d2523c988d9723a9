package tui

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/tables"
)

// outOfTurn gives a key of the game pressed while it is not the player's
// turn a one-line reason; other keys get none.
func (tm *tableModel) outOfTurn(turn int, gameKey bool) tea.Cmd {
	if !gameKey {
		return nil
	}
	tx := tm.m.tx
	switch {
	case tm.sittingOut():
		tm.turnNote = tm.sitOutLine()
	case tm.snap.Paused && turn == tm.snap.You:
		tm.turnNote = tx.err(tables.ErrTrickShown)
	case turn >= 0 && turn < len(tm.snap.Seats):
		tm.turnNote = tx.f("Not your turn: %s is to move. Your keys work when it is yours.", tm.plainName(turn))
	default:
		tm.turnNote = tx.get("Not your turn: the cards are being dealt.")
	}
	tm.m.say(tm.turnNote, false)
	return nil
}

// turnMoved takes the turn's line away once the turn is the player's, or
// has passed on to someone it does not name, or the pause it spoke of ended.
func (tm *tableModel) turnMoved() {
	if tm.turnNote != "" && tm.m.status == tm.turnNote {
		tm.m.say("", false)
	}
	tm.turnNote = ""
}

// refusedForNow reports whether the table refused a move for the moment
// only: its line is the turn's (turnNote).
func refusedForNow(err error) bool {
	for _, e := range []error{tables.ErrNotYourTurn, tables.ErrTrickShown, tables.ErrSavePaused, tables.ErrMoveHeld} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// trickGameKey reports whether k bids, names trump, chooses or plays a
// card in a trick game.
func trickGameKey(k string) bool {
	switch k {
	case "enter", " ", "left", "right", "home", "end", "backspace":
		return true
	}
	return len(k) == 1 && strings.Contains("0123456789shdcnpkxorz", k)
}

// ddGameKey reports whether k bids, passes, marks, hints or plays in Dou
// Dizhu.
func ddGameKey(k string) bool {
	switch k {
	case "enter", " ", "left", "right", "backspace", "ctrl+w", "ctrl+u":
		return true
	}
	return len(k) == 1 && strings.Contains("0123456789tjqkabrpxdvh", strings.ToLower(k))
}
