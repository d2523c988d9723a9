package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// Tables still waiting for their start come back after a restart: carol's
// private table with its invite code, her seat and bob's (each away until
// they are back), and ada's public one. dave gets in by the code as
// before; carol, back with her key, finds her table and starts it. The
// clock stands still, so no waiting table closes while the test looks.
func TestE2EWaitingTablesSurviveARestart(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	clock := tables.NewFakeClock(time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC))
	carolKey, bobKey := sshtest.NewKey(), sshtest.NewKey()
	srv := startHost(t, dir, withClock(clock), withLobbyInterval(0))
	carol := srv.lobby(ctx, t, "carol", sshtest.Options{Key: carolKey})
	carol.createTable("Singularity", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(carol.waitUntil("the invite code", inviteRE.MatchString))[1]
	bob := srv.lobby(ctx, t, "bob", sshtest.Options{Key: bobKey})
	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(code + "\r")
	bob.waitFor("bob (you)")
	ada := srv.lobby(ctx, t, "ada", sshtest.Options{})
	ada.createTable("Boerenbridge")
	ada.waitFor("Press S to start")
	srv.stop()

	srv = startHost(t, dir, withClock(clock), withLobbyInterval(0))
	eve := srv.lobby(ctx, t, "eve", sshtest.Options{})
	eve.waitUntil("ada's public table", func(s string) bool { return strings.Contains(s, "Boerenbridge  ") })
	if s := eve.screen(); len(lobbyTables(s)) != 1 {
		t.Errorf("eve's lobby lists carol's private table:\n%s", s)
	}

	carolsTableIsBack(ctx, t, srv, code, carolKey)
}

// carolsTableIsBack checks carol's waiting table after a restart: dave gets
// in by its invite code and finds carol's and bob's seats kept, and carol,
// back with her key, lands in hers and starts the game.
func carolsTableIsBack(ctx context.Context, t *testing.T, srv *testServer, code string, carolKey gossh.Signer) {
	t.Helper()
	dave := srv.lobby(ctx, t, "dave", sshtest.Options{})
	dave.typ("c")
	dave.waitFor("Invite code or table id:")
	dave.typ(code + "\r")
	dave.waitFor("dave (you)")
	s := dave.screen()
	for _, who := range []string{"carol", "bob"} {
		if !strings.Contains(s, who) {
			t.Errorf("the table back after the restart does not keep %s's seat:\n%s", who, s)
		}
	}
	carol := srv.connect(ctx, t, "carol", sshtest.Options{Key: carolKey})
	carol.waitFor("carol (you)")
	carol.waitFor("Press S to start")
	carol.typ("S")
	carol.waitUntil("the game started", func(s string) bool { return !strings.Contains(s, "Waiting for players") })
}

// A waiting table survives the server being killed (SIGKILL, nothing
// saved on the way out): carol's private table, with her seat and bob's,
// is back at the next start; dave gets in by its code, and carol, back
// with her key, starts it.
func TestE2EWaitingTableSurvivesAKill(t *testing.T) {
	if os.Getenv(clusterChildEnv) != "" {
		t.Skip("in a child")
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	dir := t.TempDir()
	nd := startNodeProcess(t, freePorts(t, 1)[0], dir)
	stopNodes(t, []*node{nd})
	carolKey := sshtest.NewKey()
	carol := nd.lobby(t, "carol", sshtest.Options{Key: carolKey})
	carol.createTable("Singularity", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(carol.waitUntil("the invite code", inviteRE.MatchString))[1]
	bob := nd.lobby(t, "bob", sshtest.Options{})
	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(code + "\r")
	bob.waitFor("bob (you)")
	if err := nd.cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	<-nd.done

	ctx := testCtx(t)
	srv := startHost(t, dir, withLobbyInterval(0))
	carolsTableIsBack(ctx, t, srv, code, carolKey)
}
