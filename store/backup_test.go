package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// A backup taken while a table writes its journal is a consistent database:
// Open reads it, and it holds a prefix of the journal's lines, with no gap.
func TestBackupWhileATableWrites(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	must(t, s.StartJournal("t1", []byte(`{"record":"cardroom/1"}`)))
	if _, err := s.ReserveName("SHA256:alice", "alice"); err != nil {
		t.Fatal(err)
	}
	const lines = 400
	var wg sync.WaitGroup
	wg.Add(1)
	started := make(chan struct{})
	go func() { // the table
		defer wg.Done()
		for i := range lines {
			if _, err := s.Append("t1", fmt.Appendf(nil, `{"n":%d}`, i)); err != nil {
				t.Error(err)
				return
			}
			if i == lines/4 {
				close(started)
			}
		}
	}()
	<-started
	// Each copy is named as Open wants it, in a data dir of its own.
	dests := []string{filepath.Join(t.TempDir(), FileName), filepath.Join(t.TempDir(), FileName)}
	must(t, s.Backup(dests[0]))
	must(t, BackupDir(dir, dests[1])) // as `cardroom backup` does, from outside
	wg.Wait()

	for _, dest := range dests {
		if err := s.Backup(dest); !errors.Is(err, ErrBackupExists) {
			t.Errorf("a backup over %s: %v, want ErrBackupExists", dest, err)
		}
		b := open(t, filepath.Dir(dest))
		_, got, err := b.Journal("t1")
		if err != nil {
			t.Fatalf("%s: %v", dest, err)
		}
		if len(got) <= lines/4 || len(got) > lines {
			t.Errorf("%s: %d journal lines, want more than %d and at most %d", dest, len(got), lines/4, lines)
		}
		for i, l := range got {
			if want := fmt.Sprintf(`{"n":%d}`, i); string(l) != want {
				t.Fatalf("%s: line %d is %s, want %s", dest, i, l, want)
			}
		}
		if owner, err := b.NameOwner("alice"); err != nil || owner != "SHA256:alice" {
			t.Errorf("%s: alice's name belongs to %q (%v)", dest, owner, err)
		}
	}
}

func TestBackupDirWithoutDatabase(t *testing.T) {
	if err := BackupDir(t.TempDir(), filepath.Join(t.TempDir(), "b.db")); err == nil {
		t.Fatal("a backup of an empty data dir succeeded")
	}
}
