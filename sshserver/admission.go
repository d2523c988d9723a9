package sshserver

import (
	"sync"
	"time"
)

// admission is the global login limiter: a token bucket over all remote
// addresses together (GCRA form), so that a login storm queues new logins
// instead of taking the CPU from running tables. The first burst
// connections start at once; after that one may start every 1/rate. A
// connection that would wait longer than maxWait is refused at once, so the
// number of connections waiting is bounded by rate·maxWait + burst.
//
// The per-IP limiter (rateLimiter) refuses; this one delays: a person
// logging in during a storm sees a slower login, not an error.
type admission struct {
	interval time.Duration // 1/rate
	slack    time.Duration // (burst-1)·interval: how far ahead tat may run
	maxWait  time.Duration

	mu  sync.Mutex
	tat time.Time // theoretical arrival time of the next login, guarded by mu
}

func newAdmission(rate float64, burst int, maxWait time.Duration) *admission {
	iv := time.Duration(float64(time.Second) / rate)
	return &admission{interval: iv, slack: time.Duration(burst-1) * iv, maxWait: maxWait}
}

// reserve books a login at now and returns how long it must wait before its
// handshake starts, or ok=false (nothing booked) when that is over maxWait.
func (a *admission) reserve(now time.Time) (wait time.Duration, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	tat := a.tat
	if tat.Before(now) {
		tat = now
	}
	wait = tat.Sub(now) - a.slack
	if wait < 0 {
		wait = 0
	}
	if wait > a.maxWait {
		return 0, false
	}
	a.tat = tat.Add(a.interval)
	return wait, true
}
