package sshserver

import "time"

// Clock is the server's time source. The real one wraps package time; tests
// pass a fake (see sshtest.FakeClock) to drive idle timeouts without waiting.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, unless the
	// returned Timer is stopped first.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a timer created by Clock.AfterFunc.
type Timer interface {
	// Stop prevents the timer from firing; it reports whether it did.
	Stop() bool
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }
