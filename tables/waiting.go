package tables

import (
	"context"
	"errors"
	"fmt"
)

// A table still waiting for its start when the server stops is kept in its
// journal: a header with "waiting" set, the table's settings (host, private
// flag, invite code, timers, bot levels, who was let in) and who had taken
// which seat. The next start brings it back waiting, each of those people
// away in their seat until they are back, and drops that journal (the game,
// once started, journals afresh). Only a Journal that is a Dropper keeps
// waiting tables; a crash loses them, as nothing was journaled before.

// keepWaiting journals a waiting table the server stops, for the next start.
func (t *Table) keepWaiting(err error) {
	if _, ok := t.cfg.Journal.(Dropper); !ok || !(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return
	}
	names := make([]string, len(t.seats))
	for i, s := range t.seats {
		names[i] = s.owner.Name
	}
	line, herr := t.journalHeader(names, true)
	if herr == nil {
		herr = t.cfg.Journal.Start(t.cfg.ID, line)
	}
	if herr != nil {
		t.log.Error("table: the waiting table could not be kept for the next start", "table", t.cfg.ID, "err", herr)
		return
	}
	t.log.Info("table: waiting table kept for the next start", "table", t.cfg.ID)
}

// restoreWaiting brings back a table keepWaiting kept and drops its journal.
func restoreWaiting(saved Saved, cfg Config, room roomHeader) (*Table, error) {
	if len(saved.Lines) > 0 {
		return nil, fmt.Errorf("restore %s: a waiting table's journal has %d lines, want none", saved.Table, len(saved.Lines))
	}
	d, ok := cfg.Journal.(Dropper)
	if !ok {
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
	if err := d.Drop(saved.Table); err != nil {
		return nil, fmt.Errorf("restore %s: drop the waiting table's journal: %w", saved.Table, err)
	}
	t.lastSum = t.summary()
	t.summaries.Put(t.lastSum)
	return t, nil
}
