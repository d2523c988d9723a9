package tables

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// dropJournal is a memJournal that keeps waiting tables (a Dropper).
type dropJournal struct{ *memJournal }

func (j dropJournal) Reset(id string, header []byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.header[id] = bytes.Clone(header)
	delete(j.lines, id)
	return nil
}

func (j dropJournal) Drop(id string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	delete(j.header, id)
	delete(j.lines, id)
	return nil
}

// A private table stopped while waiting is kept in its journal and comes
// back waiting, with its settings, invite code, host and the seats taken
// (their people away until they are back); the journal stays until the
// game, once started, takes its place.
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
		if j.saved("w1").Header == nil {
			t.Error("the restore dropped the waiting table's journal before the table started")
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
		if waitingHeader(t, j.header["w1"]) {
			t.Error("the started game's journal is still the waiting table's")
		}
	})
}

// waitingHeader reports whether a journal header is a waiting table's.
func waitingHeader(t *testing.T, header []byte) bool {
	t.Helper()
	if header == nil {
		return false
	}
	var h struct {
		Room roomHeader `json:"cardroom_table"`
	}
	if err := json.Unmarshal(header, &h); err != nil {
		t.Fatalf("journal header %s: %v", header, err)
	}
	return h.Room.Waiting
}

// A waiting table is in its journal from the moment it opens, and each
// seat taken is written as it is taken, so a crash (the server gone with
// no chance to save anything) loses neither: restored from the journal as
// the crash left it, bob's seat is there. A waiting table that closes
// unstarted drops its journal.
func TestWaitingTableSurvivesACrash(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs, err := realRegistry().Lookup("boerenbridge")
		must(t, err)
		j := dropJournal{newMemJournal()}
		cfg := Config{ID: "w2", Name: "ada's", Ruleset: rs, Seats: 4, Host: alice, SeatHost: true, Code: "7KQ2MX", Private: true, Seed: 9, Journal: j, IdleClose: time.Minute}
		r := newRig(t, cfg)
		r.summary()
		if !waitingHeader(t, j.saved("w2").Header) {
			t.Fatal("the new waiting table is not in its journal")
		}
		must(t, r.table.Sit(bob, 3))
		r.summary()
		crash := j.saved("w2") // what a kill -9 now would leave

		j2 := dropJournal{newMemJournal()}
		j2.header["w2"] = crash.Header
		r2 := &rig{t: t, clock: r.clock, sink: r.sink, log: r.log, errc: make(chan error, 1)}
		tb, err := Restore(realRegistry(), crash, Config{Clock: r.clock, Sink: r.sink, Logger: r.log, Journal: j2, IdleClose: time.Minute})
		must(t, err)
		r2.run(tb)
		s := r2.summary()
		if s.Phase != Waiting || tb.Code() != "7KQ2MX" || s.Owners[0] != alice.ID || s.Owners[3] != bob.ID {
			t.Fatalf("restored after a crash: %+v (code %q), want ada's table waiting with alice and bob seated", s, tb.Code())
		}

		// Nobody comes back: the table closes, and its journal goes with it.
		r2.advance(2 * time.Minute)
		synctest.Wait()
		if h := j2.saved("w2").Header; h != nil {
			t.Errorf("the closed waiting table left its journal: %s", h)
		}
	})
}

// A waiting table another server takes over (Saved.Moved) tells its chat
// that it moved, as a running game does; one restored after a restart of
// its own server does not.
func TestMovedWaitingTableSaysSo(t *testing.T) {
	for _, moved := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			rs, err := realRegistry().Lookup("singularity")
			must(t, err)
			j := dropJournal{newMemJournal()}
			cfg := Config{ID: "t1", Ruleset: rs, Seats: 4, Host: alice, SeatHost: true, Seed: 5, Journal: j}
			r := newRig(t, cfg)
			must(t, r.table.Sit(bob, 1))
			r.stop()
			saved := j.saved("t1")
			saved.Moved = moved
			tb, err := Restore(realRegistry(), saved, Config{Clock: r.clock, Sink: r.sink, Logger: r.log, Journal: j})
			must(t, err)
			r2 := &rig{t: t, clock: r.clock, sink: r.sink, log: r.log, errc: make(chan error, 1)}
			r2.run(tb)
			said := false
			for _, l := range r2.subscribe(bob).now().Chat {
				said = said || l.System && strings.HasPrefix(l.Text, "the table moved to another server")
			}
			if said != moved {
				t.Errorf("moved %v: the chat says the table moved: %v", moved, said)
			}
		})
	}
}
