package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
)

// backupCmd writes a consistent copy of the data dir's database to FILE,
// while a server may be running on it.
// The data dir defaults to CARDROOM_DATA_DIR, as serve's does (the image's
// /data: docker exec NAME cardroom backup FILE).
func backupCmd(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	fs := newFlags("backup")
	dir := sshserver.DefaultDataDir
	if v := getenv(envName("data-dir")); v != "" {
		dir = v
	}
	dataDir := fs.String("data-dir", dir, "the server's data dir (env "+envName("data-dir")+")")
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
	fmt.Fprintf(stdout, "backed up %s to %s; to restore, stop the server, remove %[3]s-wal and %[3]s-shm and copy it to %[3]s (see docs/HOSTING.md)\n", *dataDir, dest, filepath.Join(*dataDir, store.FileName))
	return 0
}
