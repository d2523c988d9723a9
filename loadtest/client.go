package loadtest

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// Screen size of every load session: the 120×40 of the budgets.
const (
	Width  = 120
	Height = 40
)

// frameStart is what bubbletea v1 writes first in every frame of an
// alternate-screen program (the cursor goes home): counting it counts frames.
var frameStart = []byte("\x1b[H")

// session is one load client: an SSH connection with one pty session and a
// screen. Its counters are read by the runner while it runs.
type session struct {
	conn   *gossh.Client
	sess   *gossh.Session
	stdin  io.WriteCloser
	screen *sshtest.Screen

	bytes   atomic.Int64 // bytes read from the session's stdout
	frames  atomic.Int64 // frames seen (see frameStart)
	changed atomic.Int64 // screen lines that changed, summed over reads

	answers chan []byte   // terminal answers, written by answerLoop
	stop    chan struct{} // closed by close
	wg      sync.WaitGroup

	mu        sync.Mutex
	text      string        // the screen's text after the last read, guarded by mu
	notify    chan struct{} // closed and replaced on every read, guarded by mu
	ended     bool          // guarded by mu
	lastFrame time.Time     // guarded by mu
	maxGap    time.Duration // longest time between two frames while gapsOn, guarded by mu
	gapsOn    bool          // guarded by mu
	tail      []byte        // the end of the last read (a frameStart cut in two), guarded by mu
}

// dialTimes are the client-side times of one login.
type dialTimes struct {
	handshake time.Duration // TCP connect to authenticated (key exchange and auth)
}

// newKey returns a fresh ed25519 signer: every session is a new player.
func newKey() (gossh.Signer, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	return gossh.NewSignerFromKey(priv)
}

// handshakeOnly connects, exchanges keys, authenticates and hangs up.
func handshakeOnly(ctx context.Context, addr, user string) (time.Duration, error) {
	conn, d, err := login(ctx, addr, user)
	if err != nil {
		return 0, err
	}
	conn.Close()
	return d, nil
}

func login(ctx context.Context, addr, user string) (*gossh.Client, time.Duration, error) {
	key, err := newKey()
	if err != nil {
		return nil, 0, err
	}
	cfg := &gossh.ClientConfig{
		User:            user,
		Auth:            []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // loopback only, a server we started
	}
	start := time.Now()
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, 0, err
	}
	stop := context.AfterFunc(ctx, func() { nc.Close() })
	sc, chans, reqs, err := gossh.NewClientConn(nc, addr, cfg)
	if !stop() || err != nil {
		nc.Close()
		if err == nil {
			err = ctx.Err()
		}
		return nil, 0, fmt.Errorf("login: %w", err)
	}
	return gossh.NewClient(sc, chans, reqs), time.Since(start), nil
}

// dial logs in and opens a pty session running command ("" for a shell).
func dial(ctx context.Context, addr, user, command string) (*session, dialTimes, error) {
	conn, hs, err := login(ctx, addr, user)
	if err != nil {
		return nil, dialTimes{}, err
	}
	s := &session{
		conn:    conn,
		answers: make(chan []byte, 8),
		stop:    make(chan struct{}),
		notify:  make(chan struct{}),
	}
	if err := s.start(command); err != nil {
		conn.Close()
		return nil, dialTimes{}, err
	}
	return s, dialTimes{handshake: hs}, nil
}

func (s *session) start(command string) error {
	sess, err := s.conn.NewSession()
	if err != nil {
		return fmt.Errorf("new session: %w", err)
	}
	s.sess = sess
	if err := sess.RequestPty("xterm-256color", Height, Width, gossh.TerminalModes{}); err != nil {
		return fmt.Errorf("pty: %w", err)
	}
	if s.stdin, err = sess.StdinPipe(); err != nil {
		return err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return err
	}
	sess.Stderr = io.Discard
	// The screen answers the queries a terminal answers (the background
	// colour that bm.MakeRenderer asks for, device attributes, the cursor).
	s.screen = sshtest.NewScreen(Width, Height, func(a []byte) {
		select {
		case s.answers <- append([]byte(nil), a...):
		default:
		}
	})
	if command != "" {
		err = sess.Start(command)
	} else {
		err = sess.Shell()
	}
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	s.wg.Add(2)
	go s.answerLoop()
	go s.readLoop(stdout)
	return nil
}

func (s *session) answerLoop() {
	defer s.wg.Done()
	for {
		select {
		case a := <-s.answers:
			if _, err := s.stdin.Write(a); err != nil {
				return
			}
		case <-s.stop:
			return
		}
	}
}

func (s *session) readLoop(r io.Reader) {
	defer s.wg.Done()
	buf := make([]byte, 32<<10)
	var prev []string
	for {
		n, err := r.Read(buf)
		if n > 0 {
			now := time.Now()
			s.screen.Write(buf[:n])
			text := s.screen.String()
			lines := strings.Split(text, "\n")
			diff := 0
			for y := range max(len(lines), len(prev)) {
				if y >= len(lines) || y >= len(prev) || lines[y] != prev[y] {
					diff++
				}
			}
			prev = lines
			s.bytes.Add(int64(n))
			s.changed.Add(int64(diff))

			s.mu.Lock()
			scan := append(s.tail, buf[:n]...)
			f := bytes.Count(scan, frameStart)
			s.tail = append(s.tail[:0], scan[max(0, len(scan)-len(frameStart)+1):]...)
			if f > 0 {
				s.frames.Add(int64(f))
				if s.gapsOn && !s.lastFrame.IsZero() {
					s.maxGap = max(s.maxGap, now.Sub(s.lastFrame))
				}
				s.lastFrame = now
			}
			s.text = text
			close(s.notify)
			s.notify = make(chan struct{})
			s.mu.Unlock()
		}
		if err != nil {
			s.mu.Lock()
			s.ended = true
			close(s.notify)
			s.notify = make(chan struct{})
			s.mu.Unlock()
			return
		}
	}
}

// trackGaps starts (or restarts) measuring the longest time between frames.
func (s *session) trackGaps() {
	s.mu.Lock()
	s.gapsOn, s.maxGap, s.lastFrame = true, 0, time.Now()
	s.mu.Unlock()
}

// gap is the longest time between frames since trackGaps, counting the time
// since the last frame.
func (s *session) gap() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return max(s.maxGap, time.Since(s.lastFrame))
}

// waitUntil waits until cond holds for the screen's text.
func (s *session) waitUntil(ctx context.Context, what string, cond func(string) bool) error {
	for {
		s.mu.Lock()
		text, ch, ended := s.text, s.notify, s.ended
		s.mu.Unlock()
		if cond(text) {
			return nil
		}
		if ended {
			return fmt.Errorf("session ended before %s; screen:\n%s", what, text)
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("%w waiting until %s; screen:\n%s", ctx.Err(), what, text)
		}
	}
}

func (s *session) waitFor(ctx context.Context, text string) error {
	return s.waitUntil(ctx, fmt.Sprintf("screen shows %q", text), func(t string) bool { return strings.Contains(t, text) })
}

// typeKeys sends keys as typed.
func (s *session) typeKeys(keys string) error {
	_, err := s.stdin.Write([]byte(keys))
	return err
}

// close hangs up and waits for the session's goroutines.
func (s *session) close() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	s.conn.Close()
	s.wg.Wait()
}

// exec runs a command without a pty and returns its output.
func execCommand(ctx context.Context, addr, command string) (string, error) {
	conn, _, err := login(ctx, addr, "loadprobe")
	if err != nil {
		return "", err
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		return "", err
	}
	out, err := sess.Output(command)
	return string(out), err
}
