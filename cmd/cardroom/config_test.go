package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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
		if !strings.HasPrefix(line, "#") && !strings.HasSuffix(line, "# file "+file) {
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
