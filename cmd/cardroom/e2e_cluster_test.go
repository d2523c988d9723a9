package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cardroom/cardroom/cluster"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/store"
)

// startCluster starts n servers as the nodes of one cluster, each with its
// embedded NATS server routed to the others on loopback, and returns once
// every node has joined.
func startCluster(t *testing.T, n int, opts ...serveOption) []*testServer {
	ns, _ := startClusterNodes(t, n, opts...)
	return ns
}

// startClusterNodes is startCluster that also gives each server's node.
func startClusterNodes(t *testing.T, n int, opts ...serveOption) ([]*testServer, []*cluster.Node) {
	t.Helper()
	// The SSH ports too are below the range of outgoing connections: a
	// node listens on its port again once it has joined.
	ports := freePorts(t, 2*n)
	addrs, sshAddrs := ports[:n], ports[n:]
	nodes := make([]*testServer, n)
	members := make([]*cluster.Node, n)
	var ready sync.WaitGroup
	for i := range n {
		var routes []string
		for j, a := range addrs {
			if j != i {
				routes = append(routes, "nats://"+a)
			}
		}
		ready.Add(1)
		var once sync.Once
		c := cluster.Config{Name: fmt.Sprintf("n%d", i+1), Cluster: "test", Listen: addrs[i], Routes: routes, Replicas: n, LeaseTTL: 2 * time.Second}
		nodes[i] = startServerOn(t, sshAddrs[i], t.TempDir(), 0, append([]serveOption{
			withSeed(uint64(20261200 + i)), withCluster(c),
			withNode(func(nd *cluster.Node) { members[i] = nd }),
			withStore(func(*store.Store) { once.Do(ready.Done) }),
		}, opts...)...)
	}
	done := make(chan struct{})
	go func() { ready.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the nodes did not form a cluster within two minutes")
	}
	return nodes, members
}

// A table runs on the third node; ada on the first node and bob on the
// second sit at it and play a whole game, dave on the first node watches
// it, and the record the third node writes replays. dave's terminal never
// gets a framed hand, and a name ada holds on the first node is taken on
// the second.
func TestE2EClusterGameOnAThirdNode(t *testing.T) {
	ns := startCluster(t, 3)
	ctx := clusterCtx(t)
	carol := ns[2].lobby(ctx, t, "carol", sshtest.Options{})
	carol.createTable("Boerenbridge", "Most cards", "2")
	ada := ns[0].lobby(ctx, t, "ada", sshtest.Options{})
	id := ada.waitTable()
	ada.typ("\r")
	ada.waitFor("ada (you)")
	bob := ns[1].lobby(ctx, t, "bob", sshtest.Options{})
	bob.waitFor("3 online") // carol, ada and bob, on three nodes
	// `list` on bob's node counts the whole card room, as his lobby does.
	if out, _, _, err := sshtest.Exec(ctx, ns[1].addr, sshtest.Options{User: "lister"}, "list"); err != nil || !strings.Contains(out, "3 online") {
		t.Errorf("list on the second node: %v\n%s", err, out)
	}
	var list struct {
		Online int `json:"online"`
	}
	if out, _, _, err := sshtest.Exec(ctx, ns[1].addr, sshtest.Options{User: "lister"}, "list --json"); err != nil || json.Unmarshal([]byte(out), &list) != nil || list.Online != 3 {
		t.Errorf("list --json on the second node: %v\n%s", err, out)
	}
	bob.waitFor("Online: bob · 2 on other servers")
	bob.waitTable()
	bob.typ("\r")
	bob.waitFor("bob (you)")
	dave := ns[0].connect(ctx, t, "dave", sshtest.Options{Command: "watch " + id})
	dave.waitFor("The host starts the game")
	carol.waitFor("Watching: dave")

	// carol, the host, leaves: ada (seated first) is the host now.
	carol.typ("L")
	carol.waitFor("y leave for good") // a waiting table asks first too
	carol.typ("y")
	carol.waitFor("You left the table")
	ada.waitFor("Press S to start")
	ada.typ("S")
	gs := playTogether(t, nil, ada, bob)
	if gs[ada].bids == 0 || gs[bob].bids == 0 {
		t.Errorf("ada and bob did not both play: %+v %+v", gs[ada], gs[bob])
	}
	dave.waitUntil("the end of the game", atEnd)
	ada.endOfGame(gs[ada].last, "ada", "bob")

	// The game ran on the third node; ada's history on the first has it.
	ada.typ("h")
	ada.waitUntil("the game in ada's history on the first node", func(s string) bool {
		return strings.Contains(s, "Your games") && strings.Contains(s, "Boerenbridge") && !strings.Contains(s, "No finished games")
	})

	rep := ns[2].record(t)
	if !rep.Ended || !slices.Contains(rep.Header.Seats, "ada") || !slices.Contains(rep.Header.Seats, "bob") {
		t.Errorf("the record (ended %v) has the seats %q, want ada's and bob's", rep.Ended, rep.Header.Seats)
	}
	for _, row := range framedRowRE.FindAllStringSubmatch(plainText(dave.c.Output()), -1) {
		if faces := cardFaces(row[1]); len(faces) > 0 {
			t.Errorf("dave watches from another node, and his terminal got the framed cards %q", faces)
		}
	}

	// ada's name is hers on every node: another key asking for it on the
	// second node gets a variant.
	other := ns[1].lobby(ctx, t, "ada", sshtest.Options{})
	if s := other.screen(); !strings.Contains(s, "you are ada2") {
		t.Errorf("another key asking for ada on the second node:\n%s", s)
	}
}

// withBotPace makes the bots of new tables wait d before each move.
func withBotPace(d time.Duration) serveOption {
	return func(c *serveSettings) { c.lobby.BotPace = d }
}

// The node a game runs on drops out of the cluster mid-round, as a crash
// would, or stops as on SIGTERM (telling its people to connect again):
// another node takes the table over from its journal, ada and bob (on the
// other two nodes) see the table move and play the game to its end, and
// the record the new owner keeps replays: no move lost, none applied twice.
func TestE2EClusterOwnerLostMidRound(t *testing.T) {
	for _, tc := range []struct {
		name string
		gone func(*testServer, *cluster.Node, *term)
	}{
		{"cut", func(_ *testServer, n *cluster.Node, _ *term) { n.Cut() }},
		{"stopped", func(s *testServer, _ *cluster.Node, there *term) {
			s.stop()
			// Its people are told to connect again: the room goes on.
			there.waitFor("Connect again: the card room and your table go on.")
			// The node handed the running game on: it keeps no record of
			// it, so that the node finishing the game keeps the only one.
			if f, _ := filepath.Glob(filepath.Join(s.dir, "records", "*.jsonl")); len(f) > 0 {
				t.Errorf("the stopped node kept records of a game it handed on: %v", f)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { ownerGone(t, tc.gone) })
	}
}

func ownerGone(t *testing.T, gone func(*testServer, *cluster.Node, *term)) {
	ns, nodes := startClusterNodes(t, 3, withBotPace(50*time.Millisecond))
	ctx := clusterCtx(t)
	carol := ns[2].lobby(ctx, t, "carol", sshtest.Options{})
	carol.createTable("Boerenbridge", "Most cards", "3")
	ada := ns[0].lobby(ctx, t, "ada", sshtest.Options{})
	ada.waitTable()
	ada.typ("\r")
	ada.waitFor("ada (you)")
	bob := ns[1].lobby(ctx, t, "bob", sshtest.Options{})
	bob.waitTable()
	bob.typ("\r")
	bob.waitFor("bob (you)")
	carol.typ("L")
	carol.waitFor("y leave for good") // a waiting table asks first too
	carol.typ("y")
	carol.waitFor("You left the table")
	ada.waitFor("Press S to start")
	ada.typ("S")

	// Into the second round, then the third node is gone.
	playTogether(t, func(who *term, s string) bool {
		r, _ := roundOf(s)
		return r >= 2
	}, ada, bob)
	gone(ns[2], nodes[2], carol)
	// The table runs on, and each seat's bot plays until its person is
	// back (ON-2): until then a screen's "Waiting for bob…" may be bob's
	// bot's turn, which bob never sees as his. Play on once both screens
	// show the table moved and nobody away.
	for _, p := range []*term{ada, bob} {
		p.waitUntil("the table moved, ada and bob back in their seats", func(s string) bool {
			return strings.Contains(strings.ToLower(s), "the table moved to another server") && !strings.Contains(s, "[away]")
		})
	}
	gs := playTogether(t, nil, ada, bob)
	if !strings.Contains(gs[ada].last, "ada") {
		t.Errorf("the end of the game does not name ada:\n%s", gs[ada].last)
	}

	// The node that took the table over keeps its record; `cardroom
	// replay` accepts it, and it scores the game as the players saw it.
	var files []string
	deadline := time.Now().Add(time.Minute)
	for len(files) == 0 && time.Now().Before(deadline) {
		for _, s := range ns[:2] {
			f, _ := filepath.Glob(filepath.Join(s.dir, "records", "*.jsonl"))
			files = append(files, f...)
		}
		time.Sleep(10 * time.Millisecond) // the record is written as the table ends: nothing to wait on
	}
	if len(files) != 1 {
		t.Fatalf("records on the two nodes left: %v; want one", files)
	}
	var out, errOut strings.Builder
	if code := replayCmd([]string{files[0]}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("cardroom replay %s: exit %d\n%s%s", files[0], code, out.String(), errOut.String())
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := engine.Replay(games.Registry(), f)
	if err != nil || !rep.Ended {
		t.Fatalf("the record %s does not replay to its end (ended %v): %v", files[0], rep.Ended, err)
	}
	shown := standingsOf(gs[ada].last)
	for i, name := range rep.Header.Seats {
		if total, ok := shown[name]; !ok || total != rep.Result.Totals[i] {
			t.Errorf("%s: the record gives %d, ada's screen showed %d (%v):\n%s", name, rep.Result.Totals[i], total, ok, gs[ada].last)
		}
	}
}

// standingRE matches a line of the standings at the end of a game: place,
// name, total.
var standingRE = regexp.MustCompile(`(?m)^\s+\d+\.\s+(\S+)\s+(-?\d+)\b`)

// standingsOf reads the totals by name off the end of a game's screen.
func standingsOf(screen string) map[string]int {
	out := map[string]int{}
	for _, m := range standingRE.FindAllStringSubmatch(screen, -1) {
		n, _ := strconv.Atoi(m[2])
		out[m[1]] = n
	}
	return out
}

// clusterCtx is the deadline of a cluster test's waits: longer than
// testCtx's, as a node that is gone is noticed after its lease lapses, and
// a whole game played through three nodes under the race detector on a
// busy machine has taken over two minutes.
func clusterCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// TestE2EClusterInvitedBot: a host on the first node invites a bot's key
// to a private table there; the bot connecting to the second node is told
// that the table runs on another server, and on the first it sits down.
func TestE2EClusterInvitedBot(t *testing.T) {
	examplePython(t)
	ns := startCluster(t, 2)
	ctx := clusterCtx(t)
	key := sshtest.NewKey()
	p := ns[0].lobby(ctx, t, "ada", sshtest.Options{})
	p.createTable("Singularity", "Seats", "3", "Private", "unlisted, by invite code")
	p.waitUntil("the invite code", inviteRE.MatchString)
	p.inviteBot("robo", key)
	var out string
	var code int
	var err error
	for range 100 { // the second node may read the invitation from a replica a moment behind
		out, _, code, err = sshtest.Exec(ctx, ns[1].addr, sshtest.Options{User: "whoever", Key: key}, "bot")
		if err != nil || !strings.Contains(out, "may not seat a bot") {
			break
		}
		time.Sleep(20 * time.Millisecond) // a replica catching up: nothing to wait on
	}
	if err != nil || code != 1 || !strings.Contains(out, lobby.ErrOtherNode.Error()) {
		t.Errorf("the bot on the second node: exit %d, %v, %q", code, err, out)
	}
	startRemoteBot(t, ns[0], key, "whoever", "")
	p.waitFor("robo [bot]")
}

// A node left alone (the other two are gone: no majority) cannot reserve
// a new name: the login is refused with a line that says the card room is
// out of reach, not that the disk may be full.
func TestE2EClusterLoginWithoutMajority(t *testing.T) {
	ns, nodes := startClusterNodes(t, 3)
	nodes[1].Cut()
	nodes[2].Cut()
	ctx := clusterCtx(t)
	c := ns[0].connect(ctx, t, "carol", sshtest.Options{})
	if _, err := c.c.Wait(ctx); err != nil {
		t.Fatalf("the refused session did not end: %v", err)
	}
	if out := strings.ToLower(c.screen() + plainText(c.c.Output())); !strings.Contains(out, "cannot reach the rest of the card room") {
		t.Errorf("the refused login was not told why:\n%s", out)
	}
}
