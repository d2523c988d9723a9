package cluster

import (
	"context"
	"errors"
	"net"
	"strings"
	"syscall"
	"testing"
)

// A --cluster-listen address another listener holds stops the node at once
// (the embedded server's own report, not the wait for its listeners
// running out), with the address and the flag named.
func TestClusterListenInUseIsNamed(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	addr := l.Addr().String()
	n, err := Start(context.Background(), Config{
		Name: "n9", Cluster: "try", Listen: addr, Routes: []string{"nats://" + freeAddr(t)}, Dir: t.TempDir(),
	})
	if err == nil {
		n.Close()
		t.Fatal("a node started on a --cluster-listen address in use")
	}
	var le *listenErr
	if !errors.As(err, &le) || !errors.Is(err, syscall.EADDRINUSE) {
		t.Fatalf("got %v (%T); want the embedded server's report that the address is in use", err, err)
	}
	if want := "--cluster-listen " + addr + ": the address is in use"; !strings.Contains(err.Error(), want) {
		t.Errorf("got %q; want it to say %q", err, want)
	}
}

// A --cluster-listen address that is not this machine's, or not an address,
// is named with the flag.
func TestClusterListenNotHereIsNamed(t *testing.T) {
	for _, c := range []struct{ listen, want string }{
		{"192.0.2.1:6222", "--cluster-listen 192.0.2.1:6222: cannot listen there"}, // TEST-NET-1: nobody's
		{"127.0.0.1", `--cluster-listen "127.0.0.1": give host:port`},
		{"127.0.0.1:65536", `--cluster-listen "127.0.0.1:65536": the port is not a number`},
	} {
		n, err := Start(context.Background(), Config{
			Name: "n9", Cluster: "try", Listen: c.listen, Routes: []string{"nats://" + freeAddr(t)}, Dir: t.TempDir(),
		})
		if err == nil {
			n.Close()
			t.Errorf("%s: the node started", c.listen)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %q; want it to say %q", c.listen, err, c.want)
		}
	}
}

// A node whose start is called off (serve's SIGTERM) while its embedded
// server starts stops there instead of waiting for the server's listeners.
func TestStartEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err := Start(ctx, Config{
		Name: "n9", Cluster: "try", Listen: freeAddr(t), Routes: []string{"nats://" + freeAddr(t)}, Dir: t.TempDir(),
	})
	if err == nil {
		n.Close()
		t.Fatal("a node started with its context ended")
	}
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "embedded NATS server was starting") {
		t.Fatalf("got %v; want the start called off while the embedded server started", err)
	}
}

// A member without routes is told so before its JetStream fails to start.
func TestMemberWithoutRoutesIsTold(t *testing.T) {
	n, err := Start(context.Background(), Config{Name: "n9", Cluster: "try", Listen: freeAddr(t), Dir: t.TempDir()})
	if err == nil {
		n.Close()
		t.Fatal("a member without routes started")
	}
	if !strings.Contains(err.Error(), "needs --routes") {
		t.Fatalf("got %q; want it to ask for --routes", err)
	}
}
