package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migrations are the schema's versions in order: migrations[i] takes the
// database from version i to version i+1. Never change one that has shipped;
// append a new one. Times are Unix milliseconds.
var migrations = []string{
	// 1: identities — an SSH key (or guest id) with its reserved name and
	// settings. name_key is the name folded to lower case, so a name is
	// unique however it is capitalised.
	`CREATE TABLE identities (
		id         TEXT PRIMARY KEY,
		name       TEXT,
		name_key   TEXT UNIQUE,
		settings   TEXT NOT NULL DEFAULT '{}',
		first_seen INTEGER NOT NULL,
		last_seen  INTEGER NOT NULL
	) STRICT;`,

	// 2: finished games, their seats and their records (RECORD.md).
	`CREATE TABLE games (
		id       INTEGER PRIMARY KEY,
		table_id TEXT NOT NULL,
		ruleset  TEXT NOT NULL,
		started  INTEGER NOT NULL,
		ended    INTEGER NOT NULL,
		record   TEXT NOT NULL
	) STRICT;
	CREATE INDEX games_ended ON games (ended);
	CREATE TABLE game_seats (
		game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
		seat      INTEGER NOT NULL,
		player_id TEXT NOT NULL,
		name      TEXT NOT NULL,
		total     INTEGER NOT NULL,
		place     INTEGER NOT NULL,
		PRIMARY KEY (game_id, seat)
	) STRICT;
	CREATE INDEX game_seats_player ON game_seats (player_id, game_id);`,

	// 3: ratings per player (people and bots) and game family.
	`CREATE TABLE ratings (
		player_id TEXT NOT NULL,
		family    TEXT NOT NULL,
		bot       INTEGER NOT NULL,
		mu        REAL NOT NULL,
		sigma     REAL NOT NULL,
		games     INTEGER NOT NULL,
		updated   INTEGER NOT NULL,
		PRIMARY KEY (player_id, family)
	) STRICT;
	CREATE INDEX ratings_board ON ratings (family, bot, (mu - 3 * sigma) DESC);`,

	// 4: the journals of running tables, for a restart after a crash; sync
	// holds the counter Flush bumps to fsync the WAL.
	`CREATE TABLE journals (
		table_id TEXT PRIMARY KEY,
		header   TEXT NOT NULL,
		last_seq INTEGER NOT NULL DEFAULT 0,
		created  INTEGER NOT NULL,
		updated  INTEGER NOT NULL
	) STRICT;
	CREATE TABLE journal_lines (
		table_id TEXT NOT NULL REFERENCES journals (table_id) ON DELETE CASCADE,
		seq      INTEGER NOT NULL,
		line     TEXT NOT NULL,
		PRIMARY KEY (table_id, seq)
	) STRICT, WITHOUT ROWID;
	CREATE TABLE sync (n INTEGER NOT NULL) STRICT;
	INSERT INTO sync (n) VALUES (0);`,

	// 5: bans an admin set: of a key (its fingerprint) or an IP address,
	// until expires (0: for good).
	`CREATE TABLE bans (
		kind    TEXT NOT NULL CHECK (kind IN ('key', 'ip')),
		value   TEXT NOT NULL,
		name    TEXT NOT NULL,
		by      TEXT NOT NULL,
		created INTEGER NOT NULL,
		expires INTEGER NOT NULL,
		PRIMARY KEY (kind, value)
	) STRICT;`,

	// 6: the name of whoever finished a seat of a finished game for the
	// one credited with it (RULES.md ON-6); '' when they finished it
	// themselves, as for every game kept before this version.
	`ALTER TABLE game_seats ADD COLUMN finisher TEXT NOT NULL DEFAULT '';`,

	// 7: the round from which the one credited with a seat of a finished
	// game held it when they took it over part-way (RULES.md ON-6: that
	// seat is not rated); 0 when they held it from its first move, as for
	// every game kept before this version.
	`ALTER TABLE game_seats ADD COLUMN from_round INTEGER NOT NULL DEFAULT 0;`,
}

// migrate brings db up to len(steps) in one transaction, recording each
// version in schema_migrations. A database at a later version than steps
// knows is refused.
func migrate(db *sql.DB, steps []string, now time.Time) error {
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		applied INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	var have int
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&have); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if have > len(steps) {
		return fmt.Errorf("%w: schema version %d, this one knows %d", ErrTooNew, have, len(steps))
	}
	for v := have + 1; v <= len(steps); v++ {
		if _, err := tx.ExecContext(ctx, steps[v-1]); err != nil {
			return fmt.Errorf("store: migration %d: %w", v, err)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied) VALUES (?, ?)", v, ms(now)); err != nil {
			return fmt.Errorf("store: migration %d: %w", v, err)
		}
	}
	return tx.Commit()
}

// Version returns the schema version of the open database.
func (s *Store) Version() (int, error) {
	var v int
	err := s.db.QueryRow("SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&v)
	return v, err
}
