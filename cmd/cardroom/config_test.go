package main

import (
	"bytes"
	"errors"
	"flag"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testFlags is a small serve-like flag set under newLayered.
func testFlags() (*layered, *string, *int, *time.Duration, *bool) {
	fs := newFlags("serve")
	listen := fs.String("listen", ":2222", "address")
	max := fs.Int("max-sessions", 500, "sessions")
	idle := fs.Duration("idle-timeout", time.Minute, "idle")
	debug := fs.Bool("debug", false, "debug")
	return newLayered(fs), listen, max, idle, debug
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "cardroom.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func envOf(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func TestEnvNameIsDerivedFromTheFlag(t *testing.T) {
	for flag, want := range map[string]string{
		"listen": "CARDROOM_LISTEN", "max-sessions-per-ip": "CARDROOM_MAX_SESSIONS_PER_IP", "data-dir": "CARDROOM_DATA_DIR",
	} {
		if got := envName(flag); got != want {
			t.Errorf("envName(%q) = %q, want %q", flag, got, want)
		}
	}
}

// A flag beats the environment, the environment beats the file, the file
// beats the default.
func TestConfigPrecedence(t *testing.T) {
	file := writeFile(t, `
listen = "0.0.0.0:3000"
max-sessions = 7
idle_timeout = "5m"   # underscores stand for dashes
debug = true
`)
	l, listen, max, idle, debug := testFlags()
	env := envOf(map[string]string{"CARDROOM_CONFIG": file, "CARDROOM_MAX_SESSIONS": "9", "CARDROOM_LISTEN": "1.2.3.4:1"})
	if err := l.parse([]string{"--listen", "127.0.0.1:2302"}, env); err != nil {
		t.Fatal(err)
	}
	if *listen != "127.0.0.1:2302" || *max != 9 || *idle != 5*time.Minute || !*debug {
		t.Fatalf("listen %q max %d idle %v debug %v", *listen, *max, *idle, *debug)
	}
	var out bytes.Buffer
	l.print(&out)
	for _, want := range []string{
		`listen = "127.0.0.1:2302"`, "# flag",
		"max-sessions = 9", "# env CARDROOM_MAX_SESSIONS",
		`idle-timeout = "5m0s"`, "# file " + file,
		"debug = true",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("print-config lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "print-config =") {
		t.Errorf("print-config lists itself:\n%s", out.String())
	}
}

func TestConfigDefaultsWhenNothingIsSet(t *testing.T) {
	l, listen, max, _, _ := testFlags()
	if err := l.parse(nil, envOf(nil)); err != nil {
		t.Fatal(err)
	}
	if *listen != ":2222" || *max != 500 || l.sources["listen"] != "default" {
		t.Fatalf("listen %q max %d source %q", *listen, *max, l.sources["listen"])
	}
}

// The printed settings are a config file that gives the same settings.
func TestPrintConfigReadsBack(t *testing.T) {
	l, _, _, _, _ := testFlags()
	if err := l.parse([]string{"--listen", "[::1]:22", "--idle-timeout", "90s", "--debug"}, envOf(nil)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	l.print(&out)
	l2, listen, _, idle, debug := testFlags()
	if err := l2.parse([]string{"--config", writeFile(t, out.String())}, envOf(nil)); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if *listen != "[::1]:22" || *idle != 90*time.Second || !*debug {
		t.Fatalf("read back listen %q idle %v debug %v", *listen, *idle, *debug)
	}
}

func TestConfigErrorsNameTheirSource(t *testing.T) {
	for _, c := range []struct {
		name string
		file string
		env  map[string]string
		want string
	}{
		{"unknown key", "listne = \":1\"\n", nil, `unknown setting "listne": the keys are serve's flag names`},
		{"bad value in file", "max-sessions = \"many\"\n", nil, "max-sessions"},
		{"array", "listen = [1, 2]\n", nil, "want a string"},
		{"broken toml", "listen = \n", nil, "config file"},
		{"bad env", "", map[string]string{"CARDROOM_IDLE_TIMEOUT": "soon"}, "CARDROOM_IDLE_TIMEOUT"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, _, _, _, _ := testFlags()
			env := map[string]string{}
			for k, v := range c.env {
				env[k] = v
			}
			if c.file != "" {
				env["CARDROOM_CONFIG"] = writeFile(t, c.file)
			}
			err := l.parse(nil, envOf(env))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one with %q", err, c.want)
			}
		})
	}
}

func TestConfigMissingFile(t *testing.T) {
	l, _, _, _, _ := testFlags()
	if err := l.parse([]string{"--config", filepath.Join(t.TempDir(), "nope.toml")}, envOf(nil)); err == nil {
		t.Fatal("a missing config file was accepted")
	}
}

// The example config in deploy/ names every serve flag, and with its lines
// uncommented it is a valid config file.
func TestExampleConfigCoversEveryFlag(t *testing.T) {
	b, err := os.ReadFile("../../deploy/cardroom.toml")
	if err != nil {
		t.Fatal(err)
	}
	setting := regexp.MustCompile(`^# ([a-z][a-z-]*) = `)
	var on []string
	for _, line := range strings.Split(string(b), "\n") {
		if setting.MatchString(line) {
			on = append(on, strings.TrimPrefix(line, "# "))
		}
	}
	file := writeFile(t, strings.Join(on, "\n"))
	var out, errOut bytes.Buffer
	if code := serveCmd([]string{"--config", file, "--print-config"}, envOf(nil), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(line, "#") && !strings.Contains(line, "# file "+file) {
			t.Errorf("deploy/cardroom.toml has no commented line for this serve flag: %s", line)
		}
	}
}

func TestPublicAddr(t *testing.T) {
	name := func() (string, error) { return "box.example.net", nil }
	none := func() (string, error) { return "", os.ErrNotExist }
	for _, c := range []struct {
		set, listen string
		hostname    func() (string, error)
		want        string
	}{
		{"cards.example.net:22", "[::]:2222", name, "cards.example.net:22"},
		{"", "[::]:2222", name, "box.example.net:2222"},
		{"", "0.0.0.0:2222", none, "localhost:2222"},
		{"", "127.0.0.1:40123", name, "localhost:40123"},
		{"", "192.0.2.7:2222", name, "192.0.2.7:2222"},
	} {
		if got := publicAddrOf(c.set, c.listen, c.hostname); got != c.want {
			t.Errorf("publicAddrOf(%q, %q) = %q, want %q", c.set, c.listen, got, c.want)
		}
	}
	for _, ok := range []string{"", "cards.example.net", "cards.example.net:2222", "[2001:db8::1]:22", "192.0.2.7:2222"} {
		if err := checkPublicAddr(ok); err != nil {
			t.Errorf("checkPublicAddr(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{":2222", "cards.example.net:x", "cards.example.net:0", "a b:22", "user@host:22"} {
		if checkPublicAddr(bad) == nil {
			t.Errorf("checkPublicAddr(%q) accepted", bad)
		}
	}
}

// Every serve value that makes no sense is refused before anything starts,
// named by its flag (and where it came from), saying what to give instead.
func TestServeRefusesBadValuesUpFront(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "never-made")
	for _, c := range []struct {
		args []string
		file string
		want string
	}{
		{[]string{"--fps", "500"}, "", "--fps 500: give a number from 1 to 120 (0: the default, 30)"},
		{[]string{"--fps", "-1"}, "", "--fps -1: give a number from 1 to 120"},
		{[]string{"--max-sessions", "-5"}, "", "--max-sessions -5: give a number from 1 up (0: the default, 500)"},
		{[]string{"--max-sessions-per-ip", "-1"}, "", "--max-sessions-per-ip -1: give a number from 1 up"},
		{[]string{"--login-rate", "-1"}, "", "--login-rate -1: give a number from 0 up (0: no limit)"},
		{[]string{"--login-rate", "NaN"}, "", "--login-rate NaN: give a number"},
		{[]string{"--login-burst", "-1"}, "", "--login-burst -1: give a number from 1 up"},
		{[]string{"--login-wait", "-1s"}, "", "--login-wait -1s: give a positive duration"},
		{[]string{"--logins-per-minute", "-1"}, "", "--logins-per-minute -1: give a number from 0 up (0: no limit)"},
		{[]string{"--handshake-timeout", "-1s"}, "", `--handshake-timeout -1s: give a positive duration, e.g. "20s" (0: the default, 20s)`},
		{[]string{"--input-burst", "-1"}, "", "--input-burst -1: give a number from 1 up"},
		{[]string{"--max-tables", "-1"}, "", "--max-tables -1: give a number from 1 up (0: the default, 200)"},
		{[]string{"--cluster-replicas", "-1"}, "", "--cluster-replicas -1: give a number from 1 to 5 (0: 3 with --routes, else 1)"},
		{[]string{"--cluster-replicas", "7"}, "", "--cluster-replicas 7: give a number from 1 to 5"},
		{[]string{"--turn-timer", "2s"}, "", `--turn-timer 2s: give 5s or more, e.g. "60s" (0: no timer)`},
		{[]string{"--turn-timer", "-1s"}, "", "--turn-timer -1s: give 5s or more"},
		{[]string{"--seat-hold", "-1s"}, "", "--seat-hold -1s: give 0 or a positive duration"},
		{[]string{"--bot-pace", "-1s"}, "", "--bot-pace -1s: give 0 or a positive duration"},
		{[]string{"--trick-pause", "-1s"}, "", "--trick-pause -1s: give 0 or a positive duration"},
		{[]string{"--lobby-interval", "-1s"}, "", "--lobby-interval -1s: give 0 or a positive duration"},
		{[]string{"--name-release", "-1h"}, "", "--name-release -1h0m0s: give 0 or a positive duration"},
		{[]string{"--listen", "23302"}, "", "--listen 23302: give host:port, e.g. :2222 or 127.0.0.1:2222"},
		{[]string{"--listen", "127.0.0.1"}, "", "--listen 127.0.0.1: give host:port"},
		{[]string{"--listen", ":99999"}, "", "--listen :99999: give host:port"},
		{[]string{"--metrics", "9222"}, "", "--metrics 9222: give host:port, e.g. 127.0.0.1:9222"},
		{[]string{"--log-format", "xml"}, "", "--log-format xml: give text or json"},
		{[]string{"--public-addr", "a b:22"}, "", `--public-addr "a b:22": write host:port`},
		{nil, "fps = 500\n", "--fps 500 (from file FILE): give a number from 1 to 120"},
		{[]string{"--fps", "500", "--max-tables", "-1"}, "", "--fps 500: give a number from 1 to 120 (0: the default, 30); --max-tables -1: "},
	} {
		args := append([]string{"--data-dir", dir}, c.args...)
		want := c.want
		if c.file != "" {
			file := writeFile(t, c.file)
			args = append(args, "--config", file)
			want = strings.ReplaceAll(want, "FILE", file)
		}
		var out, errOut bytes.Buffer
		code := serveCmd(args, envOf(nil), &out, &errOut)
		if code != exitUsage || !strings.HasPrefix(errOut.String(), "cardroom serve: "+want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("serve %q: exit %d, stderr %q; want %q", c.args, code, errOut.String(), want)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("a refused start made the data dir %s", dir)
	}
	// What makes sense passes: the edges, 0 where it means the default or
	// "off", negative where it means "no limit" or "never".
	ok := []string{"--fps", "120", "--turn-timer", "5s", "--max-tables", "0", "--cluster-replicas", "5", "--listen", "[::1]:0",
		"--keepalive", "-1s", "--idle-timeout", "-1s", "--input-keys", "-1", "--input-bytes", "-1", "--max-tables-per-player", "-1",
		"--unattended-close", "-1s", "--login-rate", "0", "--login-burst", "0", "--logins-per-minute", "0", "--listen", "localhost:ssh"}
	var out, errOut bytes.Buffer
	if code := serveCmd(append(ok, "--print-config"), envOf(nil), &out, &errOut); code != 0 {
		t.Errorf("serve %q: exit %d, %s", ok, code, errOut.String())
	}
	for _, turnTimer := range []string{"0", "0s"} {
		if code := serveCmd([]string{"--turn-timer", turnTimer, "--print-config"}, envOf(nil), &out, &errOut); code != 0 {
			t.Errorf("--turn-timer %s (no timer) refused: %s", turnTimer, errOut.String())
		}
	}
}

// Every serve flag has a rule, or takes any value its type parses.
func TestEveryServeFlagIsChecked(t *testing.T) {
	anyValue := map[string]bool{
		"keepalive": true, "idle-timeout": true, "input-bytes": true, "max-tables-per-player": true, "unattended-close": true,
		"new-database": true, "debug": true, "bot-keys": true, "admin-keys": true, "motd": true,
		"cluster-name": true, "cluster-listen": true, "routes": true, "nats": true, "node-name": true,
		"config": true, "print-config": true,
	}
	newServeFlags().fs.VisitAll(func(f *flag.Flag) {
		if _, ok := serveRules[f.Name]; !ok && !anyValue[f.Name] {
			t.Errorf("--%s has no rule in serveRules: say what it accepts, or list it here as taking any value", f.Name)
		}
	})
}

// --print-config shows the value a 0 stands for, and says so.
func TestPrintConfigShowsTheValueUsed(t *testing.T) {
	file := writeFile(t, "fps = 0\nmax-sessions = 0\nlogin-rate = 2.5\nlogin-burst = 0\nturn-timer = \"0s\"\n")
	var out, errOut bytes.Buffer
	if code := serveCmd([]string{"--config", file, "--print-config", "--handshake-timeout", "0"}, envOf(nil), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^fps = 30 +# file .* \(0: the default\)$`),
		regexp.MustCompile(`(?m)^max-sessions = 500 +# file .* \(0: the default\)$`),
		regexp.MustCompile(`(?m)^login-burst = 3 +# file .* \(0: the default\)$`),
		regexp.MustCompile(`(?m)^handshake-timeout = "20s" +# flag \(0: the default\)$`),
		regexp.MustCompile(`(?m)^turn-timer = "0s" +# file `), // 0 is no timer, not a default
		regexp.MustCompile(`(?m)^cluster-replicas = 1 +# default$`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("print-config lacks %s:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := serveCmd([]string{"--routes", "nats://a:6222", "--print-config"}, envOf(nil), &out, &errOut); code != 0 || !strings.Contains(out.String(), "cluster-replicas = 3 ") {
		t.Errorf("with --routes, cluster-replicas 0 stands for 3: exit %d\n%s", code, out.String())
	}
}

// An address in use is told apart from a malformed one, from one this
// machine does not have and from a port the user may not take.
func TestListenErrorSaysWhy(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	busy := held.Addr().String()
	var out, errOut bytes.Buffer
	code := serveCmd([]string{"--listen", busy, "--data-dir", filepath.Join(t.TempDir(), "d")}, envOf(nil), &out, &errOut)
	// (After the log's line on the config file.)
	if want := "\ncardroom serve: --listen " + busy + ": the address is in use: stop what holds it"; code != 1 || !strings.Contains(errOut.String(), want) {
		t.Errorf("busy --listen: exit %d, stderr %q; want %q", code, errOut.String(), want)
	}
	bind := func(errno syscall.Errno) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	for _, c := range []struct {
		addr string
		err  error
		want string
	}{
		{"23302", errors.New("listen tcp: address 23302: missing port in address"), "--listen 23302: give host:port, e.g. :2222 or 127.0.0.1:2222"},
		{":2222", bind(syscall.EADDRINUSE), "--listen :2222: the address is in use"},
		{":22", bind(syscall.EACCES), "--listen :22: this user may not listen there (a port below 1024 needs CAP_NET_BIND_SERVICE"},
		{"192.0.2.1:2222", bind(syscall.EADDRNOTAVAIL), "--listen 192.0.2.1:2222: this machine has no address 192.0.2.1: give one of its addresses, or :2222 for all of them"},
		{"nohost.invalid:2222", &net.OpError{Op: "listen", Err: &net.DNSError{Err: "no such host", Name: "nohost.invalid"}}, "--listen nohost.invalid:2222: cannot find the host nohost.invalid"},
	} {
		if got := listenError("listen", c.addr, c.err); !strings.HasPrefix(got, c.want) {
			t.Errorf("listenError(%q, %v) = %q, want %q", c.addr, c.err, got, c.want)
		}
	}
}

// serve logs at start the config file it read, or that it read none, and
// warns of each setting of the file that a flag or an environment variable
// overrides, with both values; --print-config says so too.
func TestServeLogsTheConfigFileAndWhatOverridesIt(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	busy := held.Addr().String() // the start stops at its listener, after the settings are logged
	file := writeFile(t, "public-addr = \"play.mydomain.org:2222\"\nfps = 20\nmax-tables = 50\n")
	args := []string{"--listen", busy, "--data-dir", filepath.Join(t.TempDir(), "d"), "--public-addr", "cards.example.net:2222", "--config", file}
	var out, errOut bytes.Buffer
	serveCmd(args, envOf(map[string]string{"CARDROOM_FPS": "25"}), &out, &errOut)
	logs := errOut.String()
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`INFO cardroom: config file path=` + regexp.QuoteMeta(file) + ` given=--config\n`),
		regexp.MustCompile(`WARN cardroom: a setting of the config file is overridden: the file's value is not used setting=public-addr in_file=play.mydomain.org:2222 in_effect=cards.example.net:2222 by=--public-addr\n`),
		regexp.MustCompile(`WARN .* setting=fps in_file=20 in_effect=25 by=CARDROOM_FPS\n`),
	} {
		if !want.MatchString(logs) {
			t.Errorf("the start's log lacks %s:\n%s", want, logs)
		}
	}
	if strings.Contains(logs, "setting=max-tables") {
		t.Errorf("a setting of the file nothing overrides is warned of:\n%s", logs)
	}
	out.Reset()
	if code := serveCmd(append(args, "--print-config"), envOf(nil), &out, &errOut); code != 0 ||
		!regexp.MustCompile(`(?m)^public-addr = "cards.example.net:2222" +# flag \(overrides public-addr = "play.mydomain.org:2222" in the config file\)$`).MatchString(out.String()) {
		t.Errorf("--print-config: exit %d, does not say the flag overrides the file:\n%s", code, out.String())
	}
	errOut.Reset()
	serveCmd(args[:6], envOf(nil), &out, &errOut)
	if logs := errOut.String(); !strings.Contains(logs, "INFO cardroom: config file: none;") || strings.Contains(logs, "WARN") {
		t.Errorf("without a config file, the start's log says:\n%s", logs)
	}
}

// The systemd unit gives serve the config file that docs/HOSTING.md says
// to install and no flag but the data dir, its state directory, so that
// every other setting edited in that file takes effect.
func TestSystemdUnitTakesItsSettingsFromTheConfigFile(t *testing.T) {
	b, err := os.ReadFile("../../deploy/cardroom.service")
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	for _, line := range strings.Split(string(b), "\n") {
		if cmd, ok := strings.CutPrefix(line, "ExecStart=/usr/local/bin/cardroom serve "); ok {
			args = strings.Fields(cmd)
		}
	}
	const config = "/etc/cardroom/cardroom.toml"
	if !slices.Equal(args, []string{"--config", config, "--data-dir", "/var/lib/cardroom"}) {
		t.Fatalf("the unit's ExecStart gives serve %q; want --config %s and --data-dir only", args, config)
	}
	doc, err := os.ReadFile("../../docs/HOSTING.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "install -D -m 0644 deploy/cardroom.toml "+config) {
		t.Errorf("docs/HOSTING.md does not install the config file the unit reads, %s", config)
	}
	// With the unit's flags, what the file sets is in effect.
	file := writeFile(t, "listen = \":2022\"\npublic-addr = \"play.mydomain.org:22\"\nmax-tables = 50\n")
	args[1], args[3] = file, t.TempDir()
	var out, errOut bytes.Buffer
	if code := serveCmd(append(args, "--print-config"), envOf(nil), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{`listen = ":2022"`, `public-addr = "play.mydomain.org:22"`, "max-tables = 50"} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + ` +# file ` + regexp.QuoteMeta(file) + `$`).MatchString(out.String()) {
			t.Errorf("with the unit's flags, the file's %s is not in effect:\n%s", want, out.String())
		}
	}
}
