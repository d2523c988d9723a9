package sshserver_test

// The hostile-client suite: each attack runs against the real server over
// loopback, with bounded counts and an injected clock, and asserts the bound
// the server promises. Attacks covered elsewhere, not repeated here:
//
//   - a client that never reads its output: TestClientThatNeverReadsDoesNotStallOthers
//     (this package) and TestE2EStalledClientDoesNotHoldUpTheTable (cmd/cardroom);
//   - connection floods from one address and login storms:
//     TestSessionsPerIPLimit, TestLoginRateLimit, TestLoginStorm… (this package);
//   - hidden cards, on the bytes of a whole game of each rule set for a
//     seat and a spectator: TestE2EHiddenCardsNeverOnTheWire, and on the
//     screens at every turn TestE2ESpectatorNeverSeesAHand (cmd/cardroom);
//   - control strings (OSC, DCS …) in the input, typed as keys:
//     TestControlStringsInTheInputNeverReachTheProgram (this package) and
//     TestE2EControlStringsAreNotTyped (cmd/cardroom);
//   - escape sequences in names and chat reaching another terminal:
//     TestE2EEscapesNeverReachAnotherTerminal (cmd/cardroom), and the fuzz
//     targets of tables.Clean and ValidName.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// rawGuest logs in as a guest with the bare x/crypto client and does
// nothing else: the attacks are driven by hand.
func rawGuest(ctx context.Context, t *testing.T, addr string) *gossh.Client {
	t.Helper()
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &gossh.ClientConfig{
		User:            "mallory",
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, _ []string, _ []bool) ([]string, error) {
			return nil, nil
		})},
	}
	cc, chans, reqs, err := gossh.NewClientConn(nc, addr, cfg)
	if err != nil {
		nc.Close()
		t.Fatal(err)
	}
	c := gossh.NewClient(cc, chans, reqs)
	t.Cleanup(func() { c.Close() })
	return c
}

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// waitClosed waits until the server has closed c (its Wait returns).
func waitClosed(ctx context.Context, t *testing.T, cs []*gossh.Client) {
	t.Helper()
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() { defer wg.Done(); _ = c.Wait() }()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		for _, c := range cs {
			c.Close()
		}
		<-done
		t.Fatalf("connections still open: %v", ctx.Err())
	}
}

// envPayload is the payload of an env request.
func envPayload(key string, valueLen int) []byte {
	return gossh.Marshal(struct{ Key, Value string }{key, strings.Repeat("v", valueLen)})
}

// hostileSession opens a session channel and makes every request a guest
// can make before it asks for a shell: an env flood beyond both caps, more
// session channels, agent and X11 forwarding, a subsystem, port forwarding
// both ways. It returns the env requests accepted and their bytes, and
// fails the test where the server serves what it must refuse.
func hostileSession(t *testing.T, c *gossh.Client, small, big, channels int) (accepted, acceptedBytes int) {
	ch, reqs, err := c.OpenChannel("session", nil)
	if err != nil {
		t.Errorf("the first session channel: %v", err)
		return 0, 0
	}
	go gossh.DiscardRequests(reqs)
	env := func(p []byte) {
		ok, err := ch.SendRequest("env", true, p)
		if err != nil {
			t.Errorf("env request: %v", err)
		}
		if ok {
			accepted++
			acceptedBytes += len(p)
		}
	}
	for i := range small {
		env(envPayload(fmt.Sprintf("K%d", i), 100))
	}
	for i := range big {
		env(envPayload(fmt.Sprintf("B%d", i), 30<<10))
	}
	for _, r := range []struct {
		typ     string
		payload []byte
	}{
		{"auth-agent-req@openssh.com", nil},
		{"x11-req", gossh.Marshal(struct {
			Single        bool
			Proto, Cookie string
			Screen        uint32
		}{false, "MIT-MAGIC-COOKIE-1", "00", 0})},
		{"subsystem", gossh.Marshal(struct{ Name string }{"sftp"})},
	} {
		if ok, err := ch.SendRequest(r.typ, true, r.payload); ok || err != nil {
			t.Errorf("%s: accepted %v, err %v; want refused", r.typ, ok, err)
		}
	}
	for range channels {
		_, _, err := c.OpenChannel("session", nil)
		var oce *gossh.OpenChannelError
		if !errors.As(err, &oce) || oce.Reason != gossh.Prohibited {
			t.Errorf("a second session channel at once: %v, want refused", err)
			break
		}
	}
	if _, err := c.Dial("tcp", "127.0.0.1:1"); err == nil {
		t.Errorf("direct-tcpip channel accepted, want refused")
	}
	if ok, _, err := c.SendRequest("tcpip-forward", true, gossh.Marshal(struct {
		Addr string
		Port uint32
	}{"127.0.0.1", 0})); ok || err != nil {
		t.Errorf("tcpip-forward: accepted %v, err %v; want refused", ok, err)
	}
	return accepted, acceptedBytes
}

// Twenty guests that never ask for a shell flood env requests and session
// channels and ask for everything the server does not serve. They add at
// most a few MB to the heap, every one of them is closed by the handshake
// timeout, and a player who logged in meanwhile plays on.
func TestHostileFloodsBeforeAdmissionAreBoundedAndTimedOut(t *testing.T) {
	clock := sshtest.NewFakeClock()
	const conns = 20
	ts := start(t, sshserver.Config{
		HandshakeTimeout:  20 * time.Second,
		KeepaliveInterval: -1,
		IdleTimeout:       -1,
		MaxSessionsPerIP:  conns + 1,
		Clock:             clock,
	})
	ctx := testCtx(t)
	ada := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, ada, "count 0")

	before := heapInUse()
	clients := make([]*gossh.Client, conns)
	var wg sync.WaitGroup
	for i := range clients {
		clients[i] = rawGuest(ctx, t, ts.addr)
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, b := hostileSession(t, clients[i], 100, 40, 100)
			// The 100 small ones stop at the count; no 30 KB one fits.
			if n != sshserver.DefaultMaxEnv || b > sshserver.DefaultMaxEnvBytes {
				t.Errorf("connection %d: %d env requests accepted (%d bytes); want %d within %d bytes", i, n, b, sshserver.DefaultMaxEnv, sshserver.DefaultMaxEnvBytes)
			}
		}()
	}
	wg.Wait()
	after := heapInUse()
	grown := int64(after) - int64(before)
	t.Logf("heap in use: %.1f MB before, %.1f MB after %d hostile connections (%+.1f MB); each sent 100 small and 40 env requests of 30 KB (1.2 MB) and tried 100 more session channels", float64(before)/(1<<20), float64(after)/(1<<20), conns, float64(grown)/(1<<20))
	if grown > 8<<20 {
		t.Errorf("the heap grew by %.1f MB, want at most 8 MB", float64(grown)/(1<<20))
	}

	st := ts.Stats()
	// Per connection: 36 small and 40 big env requests, agent, X11, subsystem.
	if got, want := st.Refused[sshserver.RefusedSessionRequest], uint64(conns*(36+40+3)); got != want {
		t.Errorf("refused session requests counted %d, want %d", got, want)
	}
	if got, want := st.Refused[sshserver.RefusedSessionChannel], uint64(conns*100); got != want {
		t.Errorf("refused session channels counted %d, want %d", got, want)
	}

	// Nobody asked for a shell: the handshake timer still runs for all of
	// them (and not for ada, who was admitted).
	if err := clock.BlockUntil(ctx, conns); err != nil {
		t.Fatal(err)
	}
	clock.Advance(20 * time.Second)
	waitClosed(ctx, t, clients)
	if got := strings.Count(ts.logs.String(), "handshake timeout"); got != conns {
		t.Errorf("%d handshake timeouts in the log, want %d", got, conns)
	}
	typeKeys(t, ada, "+")
	waitFor(ctx, t, ada, "count 1")
}

// A session that has ended leaves its connection on the handshake timer: a
// connection holds an admitted session or is closed in time. Sessions one
// after another over one connection still work.
func TestConnectionWithoutSessionIsTimedOutAgain(t *testing.T) {
	clock := sshtest.NewFakeClock()
	ts := start(t, sshserver.Config{HandshakeTimeout: 20 * time.Second, KeepaliveInterval: -1, Clock: clock})
	ctx := testCtx(t)
	c := rawGuest(ctx, t, ts.addr)
	for range 2 {
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if out, err := s.Output("list"); err != nil || !strings.Contains(string(out), "tables: none") {
			t.Fatalf("list: %q, %v", out, err)
		}
		s.Close()
	}
	if err := clock.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.Advance(20 * time.Second)
	waitClosed(ctx, t, []*gossh.Client{c})
}

// Connections that never finish the handshake (silent, or a version line
// and nothing more) are closed by the handshake timeout; beyond the
// per-address allowance they are refused at once.
func TestHostileUnfinishedHandshakes(t *testing.T) {
	clock := sshtest.NewFakeClock()
	ts := start(t, sshserver.Config{HandshakeTimeout: 20 * time.Second, MaxSessionsPerIP: 4, Clock: clock})
	ctx := testCtx(t)
	const allowed = 4 + 8 // MaxSessionsPerIP plus the handshakes in flight allowed per address
	var d net.Dialer
	open := func() net.Conn {
		t.Helper()
		nc, err := d.DialContext(ctx, "tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { nc.Close() })
		if dl, ok := ctx.Deadline(); ok {
			nc.SetDeadline(dl)
		}
		return nc
	}
	var conns []net.Conn
	for i := range allowed {
		nc := open()
		if i%2 == 1 {
			if _, err := io.WriteString(nc, "SSH-2.0-mallory\r\n"); err != nil {
				t.Fatal(err)
			}
		}
		conns = append(conns, nc)
	}
	// Every one is on the clock before the next one is refused.
	if err := clock.BlockUntil(ctx, allowed); err != nil {
		t.Fatal(err)
	}
	// Closed: the server hung up (a reset, when it had not read all the
	// client sent, is hanging up too).
	closed := func(nc net.Conn) error {
		if _, err := io.Copy(io.Discard, nc); err != nil && !errors.Is(err, syscall.ECONNRESET) {
			return err
		}
		return nil
	}
	if err := closed(open()); err != nil {
		t.Fatalf("the connection beyond the allowance: %v, want closed at once", err)
	}
	clock.Advance(20 * time.Second)
	for i, nc := range conns {
		if err := closed(nc); err != nil {
			t.Errorf("connection %d: %v, want closed by the handshake timeout", i, err)
		}
	}
	if got := strings.Count(ts.logs.String(), "handshake timeout"); got != allowed {
		t.Errorf("%d handshake timeouts in the log, want %d", got, allowed)
	}
}

// A chat line pasted by a terminal without bracketed paste comes as one key
// a character, all at once: the default burst lets a whole one through,
// and holds a flood to the burst.
func TestPastedLineFitsTheKeyBurst(t *testing.T) {
	clock := sshtest.NewFakeClock()
	ts := start(t, sshserver.Config{IdleTimeout: -1, KeepaliveInterval: -1, Clock: clock})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "count 0")
	typeKeys(t, c, strings.Repeat("+", 200))
	waitFor(ctx, t, c, "count 200")
	typeKeys(t, c, strings.Repeat("+", 200))
	waitFor(ctx, t, c, "input dropped")
	waitFor(ctx, t, c, fmt.Sprintf("count %d", sshserver.DefaultInputKeyBurst))
}

// A client flooding keys gets the rate's worth through (a burst of two
// seconds' worth, then the rate) and is told once; the rest is dropped.
func TestHostileInputFloodIsCutToTheRate(t *testing.T) {
	clock := sshtest.NewFakeClock()
	ts := start(t, sshserver.Config{InputKeyRate: 10, InputKeyBurst: -1, InputByteRate: -1, IdleTimeout: -1, KeepaliveInterval: -1, Clock: clock})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "count 0")
	typeKeys(t, c, strings.Repeat("+", 1000))
	waitFor(ctx, t, c, "count 20")
	waitFor(ctx, t, c, "input dropped")
	// The pump waits for the next token before it reads again.
	if err := clock.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	typeKeys(t, c, strings.Repeat("+", 1000))
	waitFor(ctx, t, c, "count 30")
	if err := clock.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if got := c.Screen().String(); !strings.Contains(got, "count 30") {
		t.Errorf("more than the rate got through:\n%s", got)
	}
	ts.shutdown(t)
	if !strings.Contains(ts.logs.String(), "dropped_input_bytes=1970") {
		t.Errorf("the session end does not log the 1970 bytes dropped:\n%s", ts.logs.String())
	}
}

// A paste longer than the byte budget is cut short, and the program is told
// it ended there: the keys typed after it count as keys, instead of being
// taken for more of a paste whose end marker was dropped.
func TestCutPasteEndsForTheProgram(t *testing.T) {
	ts := start(t, sshserver.Config{InputByteRate: 50, IdleTimeout: -1, KeepaliveInterval: -1, Clock: sshtest.NewFakeClock()})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "count 0")
	typeKeys(t, c, "\x1b[200~"+strings.Repeat("x", 300)+"\x1b[201~")
	waitFor(ctx, t, c, "input dropped")
	typeKeys(t, c, "+")
	waitFor(ctx, t, c, "count 1")
}
