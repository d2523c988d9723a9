package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// lockFileName is the file in the data dir that a serving process holds an
// advisory lock on for as long as it runs.
const lockFileName = "serve.lock"

// errDataDirInUse refuses to serve from a data dir another server holds:
// both would restore, run and write the same tables.
var errDataDirInUse = errors.New("the data dir is in use")

// dataLock is a serving process's hold on its data dir: an OS advisory lock
// (flock, LockFileEx) that ends with the process however it ends, kill -9
// included, so it never outlives its holder.
type dataLock struct{ f *os.File }

// lockDataDir takes dir's lock for this process, writing who holds it
// (pid, listen address, start) into the lock file; when another process
// holds it the error says which one and what to do. locked is false on a
// platform without advisory locks: nothing stops a second server there.
func lockDataDir(dir, listen string, now time.Time) (l *dataLock, locked bool, err error) {
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, accessErr(path, "the lock file", needReadWrite, dir, err)
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("data dir lock %s: %w", path, err)
	}
	if !held {
		who, _ := io.ReadAll(io.LimitReader(f, 512))
		f.Close()
		return nil, false, inUse(dir, strings.TrimSpace(string(who)))
	}
	holder := fmt.Sprintf("pid %d, listening on %s, since %s\n", os.Getpid(), listen, now.UTC().Format(time.RFC3339))
	if err = f.Truncate(0); err == nil {
		_, err = f.WriteAt([]byte(holder), 0)
	}
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("data dir lock %s: %w", path, err)
	}
	return &dataLock{f}, lockSupported, nil
}

// inUse is the error for a data dir another process holds.
func inUse(dir, who string) error {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if who == "" {
		who = "it is starting"
	}
	return fmt.Errorf("%w: another cardroom server runs on %s (%s), and two servers on one data dir would both take over its tables.\n"+
		"Stop that server first (its lock on %s goes away with it), or give this one a data dir of its own with --data-dir",
		errDataDirInUse, dir, who, filepath.Join(dir, lockFileName))
}

// unlock lets the data dir go (the OS would at exit anyway).
func (l *dataLock) unlock() {
	if l != nil {
		l.f.Close() // closing the file drops its lock
	}
}
