package main

import (
	"fmt"
	"io"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
)

// backupCmd writes a consistent copy of the data dir's database to FILE,
// while a server may be running on it.
func backupCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("backup")
	dataDir := fs.String("data-dir", sshserver.DefaultDataDir, "the server's data dir")
	const head = "usage: cardroom backup [--data-dir DIR] FILE\n\nCopies the database (names, settings, finished games, ratings, running tables)\nto FILE, while the server runs.\n"
	if code, ok := parseFlags(fs, args, head, stdout, stderr, nil); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageError(stderr, "backup", "give one FILE to write the copy to")
	}
	dest := fs.Arg(0)
	if err := store.BackupDir(*dataDir, dest); err != nil {
		fmt.Fprintln(stderr, "cardroom backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s; to restore, stop the server and copy it to %s/%s (see docs/HOSTING.md)\n", *dataDir, dest, *dataDir, store.FileName)
	return 0
}
