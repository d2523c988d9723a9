package main

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
)

// serveOnce starts serve in dir and stops it at once; it returns what
// serve returned.
func serveOnce(t *testing.T, dir string, opts ...serveOption) error {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := sshserver.Config{Listen: ln.Addr().String(), DataDir: dir, KeepaliveInterval: -1, IdleTimeout: -1}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, cfg, 0, 0, log.NewWithOptions(io.Discard, log.Options{}), opts...) }()
	cancel()
	select {
	case err := <-done:
		ln.Close()
		return err
	case <-time.After(testTimeout):
		t.Fatal("serve did not stop")
		return nil
	}
}

// A server that has run before (its host key is there) does not start on a
// missing or empty database: it says how to restore one, unless
// --new-database says a fresh start is meant.
func TestNoSilentFreshStart(t *testing.T) {
	dir := t.TempDir()
	if err := serveOnce(t, dir); err != nil {
		t.Fatalf("first start: %v", err)
	}
	db := filepath.Join(dir, store.FileName)
	for _, damage := range []struct {
		what string
		do   func() error
	}{
		{"deleted", func() error { return os.Remove(db) }},
		{"empty", func() error { return os.Truncate(db, 0) }},
		{"without tables", func() error { return emptySQLite(db) }},
	} {
		for _, f := range []string{db + "-wal", db + "-shm"} {
			os.Remove(f)
		}
		if err := damage.do(); err != nil {
			t.Fatal(err)
		}
		err := serveOnce(t, dir)
		if !errors.Is(err, errNoDatabase) || !strings.Contains(err.Error(), "cardroom backup") || !strings.Contains(err.Error(), "--new-database") {
			t.Fatalf("database %s: serve returned %v; want a refusal that says how to restore", damage.what, err)
		}
		if _, statErr := os.Stat(db); damage.what == "deleted" && statErr == nil {
			t.Errorf("the refused start created a new database")
		}
		if err := serveOnce(t, dir, withNewDatabase(true)); err != nil {
			t.Fatalf("database %s, --new-database: %v", damage.what, err)
		}
		if err := serveOnce(t, dir); err != nil {
			t.Fatalf("the next start after --new-database: %v", err)
		}
	}
}

// emptySQLite replaces the file at path with an SQLite database that holds
// no table (a file of its own, not one byte long).
func emptySQLite(path string) error {
	if err := os.Remove(path); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.Exec("CREATE TABLE gone (x); DROP TABLE gone")
	return err
}
