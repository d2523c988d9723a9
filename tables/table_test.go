package tables

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	alice = Player{ID: "SHA256:alice", Name: "alice"}
	bob   = Player{ID: "SHA256:bob", Name: "bob"}
	carol = Player{ID: "SHA256:carol", Name: "carol"}
	t0    = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
)

// memSink keeps saved records in memory.
type memSink struct {
	mu   sync.Mutex
	recs map[string][]byte
}

func (s *memSink) Save(id string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.recs == nil {
		s.recs = map[string][]byte{}
	}
	s.recs[id] = bytes.Clone(data)
	return nil
}

func (s *memSink) get(id string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return string(s.recs[id])
}

// testLog counts logged errors and warnings.
type testLog struct {
	mu       sync.Mutex
	errors   []string
	warnings []string
}

func (l *testLog) Info(any, ...any) {}
func (l *testLog) Warn(msg any, _ ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.warnings = append(l.warnings, msg.(string))
}
func (l *testLog) Error(msg any, _ ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.errors = append(l.errors, msg.(string))
}

// rig is a table running in its own goroutine inside a synctest bubble.
type rig struct {
	t      *testing.T
	table  *Table
	clock  *FakeClock
	sink   *memSink
	log    *testLog
	cancel context.CancelFunc
	errc   chan error // Run's result; size one
	// stopped and err keep Run's result once received.
	stopped bool
	err     error
}

func defaultConfig(rs string) Config {
	return Config{ID: "t1", Ruleset: toyRuleset(rs), Seats: 3, Host: alice, SeatHost: true, Seed: 7}
}

// newRig starts a table; call it inside synctest.Test. The table is stopped
// when the test ends.
func newRig(t *testing.T, cfg Config) *rig {
	t.Helper()
	r := &rig{t: t, clock: NewFakeClock(t0), sink: &memSink{}, log: &testLog{}, errc: make(chan error, 1)}
	cfg.Clock, cfg.Sink, cfg.Logger = r.clock, r.sink, r.log
	tb, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	r.run(tb)
	return r
}

// run runs tb as the rig's table until the test ends.
func (r *rig) run(tb *Table) {
	r.table = tb
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() { r.errc <- tb.Run(ctx) }()
	r.t.Cleanup(func() { r.stop() })
}

// stop cancels the table and returns Run's error.
func (r *rig) stop() error {
	r.cancel()
	if !r.stopped {
		r.stopped = true
		r.err = <-r.errc
	}
	return r.err
}

// advance lets the table finish what it is doing (a reply goes out before
// the table arms its timers), then moves the clock by d.
func (r *rig) advance(d time.Duration) {
	synctest.Wait()
	r.clock.Advance(d)
}

// wait waits for Run to return by itself.
func (r *rig) wait() error {
	if !r.stopped {
		r.stopped = true
		r.err = <-r.errc
	}
	return r.err
}

// summary is the table's newest summary for the lobby, once the bubble is
// idle (one not read before).
func (r *rig) summary() Summary {
	r.t.Helper()
	synctest.Wait()
	select {
	case s := <-r.table.Summaries():
		return s
	default:
		r.t.Fatal("no new summary for the lobby")
		return Summary{}
	}
}

// watcher reads a subscription's newest snapshot once the bubble is idle.
type watcher struct {
	t    *testing.T
	sub  *Subscription
	last Snapshot
	open bool
}

func (r *rig) subscribe(p Player) *watcher {
	r.t.Helper()
	sub, err := r.table.Subscribe(p)
	if err != nil {
		r.t.Fatalf("Subscribe(%s): %v", p.Name, err)
	}
	return &watcher{t: r.t, sub: sub, open: true}
}

// now waits until every goroutine of the bubble is blocked and returns the
// newest snapshot.
func (w *watcher) now() Snapshot {
	synctest.Wait()
	select {
	case s, ok := <-w.sub.C:
		if ok {
			w.last = s
		} else {
			w.open = false
		}
	default:
	}
	return w.last
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func kinds(s Snapshot) string {
	var b strings.Builder
	for _, seat := range s.Seats {
		b.WriteString(seat.Kind.String()[:1])
	}
	return b.String()
}

func TestMailboxLatestWins(t *testing.T) {
	m := NewMailbox[int]()
	for i := range 1000 { // never blocks without a reader
		m.Put(i)
	}
	if got := <-m.C(); got != 999 {
		t.Fatalf("got %d, want the newest value 999", got)
	}
	select {
	case v := <-m.C():
		t.Fatalf("got a second value %d, want none", v)
	default:
	}
	m.Put(1)
	m.Close()
	if v, ok := <-m.C(); !ok || v != 1 {
		t.Fatalf("after Close got %d, %v; want the value put before Close", v, ok)
	}
	if _, ok := <-m.C(); ok {
		t.Fatal("channel still open after Close")
	}
}

func TestMailboxConcurrentReader(t *testing.T) {
	m := NewMailbox[int]()
	done := make(chan int)
	go func() {
		last := -1
		for v := range m.C() {
			if v <= last {
				t.Errorf("got %d after %d: values must arrive in order", v, last)
			}
			last = v
		}
		done <- last
	}()
	for i := range 10000 {
		m.Put(i)
	}
	m.Close()
	if last := <-done; last != 9999 {
		t.Fatalf("reader's last value %d, want 9999", last)
	}
}

// ON-1: bots take every seat nobody took when the host starts.
func TestON1BotsFillSeatsOnStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Seats = 4
		r := newRig(t, cfg)
		w := r.subscribe(alice)
		must(t, r.table.Sit(bob, 2))
		if got := kinds(w.now()); got != "hfhf" {
			t.Fatalf("seats before start %q, want hfhf", got)
		}
		must(t, r.table.Start(alice))
		s := w.now()
		if got := kinds(s); got != "hbhb" {
			t.Fatalf("seats after start %q, want hbhb", got)
		}
		if s.Phase != Playing || s.View == nil || s.You != 0 {
			t.Fatalf("phase %v, view %v, you %d; want playing with seat 0's view", s.Phase, s.View, s.You)
		}
	})
}

// A whole game of bots: the table ends by itself, with standings and a
// record that replays to the same totals.
func TestBotsPlayWholeGameAndRecordReplays(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.SeatHost = false
		cfg.Options = engine.Options{"rounds": "3"}
		r := newRig(t, cfg)
		w := r.subscribe(carol)
		must(t, r.table.Start(alice))
		s := w.now()
		if err := r.wait(); err != nil {
			t.Fatalf("Run returned %v, want nil at the end of the game", err)
		}
		if s.Phase != Over || len(s.Standings) != 3 || s.Ended != "" {
			t.Fatalf("last snapshot: phase %v, standings %v, ended %q", s.Phase, s.Standings, s.Ended)
		}
		if s.View.ViewSeat() != engine.Spectator {
			t.Fatalf("carol watches: view seat %d, want spectator", s.View.ViewSeat())
		}
		if w.now(); w.open {
			t.Fatal("subscription still open after the table ended")
		}
		rec := r.sink.get("t1")
		rep, err := engine.Replay(engine.NewRegistry(toyRuleset("toy")), strings.NewReader(rec))
		if err != nil {
			t.Fatalf("replay: %v\n%s", err, rec)
		}
		if !rep.Ended || rep.Header.Table != "t1" || rep.Header.Seed != 7 || strings.Join(rep.Header.Seats, ",") != "Ada,Alan,Grace" {
			t.Fatalf("replay: ended %v, header %+v", rep.Ended, rep.Header)
		}
		if !strings.Contains(rec, `"t":"2026-01-02T03:04:05Z"`) {
			t.Fatalf("record events carry no time:\n%s", rec)
		}
		for i, st := range s.Standings {
			if st.Total != rep.Result.Totals[st.Seat] {
				t.Fatalf("standing %d: %+v, replayed total %d", i, st, rep.Result.Totals[st.Seat])
			}
		}
	})
}

// A subscriber that never reads does not delay the table: the game runs to
// its end while its mailbox holds one unread snapshot.
func TestSubscriberThatNeverReadsDoesNotDelayTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"rounds": "5"}
		cfg.BotPace = time.Second
		r := newRig(t, cfg)
		sub, err := r.table.Subscribe(bob) // never read until the end
		must(t, err)
		must(t, r.table.HandToBot(alice, 0))
		must(t, r.table.Start(alice))
		for range 100 {
			synctest.Wait()
			r.advance(time.Second)
		}
		if err := r.wait(); err != nil {
			t.Fatalf("Run: %v", err)
		}
		var n int
		var last Snapshot
		for s := range sub.C {
			n++
			last = s
		}
		if n != 1 || last.Phase != Over {
			t.Fatalf("the idle subscriber got %d snapshots (last phase %v), want 1: the newest, over", n, last.Phase)
		}
	})
}

func TestStandingsShareTies(t *testing.T) {
	got := Standings([]int{30, 50, 30, 10}, []string{"a", "b", "c", "d"})
	want := []Standing{{1, 1, "b", 50}, {2, 0, "a", 30}, {2, 2, "c", 30}, {4, 3, "d", 10}}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("standings %v, want %v", got, want)
		}
	}
}

// A spectator who no longer sees the table is no longer counted as watching
// it: once their last subscription closes (they went back to the lobby, or
// their session ended) the table drops them from its spectators, and the
// lobby's WATCH column with it.
func TestSpectatorLeavesWithTheirLastSubscription(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		a := r.subscribe(alice)
		must(t, r.table.Watch(bob))
		b1, b2 := r.subscribe(bob), r.subscribe(bob) // two sessions of one key
		if s := a.now(); !slices.Equal(s.Spectators, []string{"bob"}) {
			t.Fatalf("spectators %v, want [bob]", s.Spectators)
		}
		b1.sub.Close()
		if s := a.now(); !slices.Equal(s.Spectators, []string{"bob"}) {
			t.Fatalf("spectators %v after one of bob's two sessions left, want [bob]", s.Spectators)
		}
		b2.sub.Close()
		if s := a.now(); len(s.Spectators) != 0 {
			t.Fatalf("spectators %v after bob's last session left, want none", s.Spectators)
		}
		if sum := <-r.table.Summaries(); sum.Spectators != 0 {
			t.Fatalf("summary counts %d spectators, want 0", sum.Spectators)
		}

		// Back at once: the old subscription's close reaches the table after
		// the new Watch but before the new Subscribe. Subscribing from no
		// seat makes bob a spectator again.
		must(t, r.table.Watch(bob))
		b3 := r.subscribe(bob)
		b4 := r.subscribe(bob)
		must(t, r.table.Watch(bob))
		b3.sub.Close()
		if s := a.now(); len(s.Spectators) != 1 {
			t.Fatalf("spectators %v with one of bob's sessions left, want [bob]", s.Spectators)
		}
		must(t, r.table.Watch(bob)) // bob's new session watches…
		b4.sub.Close()              // …and only then the old one's close arrives
		b5 := r.subscribe(bob)
		if s := a.now(); !slices.Equal(s.Spectators, []string{"bob"}) {
			t.Fatalf("spectators %v after bob came back, want [bob]", s.Spectators)
		}
		b5.sub.Close()
	})
}
