package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardroom/cardroom/store"
)

const backupUsage = `usage: cardroom backup [--data-dir DIR] [--config FILE] FILE

Copies the database (names, settings, finished games, ratings, running tables)
to FILE, while the server runs. It finds the data dir as serve does: from
--data-dir, CARDROOM_DATA_DIR, or data-dir in serve's config file (--config
or CARDROOM_CONFIG), else .cardroom. Run it as the user the server runs as.
`

// backupCmd writes a consistent copy of the data dir's database to FILE,
// while a server may be running on it. The data dir comes from where
// serve's does: the flag, the environment (the image's /data: docker exec
// NAME cardroom backup FILE), serve's config file.
func backupCmd(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	flags := newFlags("backup")
	flags.String("data-dir", "", "the server's data dir (default: "+envName("data-dir")+", data-dir in the config file, else "+defaultDataDir()+")")
	flags.String("config", "", "serve's config file, where the data dir may be set (env "+envName("config")+")")
	var files []string
	parse := func(a []string) (err error) {
		files, err = parseInterspersed(flags, a)
		return err
	}
	if code, ok := parseFlags(flags, args, backupUsage, stdout, stderr, parse); !ok {
		return code
	}
	switch {
	case len(files) == 0:
		return usageError(stderr, "backup", "give FILE, the file to write the copy to")
	case len(files) > 1:
		return usageError(stderr, "backup", "give one FILE to write the copy to, not %d (%s)", len(files), strings.Join(files, " "))
	}
	dest := files[0]
	dir, from, err := backupDataDir(flags, getenv)
	if err != nil {
		return usageError(stderr, "backup", "%v", err)
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	db := filepath.Join(dir, store.FileName)
	if _, err := os.Stat(db); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "cardroom backup: no database in %s: there is no %s there (this data dir is %s).\n"+
			"Give the server's data dir with --data-dir DIR, or serve's config file that sets it with --config FILE\n", dir, store.FileName, from)
		return exitFail
	}
	if err := checkFiles(dir, osAccess, databaseFiles); err != nil {
		var denied *accessError
		if errors.As(err, &denied) {
			denied.backup = true
		}
		fmt.Fprintln(stderr, "cardroom backup:", err)
		return exitFail
	}
	if msg := backupDest(dest); msg != "" {
		fmt.Fprintln(stderr, "cardroom backup: "+msg)
		return exitFail
	}
	if err := store.BackupDir(dir, dest); err != nil {
		fmt.Fprintln(stderr, "cardroom backup:", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "backed up %s to %s; to restore, stop the server, remove %[3]s-wal and %[3]s-shm and copy it to %[3]s (see docs/HOSTING.md)\n", dir, dest, db)
	return exitOK
}

// backupDest says why the copy cannot be written to dest and what to do, or "" when it can.
func backupDest(dest string) string {
	dir := filepath.Dir(dest)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("cannot write the copy to %s: the directory %s does not exist.\nCreate it first (mkdir -p %s), or give a FILE in a directory that exists", dest, dir, shellWord(dir))
	case err == nil && !fi.IsDir():
		return fmt.Sprintf("cannot write the copy to %s: %s is not a directory.\nGive a FILE in a directory", dest, dir)
	}
	if err := osAccess(dir, needWriteIn); accessProblem(err) {
		return fmt.Sprintf("cannot write the copy to %s: this user may not write in %s", dest, dir)
	}
	return ""
}

// backupDataDir finds the data dir as serve does, from backup's own
// --data-dir and --config, the environment and serve's config file, and
// says where it came from.
func backupDataDir(backupFlags *flag.FlagSet, getenv func(string) string) (dir, from string, err error) {
	sf := newServeFlags()
	var args []string
	backupFlags.Visit(func(f *flag.Flag) { args = append(args, "--"+f.Name+"="+f.Value.String()) })
	if err := sf.conf.parse(args, getenv); err != nil {
		return "", "", err
	}
	switch src := sf.conf.sources["data-dir"]; {
	case src == "flag":
		from = "the one given with --data-dir"
	case src != "default":
		from = "from " + src
	case *sf.conf.config != "":
		from = "the default, as " + *sf.conf.config + " does not set data-dir"
	default:
		from = "the default: neither --data-dir, " + envName("data-dir") + " nor a config file (--config, " + envName("config") + ") sets one"
	}
	return sf.cfg.DataDir, from, nil
}

// defaultDataDir is serve's default data dir.
func defaultDataDir() string { return newServeFlags().fs.Lookup("data-dir").DefValue }
