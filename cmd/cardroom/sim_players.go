package main

import (
	"math/rand/v2"

	"github.com/cardroom/cardroom/cmd/cardroom/internal/oracle"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
)

// player moves for a seat in a sim game: a table's bot (from the seat's
// view) or the oracle (from the whole game).
type player interface {
	move(g engine.Game, seat int, rng *rand.Rand) engine.Move
}

// viewPlayer is a table's bot: it sees the seat's view only.
type viewPlayer struct{ b engine.Bot }

func (p viewPlayer) move(g engine.Game, seat int, rng *rand.Rand) engine.Move {
	return p.b.Decide(g.View(seat), rng)
}

// oraclePlayer sees every hand.
type oraclePlayer struct{ o *oracle.Bot }

func (p oraclePlayer) move(g engine.Game, seat int, rng *rand.Rand) engine.Move {
	return p.o.DecideGame(g, seat, rng)
}

// checkPlayer reports whether name is a bot sim can seat at a game of
// ruleset: one of the tables' bots, or the oracle.
func checkPlayer(ruleset, name string) error {
	if name == oracle.Name {
		return nil
	}
	_, err := games.NewBot(ruleset, name)
	return err
}

// newPlayer makes the player of a name checkPlayer accepted; without
// --clock the bots' wall-clock guards are off.
func newPlayer(c simConfig, name string) player {
	if name == oracle.Name {
		return oraclePlayer{oracle.New()}
	}
	b, _ := games.NewBot(c.Game, name)
	if u, ok := b.(unbounded); ok && !c.Clock {
		b = u.Unbounded()
	}
	return viewPlayer{b}
}

// tableBot reports whether name is one of the tables' bots (not the oracle
// or an external program).
func tableBot(ruleset, name string) bool {
	_, err := games.NewBot(ruleset, name)
	return err == nil
}
