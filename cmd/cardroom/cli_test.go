package main

import (
	"bytes"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
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

// Wrong usage exits 2 with one line on stderr saying what to do.
func TestWrongUsageIsOneLine(t *testing.T) {
	for _, args := range [][]string{
		{"frobnicate"}, {"--listen", ":1"}, {"serve", "--bogus"}, {"serve", "extra"},
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
