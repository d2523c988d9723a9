package sshserver_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/sshserver"
)

// testApp serves a counter: '+' and '-' change it (every rune of a key
// message counts), '!' panics, 'q' quits. Commands: list, fail, panic.
type testApp struct {
	mu       sync.Mutex
	sessions []*sshserver.Session
	added    chan struct{} // closed and replaced when a session is added
}

func newTestApp() *testApp { return &testApp{added: make(chan struct{})} }

func (a *testApp) NewSession(as sshapp.Session) tea.Model {
	s := as.(*sshserver.Session) // the tests use the server's own type
	a.mu.Lock()
	a.sessions = append(a.sessions, s)
	close(a.added)
	a.added = make(chan struct{})
	a.mu.Unlock()
	if s.Identity().Name == "refuseme" {
		s.Close("No seat for you today.")
		return nil
	}
	return &counter{s: s}
}

// PlainCommand: "list" answers in plain text even with a pty.
func (a *testApp) PlainCommand(args []string) bool { return len(args) > 0 && args[0] == "list" }

func (a *testApp) Command(s sshapp.Session, args []string, out, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: list")
		return 2
	}
	switch args[0] {
	case "list":
		fmt.Fprintln(out, "tables: none")
		fmt.Fprintf(out, "you: %s %s\n", s.Identity().Name, s.Identity().ID)
		return 0
	case "fail":
		return 3
	case "panic":
		panic("command bug")
	}
	fmt.Fprintf(stderr, "unknown command %q\n", args[0])
	return 2
}

// session waits for the n-th session (1-based) the app has seen.
func (a *testApp) session(ctx context.Context, t *testing.T, n int) *sshserver.Session {
	t.Helper()
	for {
		a.mu.Lock()
		ch := a.added
		if len(a.sessions) >= n {
			s := a.sessions[n-1]
			a.mu.Unlock()
			return s
		}
		a.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			t.Fatalf("waiting for session %d: %v", n, ctx.Err())
		}
	}
}

type bumpMsg struct {
	n   int
	big bool
}

type counter struct {
	s        *sshserver.Session
	n        int
	w, h     int
	warn     string
	closing  string
	bump     int
	big      bool
	dropped  bool // an InputDroppedMsg came
	farewell string
}

// Farewell is the final line of the user "polite" (sshapp.Farewell).
func (m *counter) Farewell() string { return m.farewell }

func (m *counter) Init() tea.Cmd { return tea.EnterAltScreen }

func (m *counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		m.warn = ""
		for _, r := range msg.Runes {
			switch r {
			case '+':
				m.n++
			case '-':
				m.n--
			case '!':
				panic("model bug")
			case 'q':
				return m, tea.Quit
			}
		}
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case sshserver.IdleWarningMsg:
		m.warn = fmt.Sprintf("idle warning: %s", msg.Remaining)
	case sshserver.InputDroppedMsg:
		m.dropped = true
	case sshserver.ClosingMsg:
		m.closing = fmt.Sprintf("closing (%s): %s", msg.Cause, msg.Reason)
		if m.s.Identity().Name == "polite" {
			m.farewell = "in my words: " + msg.Reason
		}
	case bumpMsg:
		m.bump, m.big = msg.n, msg.big
	}
	return m, nil
}

func (m *counter) View() string {
	id := m.s.Identity()
	var b strings.Builder
	fmt.Fprintf(&b, "count %d\n", m.n)
	fmt.Fprintf(&b, "name %s\n", id.Name)
	fmt.Fprintf(&b, "id %s\n", id.ID)
	fmt.Fprintf(&b, "guest %v\n", id.Guest)
	fmt.Fprintf(&b, "size %dx%d\n", m.w, m.h)
	fmt.Fprintf(&b, "args %q\n", m.s.Args())
	fmt.Fprintf(&b, "bump %d\n", m.bump)
	if m.bump == 0 {
		b.WriteString(m.s.Renderer().NewStyle().Foreground(lipgloss.Color("9")).Render("red") + "\n")
	}
	if m.warn != "" {
		b.WriteString(m.warn + "\n")
	}
	if m.closing != "" {
		b.WriteString(m.closing + "\n")
	}
	if m.dropped {
		b.WriteString("input dropped\n")
	}
	if m.big {
		// A full screen that changes completely with every bump.
		line := strings.Repeat(string(rune('a'+m.bump%26)), m.w)
		for range m.h - 10 {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// syncBuffer is a log destination safe for concurrent writers.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	changed chan struct{} // closed and replaced on every write
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.changed != nil {
		close(s.changed)
	}
	s.changed = make(chan struct{})
	return s.b.Write(p)
}

// contains reports whether the log has text, and a channel closed on the
// next write.
func (s *syncBuffer) contains(text string) (bool, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.changed == nil {
		s.changed = make(chan struct{})
	}
	return strings.Contains(s.b.String(), text), s.changed
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type testServer struct {
	*sshserver.Server
	addr string
	app  *testApp
	logs *syncBuffer
	cfg  sshserver.Config
	errc chan error
	down bool
}

// start runs a server on 127.0.0.1:0 with cfg (DataDir defaults to a
// temporary directory) and shuts it down when the test ends.
func start(t *testing.T, cfg sshserver.Config) *testServer {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	if cfg.FPS == 0 {
		cfg.FPS = 120
	}
	ts := &testServer{app: newTestApp(), logs: &syncBuffer{}, cfg: cfg, errc: make(chan error, 1)}
	logger := log.NewWithOptions(ts.logs, log.Options{Level: log.DebugLevel})
	srv, err := sshserver.New(cfg, ts.app, logger)
	if err != nil {
		t.Fatal(err)
	}
	ts.Server = srv
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts.addr = ln.Addr().String()
	go func() { ts.errc <- srv.Serve(context.Background(), ln) }()
	t.Cleanup(func() {
		if !ts.down {
			ts.shutdown(t)
		}
		if t.Failed() {
			t.Logf("server log:\n%s", ts.logs.String())
		}
	})
	return ts
}

func (ts *testServer) shutdown(t *testing.T) {
	t.Helper()
	ts.down = true
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ts.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown: %v", err)
		dumpGoroutines()
	}
	select {
	case err := <-ts.errc:
		if err != sshserver.ErrServerClosed {
			t.Errorf("Serve returned %v, want ErrServerClosed", err)
		}
	case <-ctx.Done():
		t.Errorf("Serve did not return after Shutdown")
	}
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}
