package store

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cardroom/cardroom/names"
)

// Identity is one SSH key (or guest id) the server has seen.
type Identity struct {
	ID        string
	Name      string          // the reserved name; "" when none is
	Settings  json.RawMessage // a JSON object; {} when none were saved
	FirstSeen time.Time
	LastSeen  time.Time
}

// DefaultNameRelease is how long a name stays reserved to a key that does
// not come back: after that, someone else may take it.
const DefaultNameRelease = 180 * 24 * time.Hour

// fold is the form names are compared in: names that look alike are one
// name (names.Key, the lobby's rule).
func fold(name string) string { return names.Key(name) }

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
// name id held before is freed. Names are compared by names.Key, so names
// that look alike are one. When someone else holds name, the first free
// one of name2, name3, … (names.Variant) is reserved instead; got is the
// name id now holds. A name whose holder has not been seen for the
// release time (WithNameRelease) is free: it is taken from them.
func (s *Store) ReserveName(id, name string) (got string, err error) {
	if name == "" {
		return "", ErrBadName
	}
	err = s.tx(func(tx *sql.Tx) error {
		for n := 1; n < 10000; n++ {
			cand := name
			if n > 1 {
				cand = names.Variant(name, n)
			}
			owner, err := s.owner(tx.Stmt(s.q.nameOwner), fold(cand))
			if err != nil {
				return err
			}
			if owner != "" && owner != id {
				continue
			}
			if owner == "" { // free, or released: whoever held it loses it
				if _, err := tx.Exec(`UPDATE identities SET name = NULL, name_key = NULL WHERE name_key = ? AND id <> ?`, fold(cand), id); err != nil {
					return fmt.Errorf("store: %w", err)
				}
			}
			if err := s.touch(tx, id); err != nil {
				return err
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

// owner returns the id holding the name key, "" when nobody does or its
// holder has not been seen for the release time.
func (s *Store) owner(q *sql.Stmt, key string) (string, error) {
	var (
		id   string
		seen int64
	)
	err := q.QueryRow(key).Scan(&id, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	if s.release > 0 && fromMS(seen).Before(s.now().Add(-s.release)) {
		return "", nil
	}
	return id, nil
}

// NameOwner returns the id that holds name (compared by names.Key), or
// ErrNotFound when nobody does (or its holder has not been seen for the
// release time).
func (s *Store) NameOwner(name string) (string, error) {
	id, err := s.owner(s.q.nameOwner, fold(name))
	if err == nil && id == "" {
		err = ErrNotFound
	}
	return id, err
}

// rekey brings every reserved name's key up to names.Key, when a new
// cardroom compares names differently from the one that reserved them.
// When two names now have one key, the key seen first keeps it and the
// other loses its reservation (it is given a variant at its next login).
func (s *Store) rekey() error {
	rows, err := s.db.Query(`SELECT id, name, coalesce(name_key, '') FROM identities WHERE name IS NOT NULL ORDER BY first_seen, id`)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	type row struct{ id, name, key string }
	var all []row
	stale := false
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.name, &r.key); err != nil {
			rows.Close()
			return fmt.Errorf("store: %w", err)
		}
		if r.key != fold(r.name) {
			stale = true
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil || !stale {
		return err
	}
	return s.tx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`UPDATE identities SET name_key = NULL`); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		taken := map[string]bool{}
		for _, r := range all {
			k := fold(r.name)
			var err error
			if taken[k] {
				_, err = tx.Exec(`UPDATE identities SET name = NULL WHERE id = ?`, r.id)
			} else {
				taken[k] = true
				_, err = tx.Exec(`UPDATE identities SET name_key = ? WHERE id = ?`, k, r.id)
			}
			if err != nil {
				return fmt.Errorf("store: %w", err)
			}
		}
		return nil
	})
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
