package store

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cardroom/cardroom/ratings"
)

// BotPrefix starts the player id of a bot: bots are rated too, and listed
// apart from people.
const BotPrefix = "bot:"

// BotID is the player id of the bot called name (e.g. a bot kind).
func BotID(name string) string { return BotPrefix + name }

// IsBot reports whether a player id is a bot's.
func IsBot(id string) bool { return strings.HasPrefix(id, BotPrefix) }

// PooledBotID is the id a server run with --metrics rated every table bot
// under, whatever its level, until cardroom named a timed bot after the bot
// it wraps: its ratings pool all levels and cannot be split back.
var PooledBotID = BotID("main.timedBot")

// DropPooledBotRatings deletes the ratings kept under PooledBotID, so the
// ratings screen no longer shows them, and returns how many it deleted
// (0 once done). Finished games and their records are kept as they are.
func (s *Store) DropPooledBotRatings() (int64, error) {
	var n int64
	err := s.tx(func(tx *sql.Tx) error {
		res, err := tx.Exec(`DELETE FROM ratings WHERE player_id = ?`, PooledBotID)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

// PlayerRating is a player's rating in one game family.
type PlayerRating struct {
	PlayerID string
	Name     string // the reserved name of a person; the name of a bot
	Family   string
	ratings.Rating
	Games   int       // rated games played; 0: not rated yet
	Updated time.Time // zero when not rated yet
}

// Rating returns id's rating in family; a player not rated yet gets the
// model's new rating with Games 0.
func (s *Store) Rating(id, family string) (PlayerRating, error) {
	r := PlayerRating{PlayerID: id, Family: family, Rating: s.model.New()}
	var updated int64
	err := s.db.QueryRow(`SELECT mu, sigma, games, updated FROM ratings WHERE player_id = ? AND family = ?`, id, family).
		Scan(&r.Mu, &r.Sigma, &r.Games, &updated)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return PlayerRating{}, fmt.Errorf("store: %w", err)
	}
	r.Updated = fromMS(updated)
	r.Name = s.displayName(id)
	return r, nil
}

// displayName is a bot's name or a person's reserved name ("" if none).
func (s *Store) displayName(id string) string {
	if IsBot(id) {
		return strings.TrimPrefix(id, BotPrefix)
	}
	var name sql.NullString
	_ = s.db.QueryRow(`SELECT name FROM identities WHERE id = ?`, id).Scan(&name)
	return name.String
}

// UpdateRatings rates a finished game of family in one transaction: ids[i]
// finished in places[i] (lower is better, equal places tie; nil: the order
// given). It returns the new ratings, in the order of ids.
//
// One id may fill several seats (two bots of one kind): each seat is rated
// from the same prior as a player of its own, and the id's new rating is the
// mean of its seats' (mu and sigma each); it counts as one game.
func (s *Store) UpdateRatings(family string, ids []string, places []int) ([]ratings.Rating, error) {
	if places != nil && len(places) != len(ids) {
		return nil, ratings.ErrPlaces
	}
	var out []ratings.Rating
	err := s.tx(func(tx *sql.Tx) error {
		var err error
		out, err = s.rate(tx, family, ids, places)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ArchiveRated archives a finished game (Archive) and rates it
// (UpdateRatings) in one transaction, so that a crash leaves the game either
// journaled and unrated or archived and rated. It returns the game's id and
// the new ratings in the order of ids.
func (s *Store) ArchiveRated(g Game, family string, ids []string, places []int) (int64, []ratings.Rating, error) {
	if places != nil && len(places) != len(ids) {
		return 0, nil, ratings.ErrPlaces
	}
	var id int64
	var out []ratings.Rating
	err := s.tx(func(tx *sql.Tx) error {
		var err error
		if id, err = saveGame(tx, g); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM journals WHERE table_id = ?`, g.Table); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		out, err = s.rate(tx, family, ids, places)
		return err
	})
	if err != nil {
		return 0, nil, err
	}
	return id, out, nil
}

// rate is UpdateRatings inside the transaction tx.
func (s *Store) rate(tx *sql.Tx, family string, ids []string, places []int) ([]ratings.Rating, error) {
	var out []ratings.Rating
	err := func() error {
		prior := make([]ratings.Rating, len(ids))
		games := map[string]int{}
		for i, id := range ids {
			r := s.model.New()
			n := 0
			err := tx.QueryRow(`SELECT mu, sigma, games FROM ratings WHERE player_id = ? AND family = ?`, id, family).
				Scan(&r.Mu, &r.Sigma, &n)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: %w", err)
			}
			prior[i], games[id] = r, n
		}
		post, err := s.model.RatePlayers(prior, places)
		if err != nil {
			return err
		}
		// Merge the seats of one id.
		type acc struct {
			sum   ratings.Rating
			seats int
		}
		merged := map[string]*acc{}
		for i, id := range ids {
			a := merged[id]
			if a == nil {
				a = &acc{}
				merged[id] = a
			}
			a.sum.Mu += post[i].Mu
			a.sum.Sigma += post[i].Sigma
			a.seats++
		}
		now := ms(s.now())
		out = make([]ratings.Rating, len(ids))
		written := map[string]bool{}
		for i, id := range ids {
			a := merged[id]
			r := ratings.Rating{Mu: a.sum.Mu / float64(a.seats), Sigma: a.sum.Sigma / float64(a.seats)}
			out[i] = r
			if written[id] {
				continue
			}
			written[id] = true
			if _, err := tx.Exec(`INSERT INTO ratings (player_id, family, bot, mu, sigma, games, updated)
				VALUES (?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (player_id, family) DO UPDATE SET
					mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated = excluded.updated`,
				id, family, IsBot(id), r.Mu, r.Sigma, games[id]+1, now); err != nil {
				return fmt.Errorf("store: %w", err)
			}
		}
		return nil
	}()
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Leaderboard returns the n best rated people (humans true) or bots (false)
// of family, by ordinal (mu − 3σ), best first.
func (s *Store) Leaderboard(family string, humans bool, n int) ([]PlayerRating, error) {
	if n <= 0 {
		n = -1 // SQLite: no limit
	}
	rows, err := s.db.Query(`SELECT r.player_id, coalesce(i.name, ''), r.mu, r.sigma, r.games, r.updated
		FROM ratings r LEFT JOIN identities i ON i.id = r.player_id
		WHERE r.family = ? AND r.bot = ?
		ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.player_id
		LIMIT ?`, family, !humans, n)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []PlayerRating
	for rows.Next() {
		r := PlayerRating{Family: family}
		var updated int64
		if err := rows.Scan(&r.PlayerID, &r.Name, &r.Mu, &r.Sigma, &r.Games, &updated); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		r.Updated = fromMS(updated)
		if IsBot(r.PlayerID) {
			r.Name = strings.TrimPrefix(r.PlayerID, BotPrefix)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}
