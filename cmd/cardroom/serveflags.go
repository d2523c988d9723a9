package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// minTurnTimer is the shortest turn timer a server may give its tables by
// default: a player needs a few seconds to read the table (RULES.md ON-3).
const minTurnTimer = 5 * time.Second

// defaultMaxTables is --max-tables's default.
const defaultMaxTables = 200

// serveFlags are serve's flags, the settings they hold and where each came
// from (the command line, the environment, the config file).
type serveFlags struct {
	fs   *flag.FlagSet
	conf *layered
	cfg  sshserver.Config

	publicAddr, botKeys, logFormat, adminKeys, motd, metricsAddr                     *string
	turnTimer, unattended, seatHold, botPace, nameRelease, trickPause, lobbyInterval *time.Duration
	maxTables, maxPerPlayer                                                          *int
	newDatabase, debug                                                               *bool
	cluster                                                                          clusterFlags
}

// newServeFlags defines serve's flags, --config and --print-config last.
func newServeFlags() *serveFlags {
	fs := newFlags("serve")
	f := &serveFlags{fs: fs}
	cfg := &f.cfg
	fs.StringVar(&cfg.Listen, "listen", sshserver.DefaultListen, "address to listen on, host:port (:2222 is every address of this machine)")
	f.publicAddr = fs.String("public-addr", "", "host:port players reach the server at, shown in invite texts (default: the listen address, with this machine's name for an unspecified host)")
	fs.StringVar(&cfg.DataDir, "data-dir", sshserver.DefaultDataDir, "where the host key, the database (cardroom.db) and the game records are kept; the server's user must be able to read and write it")
	fs.DurationVar(&cfg.HandshakeTimeout, "handshake-timeout", sshserver.DefaultHandshakeTimeout, "time allowed from connect until a shell or command is admitted, and for a connection left without a session (0: the default)")
	fs.DurationVar(&cfg.KeepaliveInterval, "keepalive", sshserver.DefaultKeepaliveInterval, "keepalive interval (0: the default; negative: off)")
	fs.IntVar(&cfg.MaxSessions, "max-sessions", sshserver.DefaultMaxSessions, "sessions at once, in all (0: the default)")
	fs.IntVar(&cfg.MaxSessionsPerIP, "max-sessions-per-ip", sshserver.DefaultMaxSessionsPerIP, "sessions at once from one IP address (0: the default)")
	fs.IntVar(&cfg.LoginsPerMinute, "logins-per-minute", 60, "new connections per IP address and minute (0: no limit)")
	fs.Float64Var(&cfg.LoginRate, "login-rate", 30, "new connections per second from all addresses together, after the burst; a storm queues logins (0: no limit; see docs/CAPACITY.md)")
	fs.IntVar(&cfg.LoginBurst, "login-burst", 60, "connections that may start at once before --login-rate applies (0: --login-rate rounded up)")
	fs.DurationVar(&cfg.LoginWait, "login-wait", sshserver.DefaultLoginWait, "longest a new connection waits for its turn before it is refused (0: the default)")
	fs.DurationVar(&cfg.IdleTimeout, "idle-timeout", sshserver.DefaultIdleTimeout, "close sessions without input for this long (0: the default; negative: never)")
	fs.Float64Var(&cfg.InputKeyRate, "input-keys", sshserver.DefaultInputKeyRate, "keys a second one session may type, after a burst of --input-burst keys or two seconds' worth; more are dropped (0: the default; negative: no limit)")
	fs.IntVar(&cfg.InputKeyBurst, "input-burst", sshserver.DefaultInputKeyBurst, "keys one session may send at once before --input-keys applies (a chat line a terminal pastes without bracketed paste comes as one key a character; 0: the default)")
	fs.IntVar(&cfg.InputByteRate, "input-bytes", sshserver.DefaultInputByteRate, "bytes of input a second one session may send, after a burst of two seconds' worth; more are dropped (0: the default; negative: no limit)")
	fs.IntVar(&cfg.FPS, "fps", sshserver.DefaultFPS, "most frames a second drawn for one player, 1 to 120 (a higher rate shows keys sooner and costs CPU; 0: the default)")
	f.turnTimer = fs.Duration("turn-timer", tables.DefaultTurnTimer, "default turn timer of new tables, at least "+minTurnTimer.String()+" (0: no timer)")
	f.maxTables = fs.Int("max-tables", defaultMaxTables, "tables running at once (0: the default)")
	f.unattended = fs.Duration("unattended-close", tables.DefaultUnattendedClose, "a running game whose table nobody (no person connected, no spectator) has been at for this long ends, unless a person keeps a seat there (--seat-hold; 0: the default; negative: never)")
	f.seatHold = fs.Duration("seat-hold", tables.DefaultSeatHold, "a running game whose people have all left its table (gone to the lobby, dropped) but keep their seats holds still this long for them, no bot moving, spectators or not, then ends (0: no hold, the bots play on and --unattended-close applies)")
	f.maxPerPlayer = fs.Int("max-tables-per-player", lobby.DefaultMaxTablesPerPlayer, "tables one person (a key, or an address for guests) may host at once (0: the default; negative: no limit)")
	f.botPace = fs.Duration("bot-pace", tables.DefaultBotPace, "how long a bot waits before its move (0: no wait)")
	f.newDatabase = fs.Bool("new-database", false, "start with a new, empty database even though the host key says this server has run before (without it, a missing or empty cardroom.db stops the start)")
	f.nameRelease = fs.Duration("name-release", store.DefaultNameRelease, "a name whose key has not logged in for this long is free for others (0: names are kept for ever)")
	f.trickPause = fs.Duration("trick-pause", tables.DefaultTrickPause, "how long a completed trick stays on screen before the game goes on (0: no pause)")
	f.lobbyInterval = fs.Duration("lobby-interval", lobby.DefaultPublishEvery, "at most one lobby update per interval to the lobby screens; changes meanwhile go out together (0: every change at once, which costs every screen a wake-up per login)")
	f.botKeys = fs.String("bot-keys", "", "file of public keys (authorized_keys format) that may seat a program as a bot: ssh HOST bot TABLE (docs/BOT-PROTOCOL.md)")
	f.debug = fs.Bool("debug", false, "log debug messages (in a cluster also the embedded NATS server's)")
	f.logFormat = fs.String("log-format", "text", "log lines as text or json")
	f.adminKeys = fs.String("admin-keys", "", "an authorized_keys file of the admins' keys: they may :kick, :ban, :unban, :announce and see the admin screen")
	f.motd = fs.String("motd", "", "a file whose first lines (3 at most) the lobby shows as the message of the day")
	f.cluster = addClusterFlags(fs)
	f.metricsAddr = fs.String("metrics", "", "serve Prometheus metrics (/metrics) and a health check (/healthz) on this address, e.g. 127.0.0.1:9222 (default: off)")
	f.conf = newLayered(fs) // after every other flag: it covers them all
	f.conf.used = f.used
	return f
}

// serveRule is what one serve flag accepts, and the value its 0 stands for.
type serveRule struct {
	// check says what to give instead of v; "" when v will do.
	check func(v any) string
	// zero is the value 0 stands for (ok false: 0 is no default).
	zero func(f *serveFlags) (v any, ok bool)
}

// serveRules are the rules of serve's flags, by name; a flag without one
// takes any value its type parses.
var serveRules = map[string]serveRule{
	"listen":                {check: hostPort(false, ":2222 or 127.0.0.1:2222")},
	"public-addr":           {check: publicAddr},
	"metrics":               {check: hostPort(true, "127.0.0.1:9222")},
	"data-dir":              {check: nonEmpty("a directory, e.g. /var/lib/cardroom")},
	"handshake-timeout":     {check: positive(sshserver.DefaultHandshakeTimeout), zero: always(sshserver.DefaultHandshakeTimeout)},
	"keepalive":             {zero: always(sshserver.DefaultKeepaliveInterval)},
	"idle-timeout":          {zero: always(sshserver.DefaultIdleTimeout)},
	"max-sessions":          {check: intFrom(1, def(sshserver.DefaultMaxSessions)), zero: always(sshserver.DefaultMaxSessions)},
	"max-sessions-per-ip":   {check: intFrom(1, def(sshserver.DefaultMaxSessionsPerIP)), zero: always(sshserver.DefaultMaxSessionsPerIP)},
	"logins-per-minute":     {check: intFrom(0, "0: no limit")},
	"login-rate":            {check: rate("0: no limit")},
	"login-burst":           {check: intFrom(1, "0: --login-rate rounded up"), zero: loginBurst},
	"login-wait":            {check: positive(sshserver.DefaultLoginWait), zero: always(sshserver.DefaultLoginWait)},
	"input-keys":            {check: rate(""), zero: always(float64(sshserver.DefaultInputKeyRate))},
	"input-burst":           {check: intFrom(1, def(sshserver.DefaultInputKeyBurst)), zero: always(sshserver.DefaultInputKeyBurst)},
	"input-bytes":           {zero: always(sshserver.DefaultInputByteRate)},
	"fps":                   {check: intRange(1, 120, def(sshserver.DefaultFPS)), zero: always(sshserver.DefaultFPS)},
	"turn-timer":            {check: turnTimer},
	"max-tables":            {check: intFrom(1, def(defaultMaxTables)), zero: always(defaultMaxTables)},
	"max-tables-per-player": {zero: always(lobby.DefaultMaxTablesPerPlayer)},
	"unattended-close":      {zero: always(tables.DefaultUnattendedClose)},
	"seat-hold":             {check: notNegative("0: no hold")},
	"bot-pace":              {check: notNegative("0: no wait")},
	"name-release":          {check: notNegative("0: names are kept for ever")},
	"trick-pause":           {check: notNegative("0: no pause")},
	"lobby-interval":        {check: notNegative("0: every change at once")},
	"log-format":            {check: oneOf("text", "json")},
	"cluster-replicas":      {check: intRange(1, 5, "0: 3 with --routes, else 1"), zero: replicas},
}

// check refuses the settings that make no sense, naming each by its flag
// and where it came from, before anything starts.
func (f *serveFlags) check() error {
	var errs []error
	f.fs.VisitAll(func(fl *flag.Flag) {
		r, ok := serveRules[fl.Name]
		if !ok || r.check == nil {
			return
		}
		v := fl.Value.(flag.Getter).Get()
		if r.zero != nil && isZero(v) {
			return
		}
		if what := r.check(v); what != "" {
			errs = append(errs, fmt.Errorf("--%s %s%s: %s", fl.Name, shellWord(fl.Value.String()), f.from(fl.Name), what))
		}
	})
	return errors.Join(errs...)
}

// readFiles reads the files of --admin-keys, --bot-keys and --motd up front, errors naming flag and source.
func (f *serveFlags) readFiles() ([]serveOption, error) {
	var opts []serveOption
	var errs []error
	read := func(name, path string, load func(path string) (serveOption, error)) {
		if path == "" {
			return
		}
		opt, err := load(path)
		if err != nil {
			errs = append(errs, fmt.Errorf("--%s %s%s: %v", name, shellWord(path), f.from(name), err))
			return
		}
		opts = append(opts, opt)
	}
	read("admin-keys", *f.adminKeys, func(path string) (serveOption, error) {
		fps, err := readAdminKeys(path)
		return withAdmins(fps...), err
	})
	read("bot-keys", *f.botKeys, func(path string) (serveOption, error) {
		fps, err := readKeyFile(path)
		return withBotKeys(fps), err
	})
	read("motd", *f.motd, func(path string) (serveOption, error) {
		s, err := readMOTD(path)
		return withMOTD(s), err
	})
	return opts, errors.Join(errs...)
}

// from is where a flag's value came from, when not the command line.
func (f *serveFlags) from(name string) string {
	switch src := f.conf.sources[name]; {
	case src == "" || src == "flag":
		return ""
	case src == "default":
		return " (the default)"
	default:
		return " (from " + src + ")"
	}
}

// used is the value a flag set to 0 stands for, for --print-config.
func (f *serveFlags) used(name string) (any, bool) {
	r, ok := serveRules[name]
	fl := f.fs.Lookup(name)
	if !ok || r.zero == nil || fl == nil || !isZero(fl.Value.(flag.Getter).Get()) {
		return nil, false
	}
	return r.zero(f)
}

// isZero reports whether a flag's value is 0.
func isZero(v any) bool {
	switch x := v.(type) {
	case int:
		return x == 0
	case float64:
		return x == 0
	case time.Duration:
		return x == 0
	}
	return false
}

// def is the note on a flag whose 0 stands for its default, d.
func def(d any) string { return fmt.Sprintf("0: the default, %v", d) }

// always is a zero rule: 0 stands for v.
func always[T any](v T) func(*serveFlags) (any, bool) {
	return func(*serveFlags) (any, bool) { return v, true }
}

// loginBurst is what --login-burst 0 stands for: the login rate rounded up.
func loginBurst(f *serveFlags) (any, bool) {
	if f.cfg.LoginRate <= 0 {
		return nil, false // no global limit: no burst either
	}
	return max(1, int(math.Ceil(f.cfg.LoginRate))), true
}

// replicas is what --cluster-replicas 0 stands for: 3 with routes, else 1.
func replicas(f *serveFlags) (any, bool) {
	if *f.cluster.routes != "" && *f.cluster.nats == "" {
		return 3, true
	}
	return 1, true
}

// intFrom accepts a whole number from lo up; zero says what 0 means.
func intFrom(lo int, zero string) func(any) string {
	return func(v any) string {
		if v.(int) >= lo {
			return ""
		}
		return fmt.Sprintf("give a number from %d up (%s)", lo, zero)
	}
}

// intRange accepts a whole number from lo to hi; zero says what 0 means
// (0 is then accepted too).
func intRange(lo, hi int, zero string) func(any) string {
	return func(v any) string {
		if n := v.(int); n >= lo && n <= hi {
			return ""
		}
		return fmt.Sprintf("give a number from %d to %d (%s)", lo, hi, zero)
	}
}

// rate accepts a number, from 0 up unless zero is "" (negative: no limit).
func rate(zero string) func(any) string {
	return func(v any) string {
		x := v.(float64)
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			return "give a number"
		case x < 0 && zero != "":
			return "give a number from 0 up (" + zero + ")"
		}
		return ""
	}
}

// notNegative accepts a duration of 0 or more; zero says what 0 means.
func notNegative(zero string) func(any) string {
	return func(v any) string {
		if v.(time.Duration) >= 0 {
			return ""
		}
		return fmt.Sprintf("give 0 or a positive duration, e.g. \"30s\" (%s)", zero)
	}
}

// positive accepts a positive duration (0 stands for d, the default).
func positive(d time.Duration) func(any) string {
	return func(v any) string {
		if v.(time.Duration) > 0 {
			return ""
		}
		return fmt.Sprintf("give a positive duration, e.g. %q (%s)", d.String(), def(d))
	}
}

// turnTimer accepts 0 (no timer) and minTurnTimer and more.
func turnTimer(v any) string {
	if d := v.(time.Duration); d == 0 || d >= minTurnTimer {
		return ""
	}
	return fmt.Sprintf("give %v or more, e.g. \"60s\" (0: no timer)", minTurnTimer)
}

// nonEmpty refuses "", saying what to give.
func nonEmpty(what string) func(any) string {
	return func(v any) string {
		if v.(string) != "" {
			return ""
		}
		return "give " + what
	}
}

// oneOf accepts the words given.
func oneOf(words ...string) func(any) string {
	return func(v any) string {
		if slices.Contains(words, v.(string)) {
			return ""
		}
		return "give " + strings.Join(words, " or ")
	}
}

// publicAddr checks --public-addr.
func publicAddr(v any) string {
	if err := checkPublicAddr(v.(string)); err != nil {
		return err.Error()
	}
	return ""
}

// hostPort accepts an address to listen on, host:port, like the example
// (optional: "" is accepted too).
func hostPort(optional bool, example string) func(any) string {
	return func(v any) string {
		addr := v.(string)
		if addr == "" && optional || !badListenAddr(addr) {
			return ""
		}
		return "give host:port, e.g. " + example
	}
}

// badListenAddr reports whether addr is no host:port to listen on: a port
// alone, a host alone, or a port that is no number from 0 to 65535 (nor a
// service name such as ssh).
func badListenAddr(addr string) bool {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return true
	}
	if n, err := strconv.Atoi(port); err == nil {
		return n < 0 || n > 65535
	}
	_, err = net.LookupPort("tcp", port)
	return err != nil
}
