// Package sshserver serves the card room over SSH: host key, identity from
// the client's public key (guests without a key get in too), limits that
// protect a small server (docs/LIMITS.md), one Bubble Tea program per
// interactive session, plain-text commands for sessions without a
// terminal, and a graceful shutdown.
//
// The application is injected as an App, so this package knows nothing of
// the lobby or the screens:
//
//	srv, err := sshserver.New(cfg, app, logger)
//	...
//	err = srv.ListenAndServe(ctx) // returns after a graceful shutdown once ctx is done
//
// or simply sshserver.Run(ctx, cfg, app, logger).
//
// What a model served here can rely on:
//
//   - It gets a tea.WindowSizeMsg first and on every resize, clamped to
//     Config.MaxWidth × MaxHeight.
//   - Session.Renderer() has the session's colour profile (from TERM,
//     COLORTERM, NO_COLOR; the terminal is never queried): build styles
//     from it, once per session.
//   - IdleWarningMsg comes Config.IdleWarning before an idle disconnect;
//     ClosingMsg comes last, before the program is quit (kicked with
//     Session.Close, idle, or server shutdown), and its Reason is printed to
//     the client after the program exits.
//   - Output never blocks: a client that stops reading loses frames and gets
//     a full repaint when it reads again; what is queued per session is
//     bounded by Config.OutputBuffer. Alternate-screen programs
//     (tea.EnterAltScreen) repaint exactly.
//   - The renderer runs at Config.FPS (default 20): fine for cards, and a
//     quarter of bubbletea's idle cost.
//   - bubbletea merges keys typed together into one tea.KeyMsg: handle every
//     rune of msg.Runes.
//   - Input comes at most at Config.InputKeyRate and InputByteRate; what a
//     client sends beyond that is dropped, and the model gets an
//     InputDroppedMsg (at most every two seconds) to tell the player.
//   - A panic in Update or View ends that session only, with an apology
//     line; the server goes on.
package sshserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/sshapp"
)

// App is the application served to each session (sshapp.App): it gets
// each session as an sshapp.Session, which *Session implements.
type App = sshapp.App

// ErrServerClosed is returned by Serve and ListenAndServe after Shutdown.
var ErrServerClosed = errors.New("sshserver: server closed")

// Server is the SSH server. Create it with New.
type Server struct {
	cfg    Config
	app    App
	log    *log.Logger
	key    *hostkeys.Key
	ssh    *ssh.Server
	limit  *rateLimiter
	logins *admission // the global login limiter; nil without one
	sessN  atomic.Uint64
	counts counters // for Stats

	mu         sync.Mutex
	closing    bool                      // Shutdown has begun
	listeners  map[net.Listener]struct{} // guarded by mu
	conns      map[*trackedConn]struct{} // open connections, guarded by mu
	sessions   map[*Session]struct{}     // live sessions, guarded by mu
	perIP      map[string]int            // live sessions per IP, guarded by mu
	connsPerIP map[string]int            // open connections per IP, guarded by mu
	connsWG    sync.WaitGroup            // one per tracked connection
	sessWG     sync.WaitGroup            // one per session handler
	bgWG       sync.WaitGroup            // session and connection helper goroutines
	shutdown   chan struct{}             // closed when Shutdown begins
	shutOnce   sync.Once
}

// New loads or creates the host key under cfg.DataDir and prepares the
// server. It does not listen yet.
func New(cfg Config, app App, logger *log.Logger) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if app == nil {
		return nil, errors.New("sshserver: nil App")
	}
	if logger == nil {
		logger = log.New(io.Discard)
	}
	key, err := hostkeys.LoadOrCreate(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	s := &Server{
		cfg:        cfg,
		app:        app,
		log:        logger,
		key:        key,
		listeners:  map[net.Listener]struct{}{},
		conns:      map[*trackedConn]struct{}{},
		sessions:   map[*Session]struct{}{},
		perIP:      map[string]int{},
		connsPerIP: map[string]int{},
		shutdown:   make(chan struct{}),
	}
	if cfg.LoginsPerMinute > 0 {
		s.limit = newRateLimiter(cfg.LoginsPerMinute)
	}
	if cfg.LoginRate > 0 {
		s.logins = newAdmission(cfg.LoginRate, cfg.LoginBurst, cfg.LoginWait)
	}
	s.ssh = &ssh.Server{
		Version:     "cardroom",
		HostSigners: []ssh.Signer{key.Signer},
		Handler:     s.handleSession,
		// Any key is welcome: the key is the identity, not a credential
		// checked against a list.
		PublicKeyHandler: func(ssh.Context, ssh.PublicKey) bool { return true },
		// Clients without a key: keyboard-interactive auth that asks no
		// question, so they get in as guests without a prompt.
		KeyboardInteractiveHandler: func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true },
		ConnCallback:               s.onConn,
		ConnectionFailedCallback: func(c net.Conn, err error) {
			s.log.Debug("handshake failed", "remote", c.RemoteAddr().String(), "err", err)
		},
		ChannelHandlers:   map[string]ssh.ChannelHandler{"session": s.onSessionChannel},
		RequestHandlers:   map[string]ssh.RequestHandler{},
		SubsystemHandlers: map[string]ssh.SubsystemHandler{},
	}
	if key.Created {
		logger.Info("created host key", "path", key.Path, "fingerprint", key.Fingerprint())
	}
	return s, nil
}

// Fingerprint is the host key's SHA256 fingerprint.
func (s *Server) Fingerprint() string { return s.key.Fingerprint() }

// Run creates a server with New and serves cfg.Listen until ctx is done,
// then shuts down gracefully (within cfg.ShutdownTimeout). It returns nil
// after a clean shutdown.
func Run(ctx context.Context, cfg Config, app App, logger *log.Logger) error {
	s, err := New(cfg, app, logger)
	if err != nil {
		return err
	}
	err = s.ListenAndServe(ctx)
	if errors.Is(err, ErrServerClosed) {
		return nil
	}
	return err
}

// ListenAndServe listens on Config.Listen and calls Serve.
func (s *Server) ListenAndServe(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("sshserver: %w", err)
	}
	return s.Serve(ctx, ln)
}

// Serve accepts connections on ln until ctx is done or Shutdown is called.
// When ctx is done, Serve shuts the server down (bounded by
// Config.ShutdownTimeout) and returns the result of Shutdown. After a
// Shutdown called elsewhere it returns ErrServerClosed once ln is closed.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		ln.Close()
		return ErrServerClosed
	}
	s.listeners[ln] = struct{}{}
	s.mu.Unlock()
	s.log.Info("listening", "addr", ln.Addr().String(), "host_key", s.Fingerprint())

	errc := make(chan error, 1)
	go func() { errc <- s.ssh.Serve(ln) }()
	select {
	case err := <-errc:
		if s.isClosing() {
			return ErrServerClosed
		}
		return fmt.Errorf("sshserver: %w", err)
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.ShutdownTimeout)
		defer cancel()
		err := s.Shutdown(sctx)
		<-errc
		return err
	}
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// Shutdown stops accepting connections, tells every session (its model gets
// a ClosingMsg with CauseShutdown, its client a final line), waits for the
// sessions to end and the clients to hang up, and returns. If ctx ends
// first, every connection is closed at once and ctx's error is returned.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	for ln := range s.listeners {
		ln.Close()
		delete(s.listeners, ln)
	}
	sessions := make([]*Session, 0, len(s.sessions))
	for sess := range s.sessions {
		sessions = append(sessions, sess)
	}
	s.mu.Unlock()
	s.shutOnce.Do(func() { close(s.shutdown) })
	s.log.Info("shutting down", "sessions", len(sessions))

	for _, sess := range sessions {
		sess.closeWith(CauseShutdown, s.cfg.Goodbye)
	}
	err := s.wait(ctx, &s.sessWG)
	if err == nil {
		// Sessions are over; give clients a moment to hang up themselves
		// (closing first could reset a connection whose last bytes the
		// client has not read yet), then close what is left.
		lctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		_ = s.wait(lctx, &s.connsWG)
		cancel()
	}
	s.closeConns()
	_ = s.ssh.Close()
	if err != nil {
		return err
	}
	if err := s.wait(ctx, &s.connsWG); err != nil {
		return err
	}
	if err := s.ssh.Shutdown(ctx); err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	if err := s.wait(ctx, &s.bgWG); err != nil {
		return err
	}
	s.log.Info("shut down")
	return nil
}

// wait waits for wg or ctx.
func (s *Server) wait(ctx context.Context, wg *sync.WaitGroup) error {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) closeConns() {
	s.mu.Lock()
	conns := make([]*trackedConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
}

// go runs f in a goroutine that Shutdown waits for.
func (s *Server) goBG(f func()) {
	s.bgWG.Add(1)
	go func() {
		defer s.bgWG.Done()
		f()
	}()
}

// trackedConn is a connection from accept to close: it arms the handshake
// timeout, and logs the disconnect with the connection's duration.
type trackedConn struct {
	net.Conn
	srv       *Server
	ip        string
	start     time.Time
	once      sync.Once
	user      atomic.Pointer[string]
	sessions  atomic.Int64 // sessions opened over this connection
	keepalive sync.Once
	guestOnce sync.Once
	guest     string // this connection's guest id, set by guestOnce

	mu        sync.Mutex
	handshake Timer  // closes the conn unless a session is admitted in time; nil while one is, guarded by mu
	open      bool   // a session channel is open, guarded by mu
	unclosed  int    // session channels the client has not closed yet, guarded by mu
	free      func() // ends the open channel's turn (once), guarded by mu
	closed    bool   // guarded by mu
}

// armHandshake starts the handshake timer: unless a shell or exec is
// admitted within HandshakeTimeout, the connection is closed.
func (c *trackedConn) armHandshake() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.handshake != nil {
		return
	}
	c.handshake = c.srv.cfg.Clock.AfterFunc(c.srv.cfg.HandshakeTimeout, func() {
		c.srv.refused(RefusedHandshakeTimeout)
		c.srv.log.Info("handshake timeout", "remote", c.RemoteAddr().String())
		c.Close()
	})
}

// admitted stops the handshake timer: the connection holds a session.
func (c *trackedConn) admitted() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handshake != nil {
		c.handshake.Stop()
		c.handshake = nil
	}
}

// maxUnclosedChannels bounds the session channels of a connection that
// the client has not closed: the one in use and the one it is closing. A
// client that never answers a channel's close gets no more channels.
const maxUnclosedChannels = 2

// openChannel reports whether a session channel may open (one at a time,
// and not while the client leaves earlier ones unclosed). It returns the
// function that ends the channel's turn (call it when the session has ended
// or the channel has closed, whichever comes first; a connection left
// without a session is on the handshake timer again) and the one to call
// once the channel has closed on both sides.
func (c *trackedConn) openChannel() (free, closed func(), ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.open || c.unclosed >= maxUnclosedChannels {
		return nil, nil, false
	}
	c.open = true
	c.unclosed++
	c.free = sync.OnceFunc(func() {
		c.mu.Lock()
		c.open = false
		c.mu.Unlock()
		c.armHandshake()
	})
	closed = sync.OnceFunc(func() {
		c.mu.Lock()
		c.unclosed--
		c.mu.Unlock()
	})
	return c.free, closed, true
}

// sessionEnded ends the turn of the open session channel: its session has
// ended, and the next may open before the client has seen this one close.
func (c *trackedConn) sessionEnded() {
	c.mu.Lock()
	free := c.free
	c.mu.Unlock()
	if free != nil {
		free()
	}
}

func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.mu.Lock()
		c.closed = true
		if c.handshake != nil {
			c.handshake.Stop()
			c.handshake = nil
		}
		c.mu.Unlock()
		s := c.srv
		s.mu.Lock()
		delete(s.conns, c)
		if s.connsPerIP[c.ip]--; s.connsPerIP[c.ip] <= 0 {
			delete(s.connsPerIP, c.ip)
		}
		s.mu.Unlock()
		attrs := []any{"remote", c.RemoteAddr().String(), "duration", time.Since(c.start).Round(time.Millisecond), "sessions", c.sessions.Load()}
		if u := c.user.Load(); u != nil {
			attrs = append(attrs, "user", *u)
		}
		s.log.Debug("disconnect", attrs...)
		s.connsWG.Done()
	})
	return err
}

// onConn is the first thing that sees a new TCP connection.
func (s *Server) onConn(ctx ssh.Context, conn net.Conn) net.Conn {
	remote := conn.RemoteAddr().String()
	if s.isClosing() {
		s.refused(RefusedShuttingDown)
		return nil
	}
	if s.limit != nil && !s.limit.allow(hostOf(conn.RemoteAddr()), time.Now()) {
		s.refused(RefusedRateLimit)
		s.log.Warn("connection refused: login rate limit", "remote", remote)
		return nil
	}
	if s.logins != nil && !s.waitTurn(remote) {
		return nil
	}
	ip := hostOf(conn.RemoteAddr())
	c := &trackedConn{Conn: conn, srv: s, start: time.Now(), ip: ip}
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		s.refused(RefusedShuttingDown)
		return nil
	}
	// Connections (in the handshake or holding sessions) are capped at the
	// session limits plus room for handshakes in flight, so a flood of
	// connections that never log in cannot exhaust the server before the
	// handshake timeout drops them.
	if len(s.conns) >= s.cfg.MaxSessions+maxHandshakes || s.connsPerIP[ip] >= s.cfg.MaxSessionsPerIP+maxHandshakesPerIP {
		s.mu.Unlock()
		s.refused(RefusedTooManyConns)
		s.log.Warn("connection refused: too many connections", "remote", remote)
		return nil
	}
	s.connsPerIP[ip]++
	s.conns[c] = struct{}{}
	s.connsWG.Add(1)
	s.mu.Unlock()
	c.armHandshake()
	ctx.SetValue(connKey{}, c)
	// Connections log at Debug (serve --debug): a line costs about 50 µs of
	// formatting, a fifth of a bare handshake's CPU, and every login logs
	// its session's start and end at Info anyway.
	s.log.Debug("connect", "remote", remote)
	return c
}

// waitTurn holds a new connection (in its own goroutine, before the
// handshake) until the global login limiter lets it start. It reports false
// when the connection is refused: its turn is too far away, or the server
// is shutting down.
func (s *Server) waitTurn(remote string) bool {
	wait, ok := s.logins.reserve(s.cfg.Clock.Now())
	if !ok {
		s.refused(RefusedLoginStorm)
		s.log.Warn("connection refused: login storm", "remote", remote)
		return false
	}
	if wait <= 0 {
		return true
	}
	s.log.Debug("login queued", "remote", remote, "wait", wait)
	turn := make(chan struct{})
	t := s.cfg.Clock.AfterFunc(wait, func() { close(turn) })
	defer t.Stop()
	select {
	case <-turn:
		return true
	case <-s.shutdown:
		return false
	}
}

// Handshakes in flight allowed beyond the session limits.
const (
	maxHandshakes      = 64
	maxHandshakesPerIP = 8
)

type connKey struct{}

// onSessionChannel wraps the default session channel handler: one session
// channel at a time per connection, its requests filtered (see
// filterRequests); the first one starts the keepalives. The handshake timer
// runs on until a shell or exec is admitted (handleSession).
func (s *Server) onSessionChannel(srv *ssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx ssh.Context) {
	c, ok := ctx.Value(connKey{}).(*trackedConn)
	if !ok { // not a connection onConn let in; never happens
		_ = newChan.Reject(gossh.Prohibited, "no session")
		return
	}
	free, closed, ok := c.openChannel()
	if !ok {
		s.refused(RefusedSessionChannel)
		s.log.Debug("session channel refused: one at a time", "remote", c.RemoteAddr().String())
		_ = newChan.Reject(gossh.Prohibited, "one session at a time per connection")
		return
	}
	defer closed() // the handler returns once the channel has closed on both sides
	defer free()
	c.keepalive.Do(func() {
		if s.cfg.KeepaliveInterval > 0 {
			s.keepalive(ctx, conn, c)
		}
	})
	ssh.DefaultSessionHandler(srv, conn, &filteredChannel{NewChannel: newChan, srv: s, remote: c.RemoteAddr().String()}, ctx)
}

// keepalive asks the client every interval whether it is still there, and
// closes the connection when an answer does not come within an interval.
// It runs on timers rather than in a goroutine of its own: a parked
// goroutine per connection costs memory and a stack scan in every garbage
// collection (docs/CAPACITY.md).
func (s *Server) keepalive(ctx ssh.Context, conn *gossh.ServerConn, c *trackedConn) {
	iv := s.cfg.KeepaliveInterval
	var mu sync.Mutex
	var t *time.Timer // guarded by mu
	ping := func() {
		if ctx.Err() != nil {
			return
		}
		timeout := time.AfterFunc(iv, func() {
			s.log.Info("keepalive timeout", "remote", c.RemoteAddr().String())
			c.Close()
		})
		_, _, err := conn.SendRequest("keepalive@openssh.com", true, nil)
		timeout.Stop()
		if err != nil {
			return
		}
		mu.Lock()
		if ctx.Err() == nil { // else the stop below has run or will
			t.Reset(iv)
		}
		mu.Unlock()
	}
	mu.Lock()
	t = time.AfterFunc(iv, ping)
	mu.Unlock()
	context.AfterFunc(ctx, func() {
		mu.Lock()
		t.Stop()
		mu.Unlock()
	})
}

func hostOf(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok {
		return ta.IP.String()
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}

// rateLimiter is a token bucket per remote IP.
type rateLimiter struct {
	mu      sync.Mutex
	perMin  float64
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newRateLimiter(perMinute int) *rateLimiter {
	return &rateLimiter{perMin: float64(perMinute), buckets: map[string]*bucket{}}
}

func (l *rateLimiter) allow(ip string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) > 10000 {
		// Forget buckets that have refilled; they behave as new ones.
		for k, b := range l.buckets {
			if b.tokens+now.Sub(b.last).Minutes()*l.perMin >= l.perMin {
				delete(l.buckets, k)
			}
		}
	}
	b, ok := l.buckets[ip]
	if !ok {
		b = &bucket{tokens: l.perMin, last: now}
		l.buckets[ip] = b
	}
	b.tokens = min(l.perMin, b.tokens+now.Sub(b.last).Minutes()*l.perMin)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
