// Package sshtest is an SSH client for end-to-end tests of the card room: a
// real golang.org/x/crypto/ssh client over loopback, with a pty, a fresh
// ed25519 key per client (or none, for a guest), a Screen that follows the
// output and answers terminal queries like a real terminal, and waits that
// are driven by output events and bounded by a context, never by sleeps.
//
//	c, err := sshtest.Dial(ctx, addr, sshtest.Options{User: "ada"})
//	defer c.Close()
//	if err := c.WaitFor(ctx, "Lobby"); err != nil { t.Fatal(err) }
//	c.Type("n")
//
// For commands without a pty, use Exec. To test idle timeouts, pass a
// FakeClock as sshserver.Config.Clock, wait with BlockUntil for the
// session's timer, then Advance. Pause and Resume (or Options.NoRead) make
// a client that stops reading its output.
package sshtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Keys as a terminal sends them.
const (
	KeyEnter     = "\r"
	KeyEsc       = "\x1b"
	KeyTab       = "\t"
	KeyBackspace = "\x7f"
	KeyUp        = "\x1b[A"
	KeyDown      = "\x1b[B"
	KeyRight     = "\x1b[C"
	KeyLeft      = "\x1b[D"
	KeyCtrlC     = "\x03"
)

// Options configure a client. The zero value is a client with a fresh key,
// user "tester", an 80×24 xterm-256color pty and an interactive shell.
type Options struct {
	// User is the SSH user name (the display name). Default "tester".
	User string
	// Key signs the public-key login. Nil: a fresh ed25519 key, unless
	// Guest is set.
	Key gossh.Signer
	// Guest logs in without a key (keyboard-interactive, which must ask
	// nothing: a question fails the login).
	Guest bool
	// NoPTY asks for no pty: a command session (use Exec).
	NoPTY bool
	// Term is the TERM sent with the pty. Default "xterm-256color".
	Term string
	// Width and Height of the pty. Default 80×24.
	Width, Height int
	// Env is sent as environment requests (a server may refuse them).
	Env map[string]string
	// Command is the exec command line (deep links: "join ABCD"); empty
	// asks for a shell.
	Command string
	// NoRead starts the client paused (see Pause): it does not read its
	// session's output until Resume.
	NoRead bool
}

// Client is one SSH connection with one session.
type Client struct {
	conn    *gossh.Client
	sess    *gossh.Session
	stdin   io.WriteCloser
	signer  gossh.Signer
	hostKey gossh.PublicKey
	screen  *Screen

	answers chan []byte   // terminal answers to queries, written by answerLoop
	stop    chan struct{} // closed by Close
	wg      sync.WaitGroup

	mu      sync.Mutex
	raw     bytes.Buffer  // everything read from stdout, guarded by mu
	stderr  bytes.Buffer  // guarded by mu
	changed chan struct{} // closed and replaced on every output event, guarded by mu
	paused  bool          // output reading is paused, guarded by mu
	done    bool          // the session ended, guarded by mu
	exit    int           // exit status, guarded by mu
	exitErr error         // guarded by mu
}

// NewKey returns a fresh ed25519 signer.
func NewKey() gossh.Signer {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		panic(err)
	}
	return s
}

// Dial connects to addr, logs in and starts the session.
func Dial(ctx context.Context, addr string, opts Options) (*Client, error) {
	if opts.User == "" {
		opts.User = "tester"
	}
	if opts.Term == "" {
		opts.Term = "xterm-256color"
	}
	if opts.Width == 0 {
		opts.Width = 80
	}
	if opts.Height == 0 {
		opts.Height = 24
	}
	c := &Client{
		answers: make(chan []byte, 64),
		stop:    make(chan struct{}),
		changed: make(chan struct{}),
	}
	cfg := &gossh.ClientConfig{
		User: opts.User,
		HostKeyCallback: func(_ string, _ net.Addr, key gossh.PublicKey) error {
			c.hostKey = key
			return nil
		},
	}
	if opts.Guest {
		cfg.Auth = []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, qs []string, _ []bool) ([]string, error) {
			if len(qs) > 0 {
				return nil, fmt.Errorf("sshtest: guest login was asked %q", qs)
			}
			return nil, nil
		})}
	} else {
		c.signer = opts.Key
		if c.signer == nil {
			c.signer = NewKey()
		}
		cfg.Auth = []gossh.AuthMethod{gossh.PublicKeys(c.signer)}
	}

	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = nc.SetDeadline(dl)
	}
	stopWatch := context.AfterFunc(ctx, func() { nc.Close() })
	sc, chans, reqs, err := gossh.NewClientConn(nc, addr, cfg)
	if !stopWatch() || err != nil {
		nc.Close()
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("sshtest: login: %w", err)
	}
	_ = nc.SetDeadline(time.Time{})
	c.conn = gossh.NewClient(sc, chans, reqs)
	if err := c.start(opts); err != nil {
		c.conn.Close()
		return nil, err
	}
	return c, nil
}

func (c *Client) start(opts Options) error {
	sess, err := c.conn.NewSession()
	if err != nil {
		return fmt.Errorf("sshtest: new session: %w", err)
	}
	c.sess = sess
	for k, v := range opts.Env {
		_ = sess.Setenv(k, v)
	}
	if !opts.NoPTY {
		if err := sess.RequestPty(opts.Term, opts.Height, opts.Width, gossh.TerminalModes{}); err != nil {
			return fmt.Errorf("sshtest: pty: %w", err)
		}
	}
	c.stdin, err = sess.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := sess.StderrPipe()
	if err != nil {
		return err
	}
	c.screen = NewScreen(opts.Width, opts.Height, func(a []byte) {
		select {
		case c.answers <- append([]byte(nil), a...):
		default: // a flood of queries: drop, as a busy terminal might
		}
	})
	if opts.Command != "" {
		err = sess.Start(opts.Command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		return fmt.Errorf("sshtest: start: %w", err)
	}
	c.wg.Add(4)
	go c.answerLoop()
	stderrDone, stdoutDone := make(chan struct{}), make(chan struct{})
	if opts.NoRead {
		c.Pause()
	}
	go c.readLoop(stderr, true, stderrDone)
	go c.readLoop(stdout, false, stdoutDone)
	go c.waitLoop(stdoutDone, stderrDone)
	return nil
}

// answerLoop writes terminal answers to the server, off the reading path.
func (c *Client) answerLoop() {
	defer c.wg.Done()
	for {
		select {
		case a := <-c.answers:
			if _, err := c.stdin.Write(a); err != nil {
				return
			}
		case <-c.stop:
			return
		}
	}
}

func (c *Client) readLoop(r io.Reader, isStderr bool, done chan<- struct{}) {
	defer c.wg.Done()
	defer close(done)
	buf := make([]byte, 32<<10)
	for {
		if !isStderr && !c.readGate() {
			return
		}
		n, err := r.Read(buf)
		if n > 0 {
			if !isStderr {
				c.screen.Write(buf[:n])
			}
			c.mu.Lock()
			if isStderr {
				c.stderr.Write(buf[:n])
			} else {
				c.raw.Write(buf[:n])
			}
			c.notifyLocked()
			c.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// readGate waits while output reading is paused; false means stop.
func (c *Client) readGate() bool {
	for {
		c.mu.Lock()
		paused, ch := c.paused, c.changed
		c.mu.Unlock()
		if !paused {
			return true
		}
		select {
		case <-ch:
		case <-c.stop:
			return false
		}
	}
}

// Pause stops reading the session's output (after the read in progress):
// the SSH channel window fills up and the server's writes stall, like a
// terminal whose user pressed ^S or whose network hangs.
func (c *Client) Pause() {
	c.mu.Lock()
	c.paused = true
	c.notifyLocked()
	c.mu.Unlock()
}

// Resume reads the session's output again.
func (c *Client) Resume() {
	c.mu.Lock()
	c.paused = false
	c.notifyLocked()
	c.mu.Unlock()
}

// waitLoop waits for the session's end, then hangs up like OpenSSH does.
func (c *Client) waitLoop(outputDone ...<-chan struct{}) {
	defer c.wg.Done()
	err := c.sess.Wait()
	// Wait returns on the exit status, which may overtake output not yet
	// read: read it all before reporting the end.
	for _, d := range outputDone {
		select {
		case <-d:
		case <-c.stop:
		}
	}
	code := 0
	var ee *gossh.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code, err = ee.ExitStatus(), nil
	}
	c.mu.Lock()
	c.done, c.exit, c.exitErr = true, code, err
	c.notifyLocked()
	c.mu.Unlock()
	c.conn.Close()
}

func (c *Client) notifyLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// Fingerprint is the SHA256 fingerprint of the client's key ("" for a guest).
func (c *Client) Fingerprint() string {
	if c.signer == nil {
		return ""
	}
	return gossh.FingerprintSHA256(c.signer.PublicKey())
}

// HostKey is the server's host key as seen during the handshake.
func (c *Client) HostKey() gossh.PublicKey { return c.hostKey }

// Screen is the client's terminal screen.
func (c *Client) Screen() *Screen { return c.screen }

// Output is everything the session wrote to stdout so far (raw, with
// escape sequences).
func (c *Client) Output() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.raw.String()
}

// Stderr is everything the session wrote to stderr so far.
func (c *Client) Stderr() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stderr.String()
}

// Type sends keys as typed.
func (c *Client) Type(keys string) error {
	_, err := c.stdin.Write([]byte(keys))
	return err
}

// CloseInput ends the session's input (EOF), as `ssh -tt host </dev/null`
// does; the channel stays open and the output goes on.
func (c *Client) CloseInput() error { return c.stdin.Close() }

// Resize changes the pty size (a window-change request) and the screen.
func (c *Client) Resize(w, h int) error {
	c.screen.Resize(w, h)
	return c.sess.WindowChange(h, w)
}

// WaitFor waits until the screen shows text.
func (c *Client) WaitFor(ctx context.Context, text string) error {
	return c.WaitUntil(ctx, "screen shows "+fmt.Sprintf("%q", text), func(screen string) bool {
		return strings.Contains(screen, text)
	})
}

// WaitUntil waits until cond holds for the screen's text. It is woken by
// every output event and gives up when ctx is done or the session has
// ended without cond holding, returning an error with the screen.
func (c *Client) WaitUntil(ctx context.Context, what string, cond func(screen string) bool) error {
	for {
		c.mu.Lock()
		ch, done := c.changed, c.done
		c.mu.Unlock()
		screen := c.screen.String()
		if cond(screen) {
			return nil
		}
		if done {
			return fmt.Errorf("sshtest: session ended before %s; screen:\n%s", what, screen)
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("sshtest: %w waiting until %s; screen:\n%s", ctx.Err(), what, screen)
		}
	}
}

// Wait waits for the session to end and returns its exit status.
func (c *Client) Wait(ctx context.Context) (int, error) {
	for {
		c.mu.Lock()
		ch, done, code, err := c.changed, c.done, c.exit, c.exitErr
		c.mu.Unlock()
		if done {
			return code, err
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return 0, fmt.Errorf("sshtest: %w waiting for the session to end; screen:\n%s", ctx.Err(), c.screen.String())
		}
	}
}

// Close hangs up and waits for the client's goroutines.
func (c *Client) Close() error {
	select {
	case <-c.stop:
	default:
		close(c.stop)
	}
	err := c.conn.Close()
	c.wg.Wait()
	return err
}

// Exec runs command without a pty and returns its stdout, stderr and exit
// status.
func Exec(ctx context.Context, addr string, opts Options, command string) (stdout, stderr string, code int, err error) {
	opts.NoPTY = true
	opts.Command = command
	c, err := Dial(ctx, addr, opts)
	if err != nil {
		return "", "", 0, err
	}
	defer c.Close()
	code, err = c.Wait(ctx)
	if err != nil {
		return c.Output(), c.Stderr(), code, err
	}
	// Wait returns once the exit status is in; the readers finish at EOF.
	c.Close()
	return c.Output(), c.Stderr(), code, nil
}
