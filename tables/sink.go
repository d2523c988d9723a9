package tables

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
// game (sameGame: the record a shutdown saved before the game went on after
// the restart) is replaced, whatever its seats were named then.
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

// maxHeader bounds the header line read back from an existing record.
const maxHeader = 64 << 10

// sameGame reports whether the file at path holds an earlier record of the
// game data records: the same header line, or the same gameKey whatever
// the seats are named (a seat's credit, holder or name changes in a game).
func sameGame(path string, data []byte) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head, _, _ := bytes.Cut(data, []byte{'\n'})
	first, err := bufio.NewReaderSize(f, maxHeader).ReadSlice('\n')
	if err != nil || len(head) == 0 {
		return false
	}
	first = bytes.TrimSuffix(first, []byte{'\n'})
	if bytes.Equal(first, head) {
		return true
	}
	a, ok := headerGame(first)
	b, ok2 := headerGame(head)
	return ok && ok2 && reflect.DeepEqual(a, b)
}

// gameKey is what tells a game apart in its record's header (RECORD.md):
// the rule set and its options, the number of seats, and the informative
// table id, seed and start.
type gameKey struct {
	Record  string         `json:"record"`
	Ruleset string         `json:"ruleset"`
	Options map[string]any `json:"options"`
	Seats   int            `json:"-"`
	Table   string         `json:"table"`
	Seed    uint64         `json:"seed"`
	Started string         `json:"started"`
}

// headerGame reads the gameKey of a record's header line; ok is false when
// the line is no header or lacks the table id and start that name a game.
func headerGame(line []byte) (k gameKey, ok bool) {
	var h struct {
		gameKey
		Seats []json.RawMessage `json:"seats"`
	}
	if json.Unmarshal(line, &h) != nil {
		return gameKey{}, false
	}
	k = h.gameKey
	k.Seats = len(h.Seats)
	return k, k.Record != "" && k.Ruleset != "" && k.Table != "" && k.Started != ""
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
