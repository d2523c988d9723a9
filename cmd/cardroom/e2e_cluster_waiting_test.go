package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/cluster"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// A table still waiting for its start outlives its node, whether the node
// stops as on SIGTERM or drops out of the cluster as a crash would: ada's
// table on the third node, with bob (on the first) seated, is taken over
// by another node. The lobbies of the other two list it, bob's seat kept; ada, back on the first node with her key, lands in her seat as its
// host and starts the game, and ada and bob play it to its end, which
// her history then holds.
func TestE2EClusterWaitingTableMoves(t *testing.T) {
	for _, tc := range []struct {
		name string
		gone func(*testServer, *cluster.Node)
	}{
		{"cut", func(_ *testServer, n *cluster.Node) { n.Cut() }},
		{"stopped", func(s *testServer, _ *cluster.Node) { s.stop() }},
	} {
		t.Run(tc.name, func(t *testing.T) { waitingGone(t, tc.gone) })
	}
}

func waitingGone(t *testing.T, gone func(*testServer, *cluster.Node)) {
	ns, nodes := startClusterNodes(t, 3)
	ctx := clusterCtx(t)
	adaKey := sshtest.NewKey()
	ada := ns[2].lobby(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.createTable("Boerenbridge", "Most cards", "2")
	ada.waitFor("Press S to start")
	bob := ns[0].lobby(ctx, t, "bob", sshtest.Options{})
	id := bob.waitTable()
	bob.typ("\r")
	bob.waitFor("bob (you)")
	ada.waitFor("bob")

	gone(ns[2], nodes[2])
	eve := ns[1].lobby(ctx, t, "eve", sshtest.Options{})
	row := regexp.MustCompile(`(?m)^\W*` + id + `\s+Boerenbridge\s+2\s+\d+\s+\d+\s+-\s+\d+\s+waiting\s*$`)
	eve.waitUntil("ada's table listed waiting, with ada and bob", row.MatchString)
	// Listed on the first node too before ada is back there: a session
	// goes to the seat its key holds at a table its lobby lists.
	dave := ns[0].lobby(ctx, t, "dave", sshtest.Options{})
	dave.waitUntil("ada's table listed waiting on the first node", row.MatchString)
	// bob, on another node than the table, followed it where it moved:
	// he is at the table, not told it closed, and its chat says it moved.
	bob.waitUntil("bob back at the moved table", func(s string) bool {
		if strings.Contains(s, "This table has closed") {
			t.Fatalf("bob was told the table closed as it moved:\n%s", s)
		}
		return strings.Contains(s, "bob (you)") && !strings.Contains(s, "Reconnecting") &&
			strings.Contains(strings.ToLower(s), "the table moved to another server")
	})

	ada = ns[0].connect(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.waitFor("ada (you)")
	ada.waitFor("Press S to start")
	ada.typ("S")
	gs := playTogether(t, nil, ada, bob)
	ada.endOfGame(gs[ada].last, "ada", "bob")
	ada.typ("h")
	ada.waitUntil("the game in ada's history", func(s string) bool {
		return strings.Contains(s, "Your games") && strings.Contains(s, "Boerenbridge") && !strings.Contains(s, "No finished games")
	})
}

// A private table waiting for its start keeps its invite code as it moves:
// carol's table on the third node, with bob (on the first) seated by its
// code, is taken over when the third node stops; dave gets in by the code
// on the first node and finds carol's and bob's seats kept, carol, back
// there with her key, lands in hers and starts the game, and the second
// node's lobby does not list it.
func TestE2EClusterPrivateWaitingTableMoves(t *testing.T) {
	ns := startCluster(t, 3)
	ctx := clusterCtx(t)
	carolKey := sshtest.NewKey()
	carol := ns[2].lobby(ctx, t, "carol", sshtest.Options{Key: carolKey})
	carol.createTable("Singularity", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(carol.waitUntil("the invite code", inviteRE.MatchString))[1]
	bob := ns[0].lobby(ctx, t, "bob", sshtest.Options{})
	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(code + "\r")
	bob.waitFor("bob (you)")
	carol.waitFor("bob")

	ns[2].stop()
	carolsTableIsBack(ctx, t, ns[0], code, carolKey)
	// Still private where it runs now: the second node's lobby does not list it.
	eve := ns[1].lobby(ctx, t, "eve", sshtest.Options{})
	if s := eve.screen(); len(lobbyTables(s)) != 0 {
		t.Errorf("eve's lobby lists carol's private table:\n%s", s)
	}
}
