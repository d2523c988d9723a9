//go:build windows

package main

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockSupported: LockFileEx locks the data dir here.
const lockSupported = true

// tryLock locks one byte of f far past its text (a Windows lock also bars
// reads of what it covers, and the next server reads who holds it) without
// waiting; false when another handle holds it.
func tryLock(f *os.File) (bool, error) {
	ol := windows.Overlapped{OffsetHigh: 0x7fffffff}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return false, nil
	}
	return err == nil, err
}
