package tables

import (
	"sort"
	"sync"
	"time"
)

// Clock is the table's only source of time: the turn timer, the bot pace and
// the times written into records. RealClock is the wall clock; tests use a
// FakeClock they advance by hand.
type Clock interface {
	Now() time.Time
	// NewTimer returns a timer whose channel receives once, d from now.
	NewTimer(d time.Duration) Timer
}

// Timer is a one-shot timer of a Clock.
type Timer interface {
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it was still
	// pending. After Stop no value is received from C.
	Stop() bool
}

// RealClock is the wall clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// NewTimer returns a time.Timer.
func (RealClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time { return r.t.C }
func (r realTimer) Stop() bool          { return r.t.Stop() }

// FakeClock is a Clock for tests: time stands still until Advance moves it,
// and Advance fires every timer that falls due, in order. It is safe for
// concurrent use. Pair it with testing/synctest's Wait to let the table react
// to a fired timer before looking at it.
type FakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer // pending, in no particular order
}

// NewFakeClock returns a fake clock that reads start.
func NewFakeClock(start time.Time) *FakeClock { return &FakeClock{now: start} }

// Now returns the fake time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer returns a timer that fires when Advance passes now+d.
func (c *FakeClock) NewTimer(d time.Duration) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, when: c.now.Add(d), ch: make(chan time.Time, 1)}
	if d <= 0 {
		t.ch <- c.now
		return t
	}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the clock forward by d and fires the timers that fall due.
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	sort.SliceStable(c.timers, func(i, j int) bool { return c.timers[i].when.Before(c.timers[j].when) })
	keep := c.timers[:0]
	for _, t := range c.timers {
		if t.when.After(c.now) {
			keep = append(keep, t)
			continue
		}
		t.ch <- t.when // size one, sent once: never blocks
	}
	clear(c.timers[len(keep):])
	c.timers = keep
}

// Pending is the number of timers that have not fired nor been stopped.
func (c *FakeClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

type fakeTimer struct {
	c    *FakeClock
	when time.Time
	ch   chan time.Time // size one; never closed
}

func (t *fakeTimer) C() <-chan time.Time { return t.ch }

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	for i, p := range t.c.timers {
		if p == t {
			t.c.timers = append(t.c.timers[:i], t.c.timers[i+1:]...)
			return true
		}
	}
	// Fired already: drop a value nobody received, so C stays quiet.
	select {
	case <-t.ch:
	default:
	}
	return false
}
