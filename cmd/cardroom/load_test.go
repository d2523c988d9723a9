package main

import (
	"context"
	"io"
	"net"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/loadtest"
	"github.com/cardroom/cardroom/sshserver"
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
