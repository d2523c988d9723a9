package sshserver

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/muesli/termenv"
)

func TestColorProfileFromEnvironment(t *testing.T) {
	for _, tc := range []struct {
		term string
		env  []string
		want termenv.Profile
	}{
		{"xterm-256color", nil, termenv.ANSI256},
		{"xterm-256color", []string{"NO_COLOR=1"}, termenv.Ascii},
		{"xterm-256color", []string{"NO_COLOR="}, termenv.Ascii},
		{"xterm", nil, termenv.ANSI},
		{"linux", nil, termenv.ANSI},
		{"screen", []string{"COLORTERM=truecolor"}, termenv.TrueColor},
		{"xterm-direct", nil, termenv.TrueColor},
		{"dumb", []string{"COLORTERM=truecolor"}, termenv.Ascii},
		{"", nil, termenv.Ascii},
	} {
		if got := colorProfile(tc.term, tc.env); got != tc.want {
			t.Errorf("colorProfile(%q, %q) = %v, want %v", tc.term, tc.env, got, tc.want)
		}
	}
	if !darkBackground(nil) || !darkBackground([]string{"COLORFGBG=15;0"}) || darkBackground([]string{"COLORFGBG=0;15"}) {
		t.Errorf("darkBackground: want dark by default and for 15;0, light for 0;15")
	}
}

// gateWriter blocks every Write until released, like a client that stopped
// reading.
type gateWriter struct {
	mu      sync.Mutex
	out     bytes.Buffer
	open    chan struct{}
	entered chan struct{} // one value per Write that started
}

func (g *gateWriter) Write(p []byte) (int, error) {
	g.entered <- struct{}{}
	<-g.open
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.out.Write(p)
}

func TestOutboxDropsWholeWritesThenAsksForRepaint(t *testing.T) {
	g := &gateWriter{open: make(chan struct{}), entered: make(chan struct{}, 100)}
	caughtUp := make(chan struct{}, 1)
	ob := newOutbox(g, 10, nil, func() { caughtUp <- struct{}{} }, nil)

	ob.Write([]byte("frame1")) // taken by run, which blocks in g.Write
	<-g.entered
	ob.Write([]byte("frame2")) // queued: 6 of 10 bytes
	ob.Write([]byte("frame3")) // would make 12 > 10: dropped
	ob.Write([]byte("f4"))     // fits, but dropping continues until caught up
	if got := ob.stats(); got != 2 {
		t.Errorf("dropped = %d, want 2", got)
	}
	close(g.open) // the client reads again
	select {
	case <-caughtUp:
	case <-time.After(10 * time.Second):
		t.Fatal("no catch-up call after the backlog drained")
	}
	ob.Write([]byte("full"))
	ob.writeFinal([]byte("bye"))
	<-ob.done
	if got, want := g.out.String(), "frame1frame2fullbye"; got != want {
		t.Errorf("client got %q, want %q", got, want)
	}
}

func TestRateLimiter(t *testing.T) {
	l := newRateLimiter(2)
	t0 := time.Unix(0, 0)
	for i := range 2 {
		if !l.allow("a", t0) {
			t.Fatalf("login %d of the first two refused", i+1)
		}
	}
	if l.allow("a", t0) {
		t.Error("third login in the same instant allowed")
	}
	if !l.allow("b", t0) {
		t.Error("another address was limited too")
	}
	if !l.allow("a", t0.Add(30*time.Second)) {
		t.Error("a login 30s later (one token refilled) was refused")
	}
}

// stoppedClock makes timers that never fire.
type stoppedClock struct{}

func (stoppedClock) Now() time.Time                        { return time.Time{} }
func (stoppedClock) AfterFunc(time.Duration, func()) Timer { return stoppedTimer{} }

type stoppedTimer struct{}

func (stoppedTimer) Stop() bool { return true }

// A connection has one session channel at a time, and a client that never
// closes its ended channels gets no more: one left unclosed is allowed (the
// close may still be on its way), two are not.
func TestSessionChannelsTheClientLeavesOpen(t *testing.T) {
	c := &trackedConn{srv: &Server{cfg: Config{Clock: stoppedClock{}, HandshakeTimeout: time.Hour}}}
	free1, closed1, ok := c.openChannel()
	if !ok {
		t.Fatal("the first channel was refused")
	}
	if _, _, ok := c.openChannel(); ok {
		t.Fatal("a second channel opened while the first session runs")
	}
	free1() // the session ended; the client has not closed the channel yet
	free2, _, ok := c.openChannel()
	if !ok {
		t.Fatal("the next session was refused while the last close is on its way")
	}
	free2()
	if _, _, ok := c.openChannel(); ok {
		t.Fatal("a third channel opened with two left unclosed")
	}
	closed1()
	if _, _, ok := c.openChannel(); !ok {
		t.Fatal("refused after the client closed its channel")
	}
}
