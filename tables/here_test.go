package tables

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// rigAt is newRig on the clock c, which several rigs may share.
func rigAt(t *testing.T, cfg Config, c *FakeClock) *rig {
	t.Helper()
	r := &rig{t: t, clock: c, sink: &memSink{}, log: &testLog{}, errc: make(chan error, 1)}
	cfg.Clock, cfg.Sink, cfg.Logger = c, r.sink, r.log
	tb, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	r.run(tb)
	return r
}

// A restored table knows when each seat's person last came to it, from its
// journal, so the lobby still sends a person with seats in two games to
// the one they were at last: alice, seated at A and B, comes to A, later
// to B, and leaves each; both tables stop and are restored. Their
// summaries have her at A when she came there and at B when she came
// there, later (not when she left, nor when the table was restored).
func TestRestoredTableKnowsWhenEachCameLast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clock := NewFakeClock(t0)
		reg := engine.NewRegistry(toyRuleset("toy"))
		rigs, journals := map[string]*rig{}, map[string]*memJournal{}
		for _, id := range []string{"A", "B"} {
			cfg := defaultConfig("toy")
			cfg.ID, cfg.SeatHold = id, 30*time.Minute // the game holds for her, not a bot's to play out
			journals[id] = newMemJournal()
			cfg.Journal = journals[id]
			rigs[id] = rigAt(t, cfg, clock)
			must(t, rigs[id].table.Start(alice))
		}
		came := map[string]time.Time{}
		for _, id := range []string{"A", "B"} {
			clock.Advance(time.Minute)
			came[id] = clock.Now()
			w := rigs[id].subscribe(alice)
			w.now()
			clock.Advance(time.Minute)
			w.sub.Close()
			synctest.Wait()
		}
		restored := map[string]Summary{}
		for _, id := range []string{"A", "B"} {
			must(t, ignoreCanceled(rigs[id].stop()))
			rr := restoredRig(t, reg, journals[id].saved(id), Config{SeatHold: 30 * time.Minute}, journals[id])
			restored[id] = rr.summary()
		}
		a, b := restored["A"].LastHere, restored["B"].LastHere
		if !a[0].Equal(came["A"]) || !b[0].Equal(came["B"]) {
			t.Fatalf("restored: alice last here at A %v, at B %v; want %v and %v, when she came", a[0], b[0], came["A"], came["B"])
		}
		if !b[0].After(a[0]) {
			t.Fatalf("restored: alice at B %v, not after A %v", b[0], a[0])
		}
		if !a[1].IsZero() || !b[1].IsZero() {
			t.Fatalf("restored: a bot's seat last here at %v, %v; want zero", a[1], b[1])
		}
	})
}
