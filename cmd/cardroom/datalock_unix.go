//go:build unix && !aix

package main

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// lockSupported: flock(2) locks the data dir here.
const lockSupported = true

// tryLock takes an exclusive flock on f without waiting; false when another
// open file (another process, or another open in this one) holds it.
func tryLock(f *os.File) (bool, error) {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}
