package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/store"
)

// cardroom -h and cardroom help list every subcommand, one line
// each, on stdout.
func TestOverviewListsEverySubcommand(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}, {"help", "help"}} {
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 || errOut != "" {
			t.Errorf("cardroom %v: exit %d, stderr %q", args, code, errOut)
		}
		for _, c := range commands() {
			n := 0
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "  "+c.name+" ") {
					n++
				}
			}
			if n != 1 {
				t.Errorf("cardroom %v: %d lines for %s:\n%s", args, n, c.name, out)
			}
		}
	}
}

// Every subcommand's -h exits 0 and prints its help on stdout, without the
// internal flags.
func TestSubcommandHelp(t *testing.T) {
	for _, c := range commands() {
		code, out, errOut := runCmd(t, "", c.name, "-h")
		if code != 0 || errOut != "" || !strings.Contains(out, "usage: cardroom") && c.name != "help" {
			t.Errorf("cardroom %s -h: exit %d, stderr %q, stdout:\n%s", c.name, code, errOut, out)
		}
	}
	_, out, _ := runCmd(t, "", "load", "-h")
	for _, internal := range []string{"--child", "--every", "--lines", "--data-dir"} {
		if strings.Contains(out, internal) {
			t.Errorf("load -h shows the internal flag %s:\n%s", internal, out)
		}
	}
	if code, out, _ := runCmd(t, "", "help", "replay"); code != 0 || !strings.Contains(out, "usage: cardroom replay") {
		t.Errorf("cardroom help replay: exit %d:\n%s", code, out)
	}
}

// Help texts name flags as they are shown: with two dashes; serve's say
// what --data-dir holds and what --cluster-replicas copies.
func TestHelpNamesFlagsWithTwoDashes(t *testing.T) {
	oneDash := regexp.MustCompile(`(^|[\s(,;])-[a-z][a-z-]+`)
	for _, c := range commands() {
		_, out, _ := runCmd(t, "", c.name, "-h")
		if m := oneDash.FindAllString(out, -1); m != nil {
			t.Errorf("cardroom %s -h names flags with one dash: %q", c.name, m)
		}
	}
	_, out, _ := runCmd(t, "", "serve", "-h")
	for _, want := range []string{"the database (cardroom.db)", "each bucket and stream (the journal, the finished games)"} {
		if !strings.Contains(out, want) {
			t.Errorf("serve -h lacks %q", want)
		}
	}
}

// Wrong usage exits 2 with one line on stderr saying what to do.
func TestWrongUsageIsOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"}, {"--bogus"}, {"--listen", "1"}, {"serve", "--bogus"}, {"serve", "extra"},
		{"serve", "--public-addr", "a b"}, {"replay"}, {"replay", "--bogus", "f"},
		{"sim", "--bogus"}, {"sim", "x"}, {"load", "--bogus"}, {"backup"}, {"version", "x"},
		{"help", "frobnicate"}, {"help", "--nope"},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "(see cardroom") {
			t.Errorf("cardroom %v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// cardroom with flags and no subcommand is cardroom serve with them, as
// cardroom alone is cardroom serve.
func TestFlagsAloneAreServes(t *testing.T) {
	code, out, errOut := runCmd(t, "", "--listen", "127.0.0.1:23300", "--print-config")
	if code != 0 || !strings.Contains(out, `listen = "127.0.0.1:23300"`) {
		t.Errorf("cardroom --listen 127.0.0.1:23300 --print-config: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	if code, _, errOut := runCmd(t, "", "--fps", "500"); code != 2 || !strings.HasPrefix(errOut, "cardroom serve: --fps 500: ") {
		t.Errorf("cardroom --fps 500: exit %d, stderr %q", code, errOut)
	}
	if code, out, _ := runCmd(t, "", "--help"); code != 0 || !strings.Contains(out, "usage: cardroom COMMAND") {
		t.Errorf("cardroom --help is still the overview: exit %d\n%s", code, out)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		code, out, _ := runCmd(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "cardroom ") || !strings.Contains(out, "revision") {
			t.Errorf("cardroom %v: exit %d, %q", args, code, out)
		}
	}
	bi := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/cardroom/cardroom", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-12-01T00:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionLine(bi), "cardroom v1.2.3 (revision abc123, modified, 2026-12-01T00:00:00Z, go1.26.0)"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	// go install …@v1.2.3 records no revision: the version names the source.
	bi.Settings = nil
	if got, want := versionLine(bi), "cardroom v1.2.3 (go1.26.0)"; got != want {
		t.Errorf("versionLine of a module build = %q, want %q", got, want)
	}
	// go run, or go build with -buildvcs=false: no version, no revision;
	// the line says so and how to get one, not "revision unknown".
	bi.Main.Version = "(devel)"
	if got, want := versionLine(bi), "cardroom (devel) ("+noRevision+"; go1.26.0)"; got != want {
		t.Errorf("versionLine of a build without VCS info = %q, want %q", got, want)
	}
}

// cardroom backup finds the data dir in CARDROOM_DATA_DIR as serve does
// (the container's /data), unless --data-dir names another.
func TestBackupDataDirFromEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("CARDROOM_DATA_DIR", dir)
	code, _, errOut := runCmd(t, "", "backup", filepath.Join(t.TempDir(), "copy.db"))
	if code != 1 || !strings.Contains(errOut, "no database in "+dir) {
		t.Errorf("backup with CARDROOM_DATA_DIR=%s: exit %d, stderr %q", dir, code, errOut)
	}
	other := t.TempDir()
	code, _, errOut = runCmd(t, "", "backup", "--data-dir", other, filepath.Join(t.TempDir(), "copy.db"))
	if code != 1 || !strings.Contains(errOut, "no database in "+other) {
		t.Errorf("backup --data-dir %s: exit %d, stderr %q", other, code, errOut)
	}
}

// cardroom backup finds the data dir wherever serve finds it: --data-dir,
// CARDROOM_DATA_DIR, serve's config file by --config or CARDROOM_CONFIG;
// its flags may come after FILE; without a database it says where it
// looked and how to point it at the right place.
func TestBackupFindsTheDataDirAsServeDoes(t *testing.T) {
	t.Chdir(t.TempDir()) // the default data dir, .cardroom, is not there
	dir := t.TempDir()
	if err := serveOnce(t, dir); err != nil {
		t.Fatal(err)
	}
	conf := writeFile(t, "data-dir = \""+dir+"\"\nfps = 30\n")
	noDir := writeFile(t, "fps = 30\n")
	empty := t.TempDir()
	n := 0
	dest := func() string { n++; return filepath.Join(t.TempDir(), fmt.Sprintf("copy%d.db", n)) }
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
		code int
		want string // in stderr
	}{
		{"--config", []string{"--config", conf, "FILE"}, nil, 0, ""},
		{"CARDROOM_CONFIG", []string{"FILE"}, map[string]string{"CARDROOM_CONFIG": conf}, 0, ""},
		{"--config after FILE", []string{"FILE", "--config", conf}, nil, 0, ""},
		{"--data-dir after FILE", []string{"FILE", "--data-dir", dir}, nil, 0, ""},
		{"--data-dir=DIR after FILE", []string{"FILE", "--data-dir=" + dir}, nil, 0, ""},
		{"CARDROOM_DATA_DIR", []string{"FILE"}, map[string]string{"CARDROOM_DATA_DIR": dir}, 0, ""},
		{"--data-dir beats the file", []string{"--data-dir", empty, "--config", conf, "FILE"}, nil, 1, "no database in " + empty},
		{"nothing set", []string{"FILE"}, nil, 1, "no database in " + filepath.Join(mustGetwd(t), ".cardroom") + ": there is no cardroom.db there (this data dir is the default: neither --data-dir, CARDROOM_DATA_DIR nor a config file"},
		{"a file without data-dir", []string{"FILE", "--config", noDir}, nil, 1, "(this data dir is the default, as " + noDir + " does not set data-dir).\nGive the server's data dir with --data-dir DIR, or serve's config file that sets it with --config FILE"},
		{"an empty data dir", []string{"--data-dir", empty, "FILE"}, nil, 1, "(this data dir is the one given with --data-dir)"},
		{"a wrong config file", []string{"FILE", "--config", writeFile(t, "fsp = 30\n")}, nil, 2, `unknown setting "fsp"`},
		{"two files", []string{"FILE", "other.db"}, nil, 2, "give one FILE to write the copy to, not 2"},
		{"a serve flag", []string{"FILE", "--fps", "30"}, nil, 2, "unknown flag --fps"},
	} {
		args := slices.Clone(c.args)
		for i, a := range args {
			if a == "FILE" {
				args[i] = dest()
			}
		}
		var out, errOut bytes.Buffer
		code := backupCmd(args, envOf(c.env), &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%s: backup %q: exit %d, stderr %q; want exit %d and %q", c.name, args, code, errOut.String(), c.code, c.want)
		}
		if code == 0 && !strings.Contains(out.String(), "backed up "+dir) {
			t.Errorf("%s: backup says %q", c.name, out.String())
		}
	}
}

// A database cardroom backup's user may not open is not reported as
// missing or damaged: run backup as the server's user.
func TestBackupOfADatabaseItMayNotOpen(t *testing.T) {
	dir := t.TempDir()
	if err := serveOnce(t, dir); err != nil {
		t.Fatal(err)
	}
	err := checkFiles(dir, denying(store.FileName), databaseFiles)
	var denied *accessError
	if !errors.As(err, &denied) {
		t.Fatalf("checkFiles = %v", err)
	}
	denied.backup = true
	for _, want := range []string{"cannot read and write the database " + filepath.Join(dir, store.FileName), "run it as the user the server runs as"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// A value that does not parse is named by its flag, with two dashes as the
// help writes it, and the error says what to write instead, whether it
// came from the command line, the environment or the config file.
func TestFlagErrorsSayWhatToWrite(t *testing.T) {
	file := writeFile(t, "turn-timer = 60\n")
	for _, c := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--turn-timer", "60"}, nil, `--turn-timer 60: write a duration with a unit, e.g. "60s" or "2m"`},
		{[]string{"--config", file}, nil, `config file ` + file + `: turn-timer = 60: write a duration with a unit, e.g. "60s" or "2m"`},
		{nil, map[string]string{"CARDROOM_TURN_TIMER": "60"}, `CARDROOM_TURN_TIMER="60": write a duration with a unit`},
		{[]string{"--fps", "many"}, nil, "--fps many: write a whole number"},
		{[]string{"--login-rate", "fast"}, nil, "--login-rate fast: write a number"},
		{[]string{"--debug=maybe"}, nil, "--debug=maybe: write true or false"},
		{[]string{"--fps", ""}, nil, `--fps "": write a whole number`},
		{[]string{"--bogus"}, nil, "unknown flag --bogus"},
		{[]string{"--fps"}, nil, "--fps needs a value"},
	} {
		var out, errOut bytes.Buffer
		code := serveCmd(append([]string{"--print-config"}, c.args...), envOf(c.env), &out, &errOut)
		if code != exitUsage || !strings.HasPrefix(errOut.String(), "cardroom serve: "+c.want) || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("serve %q (env %v): exit %d, stderr %q; want %q", c.args, c.env, code, errOut.String(), c.want)
		}
	}
	// The help still names each flag's type.
	_, out, _ := runCmd(t, "", "serve", "-h")
	for _, want := range []string{"--turn-timer duration", "--fps int", "--debug\n", "--login-rate float"} {
		if !strings.Contains(out, want) {
			t.Errorf("serve -h lacks %q", want)
		}
	}
}

// A backup into a directory that does not exist, or into a path under a
// file, says so and what to do, not SQLite's "unable to open database".
func TestBackupIntoAMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := serveOnce(t, dir); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "nonexistentdir")
	file := writeFile(t, "")
	for _, c := range []struct{ dest, want string }{
		{filepath.Join(missing, "x.db"), "cardroom backup: cannot write the copy to " + filepath.Join(missing, "x.db") + ": the directory " + missing +
			" does not exist.\nCreate it first (mkdir -p " + missing + "), or give a FILE in a directory that exists\n"},
		{filepath.Join(file, "x.db"), "cardroom backup: cannot write the copy to " + filepath.Join(file, "x.db") + ": " + file + " is not a directory.\nGive a FILE in a directory\n"},
	} {
		var out, errOut bytes.Buffer
		if code := backupCmd([]string{"--data-dir", dir, c.dest}, envOf(nil), &out, &errOut); code != exitFail || errOut.String() != c.want {
			t.Errorf("backup to %s: exit %d, stderr %q; want %q", c.dest, code, errOut.String(), c.want)
		}
	}
	if _, err := os.Stat(missing); err == nil {
		t.Errorf("the backup made %s", missing)
	}
}
