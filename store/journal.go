package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// A journal is what a running table has done so far: a header and its event
// lines (RECORD.md lines, or whatever the table needs to come back), in
// order. After a crash the server reads the unfinished journals back and
// restores their tables; when a game ends, Archive saves it and drops its
// journal.

// JournalInfo describes one unfinished journal.
type JournalInfo struct {
	Table   string
	Header  json.RawMessage
	Lines   int64 // lines appended; the last one's seq
	Created time.Time
	Updated time.Time
}

// jsonLine checks that b is one line of valid JSON.
func jsonLine(b []byte) error {
	if len(b) == 0 || bytes.ContainsAny(b, "\r\n") || !json.Valid(b) {
		return fmt.Errorf("%w: %.60q", ErrBadJSON, b)
	}
	return nil
}

// StartJournal begins the journal of table with its header (one JSON line),
// or returns ErrJournalExists.
func (s *Store) StartJournal(table string, header []byte) error {
	if err := jsonLine(header); err != nil {
		return err
	}
	return s.tx(func(tx *sql.Tx) error {
		now := ms(s.now())
		res, err := tx.Exec(`INSERT INTO journals (table_id, header, created, updated) VALUES (?, ?, ?, ?)
			ON CONFLICT (table_id) DO NOTHING`, table, string(header), now, now)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s", ErrJournalExists, table)
		}
		return nil
	})
}

// ResetJournal writes table's journal afresh as header alone, whether or
// not it had one, dropping any lines it had: one transaction, so a crash
// leaves the old journal or the new one.
func (s *Store) ResetJournal(table string, header []byte) error {
	if err := jsonLine(header); err != nil {
		return err
	}
	return s.tx(func(tx *sql.Tx) error {
		now := ms(s.now())
		if _, err := tx.Exec(`DELETE FROM journal_lines WHERE table_id = ?`, table); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if _, err := tx.Exec(`INSERT INTO journals (table_id, header, created, updated) VALUES (?, ?, ?, ?)
			ON CONFLICT (table_id) DO UPDATE SET header = excluded.header, last_seq = 0, updated = excluded.updated`,
			table, string(header), now, now); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
}

// Append adds lines (each one JSON line) to the end of table's journal in
// one transaction and returns the seq of the last one (the first line of a
// journal has seq 1). It returns once the lines are committed: they survive
// the process being killed; Flush (run in the background, see Open) makes
// them survive a power cut too.
func (s *Store) Append(table string, lines ...[]byte) (int64, error) {
	for _, l := range lines {
		if err := jsonLine(l); err != nil {
			return 0, err
		}
	}
	var last int64
	err := s.tx(func(tx *sql.Tx) error {
		err := tx.Stmt(s.q.journalSeq).QueryRow(len(lines), ms(s.now()), table).Scan(&last)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrNoJournal, table)
		}
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if len(lines) == 0 {
			return nil
		}
		st := tx.Stmt(s.q.journalLine)
		seq := last - int64(len(lines))
		for _, l := range lines {
			seq++
			if _, err := st.Exec(table, seq, string(l)); err != nil {
				return fmt.Errorf("store: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return last, nil
}

// Unfinished lists the journals not yet archived or deleted, oldest first.
func (s *Store) Unfinished() ([]JournalInfo, error) {
	rows, err := s.db.Query(`SELECT table_id, header, last_seq, created, updated FROM journals ORDER BY created, table_id`)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []JournalInfo
	for rows.Next() {
		var j JournalInfo
		var header string
		var created, updated int64
		if err := rows.Scan(&j.Table, &header, &j.Lines, &created, &updated); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		j.Header, j.Created, j.Updated = json.RawMessage(header), fromMS(created), fromMS(updated)
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// Journal reads table's journal back: its header and its lines in order.
func (s *Store) Journal(table string) (header json.RawMessage, lines []json.RawMessage, err error) {
	// One read transaction, so that header and lines are one snapshot; a
	// read-only one begins DEFERRED, without the write lock.
	tx, err := s.db.BeginTx(context.Background(), &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	defer tx.Rollback()
	var h string
	err = tx.QueryRow(`SELECT header FROM journals WHERE table_id = ?`, table).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, fmt.Errorf("%w: %s", ErrNoJournal, table)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	rows, err := tx.Query(`SELECT line FROM journal_lines WHERE table_id = ? ORDER BY seq`, table)
	if err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			return nil, nil, fmt.Errorf("store: %w", err)
		}
		lines = append(lines, json.RawMessage(l))
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("store: %w", err)
	}
	return json.RawMessage(h), lines, nil
}

// DeleteJournal drops table's journal; ErrNoJournal when it has none.
func (s *Store) DeleteJournal(table string) error {
	return s.tx(func(tx *sql.Tx) error {
		res, err := tx.Exec(`DELETE FROM journals WHERE table_id = ?`, table)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s", ErrNoJournal, table)
		}
		return nil
	})
}
