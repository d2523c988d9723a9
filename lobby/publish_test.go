package lobby

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// newCoalescingRig is newRig with Config.PublishEvery set.
func newCoalescingRig(t *testing.T, every time.Duration) *rig {
	t.Helper()
	r := &rig{clock: tables.NewFakeClock(t0), sink: &memSink{}, errc: make(chan error, 1)}
	r.l = New(Config{
		Registry: engine.NewRegistry(turnsRuleset()), Sink: r.sink, Clock: r.clock,
		Seed: 42, BotPace: time.Second, TurnTimer: Off, PublishEvery: every,
	})
	go func() { r.errc <- r.l.Run(context.Background()) }()
	t.Cleanup(func() {
		if err := r.l.Shutdown(context.Background()); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		<-r.errc
	})
	return r
}

// onlineNames lists who an update shows online.
func onlineNames(u Update) string {
	var n []string
	for _, o := range u.Online {
		n = append(n, o.Name)
	}
	return strings.Join(n, ",")
}

// next takes the update waiting in sub's mailbox once the lobby is idle;
// ok is false when none is waiting (nothing was published).
func next(sub *Subscription) (u Update, ok bool) {
	synctest.Wait()
	select {
	case u, ok = <-sub.C:
		return u, ok
	default:
		return Update{}, false
	}
}

// A burst of changes reaches a lobby screen as two updates: the first
// change at once (leading), then everything else together when the
// interval ends (trailing), carrying the state at that moment. Nothing is
// published in between, nothing is lost, and a quiet lobby arms no timer.
func TestPublishCoalescesBursts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const every = 250 * time.Millisecond
		r := newCoalescingRig(t, every)
		sub, err := r.l.Subscribe()
		must(t, err)
		defer sub.Close()
		u0, ok := next(sub)
		if !ok || onlineNames(u0) != "" {
			t.Fatalf("first update %+v (ok %v), want an empty lobby", u0, ok)
		}
		r.clock.Advance(time.Second) // quiet since the lobby started

		enter(t, r.l, "K1", "alice")
		lead, ok := next(sub)
		if !ok || onlineNames(lead) != "alice" {
			t.Fatalf("leading update %+v (ok %v), want alice online at once", lead, ok)
		}
		if n := r.clock.Pending(); n != 0 {
			t.Fatalf("%d timers pending after a leading publish, want 0", n)
		}

		// The burst: within the interval, nothing reaches the screen.
		enter(t, r.l, "K2", "bob")
		enter(t, r.l, "K3", "carol")
		r.clock.Advance(100 * time.Millisecond)
		mid, err := r.l.Subscribe() // a screen opened meanwhile sees the state now
		must(t, err)
		defer mid.Close()
		if u, ok := next(mid); !ok || onlineNames(u) != "alice,bob,carol" {
			t.Fatalf("a new subscriber's first update: %q (ok %v), want alice,bob,carol", onlineNames(u), ok)
		}
		must(t, r.l.Exit("K1"))
		enter(t, r.l, "K4", "dave")
		if u, ok := next(sub); ok {
			t.Fatalf("published within the interval: %q", onlineNames(u))
		}
		if n := r.clock.Pending(); n != 1 {
			t.Fatalf("%d timers pending during a burst, want the one trailing publish", n)
		}
		r.clock.Advance(every - 100*time.Millisecond - time.Nanosecond)
		if u, ok := next(sub); ok {
			t.Fatalf("published before the interval ended: %q", onlineNames(u))
		}

		r.clock.Advance(time.Nanosecond) // the interval ends
		trail, ok := next(sub)
		if !ok || onlineNames(trail) != "bob,carol,dave" {
			t.Fatalf("trailing update %q (ok %v), want the final state bob,carol,dave", onlineNames(trail), ok)
		}
		if u, ok := next(mid); !ok || onlineNames(u) != "bob,carol,dave" {
			t.Fatalf("the new subscriber's trailing update %q (ok %v)", onlineNames(u), ok)
		}
		if trail.Version <= lead.Version {
			t.Fatalf("versions: leading %d, trailing %d", lead.Version, trail.Version)
		}
		if list, err := r.l.List(); err != nil || onlineNames(list) != onlineNames(trail) || list.Version != trail.Version {
			t.Fatalf("List after the trailing publish: %+v, %v; want the trailing update", list, err)
		}
		if n := r.clock.Pending(); n != 0 {
			t.Fatalf("%d timers pending after the trailing publish, want 0", n)
		}

		// A change right after the trailing publish waits for the next
		// interval; one after a quiet interval goes out at once.
		must(t, r.l.Exit("K2"))
		if u, ok := next(sub); ok {
			t.Fatalf("published within an interval of the trailing publish: %q", onlineNames(u))
		}
		r.clock.Advance(every)
		if u, ok := next(sub); !ok || onlineNames(u) != "carol,dave" {
			t.Fatalf("second trailing update %q (ok %v)", onlineNames(u), ok)
		}
		r.clock.Advance(time.Second)
		if u, ok := next(sub); ok {
			t.Fatalf("published with nothing changed: %q", onlineNames(u))
		}
		if n := r.clock.Pending(); n != 0 {
			t.Fatalf("%d timers pending in a quiet lobby, want 0", n)
		}
		enter(t, r.l, "K5", "erin")
		if u, ok := next(sub); !ok || onlineNames(u) != "carol,dave,erin" {
			t.Fatalf("leading update after a quiet interval %q (ok %v)", onlineNames(u), ok)
		}
	})
}

// Shutdown with a trailing publish pending stops its timer.
func TestPublishTimerStoppedOnShutdown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newCoalescingRig(t, time.Second)
		sub, err := r.l.Subscribe()
		must(t, err)
		enter(t, r.l, "K1", "alice") // within a second of the start: trailing
		synctest.Wait()
		if n := r.clock.Pending(); n != 1 {
			t.Fatalf("%d timers pending, want the trailing publish's", n)
		}
		must(t, r.l.Shutdown(context.Background()))
		if n := r.clock.Pending(); n != 0 {
			t.Fatalf("%d timers pending after Shutdown, want 0", n)
		}
		for range sub.C { // closed by the lobby
		}
		sub.Close()
	})
}

// With PublishEvery zero every change is published at once and no timer
// is ever armed (what the other tests rely on).
func TestPublishImmediateByDefault(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		sub, err := r.l.Subscribe()
		must(t, err)
		defer sub.Close()
		next(sub)
		for i, want := range []string{"alice", "alice,bob", "bob"} {
			switch i {
			case 0:
				enter(t, r.l, "K1", "alice")
			case 1:
				enter(t, r.l, "K2", "bob")
			case 2:
				must(t, r.l.Exit("K1"))
			}
			if u, ok := next(sub); !ok || onlineNames(u) != want {
				t.Fatalf("change %d: update %q (ok %v), want %q at once", i, onlineNames(u), ok, want)
			}
			if n := r.clock.Pending(); n != 0 {
				t.Fatalf("%d timers pending", n)
			}
		}
	})
}

// The online list stays sorted by name through entries, second sessions,
// renames and exits, and an update already handed out never changes.
func TestRosterSharedButImmutable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		enter(t, l, "K2", "mallory")
		enter(t, l, "K1", "bob")
		enter(t, l, "K3", "alice")
		before, err := l.List()
		must(t, err)
		enter(t, l, "K1", "zed") // a second session, under another name
		enter(t, l, "K4", "carol")
		must(t, l.Exit("K2"))
		if got := onlineNames(before); got != "alice,bob,mallory" {
			t.Fatalf("an update handed out changed: %s", got)
		}
		after, err := l.List()
		must(t, err)
		if got := onlineNames(after); got != "alice,carol,zed" {
			t.Fatalf("online %s, want alice,carol,zed", got)
		}
		for _, o := range after.Online {
			if o.ID == "K1" && o.Sessions != 2 {
				t.Fatalf("K1 has %d sessions, want 2", o.Sessions)
			}
		}
		must(t, l.Exit("K1"))
		again, err := l.List()
		must(t, err)
		if got := onlineNames(again); got != "alice,carol,zed" || again.Online[2].Sessions != 1 {
			t.Fatalf("after one of K1's sessions left: %+v", again.Online)
		}
		// zed is K1's now: someone else asking for it gets a variant, and
		// bob is free again.
		if e, _ := l.Enter("K5", "Zed", false); e.Player.Name != "Zed2" {
			t.Fatalf("another key asking for zed: %q", e.Player.Name)
		}
		if e, _ := l.Enter("K6", "bob", true); e.Player.Name != "bob2" {
			// bob is still reserved to K1 in memory (not online)
			t.Fatalf("a guest asking for bob: %q", e.Player.Name)
		}
	})
}

// A table people could sit at that no longer can (it started) is
// published at once even within the interval: quick play joins the first
// waiting table a lobby screen shows, and must not be sent to a full one.
func TestPublishAtOnceWhenATableCloses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newCoalescingRig(t, time.Second)
		sub, err := r.l.Subscribe()
		must(t, err)
		defer sub.Close()
		next(sub)
		r.clock.Advance(2 * time.Second)
		host := enter(t, r.l, "K1", "alice")
		if _, ok := next(sub); !ok {
			t.Fatal("no leading update")
		}
		c, err := r.l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Watch: true})
		must(t, err)
		_, err = r.l.Watch(host, c.Info.ID) // the host is there to start it
		must(t, err)
		if u, ok := next(sub); ok {
			t.Fatalf("a new table was published within the interval: %+v", u.Tables)
		}
		must(t, c.Table.Start(host)) // bots take the three seats
		u, ok := next(sub)
		if !ok || len(u.Tables) != 1 || u.Tables[0].Phase == tables.Waiting || u.Tables[0].Free != 0 {
			t.Fatalf("after the start: %+v (ok %v), want the started table at once", u.Tables, ok)
		}
	})
}
