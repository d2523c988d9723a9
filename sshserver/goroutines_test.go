package sshserver_test

// dumpGoroutines prints every goroutine, to show what a hung Shutdown waits for.

import (
	"os"
	"runtime/pprof"
)

func dumpGoroutines() { pprof.Lookup("goroutine").WriteTo(os.Stderr, 1) }
