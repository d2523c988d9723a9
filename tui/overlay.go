package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// Settings and help over the table: the player keeps the seat (they are
// connected and at the table, so no bot plays for them), and the header
// keeps counting their turn down.

type overlay uint8

const (
	noOverlay overlay = iota
	settingsOverlay
	helpOverlay
)

// overlayKey handles k when an overlay is open, or opens one (s, ?; s
// in the help too); done says k was used.
func (tm *tableModel) overlayKey(k tea.KeyMsg) (cmd tea.Cmd, done bool) {
	m := tm.m
	switch tm.overlay {
	case helpOverlay:
		tm.overlay = noOverlay // any key closes it, s to the settings
		if k.String() == "s" {
			tm.overlay = settingsOverlay
		}
		return nil, true
	case settingsOverlay:
		switch k.String() {
		case "esc", "q", "enter", "s":
			tm.overlay = noOverlay
			return nil, true
		}
		return m.settingsKey(k), true
	}
	if tm.chatIn != nil || tm.cmdIn != nil || tm.leaving {
		return nil, false
	}
	switch k.String() {
	case "?":
		tm.overlay = helpOverlay
		return nil, true
	case "s":
		if !tm.namingTrump() { // there s names spades
			tm.overlay = settingsOverlay
			return nil, true
		}
	}
	return nil, false
}

// namingTrump reports whether the player is to name trump now.
func (tm *tableModel) namingTrump() bool {
	v, ok := tm.snap.View.(*trick.View)
	return ok && tm.myTurn && v.Phase == trick.PhaseTrump
}

// overlayView is the open overlay, drawn under the table's header.
func (tm *tableModel) overlayView() string {
	m := tm.m
	note := ""
	if line := tm.overlayNote(); line != "" {
		note = m.st.Subtle.Render(line) + "\n\n"
	}
	if tm.overlay == settingsOverlay {
		return note + m.settingsView()
	}
	return note + m.st.Bold.Render(m.tx.get("s opens your settings here: language, cards, colours, bell.")) + "\n\n" + m.helpView()
}

// overlayNote says what becomes of the viewer's seat meanwhile: only a
// person seated has one, and only a running game has a turn timer.
func (tm *tableModel) overlayNote() string {
	switch s, tx := tm.snap, tm.m.tx; {
	case s.You < 0 || tm.replaying:
		return ""
	case s.Phase == tables.Playing:
		return tx.get("Your seat is kept while this is open; your turn timer runs on.")
	case s.Phase == tables.Waiting:
		return tx.get("Your seat is kept while this is open.")
	}
	return ""
}

func (tm *tableModel) overlayKeys() []binding {
	tx := tm.m.tx
	if tm.overlay == settingsOverlay {
		return []binding{{"↑↓", tx.get("choose")}, {"←→", tx.get("change")}, {"esc", tx.get("back to the table")}}
	}
	return []binding{{"s", tx.get("settings")}, {tx.get("any key"), tx.get("back to the table")}}
}
