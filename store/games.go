package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Game is one finished game.
type Game struct {
	ID      int64  // given by SaveGame
	Table   string // the table's id
	Ruleset string
	Started time.Time
	Ended   time.Time
	Seats   []Seat // in seat order
	// Record is the game's record (RECORD.md, JSON Lines). Games leaves it
	// out; Game has it.
	Record []byte
}

// Seat is one seat of a finished game.
type Seat struct {
	PlayerID string // key fingerprint, guest id, or a BotID
	Name     string // the name shown at the table
	Total    int    // final total
	Place    int    // 1 for the winner; equal places are ties; 0: not given
	// Finisher is the name of the bot that finished the seat for the one
	// credited with it (RULES.md ON-6); "" when they finished it themselves.
	Finisher string
	// From is the round from which the credited one held the seat when
	// they took it over part-way (ON-6): the seat was not rated. 0: from
	// its first move.
	From int
}

// Totals returns the seats' final totals in seat order.
func (g Game) Totals() []int {
	t := make([]int, len(g.Seats))
	for i, s := range g.Seats {
		t[i] = s.Total
	}
	return t
}

// SaveGame keeps a finished game and returns its id.
func (s *Store) SaveGame(g Game) (int64, error) {
	var id int64
	err := s.tx(func(tx *sql.Tx) error {
		var err error
		id, err = saveGame(tx, g)
		return err
	})
	return id, err
}

// Archive keeps a finished game and deletes its table's journal (if any) in
// the same transaction, so that a crash leaves either the journal or the
// game, never neither.
func (s *Store) Archive(g Game) (int64, error) {
	var id int64
	err := s.tx(func(tx *sql.Tx) error {
		var err error
		if id, err = saveGame(tx, g); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM journals WHERE table_id = ?`, g.Table); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		return nil
	})
	return id, err
}

func saveGame(tx *sql.Tx, g Game) (int64, error) {
	if g.Table == "" || g.Ruleset == "" || len(g.Seats) == 0 || len(g.Record) == 0 {
		return 0, ErrBadGame
	}
	res, err := tx.Exec(`INSERT INTO games (table_id, ruleset, started, ended, record) VALUES (?, ?, ?, ?, ?)`,
		g.Table, g.Ruleset, ms(g.Started), ms(g.Ended), string(g.Record))
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	for i, seat := range g.Seats {
		if _, err := tx.Exec(`INSERT INTO game_seats (game_id, seat, player_id, name, total, place, finisher, from_round) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			id, i, seat.PlayerID, seat.Name, seat.Total, seat.Place, seat.Finisher, seat.From); err != nil {
			return 0, fmt.Errorf("store: %w", err)
		}
	}
	return id, nil
}

// Games returns the last limit games playerID sat at (all of them when
// limit <= 0), newest first, without their records.
func (s *Store) Games(playerID string, limit int) ([]Game, error) {
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := s.db.Query(`SELECT g.id, g.table_id, g.ruleset, g.started, g.ended
		FROM games g WHERE g.id IN (SELECT game_id FROM game_seats WHERE player_id = ?)
		ORDER BY g.ended DESC, g.id DESC LIMIT ?`, playerID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	var games []Game
	for rows.Next() {
		var g Game
		var started, ended int64
		if err := rows.Scan(&g.ID, &g.Table, &g.Ruleset, &started, &ended); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: %w", err)
		}
		g.Started, g.Ended = fromMS(started), fromMS(ended)
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if len(games) == 0 {
		return nil, nil
	}
	// The seats of all of them in one query.
	byID := make(map[int64]*Game, len(games))
	args := make([]any, len(games))
	for i := range games {
		byID[games[i].ID] = &games[i]
		args[i] = games[i].ID
	}
	q := `SELECT game_id, player_id, name, total, place, finisher, from_round FROM game_seats WHERE game_id IN (?` +
		strings.Repeat(", ?", len(games)-1) + `) ORDER BY game_id, seat`
	seats, err := s.db.Query(q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer seats.Close()
	for seats.Next() {
		var id int64
		var st Seat
		if err := seats.Scan(&id, &st.PlayerID, &st.Name, &st.Total, &st.Place, &st.Finisher, &st.From); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		byID[id].Seats = append(byID[id].Seats, st)
	}
	if err := seats.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return games, nil
}

// Game returns the finished game id with its record, or ErrNotFound.
func (s *Store) Game(id int64) (Game, error) {
	g := Game{ID: id}
	var started, ended int64
	var record string
	err := s.db.QueryRow(`SELECT table_id, ruleset, started, ended, record FROM games WHERE id = ?`, id).
		Scan(&g.Table, &g.Ruleset, &started, &ended, &record)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: %w", err)
	}
	g.Started, g.Ended, g.Record = fromMS(started), fromMS(ended), []byte(record)
	rows, err := s.db.Query(`SELECT player_id, name, total, place, finisher, from_round FROM game_seats WHERE game_id = ? ORDER BY seat`, id)
	if err != nil {
		return Game{}, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st Seat
		if err := rows.Scan(&st.PlayerID, &st.Name, &st.Total, &st.Place, &st.Finisher, &st.From); err != nil {
			return Game{}, fmt.Errorf("store: %w", err)
		}
		g.Seats = append(g.Seats, st)
	}
	if err := rows.Err(); err != nil {
		return Game{}, fmt.Errorf("store: %w", err)
	}
	return g, nil
}
