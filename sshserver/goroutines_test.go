package sshserver_test

import (
	"os"
	"runtime/pprof"
)

// dumpGoroutines prints every goroutine, to show what a hung Shutdown waits for.
func dumpGoroutines() { _ = pprof.Lookup("goroutine").WriteTo(os.Stderr, 1) }
