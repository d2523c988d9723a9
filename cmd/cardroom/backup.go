package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
)

// backupCmd writes a consistent copy of the data dir's database to FILE,
// while a server may be running on it.
func backupCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cardroom backup [--data-dir DIR] FILE")
		fmt.Fprintln(stderr, "Copies the database (names, settings, finished games, ratings, running tables) to FILE, while the server runs.")
		fs.PrintDefaults()
	}
	dataDir := fs.String("data-dir", sshserver.DefaultDataDir, "the server's data dir")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "cardroom backup: give one FILE to write the copy to (cardroom backup -h)")
		return 2
	}
	dest := fs.Arg(0)
	if err := store.BackupDir(*dataDir, dest); err != nil {
		fmt.Fprintln(stderr, "cardroom backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s; to restore, stop the server and copy it to %s/%s (see docs/HOSTING.md)\n", *dataDir, dest, *dataDir, store.FileName)
	return 0
}
