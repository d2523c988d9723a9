// Package keeper connects the tables and the lobby to the store, so that
// neither imports it: a Keeper is the tables' Journal (journal every event,
// archive and rate each finished game), the lobby's NameRegistry and
// SavedTables, and what the screens need of the store (settings, history,
// export, ratings).
//
// Who is rated (per game family, the family being the rule set's name):
// people by their key's player id; bots by store.BotID of their kind
// (tables.BotKind), so two seats of one kind count as one bot; guests never
// (their id lives as long as one connection), and the others are rated by
// their places among themselves. A seat is rated as whoever it is credited
// to (ON-6, tables.Credit): who held it for most of its moves, a person
// who left or was away included; but not when that one took the seat over
// part-way (tables.Credit.From: a bot's or another's earlier rounds are not
// theirs), and then the others are rated among themselves as for a guest;
// nor a seat of the bot an older server pooled every level under
// (store.PooledBotID).
// A game stopped by an internal error is archived but not rated; fewer
// than two rated seats rate nothing.
package keeper

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// Settings keeps a player's settings, a JSON object ({} when none were
// saved). *store.Store and *Keeper satisfy it; the tui can take one.
type Settings interface {
	Settings(id string) (json.RawMessage, error)
	SaveSettings(id string, v json.RawMessage) error
}

// History lists and reads finished games. *store.Store and *Keeper satisfy
// it.
type History interface {
	// Games returns the last limit games playerID sat at, newest first,
	// without their records.
	Games(playerID string, limit int) ([]store.Game, error)
	// Game returns one game with its record (store.ErrNotFound).
	Game(id int64) (store.Game, error)
}

// Logger is what the keeper logs through (*log.Logger of
// charmbracelet/log fits).
type Logger = tables.Logger

// Keeper is the store seen by the tables, the lobby and the screens. It is
// safe for concurrent use.
type Keeper struct {
	s   *store.Store
	log Logger
}

// New returns a keeper of s; log may be nil.
func New(s *store.Store, log Logger) *Keeper {
	if log == nil {
		log = nopLogger{}
	}
	return &Keeper{s: s, log: log}
}

// Store is the store kept.
func (k *Keeper) Store() *store.Store { return k.s }

var (
	_ tables.Journal     = (*Keeper)(nil)
	_ tables.Dropper     = (*Keeper)(nil)
	_ lobby.NameRegistry = (*Keeper)(nil)
	_ lobby.SavedTables  = (*Keeper)(nil)
	_ Settings           = (*Keeper)(nil)
	_ Settings           = (*store.Store)(nil)
	_ History            = (*Keeper)(nil)
	_ History            = (*store.Store)(nil)
)

// ---- tables.Journal --------------------------------------------------------

// Start begins the journal of a table's game.
func (k *Keeper) Start(tableID string, header []byte) error {
	return k.s.StartJournal(tableID, header)
}

// Append adds lines to the table's journal; they are committed when it
// returns.
func (k *Keeper) Append(tableID string, lines ...[]byte) error {
	_, err := k.s.Append(tableID, lines...)
	return err
}

// Reset writes a table's journal afresh as header alone: a waiting
// table's, and its game's when it starts.
func (k *Keeper) Reset(tableID string, header []byte) error {
	return k.s.ResetJournal(tableID, header)
}

// Drop forgets the journal of a waiting table that closed.
func (k *Keeper) Drop(tableID string) error {
	if err := k.s.DeleteJournal(tableID); err != nil && !errors.Is(err, store.ErrNoJournal) {
		return err
	}
	return nil
}

// Finish archives a finished game and, when it was played to its end, rates
// it, in one transaction that also drops its journal.
func (k *Keeper) Finish(f tables.Finished) error {
	g := store.Game{Table: f.Table, Ruleset: f.Ruleset, Started: f.Started, Ended: f.Ended, Record: f.Record}
	for _, s := range f.Seats {
		g.Seats = append(g.Seats, store.Seat{PlayerID: PlayerID(s), Name: s.Name, Total: s.Total, Place: s.Place, Finisher: s.Finisher, From: s.From})
	}
	ids, places := Rated(f.Seats)
	if !f.Complete || len(ids) < 2 {
		if _, err := k.s.Archive(g); err != nil {
			return fmt.Errorf("archive: %w", err)
		}
		return nil
	}
	// One transaction: a crash leaves the game journaled (and restored,
	// and finished again) or archived and rated, never rated twice.
	if _, _, err := k.s.ArchiveRated(g, f.Ruleset, ids, places); err != nil {
		return fmt.Errorf("archive: %w", err)
	}
	return nil
}

// GuestSeat is the id every guest's seat is kept under: no session ever
// has it, so a guest's game has no owner to export or replay it, and no
// later guest can be taken for an earlier one.
const GuestSeat = "guest"

// PlayerID is the id a finished seat is kept under: the person's,
// GuestSeat for a guest, or store.BotID of the bot's kind.
func PlayerID(s tables.FinishedSeat) string {
	if s.Player.Guest {
		return GuestSeat
	}
	if s.Player.ID != "" {
		return s.Player.ID
	}
	return store.BotID(s.Bot)
}

// Rated returns the ids and places of the seats that are rated: every seat
// but guests', those taken over part-way (From), and those of the bot an
// older server pooled every level under (store.PooledBotID: a game from the
// cluster's stream of finished games, replayed on a node that joins later).
func Rated(seats []tables.FinishedSeat) (ids []string, places []int) {
	for _, s := range seats {
		if s.Player.Guest || s.From != 0 || PlayerID(s) == store.PooledBotID {
			continue
		}
		ids = append(ids, PlayerID(s))
		places = append(places, s.Place)
	}
	return ids, places
}

// ---- lobby.SavedTables ------------------------------------------------------

// Unfinished reads back every unfinished table's journal, oldest first.
func (k *Keeper) Unfinished() ([]tables.Saved, error) {
	infos, err := k.s.Unfinished()
	if err != nil {
		return nil, err
	}
	out := make([]tables.Saved, 0, len(infos))
	for _, in := range infos {
		h, lines, err := k.s.Journal(in.Table)
		if err != nil {
			return nil, err
		}
		s := tables.Saved{Table: in.Table, Header: h, Lines: make([][]byte, len(lines))}
		for i, l := range lines {
			s.Lines[i] = l
		}
		out = append(out, s)
	}
	return out, nil
}

// ---- lobby.NameRegistry -----------------------------------------------------

// Reserve reserves name for the key id for good (store.ReserveName).
func (k *Keeper) Reserve(id, name string) (string, error) { return k.s.ReserveName(id, name) }

// Owner returns the id holding name, "" when nobody does.
func (k *Keeper) Owner(name string) (string, error) {
	id, err := k.s.NameOwner(name)
	if errors.Is(err, store.ErrNotFound) {
		return "", nil
	}
	return id, err
}

// ---- for the screens ----------------------------------------------------------

// Settings returns id's settings ({} when none were saved).
func (k *Keeper) Settings(id string) (json.RawMessage, error) { return k.s.Settings(id) }

// SaveSettings replaces id's settings with v, a JSON object.
func (k *Keeper) SaveSettings(id string, v json.RawMessage) error { return k.s.SaveSettings(id, v) }

// Games returns the last limit games playerID sat at, newest first.
func (k *Keeper) Games(playerID string, limit int) ([]store.Game, error) {
	return k.s.Games(playerID, limit)
}

// Game returns one finished game with its record.
func (k *Keeper) Game(id int64) (store.Game, error) { return k.s.Game(id) }

// ErrBadGameID is Export's answer to a game id that is not a number.
var ErrBadGameID = errors.New("a game is named by its number")

// Export returns the record (RECORD.md, JSON Lines) of the finished game
// named by its number ("12" or "#12"), as `ssh host export GAME` writes it
// to stdout; an unknown game is store.ErrNotFound. games is anything with
// Game(id): the store, a Keeper, the tui's Archive.
func Export(games interface {
	Game(id int64) (store.Game, error)
}, game string) ([]byte, error) {
	id, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(game), "#"), 10, 64)
	if err != nil || id <= 0 {
		return nil, ErrBadGameID
	}
	g, err := games.Game(id)
	if err != nil {
		return nil, err
	}
	return g.Record, nil
}

// Export is Export(k, game).
func (k *Keeper) Export(game string) ([]byte, error) { return Export(k.s, game) }

type nopLogger struct{}

func (nopLogger) Info(any, ...any)  {}
func (nopLogger) Warn(any, ...any)  {}
func (nopLogger) Error(any, ...any) {}
