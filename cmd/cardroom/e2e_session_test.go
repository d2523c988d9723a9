package main

import (
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// A client that stops reading its output does not hold anyone up: bob sits
// at ada's Dou Dizhu table and then never reads again; his turns run out
// (the turn timer of quick-play tables is short here) and his bot plays
// them, ada plays hers by keys to the end, and the server keeps answering
// others meanwhile. When bob reads again his screen catches up.
//
// What the real screens write to bob meanwhile (some 15–20 KB) stays far
// below the SSH channel window (2 MiB with x/crypto/ssh), so the server's
// writes to him never block here: this checks that nothing in the tables
// or the lobby waits on a session that does not read. A full window and
// the bounded outbox behind it are sshserver's
// TestClientThatNeverReadsDoesNotStallOthers.
func TestE2EStalledClientDoesNotHoldUpTheTable(t *testing.T) {
	s := startServer(t, 2*time.Second)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	ada.typ("4") // quick play: a started Dou Dizhu table against bots
	ada.waitFor("Deal 1 of 1")

	carol := s.lobby(ctx, t, "carol", sshtest.Options{})
	id := carol.waitTable()
	// bob has a large terminal, so each of his frames is large, and sits
	// down by a deep link, taking a bot's seat.
	bob := s.connect(ctx, t, "bob", sshtest.Options{Command: "join " + id, Width: 200, Height: 60})
	bob.waitFor("bob (you)")
	bob.c.Pause()
	paused := len(bob.c.Output())
	ada.waitFor("bob")

	// The others go on: carol watches, and a command session is answered.
	carol.typ("w")
	carol.waitFor("You are watching")
	out, _, code, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "dave"}, "list")
	if err != nil || code != 0 || !strings.Contains(out, id) {
		t.Errorf("list while bob stalls: exit %d, err %v, output:\n%s", code, err, out)
	}

	g := ada.playGame()
	if g.plays+g.passes == 0 {
		t.Errorf("ada never played: %+v", g)
	}
	if out := strings.ToLower(plainText(ada.c.Output())); !strings.Contains(out, "bob ran out of time") {
		t.Errorf("ada was never told that bob's bot took over his turn")
	}
	carol.waitUntil("the end of the game for the spectator", atEnd)
	ada.endOfGame(g.last, "ada", "bob")

	// Reading again, bob's screen catches up with the end of the game.
	bob.c.Resume()
	bob.waitUntil("bob's screen catching up with the end of the game", atEnd)
	t.Logf("bob read %d bytes before he stalled, %d after", paused, len(bob.c.Output())-paused)
	if rep := s.record(t); !rep.Ended || rep.Ruleset != "doudizhu" {
		t.Errorf("record: %s, ended %v; want a finished doudizhu game", rep.Ruleset, rep.Ended)
	}
}

// Names are reserved to the first key that used them while the server runs:
// another key asking for "alice" is told and gets a free variant; the first
// key logging in again keeps "alice" and takes over its own session, which
// is told why it was closed.
func TestE2ENameCollision(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	keyA := sshtest.NewKey()
	a1 := s.lobby(ctx, t, "alice", sshtest.Options{Key: keyA})
	a1.waitFor("you are alice ")

	b := s.lobby(ctx, t, "alice", sshtest.Options{})
	b.waitFor("you are alice2")
	b.waitForFold("the name alice is taken by someone else on this server; you are alice2")
	a1.waitFor("Online: alice, alice2")

	a2 := s.lobby(ctx, t, "alice", sshtest.Options{Key: keyA})
	a2.waitFor("you are alice ")
	if _, err := a1.c.Wait(ctx); err != nil {
		t.Fatalf("alice's first session did not end when her key logged in again: %v", err)
	}
	if !strings.Contains(strings.ToLower(a1.screen()+plainText(a1.c.Output())), "you logged in again from another terminal") {
		t.Errorf("alice's first session was not told why it closed:\n%s", a1.screen())
	}

	// Case does not make another name.
	c := s.lobby(ctx, t, "ALICE", sshtest.Options{})
	c.waitFor("you are ALICE3")
	c.waitForFold("the name ALICE is taken")
}

// `ssh host help`, `list` and `export` print plain text and exit 0, with a
// pty or without; their errors go to stderr with a non-zero exit status.
func TestE2ECommandsWithoutPTY(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	run := func(cmd string, opts sshtest.Options) (string, int) {
		t.Helper()
		out, errOut, code, err := sshtest.Exec(ctx, s.addr, opts, cmd)
		if err != nil {
			t.Fatalf("ssh host %s: %v", cmd, err)
		}
		if strings.Contains(out+errOut, "\x1b") {
			t.Errorf("ssh host %s wrote escape sequences:\n%q", cmd, out+errOut)
		}
		return out, code
	}

	out, code := run("help", sshtest.Options{User: "ada"})
	_, port, _ := net.SplitHostPort(s.addr)
	if code != 0 || !strings.Contains(out, "cardroom — a card room over SSH") || !strings.Contains(out, "ssh -p "+port+" localhost list") {
		t.Errorf("help: exit %d, output:\n%s", code, out)
	}
	// ssh -T host: the lobby needs a terminal, which stderr says above the help.
	if out, errOut, code, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "ada"}, ""); err != nil || code != 0 ||
		!strings.Contains(out, "cardroom — a card room over SSH") || !strings.Contains(errOut, "the lobby needs a terminal: use ssh -p "+port+" -t localhost") {
		t.Errorf("no command without a pty: exit %d, %v, stdout:\n%s\nstderr %q", code, err, out, errOut)
	}
	out, code = run("list", sshtest.Options{User: "ada"})
	if code != 0 || !strings.Contains(out, "No tables yet") {
		t.Errorf("list with no tables: exit %d, output:\n%s", code, out)
	}

	// With a table: ada quick-plays Singularity and waits at her turn.
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	ada.typ("1")
	ada.waitUntil("ada's first bid", func(s string) bool { return prompt(s) == promptBid })
	out, code = run("list", sshtest.Options{Guest: true})
	header := []string{"TABLE", "GAME", "PEOPLE", "BOTS", "FREE", "ROUND", "WATCHING", "STATE"}
	for _, h := range header {
		if !strings.Contains(out, h) {
			t.Errorf("list has no %s column:\n%s", h, out)
		}
	}
	if code != 0 || !strings.Contains(out, "Singularity") || !strings.Contains(out, "playing") || !strings.Contains(out, "1 online") {
		t.Errorf("list with ada's table: exit %d, output:\n%s", code, out)
	}

	// list --json is one JSON object with every table.
	out, code = run("list --json", sshtest.Options{Guest: true})
	var listed struct {
		Tables []struct{ ID, Game, State string }
		Online int
	}
	if err := json.Unmarshal([]byte(out), &listed); err != nil || code != 0 || len(listed.Tables) != 1 ||
		listed.Tables[0].Game != "singularity" || listed.Tables[0].State != "playing" || listed.Online != 1 {
		t.Errorf("list --json: exit %d, %v:\n%s", code, err, out)
	}

	// What needs a terminal, is unknown or has arguments it does not take
	// is refused on stderr in one line, with nothing on stdout and a
	// non-zero exit status.
	for cmd, want := range map[string]string{
		"watch abc":       "needs a terminal",
		"join":            "join takes one table id or invite code",
		"frobnicate":      "unknown command",
		"list --frob":     "list takes only --json",
		"help me":         "help takes no arguments",
		"export":          "export which game?",
		"export 1 2":      "export takes one game number",
		"export 99":       "you have no game 99 on this server",
		"export nonsense": "export which game?",
	} {
		out, errOut, code, err := sshtest.Exec(ctx, s.addr, sshtest.Options{}, cmd)
		if err != nil || code == 0 || out != "" || !strings.Contains(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("ssh host %s: exit %d, %v, stdout %q, stderr %q; want one line with %q on stderr", cmd, code, err, out, errOut, want)
		}
	}

	// With a pty (ssh -t) list, help and export answer the same way.
	for cmd, want := range map[string]string{"list": "Singularity", "help": "cardroom — a card room over SSH"} {
		c, err := sshtest.Dial(ctx, s.addr, sshtest.Options{Command: cmd})
		if err != nil {
			t.Fatal(err)
		}
		code, err := c.Wait(ctx)
		c.Close()
		if err != nil || code != 0 || !strings.Contains(c.Output(), want) || strings.Contains(c.Output(), "\x1b") {
			t.Errorf("ssh -t host %s: exit %d, %v, output:\n%q", cmd, code, err, c.Output())
		}
	}
	// bot speaks its protocol on a pipe: with -t the screen says to leave it out.
	bot := s.connect(ctx, t, "robo", sshtest.Options{Command: "bot"})
	bot.waitForFold("leave out -t")
	c, err := sshtest.Dial(ctx, s.addr, sshtest.Options{Command: "export 99"})
	if err != nil {
		t.Fatal(err)
	}
	code, err = c.Wait(ctx)
	c.Close()
	if err != nil || code == 0 || c.Output() != "" || !strings.Contains(c.Stderr(), "you have no game 99") {
		t.Errorf("ssh -t host export 99: exit %d, %v, stdout %q, stderr %q", code, err, c.Output(), c.Stderr())
	}
}

// A client without a key gets in as a guest, shown as one, and can play.
func TestE2EGuestWithoutKey(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	g := s.lobby(ctx, t, "visitor", sshtest.Options{Guest: true})
	g.waitFor("you are visitor (guest)")
	g.waitFor("Online: visitor (guest)")

	g.typ("4") // quick play against bots
	g.waitFor("Deal 1 of 1")
	played := g.playGame()
	if played.plays == 0 {
		t.Errorf("the guest never played: %+v", played)
	}
	g.endOfGame(played.last, "visitor")
}
