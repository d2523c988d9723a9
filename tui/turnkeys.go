package tui

import (
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
		tm.notYours = tm.sitOutLine()
	case tm.snap.Paused && turn == tm.snap.You:
		tm.notYours = tx.err(tables.ErrTrickShown)
	case turn >= 0 && turn < len(tm.snap.Seats):
		tm.notYours = tx.f("Not your turn: %s is to move. Your keys work when it is yours.", tm.plainName(turn))
	default:
		tm.notYours = tx.get("Not your turn: the cards are being dealt.")
	}
	tm.m.say(tm.notYours, false)
	return nil
}

// yoursNow takes the out-of-turn line away once the turn is the player's,
// or has passed on to someone it does not name.
func (tm *tableModel) yoursNow() {
	if tm.notYours != "" && tm.m.status == tm.notYours {
		tm.m.say("", false)
	}
	tm.notYours = ""
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
	case "enter", " ", "left", "right", "backspace":
		return true
	}
	return len(k) == 1 && strings.Contains("0123456789tjqkabrpxdvh", strings.ToLower(k))
}
