package store

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrBackupExists is returned when the backup's file is already there.
var ErrBackupExists = errors.New("store: the backup file already exists; choose a new name or remove it")

// Backup writes a consistent copy of the database to the file dest (which
// must not exist) while the server goes on: SQLite's VACUUM INTO reads one
// snapshot of the database in a read transaction, so writers are not held
// up and the copy holds every commit up to that moment and none after.
// The copy is a plain database file (no WAL) that Open reads as it is.
func (s *Store) Backup(dest string) error {
	return backup(s.db, dest)
}

// BackupDir is Backup for the database in the data dir dir, which another
// process (a running server) may have open.
func BackupDir(dir, dest string) error {
	path := filepath.Join(dir, FileName)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("store: no database in %s: %w", dir, err)
	}
	db, err := openDB(path, false)
	if err != nil {
		return err
	}
	defer db.Close()
	return backup(db, dest)
}

func backup(db *sql.DB, dest string) error {
	abs, err := filepath.Abs(dest)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := os.Stat(abs); err == nil {
		return fmt.Errorf("%w: %s", ErrBackupExists, dest)
	}
	if _, err := db.Exec("VACUUM INTO ?", abs); err != nil {
		os.Remove(abs) // a partial copy is no backup
		return fmt.Errorf("store: backup to %s: %w", dest, err)
	}
	if err := os.Chmod(abs, 0o600); err != nil { // it holds what the database holds
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
