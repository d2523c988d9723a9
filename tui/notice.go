package tui

import (
	"strings"

	"github.com/cardroom/cardroom/tables"
)

// noticeKey is what the notice line depends on (gen 0: the snapshot's
// fields it shows are in the key).
type noticeKey struct {
	partsKey
	closed  bool   // the table has closed
	why     string // why it closed
	away    string // the away line (away.go)
	unsaved bool   // the table cannot save its game (Snapshot.Unsaved)
	moving  bool   // the table moves to another node (Snapshot.Moving)
	held    bool   // the game waits for its people (Snapshot.Held)
}

// notice is the line about the table as a whole: it has closed, cannot
// save its game, is reconnecting, waits for its people, or the player is
// away; "" for none. It goes on the row kept for it above the status line
// (placeNotice), so the table never moves when it comes or goes.
func (tm *tableModel) notice() string {
	s := tm.snap
	key := noticeKey{
		partsKey: tm.key0().sansSnapshot(), closed: tm.ended && s.Phase != tables.Over, away: tm.awayNotice(),
		unsaved: s.Unsaved, moving: s.Moving, held: s.Held && s.Phase == tables.Playing,
	}
	if key.closed {
		key.why = s.Ended
	}
	p := &tm.parts
	if p.noticeOK && p.noticeKey == key {
		return p.notice
	}
	st, tx := tm.m.st, tm.m.tx
	var parts []string
	if key.closed {
		parts = append(parts, st.Warn.Render(tx.get("This table has closed.")+" "+tx.message(s.Ended)))
	}
	if key.unsaved {
		parts = append(parts, st.Err.Render(tx.err(tables.ErrSavePaused)))
	}
	if key.moving {
		parts = append(parts, st.Warn.Render(tx.get("Reconnecting the table: its server is gone, another one takes it over…")))
	}
	if key.held {
		parts = append(parts, st.Warn.Render(tx.get("The game waits for its players to come back.")))
	}
	if key.away != "" {
		parts = append(parts, st.Warn.Render(key.away))
	}
	p.notice, p.noticeKey, p.noticeOK = joinFit(parts, st.Subtle.Render(" · "), tm.width()), key, true
	return p.notice
}

// placeNotice puts notice on row of the screen drawn (0 the first): the
// lines above it are cut or padded to reach it.
func placeNotice(screen string, row int, notice string) string {
	lines := strings.Split(strings.TrimSuffix(screen, "\n"), "\n")
	if screen == "" {
		lines = lines[:0]
	}
	row = max(row, 0)
	if len(lines) > row {
		lines = lines[:row]
	}
	for len(lines) < row {
		lines = append(lines, "")
	}
	return strings.Join(append(lines, notice), "\n")
}
