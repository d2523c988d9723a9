package engine

import (
	"context"
	"math/rand/v2"
)

// Special values of Game.Next and of a view's seat.
const (
	// Chance is Next when the cards must be dealt or drawn: call Deal.
	Chance = -1
	// Over is Next when the game has ended.
	Over = -2
	// Spectator is the seat whose View holds public information only.
	Spectator = -1
)

// Game is a game in progress. It is driven by one owner (a table, a test, a
// bot's simulation, a replay); it is not safe for concurrent use.
//
// Every state change is an Event, and Events returns them in order: that list,
// under a Header, is the game's record.
type Game interface {
	// Ruleset is the name of the rule set ("singularity", "doudizhu", …).
	Ruleset() string
	// Players is the number of seats.
	Players() int
	// Next is the seat that must act now, Chance when cards must be dealt or
	// drawn (call Deal), or Over when the game has ended.
	Next() int
	// Legal lists the moves seat may make now; none when it is not that
	// seat's turn.
	Legal(seat int) []Move
	// Apply makes seat's move. An illegal move returns an error that says why
	// in words a player understands, and changes nothing.
	Apply(seat int, m Move) error
	// Deal resolves the pending chance step (a deal, or one card of a
	// trump-choice draw) with cards drawn from rng. It is an error when Next
	// is not Chance.
	Deal(rng *rand.Rand) error
	// Event applies a record line other than a move: a deal or draw (as
	// read from a record), or a table's sitout or penalty. It checks the line
	// against the rules and changes nothing when it returns an error.
	Event(e Event) error
	// View is what seat may know now (RULES.md ON-4); Spectator gets the
	// public view. Views are fresh values that share nothing with the game.
	View(seat int) View
	// Done reports whether the game has ended.
	Done() bool
	// Result is the score so far: each finished round's (or deal's) scores
	// and the running totals, penalties included.
	Result() Result
	// Events is the record of the game so far, without its header.
	Events() []Event
}

// Result is the score of a game so far.
type Result struct {
	// Rounds holds each finished round's (trick games) or deal's (doudizhu)
	// score per seat, penalties not included.
	Rounds [][]int `json:"rounds"`
	// Totals holds each seat's total, penalties included.
	Totals []int `json:"totals"`
}

// View is what one seat may know of a game. Each game has its own concrete
// view type (*trick.View, *doudizhu.View); the table sends views to players
// and bots, who type-switch on them.
type View interface {
	// ViewSeat is the seat the view is for, or Spectator.
	ViewSeat() int
	// Legal lists the moves the viewing seat may make now (none when it is not
	// its turn), so a player or bot needs nothing but the view.
	LegalMoves() []Move
}

// Bot chooses a move from a seat's view — the same view a person gets, so a
// bot cannot peek. Decide is called only when the view's seat must act, and
// returns one of view.LegalMoves().
type Bot interface {
	Decide(v View, rng *rand.Rand) Move
}

// ContextBot is a Bot that can be told to stop thinking. DecideContext
// returns one of v.LegalMoves() like Decide, and must return one promptly
// once ctx is done (cancelled or past its deadline), from whatever it has
// worked out so far: a table passes the decision's deadline in ctx and does
// not wait much longer. Until ctx is done the move must be the one Decide
// would make, so that a caller without a deadline (a simulation, a
// tournament) stays reproducible.
type ContextBot interface {
	Bot
	DecideContext(ctx context.Context, v View, rng *rand.Rand) Move
}

// DecideContext asks b for its move, through DecideContext when b is a
// ContextBot and through Decide (which does not see ctx) otherwise.
func DecideContext(ctx context.Context, b Bot, v View, rng *rand.Rand) Move {
	if cb, ok := b.(ContextBot); ok {
		return cb.DecideContext(ctx, v, rng)
	}
	return b.Decide(v, rng)
}
