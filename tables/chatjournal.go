package tables

import (
	"encoding/json"
	"slices"
	"time"
)

// The chat outlives a restart and a move to another node, bounded as the
// table keeps it (Config.ChatLines): a waiting table's header, written
// afresh at each change, holds its last lines; a game's header holds the
// lines said before its start, and an "x-chat" line follows each one
// after. The restored table keeps the last ChatLines of them, then says
// it restarted or moved.

// chatJSON is a chat line in the journal.
type chatJSON struct {
	T      time.Time `json:"t"`
	From   string    `json:"from,omitempty"`
	Seat   int       `json:"seat"`
	Text   string    `json:"text"`
	System bool      `json:"system,omitempty"`
}

// chatEntry is the journal's "x-chat" line: a line said during the game.
type chatEntry struct {
	E string `json:"e"`
	chatJSON
}

const evChat = "x-chat"

func toChatJSON(l ChatLine) chatJSON {
	return chatJSON{T: l.Time, From: l.From, Seat: l.Seat, Text: l.Text, System: l.System}
}

func (c chatJSON) line() ChatLine {
	return ChatLine{Time: c.T, From: c.From, Seat: c.Seat, Text: c.Text, System: c.System}
}

// chatForHeader is the chat as a journal header holds it.
func (t *Table) chatForHeader() []chatJSON {
	out := make([]chatJSON, 0, len(t.chat))
	for _, l := range t.chat {
		out = append(out, toChatJSON(l))
	}
	return out
}

// keepChat adds l to the chat the table keeps, dropping the oldest lines
// beyond Config.ChatLines.
func (t *Table) keepChat(l ChatLine) {
	t.chat = append(t.chat, l)
	if n := len(t.chat) - t.cfg.ChatLines; n > 0 {
		t.chat = slices.Delete(t.chat, 0, n)
	}
}

// queueChat queues an x-chat line for the journal of a started game (the
// game's header holds the lines said before; a waiting table's holds all).
func (t *Table) queueChat(l ChatLine) {
	if !t.jr.started && t.jr.header == nil {
		return
	}
	t.queueLine("chat", chatEntry{E: evChat, chatJSON: toChatJSON(l)})
}

// restoreChat takes the chat of a journal's header back.
func (t *Table) restoreChat(room roomHeader) {
	for _, c := range room.Chat {
		t.keepChat(c.line())
	}
}

// replayChat takes a journaled x-chat line back.
func (t *Table) replayChat(line []byte) error {
	var c chatEntry
	if err := json.Unmarshal(line, &c); err != nil {
		return err
	}
	t.keepChat(c.line())
	return nil
}
