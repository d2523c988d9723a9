package store

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Ban keeps a key or an IP address out of the card room.
type Ban struct {
	Kind    string    // "key" (Value is a key's fingerprint) or "ip"
	Value   string    // the fingerprint or the IP address
	Name    string    // who it was (a name at the time of the ban), for the admin screen
	By      string    // the admin who set it
	Created time.Time // when it was set
	Expires time.Time // when it ends; zero: never
}

// Ban kinds.
const (
	BanKey = "key"
	BanIP  = "ip"
)

// ErrBadBan is returned for a ban without a kind or value.
var ErrBadBan = errors.New("store: a ban needs a kind (key or ip) and a value")

// AddBan records b, replacing a ban of the same kind and value. Created
// defaults to now.
func (s *Store) AddBan(b Ban) error {
	if b.Kind != BanKey && b.Kind != BanIP || b.Value == "" {
		return ErrBadBan
	}
	if b.Created.IsZero() {
		b.Created = s.now()
	}
	var exp int64
	if !b.Expires.IsZero() {
		exp = ms(b.Expires)
	}
	return s.tx(func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO bans (kind, value, name, by, created, expires) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (kind, value) DO UPDATE SET name = excluded.name, by = excluded.by, created = excluded.created, expires = excluded.expires`,
			b.Kind, b.Value, b.Name, b.By, ms(b.Created), exp)
		if err != nil {
			return fmt.Errorf("store: ban: %w", err)
		}
		return nil
	})
}

// RemoveBan lifts the ban of kind and value; false if there was none.
func (s *Store) RemoveBan(kind, value string) (bool, error) {
	var n int64
	err := s.tx(func(tx *sql.Tx) error {
		r, err := tx.Exec(`DELETE FROM bans WHERE kind = ? AND value = ?`, kind, value)
		if err != nil {
			return fmt.Errorf("store: unban: %w", err)
		}
		n, _ = r.RowsAffected()
		return nil
	})
	return n > 0, err
}

// Bans lists the bans in force now, oldest first; expired ones are removed.
func (s *Store) Bans() ([]Ban, error) {
	now := ms(s.now())
	if err := s.tx(func(tx *sql.Tx) error {
		_, err := tx.Exec(`DELETE FROM bans WHERE expires != 0 AND expires <= ?`, now)
		return err
	}); err != nil {
		return nil, fmt.Errorf("store: bans: %w", err)
	}
	rows, err := s.db.Query(`SELECT kind, value, name, by, created, expires FROM bans ORDER BY created, kind, value`)
	if err != nil {
		return nil, fmt.Errorf("store: bans: %w", err)
	}
	defer rows.Close()
	var out []Ban
	for rows.Next() {
		var b Ban
		var created, expires int64
		if err := rows.Scan(&b.Kind, &b.Value, &b.Name, &b.By, &created, &expires); err != nil {
			return nil, fmt.Errorf("store: bans: %w", err)
		}
		b.Created, b.Expires = fromMS(created), fromMS(expires)
		out = append(out, b)
	}
	return out, rows.Err()
}
