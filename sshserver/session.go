package sshserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/sshapp"
)

// Session is one SSH session: an interactive one (with a pty, running a
// Bubble Tea program) or a command (no pty). The app gets it in
// App.NewSession and App.Command; its methods are safe for concurrent use.
type Session struct {
	ss       ssh.Session
	id       string
	identity Identity
	args     []string
	term     string
	env      []string
	pty      bool
	profile  termenv.Profile
	dark     bool
	renderer *lipgloss.Renderer // nil for commands
	out      *outbox            // the program's output; nil for commands; set before the program runs
	ctx      context.Context
	cancel   context.CancelFunc
	start    time.Time

	lastInput    atomic.Int64 // Clock time of the last input, unix nanoseconds
	droppedInput atomic.Int64 // bytes of input dropped by the input limit

	mu            sync.Mutex
	width, height int          // guarded by mu
	program       *tea.Program // set once before the program runs, guarded by mu
	cause         Cause        // why the session closes, guarded by mu
	reason        string       // guarded by mu
	closing       chan struct{}
	closeOnce     sync.Once
	hungUp        chan struct{} // closed when the client's side of the channel ends
	hangUpOnce    sync.Once
}

// ID is a server-unique id of this session ("s17"), for logs and maps.
func (s *Session) ID() string { return s.id }

// Identity is who is connected: the key's fingerprint or a guest id, and
// the display name.
func (s *Session) Identity() Identity { return s.identity }

// Args is the command line the user passed after the host (for
// `ssh -t host join ABCD`: ["join", "ABCD"]), split like a shell would.
func (s *Session) Args() []string { return append([]string(nil), s.args...) }

// Term is the client's TERM ("" without a pty).
func (s *Session) Term() string { return s.term }

// Environ is the environment the client sent (including TERM), as
// "KEY=value" strings.
func (s *Session) Environ() []string { return append([]string(nil), s.env...) }

// RemoteAddr is the client's network address.
func (s *Session) RemoteAddr() net.Addr { return s.ss.RemoteAddr() }

// Stdin is what the client sends a command (no pty) on its standard input;
// it ends when the client closes it or the session ends.
func (s *Session) Stdin() io.Reader { return s.ss }

// Interactive reports whether the session has a pty (and so a program).
func (s *Session) Interactive() bool { return s.pty }

// Window returns the terminal size, clamped to Config.MaxWidth × MaxHeight.
func (s *Session) Window() (width, height int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.width, s.height
}

// ColorProfile is the colour profile chosen for this terminal from TERM,
// COLORTERM and NO_COLOR (the terminal is never queried).
func (s *Session) ColorProfile() termenv.Profile { return s.profile }

// HasDarkBackground is the server's guess from COLORFGBG (dark without it).
func (s *Session) HasDarkBackground() bool { return s.dark }

// Renderer is this session's lipgloss renderer, with its colour profile and
// background set: build the session's styles from it (never from package
// globals). For commands it renders without colour.
func (s *Session) Renderer() *lipgloss.Renderer { return s.renderer }

// Context is done when the session ends or starts closing (Close, idle
// timeout, shutdown). Commands and Cmds waiting on the app should return
// when it is done.
func (s *Session) Context() context.Context { return s.ctx }

// Send delivers msg to the session's model. It is a no-op for commands,
// for sessions that have ended, and before the program exists (during
// App.NewSession: give the model its initial state directly). It waits while the model's Update runs (the
// program reads one message at a time) but never on the client's output, so
// a slow client cannot hold it up. Never call it from the model's own Update
// or View (that deadlocks: return a Cmd instead). Code that must never wait
// (a table goroutine) should hand snapshots to the model through its own
// mailbox and a Cmd instead.
func (s *Session) Send(msg tea.Msg) {
	s.mu.Lock()
	p := s.program
	s.mu.Unlock()
	if p != nil {
		p.Send(msg)
	}
}

// Bell rings the terminal's bell (BEL). It never blocks: like a frame, it
// is dropped when the client has stopped reading.
func (s *Session) Bell() {
	s.mu.Lock()
	out := s.out
	s.mu.Unlock()
	if out != nil {
		_, _ = out.Write([]byte("\a"))
	}
}

// Close ends the session: the model receives ClosingMsg{Cause: CauseKicked,
// Reason: reason}, the program quits, and the client sees reason as the
// last line. Close does not wait; calling it again has no effect.
func (s *Session) Close(reason string) {
	if reason == "" {
		reason = "Your session was closed."
	}
	s.closeWith(CauseKicked, reason)
}

func (s *Session) closeWith(cause Cause, reason string) {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.cause, s.reason = cause, reason
		s.mu.Unlock()
		close(s.closing)
		s.cancel()
	})
}

// hangUp ends the session of a client that is gone: its Context is done
// at once, and the program is stopped without a goodbye.
func (s *Session) hangUp() {
	s.hangUpOnce.Do(func() {
		close(s.hungUp)
		s.cancel()
	})
}

func (s *Session) closeReason() (Cause, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cause, s.reason
}

func (s *Session) setWindow(w, h int) (changed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	changed = w != s.width || h != s.height
	s.width, s.height = w, h
	return changed
}

func (s *Server) clamp(win ssh.Window) (int, int) {
	w, h := win.Width, win.Height
	if w <= 0 || h <= 0 {
		w, h = 80, 24
	}
	return min(w, s.cfg.MaxWidth), min(h, s.cfg.MaxHeight)
}

// handleSession is the ssh handler for every session channel.
func (s *Server) handleSession(ss ssh.Session) {
	ctx, cancel := context.WithCancel(ss.Context())
	defer cancel()
	pty, winch, isPty := ss.Pty()
	pub := ss.PublicKey() // the session's own key; nil for guests
	conn, _ := ss.Context().Value(connKey{}).(*trackedConn)
	var guest string
	if pub == nil {
		// One guest id per connection: sessions multiplexed over one
		// connection (OpenSSH ControlMaster) are the same guest.
		if conn != nil {
			conn.guestOnce.Do(func() { conn.guest = newGuestID() })
			guest = conn.guest
		} else {
			guest = newGuestID()
		}
	}
	sess := &Session{
		ss:       ss,
		id:       "s" + strconv.FormatUint(s.sessN.Add(1), 10),
		identity: identityOf(pub, ss.User(), guest),
		args:     ss.Command(),
		env:      ss.Environ(),
		pty:      isPty,
		ctx:      ctx,
		cancel:   cancel,
		start:    time.Now(),
		closing:  make(chan struct{}),
		hungUp:   make(chan struct{}),
	}
	if isPty {
		sess.term = pty.Term
		sess.width, sess.height = s.clamp(pty.Window)
		sess.profile = colorProfile(pty.Term, sess.env)
		sess.dark = darkBackground(sess.env)
	} else {
		sess.profile = termenv.Ascii
	}
	if conn != nil {
		conn.sessions.Add(1)
		name := sess.identity.Name
		conn.user.Store(&name)
	}
	id := sess.identity
	auth := "publickey"
	if id.Guest {
		auth = "guest"
	}
	logAttrs := []any{"session", sess.id, "remote", ss.RemoteAddr().String(), "auth", auth, "player", id.ID, "asked_name", id.Name} // the lobby logs the name given ("lobby: entered")
	if id.Requested != id.Name {
		logAttrs = append(logAttrs, "requested_name", id.Requested)
	}

	refusal := ""
	if s.cfg.Refuse != nil {
		if refusal = s.cfg.Refuse(id, hostOf(ss.RemoteAddr()), sess.env); refusal != "" {
			s.refused(RefusedBanned)
		}
	}
	if refusal == "" {
		if refusal = s.admit(sess); refusal != "" && s.cfg.Translate != nil {
			refusal = s.cfg.Translate(sess.env, refusal)
		}
	}
	if refusal != "" {
		s.log.Warn("session refused", append(logAttrs, "why", refusal)...)
		if isPty {
			fmt.Fprint(ss, refusal+"\n")
		} else {
			fmt.Fprintln(ss.Stderr(), refusal)
		}
		if conn != nil {
			conn.sessionEnded()
		}
		_ = ss.Exit(1)
		return
	}
	release := sync.OnceFunc(func() { s.release(sess) })
	defer release()
	if id.Guest {
		s.counts.guestLogins.Add(1)
	} else {
		s.counts.keyLogins.Add(1)
	}
	if conn != nil {
		conn.admitted()
	}

	s.log.Info("session start", append(logAttrs, "pty", isPty, "term", cleanForLog(sess.term), "args", cleanForLog(strings.Join(sess.args, " ")))...)
	var code, dropped int
	switch {
	case isPty && !s.app.PlainCommand(sess.args):
		code, dropped = s.runProgram(sess, winch)
	case isPty:
		// The ssh package blocks its request loop on window changes:
		// drain them until the channel closes.
		s.goBG(func() {
			for range winch {
			}
		})
		code = s.runCommand(sess)
	default:
		code = s.runCommand(sess)
	}
	cause, _ := sess.closeReason()
	end := []any{"session", sess.id, "player", id.ID, "duration", time.Since(sess.start).Round(time.Millisecond), "exit", code}
	if cause != 0 {
		end = append(end, "cause", cause.String())
	}
	if dropped > 0 {
		end = append(end, "dropped_frames", dropped)
	}
	if n := sess.droppedInput.Load(); n > 0 {
		end = append(end, "dropped_input_bytes", n)
	}
	s.log.Info("session end", end...)
	release() // before the client learns of the end: it may come straight back
	if conn != nil {
		conn.sessionEnded()
	}
	_ = ss.Exit(code)
}

// admit counts the session in, or returns why it may not start.
func (s *Server) admit(sess *Session) string {
	ip := hostOf(sess.ss.RemoteAddr())
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		s.refused(RefusedShuttingDown)
		return "The card room is shutting down. Please come back in a minute."
	case len(s.sessions) >= s.cfg.MaxSessions:
		s.refused(RefusedFull)
		return fmt.Sprintf("The card room is full (%d sessions). Please try again later.", s.cfg.MaxSessions)
	case s.perIP[ip] >= s.cfg.MaxSessionsPerIP:
		s.refused(RefusedPerIP)
		return fmt.Sprintf("Too many sessions from your address (the limit is %d). Close one and try again.", s.cfg.MaxSessionsPerIP)
	}
	s.sessions[sess] = struct{}{}
	s.perIP[ip]++
	s.sessWG.Add(1)
	return ""
}

func (s *Server) release(sess *Session) {
	ip := hostOf(sess.ss.RemoteAddr())
	s.mu.Lock()
	delete(s.sessions, sess)
	if s.perIP[ip]--; s.perIP[ip] <= 0 {
		delete(s.perIP, ip)
	}
	s.mu.Unlock()
	s.sessWG.Done()
}

const internalError = "Sorry, something went wrong on our side and the session ended."

// runCommand runs App.Command for a session without a pty or for a plain
// command.
func (s *Server) runCommand(sess *Session) (code int) {
	sess.renderer = newRenderer(io.Discard, termenv.Ascii, true)
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("command panicked", "session", sess.id, "panic", r, "stack", string(debug.Stack()))
			fmt.Fprintln(sess.ss.Stderr(), internalError)
			code = 1
		}
	}()
	return s.app.Command(sess, sess.Args(), sess.ss, sess.ss.Stderr())
}

// runProgram runs the session's Bubble Tea program, with input read by a
// pump that notes the time of every input and output written through an
// outbox. It returns the exit code and the number of dropped frames.
func (s *Server) runProgram(sess *Session, winch <-chan ssh.Window) (code, dropped int) {
	ss := sess.ss
	repaint := make(chan struct{}, 1)
	var ob *outbox
	ob = newOutbox(ss, s.cfg.OutputBuffer, &s.counts, func() {
		s.log.Debug("client reads again; repainting", "session", sess.id, "dropped_frames", ob.stats())
		select {
		case repaint <- struct{}{}:
		default:
		}
	}, s.goBG)
	ob.onStall = func() {
		s.log.Info("client stopped reading; dropping frames", "session", sess.id)
	}
	sess.renderer = newRenderer(ob, sess.profile, sess.dark)
	sess.mu.Lock()
	sess.out = ob
	sess.mu.Unlock()
	sess.lastInput.Store(s.cfg.Clock.Now().UnixNano())

	// Input: the pump owns reading the channel; bubbletea reads the pipe.
	// Closing pr after the program ends releases bubbletea's read loop.
	pr, pw := io.Pipe()
	s.goBG(func() { s.pump(sess, pw) })
	defer pr.CloseWithError(io.EOF)

	model := s.newModel(sess)
	if model == nil {
		msg := internalError
		if _, reason := sess.closeReason(); reason != "" {
			msg = reason // the app refused with Close(reason)
		}
		w, _ := sess.Window()
		ob.writeFinal([]byte(finalLines(msg, w)))
		s.waitOutbox(sess, ob)
		return 1, ob.stats()
	}
	p := tea.NewProgram(model,
		tea.WithInput(pr),
		tea.WithOutput(ob),
		tea.WithoutSignalHandler(),
		tea.WithFPS(s.cfg.FPS),
	)
	sess.mu.Lock()
	sess.program = p
	sess.mu.Unlock()

	progDone := make(chan struct{})
	s.goBG(func() { s.watch(sess, p, winch, repaint, progDone) })
	last, err := s.runSafely(sess, p)
	close(progDone)

	var final string
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrProgramPanic) {
		s.log.Error("program failed", "session", sess.id, "err", err)
		code, final = 1, internalError
	}
	if _, reason := sess.closeReason(); reason != "" && final == "" {
		final = reason
		if f, ok := last.(sshapp.Farewell); ok && f.Farewell() != "" {
			final = f.Farewell()
		}
	}
	if final != "" {
		w, _ := sess.Window()
		final = "\r\n" + finalLines(final, w)
	}
	ob.writeFinal([]byte(final))
	s.waitOutbox(sess, ob)
	return code, ob.stats()
}

// newModel calls App.NewSession, turning a panic into a refused session.
func (s *Server) newModel(sess *Session) (m tea.Model) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("NewSession panicked", "session", sess.id, "panic", r, "stack", string(debug.Stack()))
			m = nil
		}
	}()
	return s.app.NewSession(sess)
}

// runSafely runs p; bubbletea recovers panics in Update and View itself,
// this catches anything else.
func (s *Server) runSafely(sess *Session, p *tea.Program) (last tea.Model, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("program panicked", "session", sess.id, "panic", r, "stack", string(debug.Stack()))
			last, err = nil, tea.ErrProgramPanic
		}
	}()
	return p.Run()
}

// waitOutbox gives the client a bounded time to read the last bytes.
func (s *Server) waitOutbox(sess *Session, ob *outbox) {
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case <-ob.done:
	case <-t.C:
	case <-sess.ss.Context().Done():
	}
}

// pump copies the client's input to the program, without the control
// strings in it (see ctlFilter) and within the session's input limit, and
// notes when input came. While the limit's buckets are empty it does not
// read, so a flooding client is held back by the SSH window instead of
// costing the server CPU.
func (s *Server) pump(sess *Session, pw *io.PipeWriter) {
	clock := s.cfg.Clock
	lim := newInputLimit(s.cfg.InputKeyRate, s.cfg.InputKeyBurst, s.cfg.InputByteRate, clock.Now())
	var ctl ctlFilter
	var noticed time.Time     // when the model was last told of dropped input
	buf := make([]byte, 1024) // keys and pastes; bubbletea reads 256 at a time
	for {
		asked := clock.Now()
		n, err := sess.ss.Read(buf)
		if n > 0 {
			now := clock.Now()
			sess.lastInput.Store(now.UnixNano())
			p, strs, removed := ctl.filter(buf[:n], now.Sub(asked))
			if lim != nil {
				all := len(p)
				p = lim.skipCut(p)
				k, closePaste := lim.take(now, p)
				if dropped := all - k; dropped > 0 {
					if sess.droppedInput.Add(int64(dropped)) == int64(dropped) {
						s.log.Info("input too fast; dropping keys", "session", sess.id)
					}
					if noticed.IsZero() || now.Sub(noticed) >= inputNoticeEvery {
						noticed = now
						sess.Send(InputDroppedMsg{})
					}
				}
				p = p[:k]
				if closePaste {
					p = append(p, pasteEnd...)
				}
				lim.spend(strs, removed)
			}
			if len(p) > 0 {
				if _, werr := pw.Write(p); werr != nil {
					return
				}
			}
			if lim != nil {
				if d := lim.wait(); d > 0 && !s.pause(sess, d) {
					pw.CloseWithError(io.EOF)
					return
				}
			}
		}
		if err != nil {
			// The client sent its last input (`ssh -tt host </dev/null`
			// keeps reading the screen) or closed the channel, which
			// watch learns of when its window changes end.
			pw.CloseWithError(io.EOF)
			s.log.Debug("input ended", "session", sess.id)
			return
		}
	}
}

// inputNoticeEvery is how often at most a model hears of dropped input.
const inputNoticeEvery = 2 * time.Second

// pause waits d on the server's clock; it reports false when the session
// ended meanwhile.
func (s *Server) pause(sess *Session, d time.Duration) bool {
	ready := make(chan struct{})
	t := s.cfg.Clock.AfterFunc(d, func() { close(ready) })
	defer t.Stop()
	select {
	case <-ready:
		return true
	case <-sess.ctx.Done():
		return false
	}
}

// watch is the session's control goroutine: it forwards window sizes, runs
// the idle timer, asks for repaints after dropped frames, and quits the
// program when the session closes. After the program ends it keeps draining
// window changes (the ssh package blocks its request loop on them) until
// the channel closes.
func (s *Server) watch(sess *Session, p *tea.Program, winch <-chan ssh.Window, repaint <-chan struct{}, progDone <-chan struct{}) {
	defer func() {
		if winch != nil { // nil once seen closed
			for range winch {
			}
		}
	}()
	w, h := sess.Window()
	p.Send(tea.WindowSizeMsg{Width: w, Height: h})

	clock := s.cfg.Clock
	idleT, idleW := s.cfg.IdleTimeout, s.cfg.IdleWarning
	idleC := make(chan struct{}, 1)
	var timer Timer
	arm := func(d time.Duration) {
		timer = clock.AfterFunc(d, func() {
			select {
			case idleC <- struct{}{}:
			default:
			}
		})
	}
	if idleT > 0 {
		arm(idleT - idleW)
	}
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	warned := false
	closing := sess.closing
	gone, hungUp := sess.ss.Context().Done(), sess.hungUp
	for {
		select {
		case <-progDone:
			return
		case <-gone:
			// The connection is gone: nobody will see a goodbye.
			p.Kill()
			gone = nil
		case <-hungUp:
			// The client closed the channel: nobody will see a goodbye.
			p.Kill()
			hungUp = nil
		case win, ok := <-winch:
			if !ok {
				// The channel is closed. The connection may live on
				// (OpenSSH's ControlMaster keeps it for its other
				// sessions), so its end cannot be waited for.
				winch = nil
				sess.hangUp()
				continue
			}
			if w, h := s.clamp(win); sess.setWindow(w, h) {
				p.Send(tea.WindowSizeMsg{Width: w, Height: h})
			}
		case <-repaint:
			p.Send(tea.ClearScreen())
		case <-idleC:
			idle := clock.Now().Sub(time.Unix(0, sess.lastInput.Load()))
			switch {
			case idle >= idleT:
				sess.closeWith(CauseIdle, fmt.Sprintf("Disconnected after %s without input.", idleT))
			case idle >= idleT-idleW:
				if !warned {
					warned = true
					p.Send(IdleWarningMsg{Remaining: idleT - idle})
				}
				arm(idleT - idle)
			default:
				warned = false
				arm(idleT - idleW - idle)
			}
		case <-closing:
			closing = nil
			cause, reason := sess.closeReason()
			p.Send(ClosingMsg{Cause: cause, Reason: reason})
			p.Quit()
		}
	}
}

// *Session is the session an App is handed.
var _ sshapp.Session = (*Session)(nil)
