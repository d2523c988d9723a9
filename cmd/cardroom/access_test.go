package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/store"
)

// sqliteErr is an error with an SQLite result code, as the driver's.
type sqliteErr int

func (e sqliteErr) Error() string { return fmt.Sprintf("sqlite error (%d)", int(e)) }
func (e sqliteErr) Code() int     { return int(e) }

// The OS's and SQLite's ways of saying "you may not" are told apart from
// a damaged file.
func TestAccessProblemClassification(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.EACCES}, true},
		{fmt.Errorf("data dir lock: %w", &fs.PathError{Op: "open", Path: "x", Err: syscall.EPERM}), true},
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.EROFS}, true},
		{fmt.Errorf("store: %w", sqliteErr(8)), true},    // attempt to write a readonly database
		{fmt.Errorf("store: %w", sqliteErr(1544)), true}, // readonly: the directory
		{fmt.Errorf("store: %w", sqliteErr(14)), true},   // unable to open database file
		{sqliteErr(3), true},                            // access permission denied
		{fmt.Errorf("store: %w", sqliteErr(26)), false}, // file is not a database
		{sqliteErr(11), false},                          // database disk image is malformed
		{io.ErrUnexpectedEOF, false},
		{fs.ErrNotExist, false},
		{nil, false},
	} {
		if got := accessProblem(c.err); got != c.want {
			t.Errorf("accessProblem(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// denying refuses need n on the files named, as the OS refuses a user.
func denying(names ...string) accessFunc {
	return func(path string, n need) error {
		for _, name := range names {
			if filepath.Base(path) == name {
				return &fs.PathError{Op: "access", Path: path, Err: syscall.EACCES}
			}
		}
		return osAccess(path, n)
	}
}

// A data dir, database, host key or lock the server's user may not use
// stops the start before the lock is taken or a table restored, naming
// the file and saying it must be readable and writable by the server's
// user; not that it is broken, nor to restore a backup.
func TestServeStopsOnAFileItMayNotUse(t *testing.T) {
	dir := t.TempDir()
	if err := serveOnce(t, dir); err != nil {
		t.Fatalf("first start: %v", err)
	}
	lock := filepath.Join(dir, lockFileName)
	for _, c := range []struct {
		name, what string
	}{
		{store.FileName, "cannot read and write the database " + filepath.Join(dir, store.FileName)},
		{hostkeys.FileName, "cannot read the host key " + filepath.Join(dir, hostkeys.FileName)},
		{lockFileName, "cannot read and write the lock file " + lock},
		{filepath.Base(dir), "cannot write in the data dir " + dir},
	} {
		if err := os.Remove(lock); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		if c.name == lockFileName {
			os.WriteFile(lock, nil, 0o600)
		}
		err := serveOnce(t, dir, withAccess(denying(c.name)))
		var denied *accessError
		if !errors.As(err, &denied) {
			t.Fatalf("%s denied: serve returned %v", c.name, err)
		}
		msg := err.Error()
		for _, want := range []string{c.what, "permission denied", "must be readable and writable by the user the server runs as"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s denied: %q lacks %q", c.name, msg, want)
			}
		}
		if strings.Contains(msg, "backup") || strings.Contains(msg, "restore") {
			t.Errorf("%s denied: the message speaks of restoring: %q", c.name, msg)
		}
		if _, err := os.Stat(lock); c.name != lockFileName && err == nil {
			t.Errorf("%s denied: serve took the lock before it checked", c.name)
		}
	}
	// A damaged database is still one to restore from a backup.
	if err := os.WriteFile(filepath.Join(dir, store.FileName), []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, store.FileName+"-wal"))
	os.Remove(filepath.Join(dir, store.FileName+"-shm"))
	if err := serveOnce(t, dir); err == nil || !strings.Contains(err.Error(), "restore it from a backup") {
		t.Errorf("a damaged database: %v; want advice to restore a backup", err)
	}
}

// The same with the OS saying no, where it does: not to root.
func TestServeStopsOnModesItMayNotUse(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root may read and write every file: TestServeStopsOnAFileItMayNotUse covers the messages")
	}
	dir := t.TempDir()
	if err := serveOnce(t, dir); err != nil {
		t.Fatalf("first start: %v", err)
	}
	db := filepath.Join(dir, store.FileName)
	for _, mode := range []os.FileMode{0o400, 0o000} {
		if err := os.Chmod(db, mode); err != nil {
			t.Fatal(err)
		}
		var denied *accessError
		if err := serveOnce(t, dir); !errors.As(err, &denied) || !strings.Contains(err.Error(), "cannot read and write the database "+db) {
			t.Errorf("database mode %04o: serve returned %v", mode, err)
		}
	}
	os.Chmod(db, 0o600)
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	var denied *accessError
	if err := serveOnce(t, dir); !errors.As(err, &denied) || !strings.Contains(err.Error(), "cannot write in the data dir "+dir) {
		t.Errorf("data dir mode 0500: serve returned %v", err)
	}
	if err := serveOnce(t, filepath.Join(dir, "sub")); !errors.As(err, &denied) || !strings.Contains(err.Error(), "cannot create the data dir") {
		t.Errorf("data dir in a directory of mode 0500: serve returned %v", err)
	}
}

// A file or directory that already belongs to the user the server runs as
// is put right with chmod, giving the owner what it lacks, not with chown
// to that same user; one of another user's is still chowned.
func TestAccessAdviceFitsTheOwner(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	db := filepath.Join(dir, store.FileName)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, nil, 0o400); err != nil {
		t.Fatal(err)
	}
	denied := func(path string, n need) *accessError {
		return &accessError{path: path, what: "the file", need: n, dir: dir, err: &fs.PathError{Op: "access", Path: path, Err: syscall.EACCES}}
	}
	check := func(name string, e *accessError, want, not []string) {
		t.Helper()
		msg := e.Error()
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q lacks %q", name, msg, w)
			}
		}
		for _, n := range not {
			if strings.Contains(msg, n) {
				t.Errorf("%s: %q says %q", name, msg, n)
			}
		}
	}
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	check("the data dir, mode 0500", denied(dir, needWriteIn), []string{"mode 0500", "its owner here, but mode 0500 does not let the owner write in it: chmod u+rwx " + dir}, []string{"chown", "run the server as the user that owns"})
	check("the database, mode 0400", denied(db, needReadWrite), []string{"does not let the owner read and write it: chmod u+rw " + db}, []string{"chown"})
	e := denied(db, needReadWrite)
	e.backup = true
	check("backup, the database mode 0400", e, []string{"Its owner is the user this runs as, but mode 0400 does not let the owner read and write it: chmod u+rw " + db}, []string{"sudo -u", "chown"})
	e = denied(dir, needWriteIn)
	e.create, e.dir = true, filepath.Join(dir, "sub")
	check("creating a data dir in a directory of mode 0500", e, []string{"Its owner is the user the server runs as, but mode 0500 does not let the owner write in it: chmod u+rwx " + dir + ", or choose another --data-dir"}, []string{"chown"})
	os.Chmod(dir, 0o700)
	check("the data dir, mode 0700", denied(dir, needWriteIn), []string{"this user owns it and its mode lets it, so make every directory above it let this user through"}, []string{"chown"})

	if os.Geteuid() != 0 {
		return // only root gives a file away
	}
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	_, self := userName(0)
	check("the data dir of another user", denied(dir, needWriteIn), []string{"chown -R " + self + " " + dir, "or run the server as the user that owns them"}, []string{"chmod"})
	if err := os.Chown(db, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	_, owner := userName(65534)
	e = denied(db, needReadWrite)
	e.backup = true
	check("backup, the database of another user", e, []string{"sudo -u " + owner + " cardroom backup FILE"}, []string{"chmod"})
}
