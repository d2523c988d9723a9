// Package games lists every game cardroom hosts: it builds the registry of
// rule sets that the server, the replay command and tools share.
package games

import (
	"cardroom/engine"
	"cardroom/engine/doudizhu"
	"cardroom/engine/trick"
)

// Registry returns a registry of every rule set: singularity, specialrounds,
// boerenbridge, doudizhu.
func Registry() *engine.Registry {
	return engine.NewRegistry(append(trick.Rulesets(), doudizhu.Ruleset())...)
}

// Bot returns the bot that plays seat at a table of ruleset: the baseline
// bot of the game's family.
func Bot(ruleset string, seat int) engine.Bot {
	if ruleset == "doudizhu" {
		return doudizhu.BaselineBot{}
	}
	return trick.BaselineBot{}
}
