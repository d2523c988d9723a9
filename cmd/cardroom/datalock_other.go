//go:build !(unix && !aix) && !windows

package main

import "os"

// lockSupported: this platform has no advisory lock the server uses, so
// nothing stops a second server on the same data dir (serve warns).
const lockSupported = false

// tryLock takes no lock here.
func tryLock(*os.File) (bool, error) { return true, nil }
