package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/metrics"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// --log-format json writes one JSON object a line; an unknown format is a
// usage error.
func TestLogFormat(t *testing.T) {
	var buf bytes.Buffer
	l, err := newLogger(&buf, "json", false)
	if err != nil {
		t.Fatal(err)
	}
	l.Info("listening", "addr", "127.0.0.1:2222")
	var line map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(buf.Bytes()), &line); err != nil {
		t.Fatalf("not a JSON line: %q: %v", buf.String(), err)
	}
	if line["msg"] != "listening" || line["addr"] != "127.0.0.1:2222" {
		t.Errorf("JSON line %v", line)
	}
	at, _ := line["time"].(string)
	if _, err := time.Parse(time.RFC3339, at); err != nil {
		t.Errorf("JSON line's time %q is not RFC 3339 (a log collector reads it so)", at)
	}
	var out, errOut bytes.Buffer
	if code := serveCmd([]string{"--log-format", "xml"}, envOf(nil), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "text or json") {
		t.Errorf("--log-format xml: exit %d, %q", code, errOut.String())
	}
}

// The admin keys file is read as authorized_keys; a bad line is an error
// that names it.
func TestReadAdminKeys(t *testing.T) {
	k1, k2 := sshtest.NewKey(), sshtest.NewKey()
	good := "# admins\n\n" + string(gossh.MarshalAuthorizedKey(k1.PublicKey())) +
		strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k2.PublicKey()))) + " root@host\n"
	path := filepath.Join(t.TempDir(), "admins")
	if err := os.WriteFile(path, []byte(good), 0o600); err != nil {
		t.Fatal(err)
	}
	fps, err := readAdminKeys(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(fps) != 2 || fps[0] != gossh.FingerprintSHA256(k1.PublicKey()) || fps[1] != gossh.FingerprintSHA256(k2.PublicKey()) {
		t.Errorf("fingerprints %v", fps)
	}
	if err := os.WriteFile(path, []byte(good+"ssh-ed25519 not-base64\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readAdminKeys(path); err == nil || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("a bad line: %v", err)
	}
	if err := os.WriteFile(path, []byte("# nobody\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := readAdminKeys(path); err == nil {
		t.Error("a file without keys was accepted")
	}
}

// cardroom backup copies the database of a running server, with a table
// being played on it, into a file that opens as a database.
func TestBackupWhileServing(t *testing.T) {
	ctx := testCtx(t)
	srv := startHost(t, t.TempDir())
	p := srv.lobby(ctx, t, "ada", sshtest.Options{})
	p.typ("4") // quick play: Dou Dizhu with bots, journaled as it goes
	// The game has started once ada is asked to bid (every seat bids in the
	// first round); a table journals each step before it shows it.
	p.waitFor("1-3 bid")
	dest := filepath.Join(t.TempDir(), store.FileName)
	var out, errOut bytes.Buffer
	if code := run([]string{"backup", "--data-dir", srv.dir, dest}, nil, &out, &errOut); code != 0 {
		t.Fatalf("backup: exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "to restore") {
		t.Errorf("backup says %q", out.String())
	}
	b, err := store.Open(filepath.Dir(dest))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	js, err := b.Unfinished()
	if err != nil || len(js) != 1 {
		t.Errorf("the copy holds %d running tables (%v), want 1", len(js), err)
	}
	if code := run([]string{"backup", "--data-dir", srv.dir, dest}, nil, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "already exists") {
		t.Errorf("a backup over an existing file: exit %d, %q", code, errOut.String())
	}
	if code := run([]string{"backup"}, nil, &out, &errOut); code != 2 {
		t.Errorf("backup without FILE: exit %d", code)
	}
}

// A bot timed for the metrics (--metrics) is rated under the name of the
// bot it wraps, not under the wrapper's Go type.
func TestTimedBotKeepsItsName(t *testing.T) {
	m := metrics.New(metrics.Sources{})
	for _, rs := range []string{"singularity", "doudizhu"} {
		for _, level := range games.Levels() {
			plain, err := games.LevelBot(rs, level, 1)
			if err != nil {
				t.Fatal(err)
			}
			timed, err := timedLevelBots(games.LevelBot, m)(rs, level, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := tables.BotKind(timed), tables.BotKind(plain); got != want {
				t.Errorf("%s %s: timed bot rated as %q, want %q", rs, level, got, want)
			}
		}
		if got, want := tables.BotKind(timedBots(games.Bot, m)(rs, 1)), tables.BotKind(games.Bot(rs, 1)); got != want {
			t.Errorf("%s default bot: timed bot rated as %q, want %q", rs, got, want)
		}
	}
}

// A file that --admin-keys, --bot-keys or --motd names and serve cannot
// read stops the start before it listens or makes the data dir, each named
// by its flag and where the value came from, as the other checks do.
func TestServeNamesTheFlagOfAFileItCannotRead(t *testing.T) {
	tmp := t.TempDir()
	dir, missing := filepath.Join(tmp, "data"), filepath.Join(tmp, "nonexist")
	empty := filepath.Join(tmp, "admins")
	if err := os.WriteFile(empty, []byte("# nobody yet\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	conf := writeFile(t, "admin-keys = \""+missing+"\"\n")
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
		want []string
	}{
		{"admin keys from the file", []string{"--config", conf}, nil,
			[]string{"cardroom serve: --admin-keys " + missing + " (from file " + conf + "): no such file or directory\n"}},
		{"admin keys without a key", []string{"--admin-keys", empty}, nil,
			[]string{"cardroom serve: --admin-keys " + empty + ": the file holds no key (write one key a line, as in authorized_keys)\n"}},
		{"motd and bot keys", []string{"--motd", missing}, map[string]string{"CARDROOM_BOT_KEYS": missing},
			[]string{
				"cardroom serve: --bot-keys " + missing + " (from env CARDROOM_BOT_KEYS): no such file or directory\n",
				"cardroom serve: --motd " + missing + ": no such file or directory\n",
			}},
	} {
		var out, errOut bytes.Buffer
		code := serveCmd(append([]string{"--listen", "127.0.0.1:0", "--data-dir", dir}, c.args...), envOf(c.env), &out, &errOut)
		if code != 1 || errOut.String() != strings.Join(c.want, "") {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", c.name, code, errOut.String(), strings.Join(c.want, ""))
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("a start refused for its files made the data dir %s", dir)
	}
}
