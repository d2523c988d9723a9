package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// waitLog waits until a node's log has s, for at most two minutes.
func (nd *node) waitLog(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(nd.out.String(), s) {
		select {
		case <-nd.done:
			t.Fatalf("the node exited before it logged %q:\n%s", s, nd.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the node did not log %q:\n%s", s, nd.out.String())
		}
		time.Sleep(20 * time.Millisecond) // a child's log: nothing to wait on but its output
	}
}

// refused checks that a connection to addr is refused, not accepted nor left hanging.
func refused(t *testing.T, addr, what string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err == nil {
		c.Close()
		t.Fatalf("%s accepted a connection", what)
	}
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Fatalf("%s: %v; want the connection refused", what, err)
	}
}

// exited waits for a node's process to end, and is its exit status.
func (nd *node) exited(t *testing.T) int {
	t.Helper()
	select {
	case <-nd.done:
	case <-time.After(time.Minute):
		t.Fatalf("the node did not exit:\n%s", nd.out.String())
	}
	return nd.cmd.ProcessState.ExitCode()
}

// clusterOf is the flags of node i (n1, n2, …) of a cluster whose route addresses are routes.
func clusterOf(i int, name string, routes []string) []string {
	var all []string
	for _, r := range routes {
		all = append(all, "nats://"+r)
	}
	return []string{"--node-name", fmt.Sprintf("n%d", i+1), "--cluster-name", name,
		"--cluster-listen", routes[i], "--routes", strings.Join(all, ","), "--cluster-replicas", fmt.Sprint(len(routes))}
}

// A node waiting for the other to join refuses SSH connections; once both have joined, it serves.
func TestClusterNodeListensOnceJoined(t *testing.T) {
	if os.Getenv(clusterChildEnv) != "" {
		t.Skip("in a child")
	}
	if testing.Short() {
		t.Skip("runs child processes")
	}
	ports := freePorts(t, 4)
	ssh, routes := ports[:2], ports[2:]
	first := startNodeProcess(t, ssh[0], t.TempDir(), clusterOf(0, "join", routes)...)
	stopNodes(t, []*node{first})
	first.waitLog(t, "joining the cluster")
	refused(t, ssh[0], "the first node, alone of two")
	second := startNodeProcess(t, ssh[1], t.TempDir(), clusterOf(1, "join", routes)...)
	stopNodes(t, []*node{second})
	first.lobby(t, "ada", sshtest.Options{})
	if !strings.Contains(first.out.String(), "cluster joined") {
		t.Errorf("the first node served before it logged that it joined:\n%s", first.out.String())
	}
}

// A node stopped (SIGTERM) while it waits to join exits with status 0, its SSH port refused all along.
func TestClusterNodeStoppedWhileJoining(t *testing.T) {
	if os.Getenv(clusterChildEnv) != "" {
		t.Skip("in a child")
	}
	if testing.Short() {
		t.Skip("runs child processes")
	}
	ports := freePorts(t, 3)
	nd := startNodeProcess(t, ports[0], t.TempDir(), clusterOf(0, "stop", ports[1:])...)
	stopNodes(t, []*node{nd})
	nd.waitLog(t, "joining the cluster")
	refused(t, ports[0], "a node joining")
	if err := nd.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := nd.exited(t); code != 0 || !strings.Contains(nd.out.String(), "stopped while starting") {
		t.Fatalf("exit status %d; want 0, stopped while starting:\n%s", code, nd.out.String())
	}
}

// A second n1 exits non-zero naming --node-name, never listening; ada's game on n1 plays on to its end and is kept.
func TestClusterNodeNameTakenIsRefused(t *testing.T) {
	if os.Getenv(clusterChildEnv) != "" {
		t.Skip("in a child")
	}
	if testing.Short() {
		t.Skip("runs child processes")
	}
	ports := freePorts(t, 6)
	ssh, routes := ports[:3], ports[3:5]
	nodes := make([]*node, 2)
	for i := range nodes {
		nodes[i] = startNodeProcess(t, ssh[i], t.TempDir(), append(clusterOf(i, "name", routes), "--bot-pace", "0")...)
	}
	stopNodes(t, nodes)
	ada := nodes[0].lobby(t, "ada", sshtest.Options{})
	ada.createTable("Boerenbridge", "Most cards", "3")
	ada.waitFor("Press S to start")
	ada.typ("S")
	playTogether(t, func(_ *term, s string) bool {
		r, _ := roundOf(s)
		return r >= 2
	}, ada)

	before := len(nodes[0].out.String()) // what n1 logged before the second n1: a fresh cluster's own hiccups are not its doing
	again := startNodeProcess(t, ssh[2], t.TempDir(), "--node-name", "n1", "--cluster-name", "name", "--cluster-listen", ports[5],
		"--routes", "nats://"+routes[0]+",nats://"+routes[1], "--cluster-replicas", "2")
	stopNodes(t, []*node{again})
	if code := again.exited(t); code == 0 || !strings.Contains(again.out.String(), "--node-name n1: a running node of the cluster has this name") {
		t.Fatalf("the second n1: exit status %d; want non-zero and the name refused:\n%s", code, again.out.String())
	}
	refused(t, ssh[2], "the second n1")

	playTogether(t, nil, ada)
	deadline := time.Now().Add(time.Minute)
	for {
		if f, _ := filepath.Glob(filepath.Join(nodes[0].dir, "records", "*.jsonl")); len(f) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no record of ada's game on n1:\n%s", nodes[0].out.String())
		}
		time.Sleep(20 * time.Millisecond) // the record is written as the game ends: nothing to wait on but the file
	}
	for _, bad := range []string{"lost the lease", "cannot be written"} {
		if strings.Contains(nodes[0].out.String()[before:], bad) {
			t.Errorf("n1 logged %q once the second n1 started:\n%s", bad, nodes[0].out.String())
		}
	}
}
