//go:build unix

package main

import (
	"fmt"
	"os"
	"os/user"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// osAccess asks the OS (access(2)) whether this process's user may do n
// with path.
func osAccess(path string, n need) error {
	mode := uint32(unix.R_OK)
	switch n {
	case needReadWrite:
		mode = unix.R_OK | unix.W_OK
	case needWriteIn:
		mode = unix.W_OK | unix.X_OK
	}
	if _, err := os.Stat(path); err != nil {
		return err
	}
	if err := unix.Access(path, mode); err != nil {
		return &os.PathError{Op: "access", Path: path, Err: err}
	}
	return nil
}

// ownership tells who owns path, its mode and who this process runs as;
// false when path cannot be looked at.
func ownership(path string) (owners, bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return owners{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return owners{}, false
	}
	o := owners{mode: fi.Mode().Perm(), same: int(st.Uid) == os.Geteuid()}
	o.owner, o.ownerID = userName(int(st.Uid))
	o.self, o.selfID = userName(os.Geteuid())
	return o, true
}

// userName is "name (uid N)" and name, or "uid N" and N when the name is
// unknown.
func userName(uid int) (long, short string) {
	id := strconv.Itoa(uid)
	if u, err := user.LookupId(id); err == nil && u.Username != "" {
		return fmt.Sprintf("%s (uid %d)", u.Username, uid), u.Username
	}
	return "uid " + id, id
}
