package main

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// The client's locale (LANG or LC_ALL, which many ssh configurations send)
// chooses the language a new key starts in.
func TestE2ELocaleChoosesTheFirstLanguage(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	de := s.connect(ctx, t, "dora", sshtest.Options{Env: map[string]string{"LANG": "de_DE.UTF-8"}})
	de.waitFor("Noch keine Tische")
	nl := s.connect(ctx, t, "nina", sshtest.Options{Env: map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "nl_NL.UTF-8"}})
	nl.waitFor("Nog geen tafels")
	en := s.connect(ctx, t, "emma", sshtest.Options{Env: map[string]string{"LANG": "fr_FR.UTF-8"}})
	en.waitFor("No tables yet")
}

// Over SSH, help, list and their errors answer in the language of the
// client's locale, with or without -t; list --json stays the same bytes.
func TestE2ECLIInTheClientsLanguage(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	var json0 string
	for _, c := range []struct{ lang, help, list, unknown string }{
		{"de_DE.UTF-8", "ein Kartenraum über SSH", "Noch keine Tische.", "Unbekannter Befehl"},
		{"nl_NL.UTF-8", "een kaartzaal via SSH", "Nog geen tafels.", "Onbekend commando"},
		{"en_GB.UTF-8", "a card room over SSH", "No tables yet.", "unknown command"},
	} {
		opts := sshtest.Options{User: "ada", Env: map[string]string{"LANG": c.lang}}
		for _, tty := range []bool{false, true} {
			if out, _, code := s.sshRun(ctx, t, opts, tty, "help"); code != 0 || !strings.Contains(out, c.help) {
				t.Errorf("%s help (tty %v): exit %d\n%s", c.lang, tty, code, out)
			}
			if out, _, code := s.sshRun(ctx, t, opts, tty, "list"); code != 0 || !strings.Contains(out, c.list) {
				t.Errorf("%s list (tty %v): exit %d\n%s", c.lang, tty, code, out)
			}
		}
		if _, errOut, code := s.sshRun(ctx, t, opts, false, "frobnicate"); code != 2 || !strings.HasPrefix(errOut, "cardroom: "+c.unknown) {
			t.Errorf("%s frobnicate: exit %d, stderr %q", c.lang, code, errOut)
		}
		out, _, _ := s.sshRun(ctx, t, opts, false, "list --json")
		if json0 == "" {
			json0 = out
		} else if out != json0 {
			t.Errorf("%s list --json differs: %q vs %q", c.lang, out, json0)
		}
	}
}

// sshRun runs command over SSH as opts says, with a pty when tty (ssh -t),
// and returns its stdout (\r\n read as \n), stderr and exit status.
func (s *testServer) sshRun(ctx context.Context, t *testing.T, opts sshtest.Options, tty bool, command string) (stdout, stderr string, code int) {
	t.Helper()
	if !tty {
		out, errOut, code, err := sshtest.Exec(ctx, s.addr, opts, command)
		if err != nil {
			t.Fatalf("ssh host %s: %v", command, err)
		}
		return out, errOut, code
	}
	opts.Command = command
	c, err := sshtest.Dial(ctx, s.addr, opts)
	if err != nil {
		t.Fatalf("ssh -t host %s: %v", command, err)
	}
	defer c.Close()
	code, err = c.Wait(ctx)
	if err != nil {
		t.Fatalf("ssh -t host %s: %v", command, err)
	}
	c.Close() // the readers finish at EOF
	return strings.ReplaceAll(c.Output(), "\r\n", "\n"), strings.ReplaceAll(c.Stderr(), "\r\n", "\n"), code
}

// list, help and export answer the same with or without -t, byte for byte
// for an export; their errors go to stderr with a non-zero exit status, so
// an export redirected to a file never holds an error; unknown arguments
// are errors; list --json is one JSON object.
func TestE2ECommandsWithAndWithoutTTY(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	key := sshtest.NewKey()
	ada := s.lobby(ctx, t, "ada", sshtest.Options{Key: key})
	ada.typ("4") // quick play: Dou Dizhu against bots
	ada.waitFor("Deal 1 of 1")
	ada.playGame()
	asAda := sshtest.Options{User: "ada", Key: key}
	var record string
	for i := 0; ; i++ { // the game is archived as it ends
		out, _, code := s.sshRun(ctx, t, asAda, false, "export 1")
		if code == 0 {
			record = out
			break
		}
		if i == 200 {
			t.Fatal("ada's game never became exportable")
		}
	}
	if _, err := engine.Replay(games.Registry(), strings.NewReader(record)); err != nil {
		t.Fatalf("the export does not replay: %v", err)
	}
	_, port, _ := net.SplitHostPort(s.addr)

	for _, tty := range []bool{false, true} {
		name := map[bool]string{false: "ssh host", true: "ssh -t host"}[tty]
		ok := func(cmd string) string {
			t.Helper()
			out, errOut, code := s.sshRun(ctx, t, asAda, tty, cmd)
			if code != 0 || errOut != "" {
				t.Errorf("%s %s: exit %d, stderr %q", name, cmd, code, errOut)
			}
			return out
		}
		if out := ok("help"); !strings.Contains(out, "ssh -p "+port+" localhost list") {
			t.Errorf("%s help:\n%s", name, out)
		}
		if out := ok("list"); !strings.Contains(out, "1 online") {
			t.Errorf("%s list:\n%s", name, out)
		}
		var list struct {
			Tables []map[string]any `json:"tables"`
			Online int              `json:"online"`
		}
		if out := ok("list --json"); json.Unmarshal([]byte(out), &list) != nil || list.Online != 1 || list.Tables == nil {
			t.Errorf("%s list --json: %q", name, out)
		}
		if out := ok("export 1"); out != record {
			t.Errorf("%s export 1 differs from the export without a pty:\n%.300s", name, out)
		}
		// (An unknown command with -t opens the lobby, which says so.)
		for _, bad := range []string{"export", "export 99999", "export 1 2", "list bogus", "help me"} {
			out, errOut, code := s.sshRun(ctx, t, asAda, tty, bad)
			if code == 0 || out != "" || !strings.HasPrefix(errOut, "cardroom: ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want an error line on stderr only", name, bad, code, out, errOut)
			}
		}
	}
	// What needs a terminal says so, without one.
	if _, errOut, code := s.sshRun(ctx, t, asAda, false, "watch abc"); code == 0 || !strings.Contains(errOut, "needs a terminal") {
		t.Errorf("watch without a pty: exit %d, stderr %q", code, errOut)
	}
	// An unknown game is named as such, not as wanting a terminal.
	if _, errOut, code := s.sshRun(ctx, t, asAda, false, "new chess"); code == 0 || !strings.Contains(errOut, `unknown game "chess"`) {
		t.Errorf("new chess without a pty: exit %d, stderr %q", code, errOut)
	}
}
