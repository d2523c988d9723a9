// Package games lists every game cardroom hosts: it builds the registry of
// rule sets that the server, the replay command and tools share.
package games

import (
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
)

// Registry returns a registry of every rule set: singularity, specialrounds,
// boerenbridge, doudizhu.
func Registry() *engine.Registry {
	return engine.NewRegistry(append(trick.Rulesets(), doudizhu.Ruleset())...)
}

// DefaultLevel is the bot level of a seat nobody chose one for.
const DefaultLevel = "normal"

// Bot returns the bot that plays seat at a table of ruleset when no level
// was chosen: the game's bot at DefaultLevel, else its baseline.
func Bot(ruleset string, seat int) engine.Bot {
	if b, err := NewBot(ruleset, DefaultLevel); err == nil {
		return b
	}
	return Baseline(ruleset, seat)
}

// LevelBot returns the bot of a level ("easy", "normal", "strong", or any
// bot name of Bots) for seat at a table of ruleset.
func LevelBot(ruleset, level string, seat int) (engine.Bot, error) {
	return NewBot(ruleset, level)
}

// Levels are the bot levels a table's host chooses from, weakest first.
func Levels() []string { return []string{"easy", "normal", "strong"} }

// Baseline returns the fixed rule-based bot of ruleset's family: fast, for
// tests and simulations that need many games.
func Baseline(ruleset string, seat int) engine.Bot {
	if ruleset == "doudizhu" {
		return doudizhu.BaselineBot{}
	}
	return trick.BaselineBot{}
}
