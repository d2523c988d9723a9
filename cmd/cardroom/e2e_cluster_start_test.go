package main

import (
	"errors"
	"fmt"
	"net"
	"os"
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
