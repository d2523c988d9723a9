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
	"strings"
	"sync"
	"sync/atomic"
	"time"
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
	steadyFrames int64 // frames in the steady phase
}

func runOne(ctx context.Context, cfg Config, kind string, bc BaselineConfig, p *progress) (*Result, error) {
	r := &Result{Server: kind, Scenario: cfg.Scenario, N: cfg.N, Storm: cfg.Storm}
	child, err := cfg.Start(ctx, kind, bc)
	if err != nil {
		return nil, fmt.Errorf("loadtest: starting the %s server: %w", kind, err)
	}
	defer child.Stop()
	if err := CheckLoopback(child.Addr); err != nil {
		return nil, err
	}
	sleep(ctx, cfg.Settle/2)
	st0, err := child.stats()
	if err != nil {
		return nil, err
	}
	r.RSSBefore = st0.rss
	if r.GoBefore, err = child.goroutines(ctx); err != nil {
		return nil, err
	}

	// Handshakes alone: key exchange and authentication, then hang up.
	p.set(kind+": handshakes", cfg.Handshakes)
	hs := make([]time.Duration, cfg.Handshakes)
	var hsFail atomic.Int64
	stopHSProfile := profile(ctx, cfg, child, kind, "handshakes", r)
	parallel(ctx, cfg.Handshakes, cfg.Concurrency, func(i int) {
		d, err := handshakeOnly(ctx, child.Addr, fmt.Sprintf("hs%d", i))
		if err != nil {
			hsFail.Add(1)
			d = -1
		}
		hs[i] = d
		p.inc()
	})
	sleep(ctx, cfg.Settle/4) // let the server finish closing them
	stopHSProfile()
	st1, _ := child.stats()
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
	stR0, _ := child.stats()
	open := func(i int, command string) {
		defer p.inc()
		ls := sessions[i]
		octx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		s, _, err := dial(octx, child.Addr, fmt.Sprintf("load%d", i), command)
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
		// A few at a time: quick play creates and starts a table, and
		// joins one that is still waiting if it sees one (then two seats
		// are away at one table, and there is a table fewer).
		parallel(ctx, len(seatedIdx), min(cfg.Concurrency, 8), func(j int) { open(seatedIdx[j], "") })
		ids, err := tableIDs(ctx, child.Addr)
		if err != nil {
			return nil, err
		}
		r.Tables = len(ids)
		if len(ids) == 0 {
			return nil, fmt.Errorf("loadtest: no tables were started (%v)", r.Failed)
		}
		parallel(ctx, len(watchIdx), cfg.Concurrency, func(j int) {
			i := watchIdx[j]
			open(i, "watch "+ids[sessions[i].table%len(ids)])
		})
	} else {
		parallel(ctx, cfg.N, cfg.Concurrency, func(i int) { open(i, "") })
		if cfg.Scenario == Tables {
			r.Tables = (cfg.N + cfg.Spectators) / (cfg.Spectators + 1)
		}
	}
	r.Ramp = time.Since(rampStart)
	stR1, _ := child.stats()
	stopRampProfile()
	r.RampCPU = stR1.cpu - stR0.cpu
	live := sessions[:0:0]
	for _, ls := range sessions {
		if ls.session != nil {
			live = append(live, ls)
		}
	}
	r.Opened = len(live)
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
	stO, _ := child.stats()
	r.RSSOpen = stO.rss
	r.GoOpen, _ = child.goroutines(ctx)

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
	stS0, _ := child.stats()
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
			l, missed := typeLoop(sctx, ls.session, marker(kind, ls.role), cfg.KeyEvery, uint64(i))
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
				s, _, err := dial(sctx, child.Addr, fmt.Sprintf("storm%d", i), "")
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
	stS1, _ := child.stats()
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
	}
	stopProfile()
	return r, ctx.Err()
}

// profile starts a CPU profile of the server for one phase (with
// cfg.ProfileDir) and returns what stops it.
func profile(ctx context.Context, cfg Config, child *Child, kind, phase string, r *Result) (stop func()) {
	if cfg.ProfileDir == "" {
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

// roles assigns each session its role and table.
func roles(cfg Config, sessions []*loadSession) {
	tables := (cfg.N + cfg.Spectators) / (cfg.Spectators + 1)
	for i := range sessions {
		ls := &loadSession{role: lobbyIdle}
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
	// / opens the chat with the / typed (a command may follow); the
	// backspace leaves an empty line to type on.
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
