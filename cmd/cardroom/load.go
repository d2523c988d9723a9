package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/loadtest"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/tables"
)

const loadUsage = `usage: cardroom load [flags]

Starts the card room as a child process on loopback, opens many real SSH
sessions to it and reports the server's CPU, memory, frame rates and
latencies (docs/CAPACITY.md). --baseline also measures a bare wish +
bubbletea server and reports the ratios to it. --targets spreads the
sessions over servers already running on loopback instead (the nodes of a
cluster), whose CPU and memory it does not measure.
`

// loadCmd runs a load test against a server it starts as a child process
// on loopback, or against running servers (-targets), see package loadtest
// and docs/CAPACITY.md.
func loadCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("load")
	var cfg loadtest.Config
	fs.StringVar(&cfg.Scenario, "scenario", loadtest.Lobby, "lobby (sessions idle in the lobby) or tables (bot tables at their pace, sessions seated or watching)")
	fs.IntVar(&cfg.N, "n", 100, "sessions (at most "+strconv.Itoa(loadtest.MaxSessions)+")")
	fs.DurationVar(&cfg.Duration, "duration", 30*time.Second, "steady phase once every session is open (at most "+loadtest.MaxDuration.String()+")")
	fs.DurationVar(&cfg.KeyEvery, "key-every", time.Second, "each typing session presses a key this often")
	fs.IntVar(&cfg.Spectators, "spectators", 0, "spectators per table (tables scenario; one of them only watches); 0: 3, or enough for at most 200 tables")
	fs.IntVar(&cfg.Concurrency, "concurrency", 16, "logins in flight while opening sessions")
	fs.IntVar(&cfg.Handshakes, "handshakes", 200, "login-only connections that measure the handshake")
	fs.BoolVar(&cfg.Baseline, "baseline", false, "also measure a bare wish + bubbletea server and report ratios to it")
	fs.IntVar(&cfg.Storm, "storm", 0, "extra logins at the start of the steady phase (64 at a time): a login storm")
	fs.StringVar(&cfg.ProfileDir, "pprof", "", "write CPU profiles of each server's handshakes, ramp and steady phase to this directory")
	botPace := fs.Duration("bot-pace", tables.DefaultBotPace, "how long a bot waits before its move (human pace)")
	fps := fs.Int("fps", sshserver.DefaultFPS, "the card room's renderer frame rate")
	loginRate := fs.Float64("login-rate", 0, "the card room's global login rate (0: no limit, to measure the raw open rate)")
	loginBurst := fs.Int("login-burst", 0, "the card room's login burst")
	targets := fs.String("targets", "", "host:port,host:port,...: spread the sessions round-robin over these running servers on loopback (the nodes of one cluster) instead of starting one; their CPU and memory are not measured")
	fs.BoolVar(&cfg.Say, "say", false, "tables: each typing session sends a chat line every --key-every (at least "+tables.ChatEvery.String()+") and measures until its screen shows it, through the table")
	quiet := fs.Bool("quiet", false, "no progress bar")
	timeout := fs.Duration("timeout", 0, "bound on the whole run (0: twice the steady phase plus 10 minutes)")
	// The child process's side (hidden: the parent passes them).
	child := fs.String("child", "", "")
	dataDir := fs.String("data-dir", "", "")
	every := fs.Duration("every", 0, "")
	lines := fs.Int("lines", 1, "")
	if code, ok := parseFlags(fs, args, loadUsage, stdout, stderr, nil); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "load", "unexpected argument %q: load takes only flags", fs.Arg(0))
	}

	switch *child {
	case "cardroom":
		logger := log.NewWithOptions(stderr, log.Options{ReportTimestamp: true, Prefix: "cardroom"})
		scfg := sshserver.Config{
			DataDir: *dataDir,
			// Every load session comes from 127.0.0.1; -n here counts the
			// storm's sessions too.
			MaxSessions: cfg.N + 100, MaxSessionsPerIP: cfg.N + 100,
			LoginRate: *loginRate, LoginBurst: *loginBurst,
			FPS: *fps,
		}
		err := loadtest.ChildMain(stdin, stdout, func(ctx context.Context, ln net.Listener) error {
			return serve(ctx, ln, scfg, tables.DefaultTurnTimer, *botPace, logger)
		})
		if err != nil {
			fmt.Fprintln(stderr, "cardroom load child:", err)
			return 1
		}
		return 0
	case "baseline":
		err := loadtest.ChildMain(stdin, stdout, func(ctx context.Context, ln net.Listener) error {
			return loadtest.ServeBaseline(ctx, ln, *dataDir, loadtest.BaselineConfig{Every: *every, Lines: *lines})
		})
		if err != nil {
			fmt.Fprintln(stderr, "cardroom load child:", err)
			return 1
		}
		return 0
	case "":
	default:
		fmt.Fprintf(stderr, "cardroom load: unknown child %q\n", *child)
		return 2
	}

	for t := range strings.SplitSeq(*targets, ",") {
		if t = strings.TrimSpace(t); t != "" {
			cfg.Targets = append(cfg.Targets, t)
		}
	}
	if len(cfg.Targets) > 0 {
		// The servers are running: the flags that shape the server the
		// run would start have nothing to shape.
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for _, name := range []string{"fps", "login-rate", "login-burst"} {
			if set[name] {
				return usageError(stderr, "load", "--%s shapes the server load starts: with --targets, give it to the running servers", name)
			}
		}
	} else {
		tmp, err := os.MkdirTemp("", "cardroom-load-")
		if err != nil {
			fmt.Fprintln(stderr, "cardroom load:", err)
			return 1
		}
		defer os.RemoveAll(tmp)
		logf, err := os.Create(filepath.Join(tmp, "server.log"))
		if err != nil {
			fmt.Fprintln(stderr, "cardroom load:", err)
			return 1
		}
		defer logf.Close()
		cfg.Start = func(ctx context.Context, kind string, bc loadtest.BaselineConfig) (*loadtest.Child, error) {
			dir := filepath.Join(tmp, kind)
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return nil, err
			}
			return loadtest.StartChild(ctx, []string{"load", "-child", kind, "-data-dir", dir,
				"-n", strconv.Itoa(cfg.N + cfg.Storm), "-bot-pace", botPace.String(), "-fps", strconv.Itoa(*fps),
				"-login-rate", strconv.FormatFloat(*loginRate, 'g', -1, 64), "-login-burst", strconv.Itoa(*loginBurst),
				"-every", bc.Every.String(), "-lines", strconv.Itoa(bc.Lines)}, logf)
		}
	}
	if !*quiet {
		cfg.Progress = stderr
	}
	cfg.BotPace = *botPace
	// Bounded: the steady phase plus generous time to open and close.
	if *timeout <= 0 {
		*timeout = 2*cfg.Duration + 10*time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), min(*timeout, time.Hour))
	defer cancel()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := loadtest.Run(ctx, cfg)
	loadtest.Report(stdout, res)
	if err != nil {
		fmt.Fprintln(stderr, "cardroom load:", err)
		return 1
	}
	return 0
}
