package tables

import (
	"encoding/json"
	"testing"
	"testing/synctest"
)

// dropJournal is a memJournal that keeps waiting tables (a Dropper).
type dropJournal struct{ *memJournal }

func (j dropJournal) Drop(id string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	delete(j.header, id)
	delete(j.lines, id)
	return nil
}

// A private table stopped while waiting is kept in its journal and comes
// back waiting, with its settings, invite code, host and the seats taken
// (their people away until they are back); the restore drops that journal,
// and the game, once started, journals afresh.
func TestWaitingTableSurvivesAStop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs, err := realRegistry().Lookup("singularity")
		must(t, err)
		j := dropJournal{newMemJournal()}
		cfg := Config{ID: "w1", Name: "carol's", Ruleset: rs, Seats: 4, Host: alice, SeatHost: true, Private: true, Code: "3HHF3W", Seed: 5, Journal: j, BotLevels: []string{"", "strong"}}
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 2))
		if err := r.stop(); err == nil {
			t.Fatal("Run returned nil after its context ended")
		}
		saved := j.saved("w1")
		var h struct {
			Room roomHeader `json:"cardroom_table"`
		}
		if err := json.Unmarshal(saved.Header, &h); err != nil || !h.Room.Waiting {
			t.Fatalf("the stopped waiting table left the header %s (%v), want one marked waiting", saved.Header, err)
		}

		r2 := &rig{t: t, clock: r.clock, sink: r.sink, log: r.log, errc: make(chan error, 1)}
		tb, err := Restore(realRegistry(), saved, Config{Clock: r.clock, Sink: r.sink, Logger: r.log, Journal: j})
		must(t, err)
		if j.saved("w1").Header != nil {
			t.Error("the restore left the waiting table's journal behind")
		}
		r2.run(tb)
		s := r2.summary()
		if s.Phase != Waiting || !s.Private || tb.Code() != "3HHF3W" || s.Name != "carol's" || s.HostID != alice.ID || s.Humans != 2 || s.Free != 2 {
			t.Fatalf("restored %+v (code %q), want carol's private table waiting with alice and bob seated", s, tb.Code())
		}
		if s.Owners[0] != alice.ID || s.Owners[2] != bob.ID {
			t.Fatalf("seats owned by %v, want alice at 1 and bob at 3", s.Owners)
		}
		if got := tb.cfg.BotLevels; len(got) != 2 || got[1] != "strong" {
			t.Errorf("bot levels %v, want the created ones", got)
		}
		must(t, tb.Start(alice))
		r2.summary()
		j.mu.Lock()
		defer j.mu.Unlock()
		if j.header["w1"] == nil && len(j.finished) == 0 {
			t.Error("the started game has no journal")
		}
	})
}
