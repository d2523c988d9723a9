package tables

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// RecordSink keeps the record of a game (RECORD.md) when its table ends.
type RecordSink interface {
	Save(tableID string, data []byte) error
}

// FileSink writes each record to Dir/records/<table id>.jsonl: the directory
// with mode 0700, the file with 0600. An existing file of another game is
// never overwritten (a table id may repeat across server runs): the next
// free name <id>-2.jsonl, <id>-3.jsonl, … is used instead. One of the same
// game (the same header line: the record a shutdown saved before the game
// went on after the restart) is replaced.
type FileSink struct {
	Dir string
}

// Save writes data to a new file named after tableID. The file appears whole:
// data goes to a temporary file first, which is then linked into place.
func (s FileSink) Save(tableID string, data []byte) error {
	if !validID(tableID) {
		return fmt.Errorf("record: table id %q is not a safe file name", tableID)
	}
	dir := filepath.Join(s.Dir, "records")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+tableID+"-*.tmp")
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o600)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	for n := 1; n < 1000; n++ {
		name := tableID
		if n > 1 {
			name += "-" + strconv.Itoa(n)
		}
		path := filepath.Join(dir, name+".jsonl")
		err := os.Link(tmp.Name(), path)
		if errors.Is(err, os.ErrExist) {
			if !sameGame(path, data) {
				continue
			}
			err = os.Rename(tmp.Name(), path)
		}
		if err != nil {
			return fmt.Errorf("record: %w", err)
		}
		return nil
	}
	return fmt.Errorf("record: too many records named %s", tableID)
}

// sameGame reports whether the record in the file at path has the header
// line of data: an earlier record of the same game.
func sameGame(path string, data []byte) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head, _, _ := bytes.Cut(data, []byte{'\n'})
	first, err := bufio.NewReaderSize(f, len(head)+1).ReadSlice('\n')
	return err == nil && len(head) > 0 && bytes.Equal(bytes.TrimSuffix(first, []byte{'\n'}), head)
}

// validID reports whether id is a non-empty run of letters, digits, '-' and
// '_' of at most 64 bytes, safe as a file name.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
