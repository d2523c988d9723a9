package sshtest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/cardroom/cardroom/sshserver"
)

// FakeClock is a sshserver.Clock that moves only when told. Timers fire
// synchronously inside Advance, in deadline order.
type FakeClock struct {
	mu      sync.Mutex
	now     time.Time
	timers  []*fakeTimer  // pending, guarded by mu
	changed chan struct{} // closed and replaced when timers change
}

type fakeTimer struct {
	c    *FakeClock
	at   time.Time
	f    func()
	done bool // fired or stopped, guarded by c.mu
}

// NewFakeClock returns a clock standing at a fixed date.
func NewFakeClock() *FakeClock {
	return &FakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), changed: make(chan struct{})}
}

var _ sshserver.Clock = (*FakeClock)(nil)

// Now returns the fake time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc registers f to run when the clock has been advanced by d.
func (c *FakeClock) AfterFunc(d time.Duration, f func()) sshserver.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	c.notifyLocked()
	return t
}

func (t *fakeTimer) Stop() bool {
	c := t.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if t.done {
		return false
	}
	t.done = true
	c.removeLocked(t)
	return true
}

func (c *FakeClock) removeLocked(t *fakeTimer) {
	for i, x := range c.timers {
		if x == t {
			c.timers = append(c.timers[:i], c.timers[i+1:]...)
			break
		}
	}
	c.notifyLocked()
}

func (c *FakeClock) notifyLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// Advance moves the clock by d and runs the timers that are due.
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		var next *fakeTimer
		for _, t := range c.timers {
			if !t.at.After(end) && (next == nil || t.at.Before(next.at)) {
				next = t
			}
		}
		if next == nil {
			break
		}
		if next.at.After(c.now) {
			c.now = next.at
		}
		next.done = true
		c.removeLocked(next)
		c.mu.Unlock()
		next.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// Pending returns the number of timers waiting to fire.
func (c *FakeClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// BlockUntil waits until n timers are pending (so that an Advance will
// reach them), or ctx is done.
func (c *FakeClock) BlockUntil(ctx context.Context, n int) error {
	for {
		c.mu.Lock()
		got, ch := len(c.timers), c.changed
		c.mu.Unlock()
		if got == n {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("sshtest: %w waiting for %d pending timers (have %d)", ctx.Err(), n, got)
		}
	}
}
