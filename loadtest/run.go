package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardroom/cardroom/tables"
)

// Scenarios.
const (
	Lobby  = "lobby"  // every session idles in the lobby, typing into the invite-code line
	Tables = "tables" // tables played by bots at their pace; sessions sit at them (away, their bot plays) or watch, typing into the chat line
)

// tableLimit is the lobby's default MaxTables.
const tableLimit = 200

// Limits of one run.
const (
	MaxSessions = 5000
	MaxDuration = 10 * time.Minute
)

// Config is one load run.
type Config struct {
	Scenario string
	// N is the number of sessions (1..MaxSessions).
	N int
	// Duration is the steady phase, after every session is open (≤ MaxDuration).
	Duration time.Duration
	// KeyEvery is how often each typing session presses a key. Default 1s.
	KeyEvery time.Duration
	// Spectators per table (Tables); each table also has one seated
	// session. Default 3, or more so that there are at most 200 tables
	// (the lobby's limit).
	Spectators int
	// Concurrency is the number of logins in flight during the ramp. Default 16.
	Concurrency int
	// Handshakes is the number of login-only connections (no session)
	// that measure the handshake's CPU. Default 200.
	Handshakes int
	// Baseline also measures the bare wish + bubbletea server.
	Baseline bool
	// ProfileDir, if set, receives a CPU profile of each server's steady phase.
	ProfileDir string
	// Start starts a server in a child process: kind is "cardroom" or
	// "baseline" (with bc shaping its screen).
	Start func(ctx context.Context, kind string, bc BaselineConfig) (*Child, error)
	// Progress receives a progress bar (stderr); nil for none.
	Progress io.Writer
	// BotPace is the server's bot pace: a table whose observer sees no
	// frame for 2.5 bot paces (a move 1.5 paces late) fell behind. Zero:
	// twice the median table's longest pause, at least 3s.
	BotPace time.Duration
	// Storm is a number of extra logins (64 at a time) into the lobby at
	// the start of the steady phase: how a login storm affects the
	// sessions already playing. They stay open, idle, until the end.
	Storm int
	// Settle is how long the server is left alone before each measure of
	// its memory. Default 2s.
	Settle time.Duration
	// Targets, if set, are servers already running on loopback (host:port),
	// the nodes of one cluster: the sessions are spread over them
	// round-robin instead of going to a child the run starts (Start is not
	// used). The servers' CPU, memory and goroutines are then not
	// measured, and Baseline and ProfileDir are refused.
	Targets []string
	// Say (tables): each typing session sends a chat line every KeyEvery
	// instead of typing x and backspace, and measures from its Enter to
	// the line on its screen: a command that goes through the table, and
	// through the table's node when that is another one. The table takes
	// a line every tables.ChatEvery at most: KeyEvery must not be shorter.
	Say bool
}

func (c *Config) check() error {
	if c.Scenario != Lobby && c.Scenario != Tables {
		return fmt.Errorf("loadtest: unknown scenario %q (lobby or tables)", c.Scenario)
	}
	if c.N < 1 || c.N > MaxSessions {
		return fmt.Errorf("loadtest: %d sessions out of range 1..%d", c.N, MaxSessions)
	}
	if c.Duration <= 0 || c.Duration > MaxDuration {
		return fmt.Errorf("loadtest: duration %v out of range (0, %v]", c.Duration, MaxDuration)
	}
	if c.KeyEvery <= 0 {
		c.KeyEvery = time.Second
	}
	if c.Spectators <= 0 {
		// The lobby runs at most 200 tables (lobby.Config.MaxTables):
		// more sessions watch each table rather than ask for more tables.
		c.Spectators = max(3, (c.N+tableLimit-1)/tableLimit-1)
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 16
	}
	if c.Settle <= 0 {
		c.Settle = 2 * time.Second
	}
	if c.Handshakes <= 0 {
		c.Handshakes = 200
	}
	if c.Say && c.Scenario != Tables {
		return errors.New("loadtest: chat lines (Say) are sent at tables: use the tables scenario")
	}
	if c.Say && c.KeyEvery < tables.ChatEvery {
		return fmt.Errorf("loadtest: a chat line every %v is faster than a table takes them (one every %v)", c.KeyEvery, tables.ChatEvery)
	}
	if len(c.Targets) > 0 {
		if c.Baseline {
			return errors.New("loadtest: no baseline with targets: the baseline is a server the run starts")
		}
		if c.ProfileDir != "" {
			return errors.New("loadtest: no profiles with targets: only a server the run starts serves them")
		}
		for _, t := range c.Targets {
			if err := CheckLoopback(t); err != nil {
				return err
			}
		}
		return nil
	}
	if c.Start == nil {
		return errors.New("loadtest: no Start")
	}
	return nil
}

// CheckLoopback refuses an address that is not on a loopback interface:
// load runs never leave the machine.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	ips, err := net.LookupIP(host)
	if err != nil {
		return err
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("loadtest: %s is not a loopback address (%s): load runs stay on this machine", addr, ip)
		}
	}
	if len(ips) == 0 {
		return fmt.Errorf("loadtest: %s resolves to nothing", addr)
	}
	return nil
}

// Result is what one server did under the load.
type Result struct {
	Server   string
	Scenario string
	N        int
	Opened   int
	Failed   []string // why sessions failed to open or stopped answering (first few)
	// Targets are the running servers the sessions went to (Config.Targets);
	// with them the server-side figures (CPU, RSS, goroutines) are not
	// measured and are zero, and OtherCPU includes the servers' CPU.
	Targets []string
	// PerTarget is how many sessions opened on each target.
	PerTarget []int
	Say       bool // the keys were chat lines (Config.Say)
	// Groups split the figures of watching sessions by where their table
	// runs (with more than one target, at tables).
	Groups []Group

	RSSBefore, RSSOpen, RSSEnd int64 // bytes: no sessions, all open, end of the steady phase
	GoBefore, GoOpen           int

	HandshakeCPU     time.Duration // server CPU per login-only connection
	HandshakeP50     time.Duration // client side, TCP connect to authenticated
	HandshakeP99     time.Duration
	RampCPU          time.Duration // server CPU during the ramp
	Ramp             time.Duration // wall time of the ramp
	RampDone         bool          // the ramp finished before the run's bound
	SteadyCPU        time.Duration // server CPU during the steady phase
	SteadyWall       time.Duration
	GeneratorCPU     time.Duration // the generator's own CPU in the steady phase
	OtherCPU         time.Duration // CPU other processes on the machine took in the steady phase
	Frames           int64         // frames all sessions received in the steady phase
	Bytes            int64
	ChangedLines     int64
	Keys             int // keys pressed (and answered) in the steady phase
	KeyMissed        int // keys whose change did not show within 10s
	KeyP50, KeyP99   time.Duration
	KeyMax           time.Duration
	Tables           int
	TableGapP50      time.Duration // longest time between a table's frames, median over tables
	TableGapMax      time.Duration
	Behind           []string // tables that fell behind
	ObserverFrameSec float64  // frames per second an observer saw, median
	Profiles         []string
	Storm            int
	StormTime        time.Duration // how long the storm's logins took (bounded by the steady phase)
	StormFailed      int           // storm logins refused or not done by the end of the steady phase
}

// Group is the figures of the sessions that watch a table on their own
// node, or on another node.
type Group struct {
	Name             string
	Sessions         int // watching sessions (observers and spectators)
	Keys, KeyMissed  int
	KeyP50, KeyP99   time.Duration
	KeyMax           time.Duration
	Observers        int
	TableGapP50      time.Duration // the observers' longest pause without a frame, median
	TableGapMax      time.Duration
	ObserverFrameSec float64 // frames per second an observer saw, median
}

// ServerMeasured reports whether the server-side figures were measured:
// not when the run went to targets it did not start.
func (r *Result) ServerMeasured() bool { return len(r.Targets) == 0 }

// Per-session figures.
func (r *Result) RSSPerSession() float64 {
	return float64(r.RSSEnd-r.RSSBefore) / float64(max(r.Opened, 1))
}
func (r *Result) GoPerSession() float64 {
	return float64(r.GoOpen-r.GoBefore) / float64(max(r.Opened, 1))
}
func (r *Result) CPUPerFrame() time.Duration {
	return r.SteadyCPU / time.Duration(max(r.Frames, 1))
}
func (r *Result) BytesPerFrame() float64 { return float64(r.Bytes) / float64(max(r.Frames, 1)) }
func (r *Result) LinesPerFrame() float64 { return float64(r.ChangedLines) / float64(max(r.Frames, 1)) }
func (r *Result) LoginCPU() time.Duration {
	return r.RampCPU / time.Duration(max(r.Opened, 1))
}
func (r *Result) OpenRate() float64 { return float64(r.Opened) / max(r.Ramp.Seconds(), 1e-9) }
func (r *Result) CPUShare() float64 { return r.SteadyCPU.Seconds() / max(r.SteadyWall.Seconds(), 1e-9) }

// Run measures the card room (and the baseline, with cfg.Baseline) and
// returns one Result per server, the card room first.
func Run(ctx context.Context, cfg Config) ([]*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	p := newProgress(cfg.Progress)
	defer p.stop()
	cr, err := runOne(ctx, cfg, "cardroom", BaselineConfig{}, p)
	if err != nil {
		if cr != nil {
			return []*Result{cr}, err // what was measured before the run's bound
		}
		return nil, err
	}
	res := []*Result{cr}
	if cfg.Baseline {
		// The baseline's screen does what the card room's did: as many
		// updates per session and second beyond the keys, as many lines
		// changed in each.
		bc := BaselineConfig{Lines: 1}
		if f := cr.Frames - int64(cr.Keys); f > 0 {
			lines := float64(cr.ChangedLines-int64(cr.Keys)) / float64(f)
			bc.Lines = max(1, int(lines+0.5))
			perSec := float64(f) / float64(cr.Opened) / cr.SteadyWall.Seconds()
			if perSec > 0.02 {
				bc.Every = time.Duration(float64(time.Second) / perSec)
			}
		}
		base, err := runOne(ctx, cfg, "baseline", bc, p)
		if err != nil {
			return res, err
		}
		res = append(res, base)
	}
	return res, nil
}

type role int

const (
	lobbyIdle role = iota
	seated
	spectator
	observer // a spectator that does not type: its frames pace its table
)

type loadSession struct {
	*session
	role         role
	table        int
	target       int   // the index of the server it is connected to
	remote       bool  // it watches a table that runs on another target (node)
	known        bool  // remote is known: the session watches a table whose node is known
	steadyFrames int64 // frames in the steady phase
	lat          []time.Duration
	missed       int
}

func runOne(ctx context.Context, cfg Config, kind string, bc BaselineConfig, p *progress) (*Result, error) {
	r := &Result{Server: kind, Scenario: cfg.Scenario, N: cfg.N, Storm: cfg.Storm, Targets: cfg.Targets, Say: cfg.Say}
	// The server: a child this run starts, or the targets (child nil).
	var child *Child
	addrs := cfg.Targets
	if len(addrs) == 0 {
		var err error
		child, err = cfg.Start(ctx, kind, bc)
		if err != nil {
			return nil, fmt.Errorf("loadtest: starting the %s server: %w", kind, err)
		}
		defer child.Stop()
		if err := CheckLoopback(child.Addr); err != nil {
			return nil, err
		}
		addrs = []string{child.Addr}
	}
	// Session i goes to addrs[i%len(addrs)].
	addr := func(i int) string { return addrs[i%len(addrs)] }
	stats := func() procStats {
		if child == nil {
			return procStats{}
		}
		st, _ := child.stats()
		return st
	}
	sleep(ctx, cfg.Settle/2)
	var st0 procStats
	if child != nil {
		var err error
		if st0, err = child.stats(); err != nil {
			return nil, err
		}
		r.RSSBefore = st0.rss
		if r.GoBefore, err = child.goroutines(ctx); err != nil {
			return nil, err
		}
	}

	// Handshakes alone: key exchange and authentication, then hang up.
	p.set(kind+": handshakes", cfg.Handshakes)
	hs := make([]time.Duration, cfg.Handshakes)
	var hsFail atomic.Int64
	stopHSProfile := profile(ctx, cfg, child, kind, "handshakes", r)
	parallel(ctx, cfg.Handshakes, cfg.Concurrency, func(i int) {
		d, err := handshakeOnly(ctx, addr(i), fmt.Sprintf("hs%d", i))
		if err != nil {
			hsFail.Add(1)
			d = -1
		}
		hs[i] = d
		p.inc()
	})
	sleep(ctx, cfg.Settle/4) // let the server finish closing them
	stopHSProfile()
	st1 := stats()
	r.HandshakeCPU = (st1.cpu - st0.cpu) / time.Duration(max(int64(cfg.Handshakes)-hsFail.Load(), 1))
	hs = slices.DeleteFunc(hs, func(d time.Duration) bool { return d < 0 })
	r.HandshakeP50, r.HandshakeP99 = quantile(hs, 0.5), quantile(hs, 0.99)

	// The ramp: open every session and bring it to its screen.
	sessions := make([]*loadSession, cfg.N)
	roles(cfg, sessions)
	p.set(kind+": opening sessions", cfg.N)
	var failMu sync.Mutex
	fail := func(i int, err error) {
		failMu.Lock()
		if len(r.Failed) < 5 {
			r.Failed = append(r.Failed, fmt.Sprintf("session %d: %v", i, firstLines(err.Error(), 50)))
		}
		failMu.Unlock()
	}
	stopRampProfile := profile(ctx, cfg, child, kind, "ramp", r)
	rampStart := time.Now()
	stR0 := stats()
	open := func(i int, command string) {
		defer p.inc()
		ls := sessions[i]
		octx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		s, _, err := dial(octx, addr(i), fmt.Sprintf("load%d", i), command)
		if err != nil {
			fail(i, err)
			return
		}
		if err := prepare(octx, kind, s, ls.role); err != nil {
			fail(i, err)
			s.close()
			return
		}
		ls.session = s
	}
	if kind == "cardroom" && cfg.Scenario == Tables {
		// Seated sessions start the tables (quick play), then spectators
		// watch them by id, as `ssh -t host watch ID` does.
		var seatedIdx, watchIdx []int
		for i, ls := range sessions {
			if ls.role == seated {
				seatedIdx = append(seatedIdx, i)
			} else {
				watchIdx = append(watchIdx, i)
			}
		}
		ids, nodeOf, err := startTables(ctx, cfg, addrs, seatedIdx, open)
		if err != nil {
			return nil, err
		}
		r.Tables = len(ids)
		if len(ids) == 0 {
			return nil, fmt.Errorf("loadtest: no tables were started (%v)", r.Failed)
		}
		parallel(ctx, len(watchIdx), cfg.Concurrency, func(j int) {
			i := watchIdx[j]
			id := ids[sessions[i].table%len(ids)]
			if k, ok := nodeOf[id]; ok {
				sessions[i].known, sessions[i].remote = true, k != sessions[i].target
			}
			open(i, "watch "+id)
		})
	} else {
		parallel(ctx, cfg.N, cfg.Concurrency, func(i int) { open(i, "") })
		if cfg.Scenario == Tables {
			r.Tables = (cfg.N + cfg.Spectators) / (cfg.Spectators + 1)
		}
	}
	r.Ramp = time.Since(rampStart)
	stR1 := stats()
	stopRampProfile()
	r.RampCPU = stR1.cpu - stR0.cpu
	live := sessions[:0:0]
	for _, ls := range sessions {
		if ls.session != nil {
			live = append(live, ls)
		}
	}
	r.Opened = len(live)
	if len(cfg.Targets) > 0 {
		r.PerTarget = make([]int, len(cfg.Targets))
		for _, ls := range live {
			r.PerTarget[ls.target]++
		}
	}
	r.RampDone = ctx.Err() == nil
	defer func() {
		p.set(kind+": closing", len(live))
		parallel(context.Background(), len(live), 64, func(i int) { live[i].close(); p.inc() })
	}()
	if ctx.Err() != nil {
		return r, ctx.Err()
	}

	p.set(kind+": settling", 0)
	sleep(ctx, cfg.Settle)
	r.RSSOpen = stats().rss
	if child != nil {
		r.GoOpen, _ = child.goroutines(ctx)
	}

	// The steady phase.
	type count struct{ frames, bytes, lines int64 }
	before := make([]count, len(live))
	for i, ls := range live {
		before[i] = count{ls.frames.Load(), ls.bytes.Load(), ls.changed.Load()}
		if ls.role == observer {
			ls.trackGaps()
		}
	}
	stopProfile := profile(ctx, cfg, child, kind, "steady", r)
	p.set(kind+": steady", int(cfg.Duration/time.Second))
	self0, _ := readProc(os.Getpid())
	busy0 := machineBusy()
	stS0 := stats()
	start := time.Now()
	sctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	for i, ls := range live {
		if ls.role == observer {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var l []time.Duration
			var missed int
			if cfg.Say {
				l, missed = sayLoop(sctx, ls.session, fmt.Sprintf("k%dn", i), cfg.KeyEvery, uint64(i))
			} else {
				l, missed = typeLoop(sctx, ls.session, marker(kind, ls.role), cfg.KeyEvery, uint64(i))
			}
			ls.lat, ls.missed = l, missed
			mu.Lock()
			lat = append(lat, l...)
			r.KeyMissed += missed
			mu.Unlock()
		}()
	}
	var storm []*session
	stormDone := make(chan struct{})
	if cfg.Storm > 0 {
		storm = make([]*session, cfg.Storm)
		go func() {
			defer close(stormDone)
			t0 := time.Now()
			var failed atomic.Int64
			parallel(sctx, cfg.Storm, 64, func(i int) {
				s, _, err := dial(sctx, addr(i), fmt.Sprintf("storm%d", i), "")
				if err == nil {
					if err = s.waitFor(sctx, readyText(kind)); err != nil {
						s.close()
					}
				}
				if err != nil {
					failed.Add(1)
					return
				}
				storm[i] = s
			})
			r.StormTime = time.Since(t0)
			r.StormFailed = int(failed.Load())
		}()
	} else {
		close(stormDone)
	}
	tick := time.NewTicker(time.Second)
	for done := false; !done; {
		select {
		case <-sctx.Done():
			done = true
		case <-tick.C:
			p.inc()
		}
	}
	tick.Stop()
	wg.Wait()
	cancel()
	<-stormDone
	r.SteadyWall = time.Since(start)
	stS1 := stats()
	self1, _ := readProc(os.Getpid())
	busy1 := machineBusy()
	r.SteadyCPU = stS1.cpu - stS0.cpu
	r.GeneratorCPU = self1.cpu - self0.cpu
	r.OtherCPU = max(0, busy1-busy0-r.SteadyCPU-r.GeneratorCPU)
	r.RSSEnd = stS1.rss
	for i, ls := range live {
		ls.steadyFrames = ls.frames.Load() - before[i].frames
		r.Frames += ls.frames.Load() - before[i].frames
		r.Bytes += ls.bytes.Load() - before[i].bytes
		r.ChangedLines += ls.changed.Load() - before[i].lines
	}
	for _, s := range storm {
		if s != nil {
			s.close()
		}
	}
	r.Keys = len(lat)
	r.KeyP50, r.KeyP99 = quantile(lat, 0.5), quantile(lat, 0.99)
	if len(lat) > 0 {
		r.KeyMax = slices.Max(lat)
	}
	if cfg.Scenario == Tables {
		tableStats(r, live, cfg.Duration, cfg.BotPace)
		if len(addrs) > 1 {
			r.Groups = groups(live, cfg.Duration)
		}
	}
	stopProfile()
	return r, ctx.Err()
}

// profile starts a CPU profile of the server for one phase (with
// cfg.ProfileDir) and returns what stops it.
func profile(ctx context.Context, cfg Config, child *Child, kind, phase string, r *Result) (stop func()) {
	if cfg.ProfileDir == "" || child == nil {
		return func() {}
	}
	path, err := filepath.Abs(filepath.Join(cfg.ProfileDir, fmt.Sprintf("%s-%s-%d-%s.pprof", kind, cfg.Scenario, cfg.N, phase)))
	if err == nil {
		_, err = child.get(ctx, "/cpuprofile/start?path="+url.QueryEscape(path))
	}
	if err != nil {
		r.Profiles = append(r.Profiles, phase+" profile failed: "+err.Error())
		return func() {}
	}
	r.Profiles = append(r.Profiles, path)
	return func() { _, _ = child.get(context.WithoutCancel(ctx), "/cpuprofile/stop") }
}

// roles assigns each session its role, table and target.
func roles(cfg Config, sessions []*loadSession) {
	tables := (cfg.N + cfg.Spectators) / (cfg.Spectators + 1)
	for i := range sessions {
		ls := &loadSession{role: lobbyIdle, target: i % max(len(cfg.Targets), 1)}
		if cfg.Scenario == Tables {
			switch {
			case i < tables:
				ls.role, ls.table = seated, i
			case i < 2*tables:
				ls.role, ls.table = observer, i-tables
			default:
				ls.role, ls.table = spectator, (i-tables)%tables
			}
		}
		sessions[i] = ls
	}
}

// prepare brings a new session to the screen where it will type.
func prepare(ctx context.Context, kind string, s *session, r role) error {
	if kind == "baseline" {
		return s.waitFor(ctx, "say: ▏")
	}
	switch r {
	case lobbyIdle:
		if err := s.waitFor(ctx, "Quick play"); err != nil {
			return err
		}
		if err := s.typeKeys("c"); err != nil {
			return err
		}
		return s.waitFor(ctx, codeMarker+"▏")
	case seated:
		if err := s.waitFor(ctx, "Quick play"); err != nil {
			return err
		}
		if err := s.typeKeys("1"); err != nil {
			return err
		}
		if err := s.waitUntil(ctx, "a table", func(t string) bool { return !strings.Contains(t, "Quick play") && strings.Contains(t, "chat") }); err != nil {
			return err
		}
		// Away: the seat's bot plays it, and the table runs at bot pace.
		if err := s.typeKeys(":away\r"); err != nil {
			return err
		}
		if err := s.waitFor(ctx, "You are away"); err != nil {
			return err
		}
	default:
		if err := s.waitUntil(ctx, "a table", func(t string) bool { return !strings.Contains(t, "Quick play") && strings.Contains(t, "chat") }); err != nil {
			return err
		}
	}
	if r == observer {
		return nil
	}
	return openChat(ctx, s)
}

// openChat opens a table's chat line: / opens it with the / typed (a
// command may follow); the backspace leaves an empty line to type on.
func openChat(ctx context.Context, s *session) error {
	if err := s.typeKeys("/"); err != nil {
		return err
	}
	if err := s.waitFor(ctx, chatMarker+"/▏"); err != nil {
		return err
	}
	if err := s.typeKeys("\x7f"); err != nil {
		return err
	}
	return s.waitFor(ctx, chatMarker+"▏")
}

// readyText is on the first screen of a session.
func readyText(kind string) string {
	if kind == "baseline" {
		return "say: ▏"
	}
	return "Quick play"
}

const (
	codeMarker = "Invite code or table id: "
	chatMarker = "say: "
)

func marker(kind string, r role) string {
	if kind == "cardroom" && r == lobbyIdle {
		return codeMarker
	}
	return chatMarker
}

// typeLoop presses a key about every `every` (the first after a random
// part of it), alternately "x" and backspace on the line after mark, and
// measures the time until the screen shows the change.
func typeLoop(ctx context.Context, s *session, mark string, every time.Duration, seed uint64) (lat []time.Duration, missed int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	if !sleep(ctx, time.Duration(rng.Int64N(int64(every)))) {
		return nil, 0
	}
	typed := false
	for ctx.Err() == nil {
		key, want := "x", mark+"x▏"
		if typed {
			key, want = "\x7f", mark+"▏"
		}
		start := time.Now()
		if err := s.typeKeys(key); err != nil {
			return lat, missed
		}
		kctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		err := s.waitFor(kctx, want)
		cancel()
		d := time.Since(start)
		if err != nil {
			missed++
			return lat, missed // the session is not answering: stop typing into it
		}
		lat = append(lat, d)
		typed = !typed
		// About every `every`, jittered by ±10%.
		next := every - d + time.Duration(rng.Int64N(int64(every)/5)) - every/10
		if !sleep(ctx, next) {
			break
		}
	}
	return lat, missed
}

// sayLoop sends a chat line about every `every` (the first after a random
// part of it): it types a line of its own (tag and a number, which no
// other line contains), waits until the chat line shows it, and measures
// from the Enter until the chat line no longer holds it and the screen
// shows it: the table took the line and its snapshot came back. Then it
// opens the chat line again.
func sayLoop(ctx context.Context, s *session, tag string, every time.Duration, seed uint64) (lat []time.Duration, missed int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	if !sleep(ctx, time.Duration(rng.Int64N(int64(every)))) {
		return nil, 0
	}
	for n := 1; ctx.Err() == nil; n++ {
		t0 := time.Now()
		line := tag + strconv.Itoa(n)
		kctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		err := s.typeKeys(line)
		if err == nil {
			err = s.waitFor(kctx, chatMarker+line+"▏")
		}
		var d time.Duration
		if err == nil {
			start := time.Now()
			if err = s.typeKeys("\r"); err == nil {
				err = s.waitUntil(kctx, "the chat shows "+line, func(t string) bool {
					return !strings.Contains(t, chatMarker+line) && strings.Contains(t, line)
				})
			}
			d = time.Since(start)
		}
		if err == nil {
			err = openChat(kctx, s)
		}
		cancel()
		if err != nil {
			return lat, missed + 1 // the session is not answering: stop
		}
		lat = append(lat, d)
		next := every - time.Since(t0) + time.Duration(rng.Int64N(int64(every)/5)) - every/10
		if !sleep(ctx, next) {
			break
		}
	}
	return lat, missed
}

// tableStats finds the tables that fell behind: an observer's longest time
// without a frame is the table's longest pause.
func tableStats(r *Result, live []*loadSession, d, pace time.Duration) {
	var gaps []time.Duration
	byTable := map[int]time.Duration{}
	for _, ls := range live {
		if ls.role != observer {
			continue
		}
		g := ls.gap()
		gaps = append(gaps, g)
		byTable[ls.table] = g
	}
	if len(gaps) == 0 {
		return
	}
	r.TableGapP50 = quantile(gaps, 0.5)
	r.TableGapMax = slices.Max(gaps)
	var fr []float64
	for _, ls := range live {
		if ls.role == observer {
			fr = append(fr, float64(ls.steadyFrames)/d.Seconds())
		}
	}
	slices.Sort(fr)
	r.ObserverFrameSec = fr[len(fr)/2]
	limit := max(3*time.Second, 2*r.TableGapP50)
	if pace > 0 {
		limit = pace * 5 / 2
	}
	for t, g := range byTable {
		if g >= limit {
			r.Behind = append(r.Behind, fmt.Sprintf("table %d: %v without a frame", t, g.Round(time.Millisecond)))
		}
	}
	slices.Sort(r.Behind)
}

// startTables opens the seated sessions, whose quick plays start the
// tables, and returns the tables' ids and, with several targets, the
// target each table runs on. It opens them one target at a time, each
// batch once its target lists every table started before (and none of
// them waits for players any more): the batch's quick plays then start
// tables of their own on their target, and the tables new in the target's
// list after the batch are that target's.
func startTables(ctx context.Context, cfg Config, addrs []string, seatedIdx []int, open func(i int, command string)) (ids []string, nodeOf map[string]int, err error) {
	if len(addrs) == 1 {
		// A few at a time: quick play creates and starts a table, and
		// joins one that is still waiting if it sees one (then two seats
		// are away at one table, and there is a table fewer).
		parallel(ctx, len(seatedIdx), min(cfg.Concurrency, 8), func(j int) { open(seatedIdx[j], "") })
		ids, err = tableIDs(ctx, addrs[0])
		return ids, nil, err
	}
	// Tables running before this run are not its tables.
	before := map[string]bool{}
	for _, a := range addrs {
		got, err := tableIDs(ctx, a)
		if err != nil {
			return nil, nil, err
		}
		for _, id := range got {
			before[id] = true
		}
	}
	nodeOf = map[string]int{}
	for k, a := range addrs {
		if err := waitListed(ctx, a, ids); err != nil {
			return nil, nil, err
		}
		var batch []int
		for _, i := range seatedIdx {
			if i%len(addrs) == k {
				batch = append(batch, i)
			}
		}
		parallel(ctx, len(batch), min(cfg.Concurrency, 8), func(j int) { open(batch[j], "") })
		got, err := tableIDs(ctx, a)
		if err != nil {
			return nil, nil, err
		}
		for _, id := range got {
			if _, ok := nodeOf[id]; !ok && !before[id] {
				nodeOf[id] = k
				ids = append(ids, id)
			}
		}
	}
	// Every target is to know every table before its sessions watch one.
	for _, a := range addrs {
		if err := waitListed(ctx, a, ids); err != nil {
			return nil, nil, err
		}
	}
	return ids, nodeOf, nil
}

// waitListed waits, a minute at most, until addr lists every table of
// ids as being played: the nodes of a cluster learn of each other's tables
// in a moment.
func waitListed(ctx context.Context, addr string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		out, err := execCommand(wctx, addr, "list")
		if err == nil {
			state := map[string]string{}
			for _, line := range strings.Split(out, "\n")[1:] {
				if f := strings.Fields(line); len(f) > 1 {
					state[f[0]] = f[len(f)-1]
				}
			}
			missing := 0
			for _, id := range ids {
				if st, ok := state[id]; !ok || st == "waiting" {
					missing++
				}
			}
			if missing == 0 {
				return nil
			}
			err = fmt.Errorf("%d of %d tables not listed as played", missing, len(ids))
		}
		if !sleep(wctx, 250*time.Millisecond) {
			return fmt.Errorf("loadtest: %s does not list the tables started on the other targets: %v", addr, err)
		}
	}
}

// groups splits the watching sessions' figures by where their table runs:
// on the node they are connected to, or on another.
func groups(live []*loadSession, d time.Duration) []Group {
	gs := []Group{{Name: "table on their node"}, {Name: "table on another node"}}
	lat := make([][]time.Duration, len(gs))
	gaps := make([][]time.Duration, len(gs))
	frames := make([][]float64, len(gs))
	for _, ls := range live {
		if !ls.known || (ls.role != observer && ls.role != spectator) {
			continue
		}
		k := 0
		if ls.remote {
			k = 1
		}
		g := &gs[k]
		g.Sessions++
		if ls.role == observer {
			g.Observers++
			gaps[k] = append(gaps[k], ls.gap())
			frames[k] = append(frames[k], float64(ls.steadyFrames)/d.Seconds())
			continue
		}
		lat[k] = append(lat[k], ls.lat...)
		g.KeyMissed += ls.missed
	}
	for k := range gs {
		g := &gs[k]
		g.Keys = len(lat[k])
		g.KeyP50, g.KeyP99 = quantile(lat[k], 0.5), quantile(lat[k], 0.99)
		if len(lat[k]) > 0 {
			g.KeyMax = slices.Max(lat[k])
		}
		if len(gaps[k]) > 0 {
			g.TableGapP50, g.TableGapMax = quantile(gaps[k], 0.5), slices.Max(gaps[k])
			slices.Sort(frames[k])
			g.ObserverFrameSec = frames[k][len(frames[k])/2]
		}
	}
	return gs
}

// tableIDs lists the tables with the plain-text `list` command.
func tableIDs(ctx context.Context, addr string) ([]string, error) {
	out, err := execCommand(ctx, addr, "list")
	if err != nil {
		return nil, fmt.Errorf("loadtest: list: %w", err)
	}
	var ids []string
	for _, line := range strings.Split(out, "\n")[1:] {
		f := strings.Fields(line)
		if len(f) > 1 && !strings.HasSuffix(line, "online") {
			ids = append(ids, f[0])
		}
	}
	return ids, nil
}

// parallel runs f(0..n-1) with at most c at once, until ctx is done.
func parallel(ctx context.Context, n, c int, f func(i int)) {
	sem := make(chan struct{}, c)
	var wg sync.WaitGroup
	for i := range n {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			f(i)
		}()
	}
	wg.Wait()
}

func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
