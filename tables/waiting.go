package tables

import (
	"bytes"
	"fmt"
)

// A table waiting for its start is kept in its journal while it waits: a
// header with "waiting" set, the table's settings (host, private flag,
// invite code, timers, bot levels, who was let in), who has taken which
// seat and the last chat lines (chatjournal.go), written afresh each time
// one of them changes. After a restart or a
// crash it comes back waiting, each of those people away in their seat
// until they are back. When its game starts, the game's journal takes its
// place; when it closes unstarted, its journal is dropped. Only a Journal
// that is a Dropper keeps waiting tables.

// keepWaiting writes the waiting table's journal when what it holds has
// changed since it was last written.
func (t *Table) keepWaiting() {
	d, ok := t.cfg.Journal.(Dropper)
	if !ok || t.begun() || t.phase != Waiting {
		return
	}
	names := make([]string, len(t.seats))
	for i, s := range t.seats {
		names[i] = s.owner.Name
	}
	line, err := t.journalHeader(names, true)
	if err == nil && bytes.Equal(line, t.jr.waiting) {
		return
	}
	if err == nil {
		err = d.Reset(t.cfg.ID, line)
	}
	if err != nil {
		t.log.Error("table: the waiting table could not be kept for a restart", "table", t.cfg.ID, "err", err)
	}
	t.jr.waiting = line // a failed write is tried again at the next change
}

// dropWaiting forgets the journal of a waiting table that closed.
func (t *Table) dropWaiting() {
	d, ok := t.cfg.Journal.(Dropper)
	if !ok || t.jr.waiting == nil {
		return
	}
	if err := d.Drop(t.cfg.ID); err != nil {
		t.log.Error("table: the closed waiting table's journal could not be dropped", "table", t.cfg.ID, "err", err)
	}
	t.jr.waiting = nil
}

// restoreWaiting brings back a table keepWaiting kept. Its journal stays
// until the table starts or closes.
func restoreWaiting(saved Saved, cfg Config, room roomHeader) (*Table, error) {
	if len(saved.Lines) > 0 {
		return nil, fmt.Errorf("restore %s: a waiting table's journal has %d lines, want none", saved.Table, len(saved.Lines))
	}
	if _, ok := cfg.Journal.(Dropper); !ok {
		return nil, fmt.Errorf("restore %s: a waiting table needs a journal that can drop it", saved.Table)
	}
	t, err := New(cfg)
	if err != nil {
		return nil, fmt.Errorf("restore %s: %w", saved.Table, err)
	}
	for i := range t.seats {
		if i < len(room.Owners) && room.Owners[i] != nil && room.Owners[i].ID != "" {
			t.seats[i] = seat{owner: room.Owners[i].player()} // away until they are back
		}
	}
	t.hostGone = room.HostGone
	t.restoreChat(room)
	t.jr.waiting = saved.Header
	if saved.Moved {
		t.system("the table moved to another server: it still waits for its start, with its seats kept")
	}
	t.lastSum = t.summary()
	t.summaries.Put(t.lastSum)
	return t, nil
}
