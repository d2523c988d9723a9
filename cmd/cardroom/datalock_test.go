package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/store"
)

// lockChildEnv names the data dir the child of TestKilledServerLeavesNoLock
// locks.
const lockChildEnv = "CARDROOM_LOCK_CHILD_DIR"

// lockedMark is what the lock child prints once it holds the lock.
const lockedMark = "lock child: locked"

// TestLockChild holds the lock of $CARDROOM_LOCK_CHILD_DIR until its stdin
// closes (or it is killed).
func TestLockChild(t *testing.T) {
	dir := os.Getenv(lockChildEnv)
	if dir == "" {
		t.Skip("the child of TestKilledServerLeavesNoLock")
	}
	l, _, err := lockDataDir(dir, "127.0.0.1:2298", crashT0)
	if err != nil {
		t.Fatal(err)
	}
	defer l.unlock()
	fmt.Println(lockedMark)
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// A second server on a data dir a running one holds is refused, and is told
// which process holds it and what to do; once the first has stopped, the
// dir is free again.
func TestSecondServerOnADataDirIsRefused(t *testing.T) {
	if !lockSupported {
		t.Skip("no file lock on this platform")
	}
	dir := t.TempDir()
	first := startServerIn(t, dir, 0)
	first.lobby(testCtx(t), t, "ada", sshtest.Options{}) // it holds the dir
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := sshserver.Config{Listen: ln.Addr().String(), DataDir: dir, KeepaliveInterval: -1, IdleTimeout: -1}
	stopped, cancel := context.WithCancel(context.Background())
	cancel() // a second server that did start stops at once
	err = serve(stopped, ln, cfg, 0, 0, log.NewWithOptions(io.Discard, log.Options{}))
	if !errors.Is(err, errDataDirInUse) {
		t.Fatalf("the second serve returned %v, want %v", err, errDataDirInUse)
	}
	for _, want := range []string{fmt.Sprintf("pid %d", os.Getpid()), "listening on " + first.addr, dir, "--data-dir"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not say %q:\n%v", want, err)
		}
	}
	first.stop()
	l, _, err := lockDataDir(dir, "here", crashT0)
	if err != nil {
		t.Fatalf("the dir is still locked after the server stopped: %v", err)
	}
	l.unlock()
}

// A backup runs beside the server that holds the data dir.
func TestBackupRunsBesideTheServer(t *testing.T) {
	dir := t.TempDir()
	srv := startServerIn(t, dir, 0)
	srv.lobby(testCtx(t), t, "ada", sshtest.Options{}) // the store is open
	restored := t.TempDir()
	dest := filepath.Join(restored, store.FileName)
	var out, errOut bytes.Buffer
	getenv := func(string) string { return "" }
	if code := backupCmd([]string{"--data-dir", dir, dest}, getenv, &out, &errOut); code != 0 {
		t.Fatalf("backup beside a running server: exit %d: %s", code, errOut.String())
	}
	s, err := store.Open(restored)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	s.Close()
}

// A server killed with SIGKILL leaves no lock behind: the OS drops it with
// the process, and the next start takes the dir.
func TestKilledServerLeavesNoLock(t *testing.T) {
	if os.Getenv(lockChildEnv) != "" {
		t.Skip("in the child")
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	if !lockSupported {
		t.Skip("no file lock on this platform")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), lockChildEnv+"="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && sc.Text() != lockedMark {
	}
	_, _, err = lockDataDir(dir, "here", time.Now())
	want := fmt.Sprintf("pid %d, listening on 127.0.0.1:2298, since %s", cmd.Process.Pid, crashT0.Format(time.RFC3339))
	if !errors.Is(err, errDataDirInUse) || !strings.Contains(err.Error(), want) {
		t.Fatalf("while the child holds the dir: %v, want it in use by %q", err, want)
	}
	_ = cmd.Process.Kill() // SIGKILL
	_, _ = io.Copy(io.Discard, stdout)
	_ = cmd.Wait()
	l, _, err := lockDataDir(dir, "here", time.Now())
	if err != nil {
		t.Fatalf("after kill -9 the dir is still locked: %v", err)
	}
	l.unlock()
}
