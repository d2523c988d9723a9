package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"os"
	"time"

	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/metrics"
	"github.com/cardroom/cardroom/tables"
)

// hostSettings are what a host runs the card room with beyond the SSH
// server and the lobby: admins, the message of the day, metrics.
type hostSettings struct {
	admins  []string     // admins' key fingerprints
	motd    string       // the message of the day
	metrics net.Listener // where metrics are served; nil: not at all
}

// withAdmins makes the keys with these fingerprints admins.
func withAdmins(fingerprints ...string) serveOption {
	return func(c *serveSettings) { c.host.admins = append(c.host.admins, fingerprints...) }
}

// withMOTD shows s on the lobby.
func withMOTD(s string) serveOption {
	return func(c *serveSettings) { c.host.motd = s }
}

// withMetrics serves metrics and the health check on ln.
func withMetrics(ln net.Listener) serveOption {
	return func(c *serveSettings) { c.host.metrics = ln }
}

// readAdminKeys reads the --admin-keys file (see readKeyFile).
func readAdminKeys(path string) ([]string, error) { return readKeyFile(path) }

// readKeyFile reads an authorized_keys file into its keys' fingerprints; the caller names the file in errors.
func readKeyFile(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fileProblem(path, err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		pub, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v (write one key a line, as in authorized_keys)", n, err)
		}
		out = append(out, hostkeys.Fingerprint(pub))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("the file holds no key (write one key a line, as in authorized_keys)")
	}
	return out, nil
}

// readMOTD reads the message of the day (at most 4 KiB); the caller names the file in errors.
func readMOTD(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fileProblem(path, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 4<<10))
	if err != nil {
		return "", fileProblem(path, err)
	}
	return string(b), nil
}

// fileProblem says why a file cannot be read, without its path, with owner and mode when permission is denied.
func fileProblem(path string, err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	why := pe.Err.Error()
	if errors.Is(err, fs.ErrPermission) {
		if o, ok := ownership(path); ok {
			why += fmt.Sprintf(" (it belongs to %s, mode %04o, and this runs as %s)", o.owner, o.mode, o.self)
		}
	}
	return errors.New(why)
}

// newLogger is the server's logger: text (charmbracelet/log's own) or JSON
// lines.
func newLogger(w io.Writer, format string, debug bool) (*log.Logger, error) {
	opts := log.Options{ReportTimestamp: true, Prefix: "cardroom"}
	switch format {
	case "text", "":
	case "json":
		opts.Formatter = log.JSONFormatter
		opts.TimeFormat = time.RFC3339 // with its offset, as log collectors read it
	default:
		return nil, fmt.Errorf("--log-format %q: use text or json", format)
	}
	l := log.NewWithOptions(w, opts)
	if debug {
		l.SetLevel(log.DebugLevel)
	}
	return l, nil
}

// timedJournal times the journal writes of the tables for the metrics.
type timedJournal struct {
	tables.Journal
	m *metrics.Metrics
}

func (j timedJournal) Append(tableID string, lines ...[]byte) error {
	start := time.Now()
	err := j.Journal.Append(tableID, lines...)
	j.m.ObserveJournal(time.Since(start))
	return err
}

// timedDropper is a timedJournal that stays a tables.Dropper.
type timedDropper struct {
	timedJournal
	tables.Dropper
}

// timed wraps j in a timedJournal, keeping it a tables.Dropper if it is one.
func timed(j tables.Journal, m *metrics.Metrics) tables.Journal {
	tj := timedJournal{j, m}
	if d, ok := j.(tables.Dropper); ok {
		return timedDropper{tj, d}
	}
	return tj
}

// timedBots makes bots whose decisions are timed for the metrics.
func timedBots(f tables.BotFactory, m *metrics.Metrics) tables.BotFactory {
	if f == nil {
		return nil
	}
	return func(ruleset string, seat int) engine.Bot {
		b := f(ruleset, seat)
		if b == nil {
			return nil
		}
		return timedBot{b, ruleset, m}
	}
}

func timedLevelBots(f func(ruleset, level string, seat int) (engine.Bot, error), m *metrics.Metrics) func(ruleset, level string, seat int) (engine.Bot, error) {
	if f == nil {
		return nil
	}
	return func(ruleset, level string, seat int) (engine.Bot, error) {
		b, err := f(ruleset, level, seat)
		if err != nil || b == nil {
			return b, err
		}
		return timedBot{b, ruleset, m}, nil
	}
}

// timedBot is a bot whose decisions are timed; it stops at its context
// when the bot it wraps does.
type timedBot struct {
	engine.Bot
	ruleset string
	m       *metrics.Metrics
}

func (b timedBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	return b.DecideContext(context.Background(), v, rng)
}

func (b timedBot) DecideContext(ctx context.Context, v engine.View, rng *rand.Rand) engine.Move {
	start := time.Now()
	mv := engine.DecideContext(ctx, b.Bot, v, rng)
	b.m.ObserveBot(b.ruleset, time.Since(start))
	return mv
}

// Name is the wrapped bot's name, so that timing a bot does not change
// the name it is rated under.
func (b timedBot) Name() string { return tables.BotKind(b.Bot) }

// tablesByGame counts the lobby's running tables by rule set.
func tablesByGame(lob *lobby.Lobby) func() map[string]int {
	return func() map[string]int {
		u, err := lob.List()
		if err != nil {
			return nil
		}
		out := map[string]int{}
		for _, t := range u.Tables {
			out[t.Ruleset]++
		}
		return out
	}
}

// rulesetNames lists the names of the rule sets of reg.
func rulesetNames(reg *engine.Registry) []string {
	var out []string
	for _, r := range reg.All() {
		out = append(out, r.Name)
	}
	return out
}
