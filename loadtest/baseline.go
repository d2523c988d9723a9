package loadtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	bm "github.com/charmbracelet/wish/bubbletea"
)

// BaselineConfig shapes the bare server's screen so that it does what the
// card room did in the same run: an update every Every (none when zero)
// that changes Lines lines.
type BaselineConfig struct {
	Every time.Duration
	Lines int
}

// ServeBaseline runs the reference server on ln until ctx is done: a
// minimal wish + bubbletea app written as the wish examples write one
// (bubbletea.Middleware, bubbletea.MakeRenderer, the default 60 fps,
// activeterm, public-key auth that takes any key), with a static screen of
// the session's size. Its model answers the load's keys like the card room's
// chat line does (a rune appends, backspace deletes) and, when cfg.Every is
// set, changes cfg.Lines lines every cfg.Every.
func ServeBaseline(ctx context.Context, ln net.Listener, dataDir string, cfg BaselineConfig) error {
	srv, err := wish.NewServer(
		wish.WithHostKeyPath(filepath.Join(dataDir, "baseline_ed25519")),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithMiddleware(
			bm.Middleware(func(s ssh.Session) (tea.Model, []tea.ProgramOption) {
				r := bm.MakeRenderer(s)
				pty, _, _ := s.Pty()
				m := newBaseModel(r, cfg, pty.Window.Width, pty.Window.Height)
				m.done = s.Context().Done()
				return m, []tea.ProgramOption{tea.WithAltScreen()}
			}),
			activeterm.Middleware(),
		),
	)
	if err != nil {
		return err
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	<-errc
	if errors.Is(err, ssh.ErrServerClosed) {
		err = nil
	}
	return err
}

type baseTick struct{}

type baseModel struct {
	cfg   BaselineConfig
	title string
	w, h  int
	lines []string // the static screen, prebuilt
	n     int      // updates so far
	input string
	done  <-chan struct{} // closed when the session ends
}

func newBaseModel(r *lipgloss.Renderer, cfg BaselineConfig, w, h int) *baseModel {
	m := &baseModel{cfg: cfg, title: r.NewStyle().Bold(true).Render("baseline"), w: w, h: h}
	m.build()
	return m
}

const filler = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "

func (m *baseModel) build() {
	m.lines = make([]string, max(m.h-2, 1))
	for i := range m.lines {
		s := fmt.Sprintf("%02d ", i) + strings.Repeat(filler, m.w/len(filler)+1)
		m.lines[i] = s[:max(m.w-1, 1)]
	}
}

func (m *baseModel) Init() tea.Cmd { return m.tick() }

func (m *baseModel) tick() tea.Cmd {
	if m.cfg.Every <= 0 {
		return nil
	}
	// tea.Tick, except that the session's end stops its goroutine: the same
	// work per update, and nothing left behind.
	every, done := m.cfg.Every, m.done
	return func() tea.Msg {
		t := time.NewTimer(every)
		defer t.Stop()
		select {
		case <-t.C:
			return baseTick{}
		case <-done:
			return nil
		}
	}
}

func (m *baseModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if msg.Width != m.w || msg.Height != m.h {
			m.w, m.h = msg.Width, msg.Height
			m.build()
		}
	case baseTick:
		m.n++
		return m, m.tick()
	case tea.KeyMsg:
		switch msg.Type {
		case tea.KeyCtrlC:
			return m, tea.Quit
		case tea.KeyBackspace:
			if r := []rune(m.input); len(r) > 0 {
				m.input = string(r[:len(r)-1])
			}
		case tea.KeyRunes:
			m.input += string(msg.Runes)
		}
	}
	return m, nil
}

func (m *baseModel) View() string {
	var b strings.Builder
	b.WriteString(m.title + "\n")
	for i, l := range m.lines {
		if i < m.cfg.Lines {
			// A changed line: the update counter up front, the rest as before.
			c := fmt.Sprintf("%02d %6d ", i, m.n)
			l = c + l[min(len(c), len(l)):]
		}
		b.WriteString(l + "\n")
	}
	b.WriteString("say: " + m.input + "▏")
	return b.String()
}
