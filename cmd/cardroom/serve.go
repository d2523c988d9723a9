package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/cluster"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/metrics"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
	"github.com/cardroom/cardroom/tui"
)

// shutdownBudget is how long a graceful shutdown may take in all.
const shutdownBudget = 9 * time.Second

const serveUsage = `usage: cardroom serve [flags]

Runs the card room on an SSH port until SIGINT or SIGTERM. Every flag can
also be set by an environment variable, CARDROOM_ and the flag's name in
capitals with _ for - (--max-sessions: CARDROOM_MAX_SESSIONS), or in a TOML
config file (--config FILE; the keys are the flag names, see
deploy/cardroom.toml). A flag beats the environment, which beats the file;
--print-config shows the settings in effect and where each comes from.
`

// serveCmd runs the server until SIGINT or SIGTERM.
// Each flag may also come from the environment or a config file (config.go).
func serveCmd(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	f := newServeFlags()
	parse := func(a []string) error { return f.conf.parse(a, getenv) }
	if code, ok := parseFlags(f.fs, args, serveUsage, stdout, stderr, parse); !ok {
		return code
	}
	if f.fs.NArg() > 0 {
		return usageError(stderr, "serve", "unexpected argument %q: serve takes only flags", f.fs.Arg(0))
	}
	if err := f.check(); err != nil {
		return usageError(stderr, "serve", "%v", err)
	}
	if *f.conf.printConfig {
		f.conf.print(stdout)
		return 0
	}
	files, err := f.readFiles()
	if err != nil {
		fmt.Fprintf(stderr, "cardroom serve: %s\n", strings.ReplaceAll(err.Error(), "\n", "\ncardroom serve: "))
		return 1
	}
	cfg := f.cfg
	logger, err := newLogger(stderr, *f.logFormat, *f.debug)
	if err != nil {
		fmt.Fprintln(stderr, "cardroom serve:", err)
		return 2
	}
	f.conf.logSources(logger)
	ccfg, clustered, err := f.cluster.config()
	if err != nil {
		return usageError(stderr, "serve", "%v", err)
	}
	opts := []serveOption{withMaxTables(*f.maxTables), withMaxTablesPerPlayer(*f.maxPerPlayer), withUnattendedClose(*f.unattended), withSeatHold(*f.seatHold), withLobbyInterval(*f.lobbyInterval), withNameRelease(*f.nameRelease)}
	if clustered {
		ccfg.LogNATS = *f.debug
		opts = append(opts, withCluster(ccfg))
	}
	opts = append(opts, files...)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		fmt.Fprintf(stderr, "cardroom serve: %s\n", listenError("listen", cfg.Listen, err))
		return 1
	}
	if clustered {
		ln.Close() // checked: a node of a cluster listens once it has joined (serve)
	}
	if *f.metricsAddr != "" {
		mln, err := net.Listen("tcp", *f.metricsAddr)
		if err != nil {
			ln.Close()
			fmt.Fprintf(stderr, "cardroom serve: %s\n", listenError("metrics", *f.metricsAddr, err))
			return 1
		}
		opts = append(opts, withMetrics(mln))
	}
	if err := serve(ctx, ln, cfg, *f.turnTimer, *f.botPace, logger, append(opts, withPublicAddr(*f.publicAddr), withNewDatabase(*f.newDatabase), withTrickPause(*f.trickPause))...); err != nil {
		var denied *accessError
		var taken *cluster.NameInUseError
		if errors.Is(err, errNoDatabase) || errors.Is(err, errDataDirInUse) || errors.As(err, &denied) || errors.As(err, &taken) {
			fmt.Fprintf(stderr, "cardroom serve: %v\n", err) // several lines, for a person to read
			return 1
		}
		if ctx.Err() != nil { // SIGINT or SIGTERM while starting
			logger.Info("stopped while starting", "err", err)
			return 0
		}
		logger.Error("stopped", "err", err)
		return 1
	}
	return 0
}

// listenError says why the address of the flag named could not be
// listened on, and what to do: a busy address is not a malformed one.
func listenError(flagName, addr string, err error) string {
	host, port, _ := net.SplitHostPort(addr)
	var dns *net.DNSError
	var why string
	switch {
	case badListenAddr(addr):
		why = "give host:port, e.g. :2222 or 127.0.0.1:2222"
	case errors.Is(err, syscall.EADDRINUSE):
		why = "the address is in use: stop what holds it (another cardroom?), or choose another port"
	case errors.Is(err, fs.ErrPermission):
		why = "this user may not listen there (a port below 1024 needs CAP_NET_BIND_SERVICE, see docs/HOSTING.md): choose a port from 1024 up"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		why = fmt.Sprintf("this machine has no address %s: give one of its addresses, or :%s for all of them", host, port)
	case errors.As(err, &dns):
		why = fmt.Sprintf("cannot find the host %s: give an address of this machine, or :%s for all of them", host, port)
	default:
		why = fmt.Sprintf("cannot listen (%v)", err)
	}
	return fmt.Sprintf("--%s %s: %s", flagName, shellWord(addr), why)
}

// serve runs the lobby and the SSH server on ln until ctx ends, then shuts
// both down: every session is told, every running game's record is written.
// Tests call it with a loopback listener and a zero bot pace.
func serve(ctx context.Context, ln net.Listener, cfg sshserver.Config, turnTimer, botPace time.Duration, logger *log.Logger, opts ...serveOption) error {
	if cfg.DataDir == "" {
		cfg.DataDir = sshserver.DefaultDataDir
	}
	if err := cfg.Check(); err != nil { // before anything starts
		return err
	}
	if cfg.ShutdownTimeout == 0 {
		cfg.ShutdownTimeout = shutdownBudget * 2 / 3
	}
	reg := games.Registry()
	if turnTimer <= 0 {
		turnTimer = lobby.Off
	}
	if botPace <= 0 {
		botPace = lobby.Off
	}
	set := serveSettings{lobby: lobby.Config{
		Registry: reg, Bots: games.Bot, LevelBots: games.LevelBot, Fallback: games.Baseline,
		Sink:   tables.FileSink{Dir: cfg.DataDir},
		Logger: logger, TurnTimer: turnTimer, BotPace: botPace,
		PublishEvery: lobby.DefaultPublishEvery,
	}, access: osAccess}
	for _, o := range opts {
		o(&set)
	}
	if set.host.metrics != nil {
		defer set.host.metrics.Close() // when serve fails before serving metrics
	}
	if err := checkDataDir(cfg.DataDir, set.access); err != nil {
		return err
	}
	listen := ln.Addr().String()
	lock, locked, err := lockDataDir(cfg.DataDir, listen, time.Now())
	if err != nil {
		return err
	}
	defer lock.unlock() // last: after the store and the host key are closed
	if !locked {
		logger.Warn("this platform has no file lock: nothing stops a second server on this data dir, so never start two", "data", cfg.DataDir)
	}
	if err := checkDatabase(cfg.DataDir, set.newDatabase); err != nil {
		return err
	}
	per, err := openPersistence(cfg.DataDir, logger, set.store...)
	if err != nil {
		return err
	}
	defer per.close(logger)
	lcfg := per.wire(set.lobby)
	var node *cluster.Node // nil: one node
	if set.cluster != nil {
		if set.cluster.Dir == "" {
			set.cluster.Dir = filepath.Join(cfg.DataDir, "nats")
		}
		// The SSH port refuses connections until the node serves: a load
		// balancer's check of the port sends nobody to a node still joining.
		ln.Close()
		ln = nil
		if node, err = joinCluster(ctx, *set.cluster, logger); err != nil {
			return err
		}
		defer node.Close() // after the lobby: its tables are off the directory by then
		if set.joined != nil {
			set.joined(node)
		}
		// Running games are journaled in the cluster, where any node can
		// take them over; finished ones are kept in this node's store.
		lcfg.Cluster, lcfg.Names = node, node.Names()
		if lcfg.Journal, err = node.Journal(lcfg.Journal); err != nil {
			return err
		}
		lcfg.Saved = nil
	}
	var met *metrics.Metrics
	var srv *sshserver.Server
	var lob *lobby.Lobby
	if set.host.metrics != nil {
		met = metrics.New(metrics.Sources{
			SSH:      func() sshserver.Stats { return srv.Stats() },
			Tables:   func() map[string]int { return tablesByGame(lob)() },
			Rulesets: rulesetNames(reg),
		})
		lcfg.Journal = timed(lcfg.Journal, met)
		lcfg.Bots, lcfg.LevelBots = timedBots(lcfg.Bots, met), timedLevelBots(lcfg.LevelBots, met)
	}
	lob = lobby.New(lcfg)
	per.drainOn(ctx, lob)
	lobbyDone := make(chan error, 1)
	go func() { lobbyDone <- lob.Run(context.Background()) }()

	now := time.Now
	if set.lobby.Clock != nil {
		now = set.lobby.Clock.Now
	}
	app := tui.NewApp(lob, reg, now)
	app.SetArchive(per.store)
	app.SetSettingsStore(per.store)
	if node != nil {
		app.SetSettingsStore(node.Settings()) // a player's settings follow them to every node
		app.SetBotInvites(node.BotInvites())  // a bot finds its invitation on every node
	}
	public := publicAddrOf(set.publicAddr, listen, os.Hostname)
	app.SetPublicAddr(public)
	app.SetBotKeys(set.botKeys)
	app.SetAdmins(set.host.admins)
	app.SetLogger(logger)
	app.SetMOTD(set.host.motd)
	if err := app.SetBans(per.store); err != nil {
		_ = lob.Shutdown(context.Background())
		<-lobbyDone
		return err
	}
	cfg.Refuse = func(id sshserver.Identity, ip string, env []string) string { return app.Refused(id.ID, ip, env) }
	cfg.Translate = app.Translate
	if node != nil {
		cfg.Goodbye = clusterGoodbye // the room goes on: only this node stops
	}
	srv, err = sshserver.New(cfg, app, logger)
	if err != nil {
		_ = lob.Shutdown(context.Background())
		<-lobbyDone
		return err
	}
	if met != nil {
		mctx, stopMetrics := context.WithCancel(context.Background())
		metricsDone := make(chan error, 1)
		go func() {
			metricsDone <- met.Serve(mctx, set.host.metrics, func() error {
				select {
				case <-lob.Done():
					return errors.New("the lobby has stopped")
				default:
					return nil
				}
			})
		}()
		defer func() {
			stopMetrics()
			if err := <-metricsDone; err != nil {
				logger.Warn("metrics listener", "err", err)
			}
		}()
		logger.Info("metrics", "addr", set.host.metrics.Addr().String(), "paths", "/metrics /healthz")
	}
	if len(set.host.admins) > 0 {
		logger.Info("admins", "keys", len(set.host.admins))
	}
	if len(set.botKeys) > 0 {
		logger.Info("bot keys", "keys", len(set.botKeys))
	}
	dataDir, _ := filepath.Abs(cfg.DataDir)
	logger.Info("host key", "fingerprint", srv.Fingerprint(), "data", dataDir)
	logger.Info("players connect with", "try", app.SSHCommand(), "public", public) // the server logs "listening" itself
	// A node of a cluster listens again once it has joined.
	if ln == nil {
		if ln, err = net.Listen("tcp", listen); err != nil {
			_ = lob.Shutdown(context.Background())
			<-lobbyDone
			return errors.New(listenError("listen", listen, err))
		}
	}
	if set.opened != nil {
		set.opened(per.store) // set up: a test may make its writes fail from here
	}
	serveErr := srv.Serve(ctx, ln)
	if errors.Is(serveErr, sshserver.ErrServerClosed) {
		serveErr = nil
	}
	if node != nil {
		logger.Info("shutting down: handing the running games on to the other nodes")
	} else {
		logger.Info("shutting down: saving the records of running games")
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownBudget/3)
	defer cancel()
	if err := lob.Shutdown(sctx); err != nil {
		logger.Warn("tables did not stop in time", "err", err)
	} else {
		<-lobbyDone
	}
	logger.Info("bye")
	return serveErr
}

// clusterGoodbye is the final line of a node's sessions when the node stops
// while the other nodes go on with the card room and its tables.
const clusterGoodbye = "This server is stopping. Connect again: the card room and your table go on."

// serveSettings are what serve's options adjust: the lobby, the store and
// the host's settings.
type serveSettings struct {
	lobby       lobby.Config
	store       []store.Option
	publicAddr  string // "": derived from the listener (publicAddrOf)
	newDatabase bool   // a missing or empty database is meant (checkDatabase)
	host        hostSettings
	botKeys     []string            // fingerprints of the keys that may seat a bot
	opened      func(*store.Store)  // called with the store once it is open (tests' fault hooks)
	access      accessFunc          // what this user may do with a file (checkDataDir)
	cluster     *cluster.Config     // nil: one node
	joined      func(*cluster.Node) // called with the node once it has joined (tests)
}

// serveOption adjusts the lobby or the store a server runs.
type serveOption func(*serveSettings)

// withBaselineBots seats the fast rule-based bots, for tests that play many
// games by keystrokes.
func withBaselineBots() serveOption {
	return func(c *serveSettings) { c.lobby.Bots, c.lobby.LevelBots = games.Baseline, nil }
}

// withMaxTables bounds the tables running at once.
func withMaxTables(n int) serveOption {
	return func(c *serveSettings) { c.lobby.MaxTables = n }
}

// withMaxTablesPerPlayer bounds the tables one person hosts at once.
func withMaxTablesPerPlayer(n int) serveOption {
	return func(c *serveSettings) { c.lobby.MaxTablesPerPlayer = n }
}

// withUnattendedClose sets the grace of a running table nobody is at
// (negative: none, the game plays on).
func withUnattendedClose(d time.Duration) serveOption {
	return func(c *serveSettings) {
		if d < 0 {
			d = lobby.Off
		}
		c.lobby.UnattendedClose = d
	}
}

// withSeatHold sets how long a running game waits for its people who left
// its table (0 or negative: no hold).
func withSeatHold(d time.Duration) serveOption {
	return func(c *serveSettings) {
		if d <= 0 {
			d = lobby.Off
		}
		c.lobby.SeatHold = d
	}
}

// withLobbyInterval sets how often at most the lobby publishes an update
// (0: every change at once).
func withLobbyInterval(d time.Duration) serveOption {
	return func(c *serveSettings) { c.lobby.PublishEvery = max(d, 0) }
}

// withTrickPause sets every table's pause after a completed trick.
func withTrickPause(d time.Duration) serveOption {
	return func(c *serveSettings) { c.lobby.TrickPause = max(d, 0) }
}

// withClock runs the tables, and counts the screens' turn timers down, on
// c (tests pass a tables.FakeClock).
func withClock(c tables.Clock) serveOption {
	return func(s *serveSettings) { s.lobby.Clock = c }
}

// withSeed fixes the seed of table ids and deals, so that a test's games
// are the same on every run (invite codes always come from crypto/rand).
func withSeed(seed uint64) serveOption {
	return func(c *serveSettings) { c.lobby.Seed = seed }
}

// withStore hands the store to f once the server is set up, just before
// it serves, for tests that make its writes fail.
func withStore(f func(*store.Store)) serveOption {
	return func(c *serveSettings) { c.opened = f }
}

// withJournalRetry sets how often a table whose journal cannot be written
// tries again.
func withJournalRetry(d time.Duration) serveOption {
	return func(c *serveSettings) { c.lobby.JournalRetry = d }
}

// withAccess makes the data dir check ask f what this user may do with a
// file, for tests run as root, whom the OS lets do everything.
func withAccess(f accessFunc) serveOption {
	return func(c *serveSettings) { c.access = f }
}

// withNewDatabase lets a server that has run before start with a new,
// empty database.
func withNewDatabase(fresh bool) serveOption {
	return func(c *serveSettings) { c.newDatabase = fresh }
}

// withNameRelease frees a name whose key has not been seen for d (0: never).
func withNameRelease(d time.Duration) serveOption {
	return func(c *serveSettings) { c.store = append(c.store, store.WithNameRelease(d)) }
}

// withPublicAddr sets the host:port shown in invite texts ("": derived).
func withPublicAddr(addr string) serveOption {
	return func(c *serveSettings) { c.publicAddr = addr }
}

// checkPublicAddr accepts "", host:port and a bare host (port 22).
func checkPublicAddr(addr string) error {
	if addr == "" {
		return nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, "22"
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return errors.New("the port must be a number from 1 to 65535")
	}
	if host == "" || strings.ContainsAny(host, " \t/@:") && net.ParseIP(host) == nil {
		return errors.New("write host:port, e.g. cards.example.net:2222")
	}
	return nil
}

// publicAddrOf is the host:port players reach the server at: set, or the
// listen address, where an unspecified host becomes this machine's name
// (or localhost) and a loopback one localhost.
func publicAddrOf(set, listen string, hostname func() (string, error)) string {
	if set != "" {
		return set
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return listen
	}
	ip := net.ParseIP(host)
	switch {
	case host == "" || ip != nil && ip.IsUnspecified():
		host = "localhost"
		if h, err := hostname(); err == nil && h != "" {
			host = h
		}
	case host == "localhost" || ip != nil && ip.IsLoopback():
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
