package sshserver_test

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

func dial(ctx context.Context, t *testing.T, addr string, opts sshtest.Options) *sshtest.Client {
	t.Helper()
	c, err := sshtest.Dial(ctx, addr, opts)
	if err != nil {
		t.Fatalf("Dial: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func waitFor(ctx context.Context, t *testing.T, c *sshtest.Client, text string) {
	t.Helper()
	if err := c.WaitFor(ctx, text); err != nil {
		t.Fatal(err)
	}
}

func typeKeys(t *testing.T, c *sshtest.Client, keys string) {
	t.Helper()
	if err := c.Type(keys); err != nil {
		t.Fatalf("Type(%q): %v", keys, err)
	}
}

func TestScreenShowsAndUpdatesOnKeys(t *testing.T) {
	ts := start(t, sshserver.Config{MaxWidth: 120, MaxHeight: 40})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada", Command: "join ABCD"})

	waitFor(ctx, t, c, "count 0")
	waitFor(ctx, t, c, `args ["join" "ABCD"]`)
	waitFor(ctx, t, c, "size 80x24")
	if !c.Screen().AltScreen() {
		t.Errorf("the program's EnterAltScreen did not reach the terminal")
	}
	typeKeys(t, c, "+")
	waitFor(ctx, t, c, "count 1")
	// Keys typed together arrive as one key message with several runes;
	// the model counts each of them.
	typeKeys(t, c, "+++-")
	waitFor(ctx, t, c, "count 3")

	if err := c.Resize(100, 30); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, c, "size 100x30")
	if err := c.Resize(400, 300); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, c, "size 120x40") // clamped to MaxWidth × MaxHeight
}

// Control strings a client sends between keys (a title OSC, a terminal's
// answer ending in ST, a DCS) do not reach the program: their "+"s are not
// counted, the keys around them are.
func TestControlStringsInTheInputNeverReachTheProgram(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "count 0")
	typeKeys(t, c, "+")
	waitFor(ctx, t, c, "count 1")
	typeKeys(t, c, "\x1b]0;+++\a")
	typeKeys(t, c, "\x1b]11;rgb:0000/0000/0000\x1b\\")
	typeKeys(t, c, "\x1bP++++\x1b\\")
	typeKeys(t, c, "+")
	counted := func(screen string) bool {
		return strings.Contains(screen, "count 2") || strings.Contains(screen, "count 9")
	}
	if err := c.WaitUntil(ctx, "the last +", counted); err != nil {
		t.Fatal(err)
	}
	if screen := c.Screen().String(); !strings.Contains(screen, "count 2") {
		t.Errorf("after +, three control strings with 7 + in them, and +:\n%s\nwant count 2", screen)
	}
}

func TestKeyIdentityIsTheClientsKey(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "name ada")
	waitFor(ctx, t, c, "id "+c.Fingerprint())
	waitFor(ctx, t, c, "guest false")
	s := ts.app.session(ctx, t, 1)
	if got, want := s.Identity().ID, c.Fingerprint(); got != want {
		t.Errorf("Identity().ID = %q, want the client key's fingerprint %q", got, want)
	}
	if got := hostkeys.Fingerprint(c.HostKey()); got != ts.Fingerprint() {
		t.Errorf("client saw host key %s, server reports %s", got, ts.Fingerprint())
	}

	// The same key from a second connection is the same player.
	key := sshtest.NewKey()
	c1 := dial(ctx, t, ts.addr, sshtest.Options{User: "bob", Key: key})
	c2 := dial(ctx, t, ts.addr, sshtest.Options{User: "bob", Key: key})
	want := "id " + gossh.FingerprintSHA256(key.PublicKey())
	waitFor(ctx, t, c1, want)
	waitFor(ctx, t, c2, want)
}

func TestGuestLoginWithoutKey(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	g1 := dial(ctx, t, ts.addr, sshtest.Options{User: "visitor", Guest: true})
	g2 := dial(ctx, t, ts.addr, sshtest.Options{User: "visitor", Guest: true})
	waitFor(ctx, t, g1, "guest true")
	waitFor(ctx, t, g2, "guest true")
	waitFor(ctx, t, g1, "name visitor")
	id1 := ts.app.session(ctx, t, 1).Identity().ID
	id2 := ts.app.session(ctx, t, 2).Identity().ID
	if !strings.HasPrefix(id1, "guest-") || !strings.HasPrefix(id2, "guest-") || id1 == id2 {
		t.Errorf("guest ids = %q, %q; want two different guest-N ids", id1, id2)
	}
	if !strings.Contains(ts.logs.String(), "auth=guest") {
		t.Errorf("log has no auth=guest line:\n%s", ts.logs.String())
	}
}

func TestDisplayNameValidation(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"ada", "ada", true},
		{"  ada ", "ada", true},
		{"Zoë_2.x-y", "Zoë_2.x-y", true},
		{"李小龍", "李小龍", true},
		{"", "", false},
		{"a b", "", false},
		{"\x1b[31mred", "", false},
		{"tab\there", "", false},
		{"<script>", "", false},
		{"abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx", true}, // 24 cells
		{"abcdefghijklmnopqrstuvwxy", "", false},                       // 25 cells
		{"李李李李李李李李李李李李李", "", false},                                   // 26 cells
	} {
		got, ok := sshserver.ValidName(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ValidName(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}

	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "\x1b[2Jevil\x07"})
	fp := strings.TrimPrefix(c.Fingerprint(), "SHA256:")
	want := "name player-" + regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(fp, "")[:6]
	waitFor(ctx, t, c, want)
	g := dial(ctx, t, ts.addr, sshtest.Options{User: "no spaces please", Guest: true})
	waitFor(ctx, t, g, "name guest-")
}

func TestCommandWithoutPTY(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	out, errOut, code, err := sshtest.Exec(ctx, ts.addr, sshtest.Options{User: "ada"}, "list")
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.HasPrefix(out, "tables: none\nyou: ada SHA256:") || errOut != "" {
		t.Errorf("list: code %d, stdout %q, stderr %q; want 0 and the table list", code, out, errOut)
	}
	_, _, code, err = sshtest.Exec(ctx, ts.addr, sshtest.Options{Guest: true}, "fail")
	if err != nil || code != 3 {
		t.Errorf("fail: code %d, err %v; want 3", code, err)
	}
	_, errOut, code, err = sshtest.Exec(ctx, ts.addr, sshtest.Options{}, "panic")
	if err != nil || code != 1 || !strings.Contains(errOut, "something went wrong") {
		t.Errorf("panic: code %d, stderr %q, err %v; want 1 and an apology", code, errOut, err)
	}
	// The server survived the panic.
	if _, _, code, err = sshtest.Exec(ctx, ts.addr, sshtest.Options{}, "list"); err != nil || code != 0 {
		t.Errorf("list after a panic: code %d, err %v", code, err)
	}
}

// A plain command answers with a pty too (ssh -t host list).
func TestPlainCommandWithPTY(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c, err := sshtest.Dial(ctx, ts.addr, sshtest.Options{User: "ada", Command: "list"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	code, err := c.Wait(ctx)
	if err != nil || code != 0 || !strings.HasPrefix(c.Output(), "tables: none\r\nyou: ada SHA256:") {
		t.Errorf("ssh -t list: code %d, err %v, output %q; want 0 and the table list", code, err, c.Output())
	}
}

func TestPanicInModelEndsOnlyThatSession(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	b := dial(ctx, t, ts.addr, sshtest.Options{User: "b"})
	waitFor(ctx, t, a, "count 0")
	waitFor(ctx, t, b, "count 0")
	typeKeys(t, a, "!")
	waitFor(ctx, t, a, "something went wrong")
	if code, err := a.Wait(ctx); err != nil || code != 1 {
		t.Errorf("panicked session: exit %d, %v; want 1", code, err)
	}
	typeKeys(t, b, "+")
	waitFor(ctx, t, b, "count 1")
}

func TestSessionsPerIPLimit(t *testing.T) {
	ts := start(t, sshserver.Config{MaxSessionsPerIP: 2})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	b := dial(ctx, t, ts.addr, sshtest.Options{User: "b"})
	waitFor(ctx, t, a, "count 0")
	waitFor(ctx, t, b, "count 0")

	c := dial(ctx, t, ts.addr, sshtest.Options{User: "c"})
	waitFor(ctx, t, c, "Too many sessions from your address (the limit is 2)")
	if code, err := c.Wait(ctx); err != nil || code != 1 {
		t.Errorf("refused session: exit %d, %v; want 1", code, err)
	}
	_, errOut, code, err := sshtest.Exec(ctx, ts.addr, sshtest.Options{}, "list")
	if err != nil || code != 1 || !strings.Contains(errOut, "Too many sessions") {
		t.Errorf("refused command: code %d, stderr %q, err %v", code, errOut, err)
	}

	// A freed slot can be used again.
	typeKeys(t, a, "q")
	if _, err := a.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	d := dial(ctx, t, ts.addr, sshtest.Options{User: "d"})
	waitFor(ctx, t, d, "count 0")
}

// The server's own refusals and Config.Refuse's get the environment the
// client sent, to say them in the client's language (LANG).
func TestRefusalsInTheClientsLanguage(t *testing.T) {
	lang := func(env []string) string {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "LANG="); ok {
				return v
			}
		}
		return "none"
	}
	ts := start(t, sshserver.Config{
		MaxSessionsPerIP: 1,
		Refuse: func(id sshserver.Identity, _ string, env []string) string {
			if id.Name == "mallory" {
				return "banned, in " + lang(env)
			}
			return ""
		},
		Translate: func(env []string, line string) string { return lang(env) + ": " + line },
	})
	ctx := testCtx(t)
	de := sshtest.Options{Env: map[string]string{"LANG": "de_DE.UTF-8"}}
	ban := de
	ban.User = "mallory"
	b := dial(ctx, t, ts.addr, ban)
	waitFor(ctx, t, b, "banned, in de_DE.UTF-8")
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	waitFor(ctx, t, a, "count 0")
	c := dial(ctx, t, ts.addr, de)
	waitFor(ctx, t, c, "de_DE.UTF-8: Too many sessions from your address (the limit is 1)")
	_, errOut, code, err := sshtest.Exec(ctx, ts.addr, de, "list")
	if err != nil || code != 1 || !strings.Contains(errOut, "de_DE.UTF-8: Too many sessions") {
		t.Errorf("refused command: code %d, stderr %q, err %v", code, errOut, err)
	}
}

func TestSessionsTotalLimit(t *testing.T) {
	ts := start(t, sshserver.Config{MaxSessions: 1})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	waitFor(ctx, t, a, "count 0")
	b := dial(ctx, t, ts.addr, sshtest.Options{User: "b"})
	waitFor(ctx, t, b, "The card room is full")
}

// A client that never reads its channel fills the SSH window (2 MiB with
// x/crypto) and then the server's bounded outbox; from then on its frames
// are dropped, and neither Session.Send nor anyone else's screen waits.
func TestClientThatNeverReadsDoesNotStallOthers(t *testing.T) {
	ts := start(t, sshserver.Config{OutputBuffer: 16 << 10})
	ctx := testCtx(t)
	// The sleeper's terminal is as large as allowed: every frame is about
	// 100 KB, so a few dozen frames overflow the window.
	sleeper := dial(ctx, t, ts.addr, sshtest.Options{User: "sleeper", NoRead: true, Width: 500, Height: 200})
	sleeperSess := ts.app.session(ctx, t, 1)
	reader := dial(ctx, t, ts.addr, sshtest.Options{User: "reader"})
	readerSess := ts.app.session(ctx, t, 2)
	waitFor(ctx, t, reader, "count 0")

	// Bump both until the server sees the sleeper stall (its frames are
	// about 100 KB, so after about 2 MB), then ten times more.
	bumps, more := 0, -1
	for more != 0 {
		bumps++
		sleeperSess.Send(bumpMsg{n: bumps, big: true})
		readerSess.Send(bumpMsg{n: bumps})
		waitFor(ctx, t, reader, "bump "+strconv.Itoa(bumps))
		if more > 0 {
			more--
		} else if stalled, _ := ts.logs.contains("client stopped reading"); stalled {
			more = 10
		}
		if ctx.Err() != nil || bumps > 1000 {
			t.Fatalf("after %d bumps, the server has not seen the sleeper stall", bumps)
		}
	}
	typeKeys(t, reader, "+")
	waitFor(ctx, t, reader, "count 1")

	// When the sleeper reads again it gets the backlog, then a full repaint
	// of the latest frame: the whole screen is consistent.
	sleeper.Resume()
	full := strings.Repeat(string(rune('a'+bumps%26)), 500)
	err := sleeper.WaitUntil(ctx, "the sleeper's screen is repainted", func(screen string) bool {
		lines := strings.Split(screen, "\n")
		if len(lines) != 200-10+7 || lines[6] != "bump "+strconv.Itoa(bumps) {
			return false
		}
		for _, l := range lines[7:] {
			if l != full {
				return false
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}

	sleeper.Close()
	if err := reader.Close(); err != nil {
		t.Log(err)
	}
	ts.shutdown(t)
	m := regexp.MustCompile(`session end session=s1 .*dropped_frames=(\d+)`).FindStringSubmatch(ts.logs.String())
	if m == nil {
		t.Fatalf("the sleeper's session end does not report dropped frames; log:\n%s", ts.logs.String())
	}
	t.Logf("sleeper: %s frames dropped", m[1])
}

func TestIdleTimeoutWarnsThenDisconnects(t *testing.T) {
	clock := sshtest.NewFakeClock()
	ts := start(t, sshserver.Config{
		IdleTimeout:       10 * time.Minute,
		IdleWarning:       time.Minute,
		KeepaliveInterval: -1,
		Clock:             clock,
	})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "count 0")

	block := func() {
		t.Helper()
		if err := clock.BlockUntil(ctx, 1); err != nil {
			t.Fatal(err)
		}
	}
	block()
	clock.Advance(9 * time.Minute)
	waitFor(ctx, t, c, "idle warning: 1m0s")

	// Input resets the idle time; output never does.
	typeKeys(t, c, "+")
	waitFor(ctx, t, c, "count 1")
	block()
	clock.Advance(time.Minute) // 1 minute after the key: nothing happens
	block()
	clock.Advance(8 * time.Minute) // 9 minutes after the key: warned again
	waitFor(ctx, t, c, "idle warning: 1m0s")
	block()
	clock.Advance(time.Minute)
	waitFor(ctx, t, c, "Disconnected after 10m0s without input.")
	if code, err := c.Wait(ctx); err != nil || code != 0 {
		t.Errorf("idle session: exit %d, %v; want 0", code, err)
	}
}

func TestCloseKicksSession(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, c, "count 0")
	s := ts.app.session(ctx, t, 1)
	s.Close("You logged in elsewhere; this session was closed.")
	waitFor(ctx, t, c, "You logged in elsewhere; this session was closed.")
	if code, err := c.Wait(ctx); err != nil || code != 0 {
		t.Errorf("kicked session: exit %d, %v", code, err)
	}
	if s.Context().Err() == nil {
		t.Errorf("a closed session's Context is not done")
	}
}

// A model that says its own farewell has it printed as the final line.
func TestFarewellIsTheFinalLine(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "polite"})
	waitFor(ctx, t, c, "count 0")
	ts.app.session(ctx, t, 1).Close("Go away.")
	waitFor(ctx, t, c, "in my words: Go away.")
	if code, err := c.Wait(ctx); err != nil || code != 0 {
		t.Errorf("closed session: exit %d, %v", code, err)
	}
}

func TestShutdownTellsSessionsAndReturns(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	b := dial(ctx, t, ts.addr, sshtest.Options{User: "b", Guest: true})
	waitFor(ctx, t, a, "count 0")
	waitFor(ctx, t, b, "count 0")

	done := make(chan struct{})
	go func() {
		defer close(done)
		ts.shutdown(t)
	}()
	for _, c := range []*sshtest.Client{a, b} {
		waitFor(ctx, t, c, "The card room is shutting down. See you soon!")
		if code, err := c.Wait(ctx); err != nil || code != 0 {
			t.Errorf("exit %d, %v; want 0", code, err)
		}
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("Shutdown did not return")
	}
	if _, err := sshtest.Dial(ctx, ts.addr, sshtest.Options{}); err == nil {
		t.Errorf("Dial after Shutdown succeeded")
	}
	if !strings.Contains(ts.logs.String(), "cause=shutdown") {
		t.Errorf("log does not show sessions ending for shutdown:\n%s", ts.logs.String())
	}
}

// Config.Goodbye replaces the final line sessions get at shutdown (a node
// of a cluster stops while the card room goes on).
func TestShutdownSaysTheGoodbye(t *testing.T) {
	ts := start(t, sshserver.Config{Goodbye: "This node stops; connect again."})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	waitFor(ctx, t, a, "count 0")
	done := make(chan struct{})
	go func() {
		defer close(done)
		ts.shutdown(t)
	}()
	waitFor(ctx, t, a, "This node stops; connect again.")
	if code, err := a.Wait(ctx); err != nil || code != 0 {
		t.Errorf("exit %d, %v; want 0", code, err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("Shutdown did not return")
	}
}

func TestShutdownGivesUpAtDeadline(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	// A client that never reads cannot receive its goodbye.
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "a", NoRead: true, Width: 500, Height: 200})
	s := ts.app.session(ctx, t, 1)
	for i := range 40 {
		s.Send(bumpMsg{n: i, big: true})
	}
	sctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	err := ts.Shutdown(sctx)
	ts.down = true
	<-ts.errc
	c.Close()
	// Whether the bounded goodbye finished first or the deadline hit, the
	// server is down and nothing is left running (goleak checks).
	if err != nil && err != context.DeadlineExceeded {
		t.Errorf("Shutdown = %v", err)
	}
}

func TestHostKeyCreatedPrivateAndReused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	ts1 := start(t, sshserver.Config{DataDir: dir})
	ts1.shutdown(t)
	fi, err := os.Stat(filepath.Join(dir, hostkeys.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("host key mode %04o, want 0600", fi.Mode().Perm())
	}
	ts2 := start(t, sshserver.Config{DataDir: dir})
	if ts1.Fingerprint() != ts2.Fingerprint() {
		t.Errorf("restarted server has host key %s, want %s", ts2.Fingerprint(), ts1.Fingerprint())
	}
	if !strings.Contains(ts1.logs.String(), "fingerprint="+ts1.Fingerprint()) && !strings.Contains(ts1.logs.String(), "host_key="+ts1.Fingerprint()) {
		t.Errorf("the host key fingerprint is not logged:\n%s", ts1.logs.String())
	}
	ctx := testCtx(t)
	c := dial(ctx, t, ts2.addr, sshtest.Options{})
	waitFor(ctx, t, c, "count 0")
}

func TestHandshakeTimeoutDropsSilentConnections(t *testing.T) {
	ts := start(t, sshserver.Config{HandshakeTimeout: 100 * time.Millisecond})
	ctx := testCtx(t)
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	}
	// Read the server's version line, then say nothing: the server hangs up.
	_, err = io.Copy(io.Discard, conn)
	if err != nil {
		t.Fatalf("reading until the server hangs up: %v", err)
	}
	if !strings.Contains(ts.logs.String(), "handshake timeout") {
		t.Errorf("no handshake timeout in the log:\n%s", ts.logs.String())
	}
}

func TestLoginRateLimit(t *testing.T) {
	ts := start(t, sshserver.Config{LoginsPerMinute: 2})
	ctx := testCtx(t)
	for i := range 2 {
		if _, _, code, err := sshtest.Exec(ctx, ts.addr, sshtest.Options{}, "list"); err != nil || code != 0 {
			t.Fatalf("login %d: code %d, err %v", i+1, code, err)
		}
	}
	if _, err := sshtest.Dial(ctx, ts.addr, sshtest.Options{}); err == nil {
		t.Errorf("third login within a minute succeeded, want refused")
	}
	if !strings.Contains(ts.logs.String(), "login rate limit") {
		t.Errorf("no rate limit line in the log:\n%s", ts.logs.String())
	}
}

// The colour profile comes from TERM and the environment; the terminal is
// never asked (sshtest's screen would answer, but the server must not wait).
func TestColorProfileFromTermAndNoColor(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	colored := regexp.MustCompile(`\x1b\[[0-9;]*[1-9][0-9;]*mred`)
	c := dial(ctx, t, ts.addr, sshtest.Options{Term: "xterm-256color"})
	waitFor(ctx, t, c, "red")
	if !colored.MatchString(c.Output()) {
		t.Errorf("xterm-256color: no coloured text in %q", c.Output())
	}
	if strings.Contains(c.Output(), "\x1b]11;?") {
		t.Errorf("the server queried the background colour")
	}
	n := dial(ctx, t, ts.addr, sshtest.Options{Term: "xterm-256color", Env: map[string]string{"NO_COLOR": "1"}})
	waitFor(ctx, t, n, "red")
	if colored.MatchString(n.Output()) {
		t.Errorf("NO_COLOR: coloured text in %q", n.Output())
	}
}

func TestServeShutsDownWhenContextEnds(t *testing.T) {
	app := newTestApp()
	srv, err := sshserver.New(sshserver.Config{DataDir: t.TempDir()}, app, nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	sctx, stop := context.WithCancel(ctx)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(sctx, ln) }()
	c := dial(ctx, t, ln.Addr().String(), sshtest.Options{})
	waitFor(ctx, t, c, "count 0")
	stop()
	waitFor(ctx, t, c, "shutting down")
	select {
	case err := <-errc:
		if err != nil {
			t.Errorf("Serve = %v, want nil after a clean shutdown", err)
		}
	case <-ctx.Done():
		t.Fatal("Serve did not return")
	}
}

// Sessions multiplexed over one connection (OpenSSH ControlMaster) are the
// same guest; another connection is another guest.
func TestGuestIDPerConnection(t *testing.T) {
	ts := start(t, sshserver.Config{})
	dialGuest := func() *gossh.Client {
		t.Helper()
		cfg := &gossh.ClientConfig{
			User:            "g",
			HostKeyCallback: gossh.InsecureIgnoreHostKey(),
			Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, qs []string, _ []bool) ([]string, error) {
				return nil, nil
			})},
			Timeout: 10 * time.Second,
		}
		c, err := gossh.Dial("tcp", ts.addr, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	list := func(c *gossh.Client) string {
		t.Helper()
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		out, err := s.Output("list")
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	c1 := dialGuest()
	a, b := list(c1), list(c1)
	if a != b || !strings.Contains(a, "guest-") {
		t.Errorf("two sessions on one connection: %q and %q, want the same guest", a, b)
	}
	if c := list(dialGuest()); c == a {
		t.Errorf("another connection got the same guest: %q", c)
	}
}

func TestAppRefusesSessionWithReason(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "refuseme"})
	waitFor(ctx, t, c, "No seat for you today.")
	if code, err := c.Wait(ctx); err != nil || code != 1 {
		t.Errorf("refused session: exit %d, %v; want 1", code, err)
	}
}

// Bell reaches the client as a BEL, between frames.
func TestBellRingsTheTerminal(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "ringo"})
	waitFor(ctx, t, c, "count 0")
	ts.app.session(ctx, t, 1).Bell()
	typeKeys(t, c, "+")
	waitFor(ctx, t, c, "count 1")
	if !strings.Contains(c.Output(), "\a") {
		t.Fatal("no BEL in the client's output")
	}
}

// A login storm queues new logins (LoginRate, LoginBurst) while a running
// session goes on answering keys; a login whose turn is too far off is
// refused.
func TestLoginStormQueuesNewLoginsNotRunningSessions(t *testing.T) {
	clock := sshtest.NewFakeClock()
	ts := start(t, sshserver.Config{
		LoginRate:         1,
		LoginBurst:        1,
		LoginWait:         time.Minute,
		IdleTimeout:       -1,
		KeepaliveInterval: -1,
		Clock:             clock,
	})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"}) // the burst
	waitFor(ctx, t, a, "count 0")

	type dialed struct {
		c   *sshtest.Client
		err error
	}
	second := make(chan dialed, 1)
	go func() {
		c, err := sshtest.Dial(ctx, ts.addr, sshtest.Options{User: "bob"})
		second <- dialed{c, err}
	}()
	// bob waits for his turn (a timer on the server's clock) ...
	if err := clock.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	// ... while ada's session answers as before.
	typeKeys(t, a, "+")
	waitFor(ctx, t, a, "count 1")
	select {
	case d := <-second:
		t.Fatalf("second login got through before its turn (err %v)", d.err)
	default:
	}
	clock.Advance(time.Second)
	d := <-second
	if d.err != nil {
		t.Fatalf("second login after its turn: %v", d.err)
	}
	t.Cleanup(func() { d.c.Close() })
	waitFor(ctx, t, d.c, "count 0")
	if !strings.Contains(ts.logs.String(), "login queued") {
		t.Errorf("no queued login in the log:\n%s", ts.logs.String())
	}
}

func TestLoginStormRefusesLoginsBeyondTheWait(t *testing.T) {
	ts := start(t, sshserver.Config{LoginRate: 0.001, LoginBurst: 1, LoginWait: time.Millisecond})
	ctx := testCtx(t)
	dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	if c, err := sshtest.Dial(ctx, ts.addr, sshtest.Options{User: "bob"}); err == nil {
		c.Close()
		t.Errorf("second login in a storm got in, want refused")
	}
	if !strings.Contains(ts.logs.String(), "login storm") {
		t.Errorf("no refusal in the log:\n%s", ts.logs.String())
	}
}

// A client that closes its session channel but keeps the connection (an
// OpenSSH ControlMaster whose client was killed) has left: the session
// ends then, so its table stops the person's turn clock at once, not when
// they log in again.
func TestClosedChannelEndsTheSessionOnAnOpenConnection(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	cfg := &gossh.ClientConfig{
		User:            "ada",
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(sshtest.NewKey())},
		Timeout:         10 * time.Second,
	}
	conn, err := gossh.Dial("tcp", ts.addr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ch, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := ch.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := ch.Shell(); err != nil {
		t.Fatal(err)
	}
	s := ts.app.session(ctx, t, 1)
	ch.Close() // the channel only: the connection stays
	select {
	case <-s.Context().Done():
	case <-ctx.Done():
		t.Fatal("the session went on after its client closed its channel")
	}
}

// A client that ends its input but keeps its channel (`ssh -tt host watch
// CODE </dev/null`, a screen that only shows) stays: the session goes on
// and follows its window until the channel closes.
func TestEndOfInputKeepsTheSession(t *testing.T) {
	ts := start(t, sshserver.Config{})
	ctx := testCtx(t)
	a := dial(ctx, t, ts.addr, sshtest.Options{User: "a"})
	waitFor(ctx, t, a, "size 80x24")
	s := ts.app.session(ctx, t, 1)
	if err := a.CloseInput(); err != nil {
		t.Fatal(err)
	}
	if err := a.Resize(100, 30); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, a, "size 100x30")
	if s.Context().Err() != nil {
		t.Fatal("the session ended with its input")
	}
	a.Close()
	select {
	case <-s.Context().Done():
	case <-ctx.Done():
		t.Fatal("the session went on after its client left")
	}
}
