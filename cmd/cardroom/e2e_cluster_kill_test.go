package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// clusterChildEnv holds the serve arguments of a node the kill test runs
// as a child process of the test binary, one per line.
const clusterChildEnv = "CARDROOM_CLUSTER_CHILD_ARGS"

// TestClusterNodeChild is a `cardroom serve` process of the tests that
// kill one (TestClusterKillOwner, TestE2EWaitingTableSurvivesAKill).
func TestClusterNodeChild(t *testing.T) {
	args := os.Getenv(clusterChildEnv)
	if args == "" {
		t.Skip("a server process of the kill tests")
	}
	os.Exit(serveCmd(strings.Split(args, "\n"), func(string) string { return "" }, os.Stdout, os.Stderr))
}

// node is a child process running `cardroom serve` as a node of a cluster.
type node struct {
	cmd  *exec.Cmd
	out  *syncBuffer
	addr string // its SSH address
	dir  string
	done chan struct{} // closed when the process has exited
}

// freePorts picks n loopback addresses nothing listens on now, below the
// kernel's range for outgoing connections (32768 and up), so that no
// client's connection takes one before its server listens.
func freePorts(t *testing.T, n int) []string {
	t.Helper()
	var out []string
	for len(out) < n {
		addr := fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(12000))
		if slices.Contains(out, addr) {
			continue
		}
		l, err := net.Listen("tcp", addr)
		if err != nil {
			continue
		}
		out = append(out, addr)
		l.Close()
	}
	return out
}

// startNodeProcesses runs n nodes of one cluster as child processes; they are
// stopped with SIGTERM (or were killed) when the test ends.
func startNodeProcesses(t *testing.T, n int, extra ...string) []*node {
	t.Helper()
	ssh, routes := freePorts(t, n), freePorts(t, n)
	var all []string
	for _, r := range routes {
		all = append(all, "nats://"+r)
	}
	nodes := make([]*node, n)
	for i := range n {
		cluster := []string{"--node-name", fmt.Sprintf("n%d", i+1),
			"--cluster-name", "kill", "--cluster-listen", routes[i], "--routes", strings.Join(all, ",")}
		nodes[i] = startNodeProcess(t, ssh[i], t.TempDir(), append(cluster, extra...)...)
	}
	stopNodes(t, nodes)
	return nodes
}

// startNodeProcess runs `cardroom serve` on addr and dir as a child
// process, with the given flags besides the test's usual ones. The caller
// stops it (stopNodes) or kills it.
func startNodeProcess(t *testing.T, addr, dir string, extra ...string) *node {
	t.Helper()
	nd := &node{out: &syncBuffer{}, addr: addr, dir: dir, done: make(chan struct{})}
	args := append([]string{
		"--listen", addr, "--data-dir", dir,
		"--keepalive", "-1s", "--idle-timeout", "-1s", "--turn-timer", "0", "--trick-pause", "0",
		"--max-sessions-per-ip", "64", "--logins-per-minute", "0", "--login-rate", "0", "--input-keys", "-1", "--input-bytes", "-1",
	}, extra...)
	nd.cmd = exec.Command(os.Args[0], "-test.run=^TestClusterNodeChild$", "-test.count=1")
	nd.cmd.Env = append(os.Environ(), clusterChildEnv+"="+strings.Join(args, "\n"))
	nd.cmd.Stdout, nd.cmd.Stderr = nd.out, nd.out
	if err := nd.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = nd.cmd.Wait(); close(nd.done) }()
	return nd
}

// stopNodes stops the nodes still running with SIGTERM when the test ends,
// and shows their logs if it failed.
func stopNodes(t *testing.T, nodes []*node) {
	t.Cleanup(func() {
		for _, nd := range nodes {
			_ = nd.cmd.Process.Signal(syscall.SIGTERM)
		}
		for i, nd := range nodes {
			select {
			case <-nd.done:
			case <-time.After(time.Minute):
				_ = nd.cmd.Process.Kill()
				<-nd.done
				t.Errorf("node %d did not stop within a minute of SIGTERM:\n%s", i+1, nd.out.String())
			}
		}
		if t.Failed() {
			for i, nd := range nodes {
				t.Logf("node %d's log:\n%s", i+1, nd.out.String())
			}
		}
	})
}

// connect opens a session to a node, waiting while the node joins its
// cluster (it serves SSH once the cluster answers).
func (nd *node) lobby(t *testing.T, user string, opts sshtest.Options) *term {
	t.Helper()
	return nd.session(t, user, opts, true)
}

// session opens a session to a node; lobby: wait for the lobby screen.
func (nd *node) session(t *testing.T, user string, opts sshtest.Options, lobby bool) *term {
	t.Helper()
	s := &testServer{addr: nd.addr, dir: nd.dir}
	ctx := clusterCtx(t)
	nd.waitLog(t, "cardroom: listening") // serving, not the port's check at the start
	if !lobby {
		return s.connect(ctx, t, user, opts)
	}
	return s.lobby(ctx, t, user, opts)
}

// Three `cardroom serve` processes form a cluster. Ten games run on the
// third: one ada (first node) and bob (second node) play, nine whose
// people sit on the third node and let their bots play. The third node
// is killed with SIGKILL mid-game. Every game goes on on the other nodes
// and ends, each record replays, ada and bob play on at their table, and
// the nine people, logging in again on the first node, land in their
// seats.
func TestClusterKillOwner(t *testing.T) {
	if os.Getenv(clusterChildEnv) != "" {
		t.Skip("in a child")
	}
	if testing.Short() {
		t.Skip("runs child processes")
	}
	nodes := startNodeProcesses(t, 3, "--bot-pace", "300ms")
	keys := map[string]gossh.Signer{}
	var people []*term
	for i := range 9 {
		name := fmt.Sprintf("p%d", i+1)
		keys[name] = sshtest.NewKey()
		p := nodes[2].lobby(t, name, sshtest.Options{Key: keys[name]})
		p.createTable("Boerenbridge", "Most cards", "3")
		p.waitFor("Press S to start")
		p.typ("S")
		p.waitUntil("the game under way", func(s string) bool { return roundRE.MatchString(s) })
		p.typ("/away\r")
		p.waitFor("You are away")
		people = append(people, p)
	}
	carol := nodes[2].lobby(t, "carol", sshtest.Options{})
	carol.createTable("Boerenbridge", "Most cards", "3", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(carol.waitUntil("the invite code", inviteRE.MatchString))[1]
	ada := nodes[0].lobby(t, "ada", sshtest.Options{})
	bob := nodes[1].lobby(t, "bob", sshtest.Options{})
	for _, p := range []*term{ada, bob} {
		p.typ("c")
		p.waitFor("Invite code or table id:")
		p.typ(code + "\r")
		p.waitFor(p.name + " (you)")
	}
	carol.typ("L")
	carol.waitFor("y leave for good") // a waiting table asks first too
	carol.typ("y")
	carol.waitFor("You left the table")
	ada.waitFor("Press S to start")
	ada.typ("S")
	before := playTogether(t, func(who *term, s string) bool {
		r, _ := roundOf(s)
		return r >= 2
	}, ada, bob)

	if err := nodes[2].cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	<-nodes[2].done
	killed := time.Now()

	// The nine log in again on the first node and land in their seats.
	var slowest time.Duration
	for i := range people {
		name := fmt.Sprintf("p%d", i+1)
		p := nodes[0].session(t, name, sshtest.Options{Key: keys[name]}, false)
		p.waitUntil(name+" back in the seat", func(s string) bool {
			return strings.Contains(s, name+" (you)") && (roundRE.MatchString(s) || atEnd(s))
		})
		slowest = max(slowest, time.Since(killed))
		p.typ("/away\r") // their bots play the game out
		p.waitFor("You are away")
	}
	after := playTogether(t, nil, ada, bob)
	t.Logf("the nine were back in their seats %v after the kill", slowest.Round(100*time.Millisecond))

	// Ten records on the two nodes left, each replaying to its end; ada's
	// seat has at least the moves she made.
	var files []string
	deadline := time.Now().Add(2 * time.Minute)
	for len(files) < 10 && time.Now().Before(deadline) {
		files = nil
		for _, nd := range nodes[:2] {
			f, _ := filepath.Glob(filepath.Join(nd.dir, "records", "*.jsonl"))
			files = append(files, f...)
		}
		time.Sleep(100 * time.Millisecond) // the bots play the games out at their pace
	}
	if len(files) != 10 {
		t.Fatalf("%d records on the nodes left, want 10: %v", len(files), files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := engine.Replay(games.Registry(), strings.NewReader(string(b)))
		if err != nil || !rep.Ended {
			t.Errorf("the record %s does not replay to its end (ended %v): %v", f, rep.Ended, err)
			continue
		}
		seat := -1
		for i, n := range rep.Header.Seats {
			if n == "ada" {
				seat = i
			}
		}
		if seat < 0 {
			continue
		}
		made := before[ada].bids + before[ada].plays + after[ada].bids + after[ada].plays
		if got := movesOf(t, b, seat); got < made {
			t.Errorf("ada made %d moves, and the record has %d moves of her seat", made, got)
		}
	}
}

// movesOf counts the move lines of seat in a record.
func movesOf(t *testing.T, record []byte, seat int) int {
	t.Helper()
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(record)), "\n")[1:] {
		var ev struct {
			E    string `json:"e"`
			Seat int    `json:"seat"`
		}
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("a record line that does not read: %s", line)
		}
		if ev.E == "move" && ev.Seat == seat {
			n++
		}
	}
	return n
}
