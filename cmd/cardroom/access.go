package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/store"
)

// need is what a user must be able to do with a file or a directory.
type need int

const (
	needRead      need = iota // read a file
	needReadWrite             // read and write a file
	needWriteIn               // create and remove files in a directory
)

// String is how a message says it: "cannot read and write the database".
func (n need) String() string {
	return [...]string{"read", "read and write", "write in"}[n]
}

// ownerBits are the mode bits a file's owner needs to do n.
func (n need) ownerBits() fs.FileMode { return [...]fs.FileMode{0o400, 0o600, 0o300}[n] }

// chmod is the chmod mode that lets a file's owner do n.
func (n need) chmod() string { return [...]string{"u+r", "u+rw", "u+rwx"}[n] }

// accessFunc reports whether this process's user may do n with path: nil,
// or an error that accessProblem recognises. os.ErrNotExist when path is
// not there.
type accessFunc func(path string, n need) error

// accessError is a file or directory of the data dir that the user this
// process runs as may not use as the server needs to: no damage, only
// ownership or modes to put right.
type accessError struct {
	path, what string // the file or directory, and what it is ("the database")
	need       need
	dir        string // the data dir
	create     bool   // the data dir could not be made (path is where)
	backup     bool   // cardroom backup, not the server, ran into it
	err        error
}

func (e *accessError) Unwrap() error { return e.err }

func (e *accessError) Error() string {
	if abs, err := filepath.Abs(e.dir); err == nil {
		e.dir = abs
	}
	if errors.Is(e.err, syscall.EROFS) {
		return fmt.Sprintf("cannot %v %s %s: it is on a read-only file system.\n"+
			"Give the server a data dir on a writable one with --data-dir", e.need, e.what, e.path)
	}
	why := "permission denied"
	if !errors.Is(e.err, fs.ErrPermission) {
		why = e.err.Error()
	}
	o, known := ownership(e.path)
	whose := ""
	if known {
		whose = fmt.Sprintf("; it belongs to %s, mode %04o, and this runs as %s", o.owner, o.mode, o.self)
	}
	// The owner is this user already: chown changes nothing, the mode must.
	ownerLacks := known && o.same && o.mode&e.need.ownerBits() != e.need.ownerBits()
	switch {
	case e.create:
		fix := "create it and give it to the user the server runs as"
		switch {
		case ownerLacks:
			fix = fmt.Sprintf("its owner is the user the server runs as, but mode %04o does not let the owner write in it: chmod u+rwx %s", o.mode, shellWord(e.path))
		case known:
			fix += fmt.Sprintf(" (mkdir -p %s && chown %s %[1]s)", e.dir, o.selfID)
		}
		return fmt.Sprintf("cannot create the data dir %s: cannot write in %s: %s%s.\n%s, or choose another --data-dir", e.dir, e.path, why, whose, capital(fix))
	case e.backup && ownerLacks:
		return fmt.Sprintf("cannot %v %s %s: %s%s.\nIts owner is the user this runs as, but mode %04o does not let the owner %v it: chmod %s %s (the server needs that too)",
			e.need, e.what, e.path, why, whose, o.mode, e.need, e.need.chmod(), shellWord(e.path))
	case e.backup:
		fix := ""
		if known && !o.same {
			fix = fmt.Sprintf(" (e.g. sudo -u %s cardroom backup FILE)", o.ownerID)
		}
		return fmt.Sprintf("cannot %v %s %s: %s%s.\ncardroom backup opens the database as the server does: run it as the user the server runs as%s", e.need, e.what, e.path, why, whose, fix)
	case ownerLacks:
		return fmt.Sprintf("cannot %v %s %s: %s%s.\nThe data dir %s and every file in it must be readable and writable by the user the server runs as, its owner here, but mode %04o does not let the owner %v it: chmod %s %s",
			e.need, e.what, e.path, why, whose, e.dir, o.mode, e.need, e.need.chmod(), shellWord(e.path))
	}
	fix := "make them so, or run the server as the user that owns them"
	switch {
	case known && o.same: // the mode lets the owner: a directory above, or an ACL, stops it
		fix = "this user owns it and its mode lets it, so make every directory above it let this user through (x) and look for an ACL (getfacl)"
	case known:
		fix = fmt.Sprintf("make them so (e.g. chown -R %s %s), or run the server as the user that owns them", o.selfID, e.dir)
	}
	return fmt.Sprintf("cannot %v %s %s: %s%s.\nThe data dir %s and every file in it must be readable and writable by the user the server runs as: %s",
		e.need, e.what, e.path, why, whose, e.dir, fix)
}

// capital is s with its first letter in capitals.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// owners are who owns a file and who this process runs as.
type owners struct {
	owner, self     string // "root (uid 0)"
	ownerID, selfID string // what chown and sudo take: the name, or the uid
	same            bool   // the owner is the user this process runs as
	mode            fs.FileMode
}

// accessProblem reports whether err says this user may not read or write
// a file (the OS's permission errors, a read-only file system, SQLite's
// "attempt to write a readonly database" and "unable to open database
// file"), as opposed to a file that is damaged.
func accessProblem(err error) bool {
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		return true
	}
	var coded interface{ Code() int }
	if errors.As(err, &coded) {
		switch coded.Code() & 0xff { // the primary result code
		case 3, 8, 14, 23: // SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
			return true
		}
	}
	return false
}

// dataFile is a file of the data dir, what it is and what the server
// needs to do with it.
type dataFile struct {
	name, what string
	need       need
}

// databaseFiles are the database's files: the server and cardroom backup
// open them.
var databaseFiles = []dataFile{
	{store.FileName, "the database", needReadWrite},
	{store.FileName + "-wal", "the database's log", needReadWrite},
	{store.FileName + "-shm", "the database's shared memory", needReadWrite},
}

// serverFiles are the files of the data dir the server opens.
var serverFiles = append([]dataFile{
	{lockFileName, "the lock file", needReadWrite},
	{hostkeys.FileName, "the host key", needRead},
	{"records", "the records directory", needWriteIn},
}, databaseFiles...)

// checkDataDir makes sure this process's user may use dir as the server
// does, before anything starts: write in it, read and write the database
// and the lock, read the host key. It creates dir when it is missing.
func checkDataDir(dir string, access accessFunc) error {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && accessProblem(err) {
			return &accessError{path: filepath.Dir(pe.Path), what: "the directory", need: needWriteIn, dir: dir, create: true, err: err}
		}
		return fmt.Errorf("data dir: %w", err)
	}
	return checkFiles(dir, access, serverFiles)
}

// checkFiles makes sure this process's user may write in dir and do with
// each of files that is there what it needs.
func checkFiles(dir string, access accessFunc, files []dataFile) error {
	if err := access(dir, needWriteIn); err != nil {
		return accessErr(dir, "the data dir", needWriteIn, dir, err)
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := access(path, f.need); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return accessErr(path, f.what, f.need, dir, err)
		}
	}
	return nil
}

// accessErr is an accessError when err is an access problem, else err
// with the path.
func accessErr(path, what string, n need, dir string, err error) error {
	if accessProblem(err) {
		return &accessError{path: path, what: what, need: n, dir: dir, err: err}
	}
	return fmt.Errorf("%s %s: %w", what, path, err)
}
