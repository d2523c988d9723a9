package store

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// MaxNameRunes is the longest name ReserveName makes when it adds a number
// to a taken name (the lobby's limit).
const MaxNameRunes = 16

// Identity is one SSH key (or guest id) the server has seen.
type Identity struct {
	ID        string
	Name      string          // the reserved name; "" when none is
	Settings  json.RawMessage // a JSON object; {} when none were saved
	FirstSeen time.Time
	LastSeen  time.Time
}

// fold is the form names are compared in: Alice and alice are one name
// (the lobby's rule).
func fold(name string) string { return strings.ToLower(name) }

// touch makes sure id has a row and marks it seen now.
func (s *Store) touch(tx *sql.Tx, id string) error {
	now := ms(s.now())
	_, err := tx.Stmt(s.q.touch).Exec(id, now, now)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Seen records that id connected now: its first visit creates its identity.
func (s *Store) Seen(id string) error {
	return s.tx(func(tx *sql.Tx) error { return s.touch(tx, id) })
}

// Identity returns what is kept of id, or ErrNotFound.
func (s *Store) Identity(id string) (Identity, error) {
	var (
		it          = Identity{ID: id}
		name        sql.NullString
		settings    string
		first, last int64
	)
	err := s.db.QueryRow(`SELECT name, settings, first_seen, last_seen FROM identities WHERE id = ?`, id).
		Scan(&name, &settings, &first, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return Identity{}, ErrNotFound
	}
	if err != nil {
		return Identity{}, fmt.Errorf("store: %w", err)
	}
	it.Name, it.Settings = name.String, json.RawMessage(settings)
	it.FirstSeen, it.LastSeen = fromMS(first), fromMS(last)
	return it, nil
}

// ReserveName reserves a name for id, which it keeps across restarts; the
// name id held before is freed. Names are compared case-insensitively. When
// someone else holds name, the first free one of name2, name3, … is
// reserved instead (cut to MaxNameRunes); got is the name id now holds.
func (s *Store) ReserveName(id, name string) (got string, err error) {
	if name == "" {
		return "", ErrBadName
	}
	err = s.tx(func(tx *sql.Tx) error {
		if err := s.touch(tx, id); err != nil {
			return err
		}
		for n := 1; n < 10000; n++ {
			cand := name
			if n > 1 {
				suffix := strconv.Itoa(n)
				base := []rune(name)
				if len(base)+len(suffix) > MaxNameRunes && len(base) > len(suffix) {
					base = base[:max(MaxNameRunes-len(suffix), 1)]
				}
				cand = string(base) + suffix
			}
			var owner string
			err := tx.Stmt(s.q.nameOwner).QueryRow(fold(cand)).Scan(&owner)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: %w", err)
			}
			if err == nil && owner != id {
				continue
			}
			if _, err := tx.Stmt(s.q.setName).Exec(cand, fold(cand), id); err != nil {
				return fmt.Errorf("store: %w", err)
			}
			got = cand
			return nil
		}
		return fmt.Errorf("store: no free name like %q", name)
	})
	return got, err
}

// NameOwner returns the id that holds name (compared case-insensitively),
// or ErrNotFound when nobody does.
func (s *Store) NameOwner(name string) (string, error) {
	var id string
	err := s.q.nameOwner.QueryRow(fold(name)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	return id, nil
}

// Settings returns id's settings, a JSON object: {} when none were saved.
func (s *Store) Settings(id string) (json.RawMessage, error) {
	var v string
	err := s.q.settings.QueryRow(id).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return json.RawMessage("{}"), nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return json.RawMessage(v), nil
}

// SaveSettings replaces id's settings with v, which must be a JSON object.
func (s *Store) SaveSettings(id string, v json.RawMessage) error {
	t := bytes.TrimSpace(v)
	if !json.Valid(t) || len(t) == 0 || t[0] != '{' {
		return fmt.Errorf("%w: settings must be a JSON object", ErrBadJSON)
	}
	return s.tx(func(tx *sql.Tx) error {
		if err := s.touch(tx, id); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE identities SET settings = ? WHERE id = ?`, string(t), id); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
}
