package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/loadtest"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/tables"
)

// A smoke run of cardroom load: 20 sessions at bot tables for two seconds,
// against the card room and the baseline, both in process. It checks that
// every session opens, types and is answered; the figures themselves are
// for `cardroom load` (docs/CAPACITY.md), not for a test.
func TestLoadSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("load smoke run")
	}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	logger := log.NewWithOptions(io.Discard, log.Options{})
	cfg := loadtest.Config{
		Scenario:    loadtest.Tables,
		N:           20,
		Duration:    2 * time.Second,
		Spectators:  3,
		Handshakes:  4,
		Concurrency: 1, // one quick play at a time: exactly one table each
		Settle:      time.Millisecond,
		Baseline:    true,
		Start: func(ctx context.Context, kind string, bc loadtest.BaselineConfig) (*loadtest.Child, error) {
			dir := t.TempDir()
			if kind == "baseline" {
				return loadtest.StartInProcess(ctx, func(ctx context.Context, ln net.Listener) error {
					return loadtest.ServeBaseline(ctx, ln, dir, bc)
				})
			}
			scfg := sshserver.Config{DataDir: dir, MaxSessionsPerIP: 64, KeepaliveInterval: -1, ShutdownTimeout: 5 * time.Second}
			return loadtest.StartInProcess(ctx, func(ctx context.Context, ln net.Listener) error {
				return serve(ctx, ln, scfg, time.Minute, 100*time.Millisecond, logger)
			})
		},
	}
	res, err := loadtest.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 {
		t.Fatalf("got %d results, want 2 (card room and baseline)", len(res))
	}
	for _, r := range res {
		if r.Opened != cfg.N || len(r.Failed) > 0 {
			t.Errorf("%s: %d of %d sessions opened; failures: %q", r.Server, r.Opened, cfg.N, r.Failed)
		}
		if r.Keys == 0 || r.KeyMissed > 0 {
			t.Errorf("%s: %d keys answered, %d not: want every key answered", r.Server, r.Keys, r.KeyMissed)
		}
		if r.Frames == 0 || r.Bytes == 0 {
			t.Errorf("%s: %d frames, %d bytes in the steady phase, want some", r.Server, r.Frames, r.Bytes)
		}
	}
	if res[0].Tables != 5 {
		t.Errorf("card room: %d tables, want 5 (20 sessions, 1 seated and 3 watching each)", res[0].Tables)
	}
}

// cardroom load -targets against two running servers: the sessions and
// handshakes go to both, half each, and the report leaves out what it
// cannot measure of servers it did not start.
func TestLoadTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("load run")
	}
	a, b := startServer(t, 0), startServer(t, 0)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	cfg := loadtest.Config{
		Scenario:   loadtest.Lobby,
		N:          10,
		Duration:   time.Second,
		Handshakes: 4,
		Settle:     time.Millisecond,
		Targets:    []string{a.addr, b.addr},
	}
	res, err := loadtest.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 {
		t.Fatalf("got %d results, want 1", len(res))
	}
	r := res[0]
	if r.Opened != cfg.N || len(r.Failed) > 0 {
		t.Errorf("%d of %d sessions opened; failures: %q", r.Opened, cfg.N, r.Failed)
	}
	if len(r.PerTarget) != 2 || r.PerTarget[0] != 5 || r.PerTarget[1] != 5 {
		t.Errorf("sessions per target %v, want 5 and 5", r.PerTarget)
	}
	if r.Keys == 0 || r.KeyMissed > 0 {
		t.Errorf("%d keys answered, %d not: want every key answered", r.Keys, r.KeyMissed)
	}
	if r.RSSEnd != 0 || r.SteadyCPU != 0 || r.HandshakeCPU != 0 || r.GoOpen != 0 {
		t.Errorf("server RSS %d, CPU %v, handshake CPU %v, goroutines %d measured from the targets, want none", r.RSSEnd, r.SteadyCPU, r.HandshakeCPU, r.GoOpen)
	}
	var out strings.Builder
	loadtest.Report(&out, res)
	for _, want := range []string{"2 running servers", a.addr + ": 5", b.addr + ": 5", "RSS per session (KB)  not measured", "servers' and other processes' CPU"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report does not say %q:\n%s", want, out.String())
		}
	}
}

// cardroom load -targets at tables, with three addresses that reach one
// server, so that each "node" sees the others' tables as a cluster's nodes
// do: two tables start, one from each of the first two addresses, and the
// sessions that watch them are told apart by whether they came in at the
// address their table was started from. A second run sends chat lines
// (-say), which go through the tables, and leaves the first run's tables,
// still running, out.
func TestLoadTargetsTables(t *testing.T) {
	if testing.Short() {
		t.Skip("load run")
	}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	logger := log.NewWithOptions(io.Discard, log.Options{})
	scfg := sshserver.Config{DataDir: t.TempDir(), MaxSessionsPerIP: 64, KeepaliveInterval: -1, ShutdownTimeout: 5 * time.Second}
	srv, err := loadtest.StartInProcess(ctx, func(ctx context.Context, ln net.Listener) error {
		return serve(ctx, ln, scfg, time.Minute, 100*time.Millisecond, logger)
	})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	targets := []string{srv.Addr, forward(t, srv.Addr), forward(t, srv.Addr)}
	for _, say := range []bool{false, true} {
		t.Run(fmt.Sprintf("say=%v", say), func(t *testing.T) {
			cfg := loadtest.Config{
				Scenario:   loadtest.Tables,
				N:          8, // 2 tables, 3 watchers each
				Duration:   2 * time.Second,
				Spectators: 3,
				Handshakes: 3,
				Settle:     time.Millisecond,
				Targets:    targets,
			}
			if say {
				cfg.Say, cfg.KeyEvery, cfg.Duration = true, tables.ChatEvery, 2*tables.ChatEvery
			}
			res, err := loadtest.Run(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := res[0]
			var out strings.Builder
			loadtest.Report(&out, res)
			if r.Opened != cfg.N || len(r.Failed) > 0 {
				t.Errorf("%d of %d sessions opened; failures: %q", r.Opened, cfg.N, r.Failed)
			}
			if r.Tables != 2 {
				t.Errorf("%d tables, want 2", r.Tables)
			}
			if len(r.PerTarget) != 3 || r.PerTarget[0] != 3 || r.PerTarget[1] != 3 || r.PerTarget[2] != 2 {
				t.Errorf("sessions per target %v, want 3, 3 and 2", r.PerTarget)
			}
			if r.Keys == 0 || r.KeyMissed > 0 {
				t.Errorf("%d keys answered, %d not: want every key answered", r.Keys, r.KeyMissed)
			}
			// Session i comes in at target i%3. The seated 0 and 1 start a
			// table each from targets 0 and 1; the first table has the
			// watchers 2, 4 and 6, the second 3, 5 and 7 (the observers
			// are 2 and 3). At their table's target: 6 and 7.
			if len(r.Groups) != 2 {
				t.Fatalf("groups %+v, want the tables on the sessions' nodes and on others", r.Groups)
			}
			own, other := r.Groups[0], r.Groups[1]
			if own.Sessions != 2 || own.Observers != 0 || other.Sessions != 4 || other.Observers != 2 {
				t.Errorf("on their table's node %+v, on another %+v: want 2 sessions and no observer, 4 sessions and 2 observers", own, other)
			}
			if own.Keys == 0 || other.Keys == 0 || own.KeyMissed+other.KeyMissed > 0 {
				t.Errorf("keys answered %d and %d, not answered %d: want both groups' keys answered", own.Keys, other.Keys, own.KeyMissed+other.KeyMissed)
			}
			for _, want := range []string{"not measured", "a table on another node: 4", "a table on their node: 2"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the report does not say %q:\n%s", want, out.String())
				}
			}
			if say && !strings.Contains(out.String(), "the keys are chat lines") {
				t.Errorf("the report does not say that the keys were chat lines:\n%s", out.String())
			}
		})
	}
}

// forward listens on loopback and forwards every connection to addr,
// until the test ends: another address of the same server.
func forward(t *testing.T, addr string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	closed := false
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", addr)
			if err != nil {
				c.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, c, s)
			if closed {
				c.Close()
				s.Close()
			}
			mu.Unlock()
			wg.Add(2)
			go func() { defer wg.Done(); _, _ = io.Copy(s, c); s.Close() }()
			go func() { defer wg.Done(); _, _ = io.Copy(c, s); c.Close() }()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		closed = true
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
		wg.Wait()
	})
	return ln.Addr().String()
}

// cardroom load -targets against three nodes of one cluster, in process:
// as TestLoadTargetsTables, but each table runs on the node its seated
// session is on, and the watchers on the other nodes reach it over NATS.
func TestLoadTargetsCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("load run against a cluster")
	}
	ns := startCluster(t, 3, withBotPace(100*time.Millisecond))
	ctx := clusterCtx(t)
	var targets []string
	for _, s := range ns {
		targets = append(targets, s.addr)
	}
	cfg := loadtest.Config{
		Scenario:   loadtest.Tables,
		N:          8, // 2 tables, on the first two nodes, 3 watchers each
		Duration:   2 * tables.ChatEvery,
		KeyEvery:   tables.ChatEvery,
		Say:        true,
		Spectators: 3,
		Handshakes: 3,
		Settle:     time.Millisecond,
		Targets:    targets,
	}
	res, err := loadtest.Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	if r.Opened != cfg.N || len(r.Failed) > 0 || r.Tables != 2 {
		t.Errorf("%d of %d sessions opened at %d tables (want 2); failures: %q", r.Opened, cfg.N, r.Tables, r.Failed)
	}
	if len(r.Groups) != 2 {
		t.Fatalf("groups %+v, want the tables on the sessions' nodes and on others", r.Groups)
	}
	own, other := r.Groups[0], r.Groups[1]
	if own.Sessions != 2 || other.Sessions != 4 || other.Observers != 2 {
		t.Errorf("on their table's node %+v, on another %+v: want 2 sessions, and 4 with 2 observers", own, other)
	}
	if own.Keys == 0 || other.Keys == 0 || own.KeyMissed+other.KeyMissed > 0 {
		t.Errorf("chat lines answered %d and %d, not answered %d: want both groups' lines answered", own.Keys, other.Keys, own.KeyMissed+other.KeyMissed)
	}
}
