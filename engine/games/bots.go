package games

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/doudizhu/ddbot"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/engine/trick/trickbot"
)

// BotEntry is a bot a table or `cardroom sim` can seat, by name.
type BotEntry struct {
	Name string // "random", "baseline", "easy", "normal", "strong", …
	Doc  string // one line for people
	// Family is the rule sets it plays: "trick" (singularity,
	// specialrounds, boerenbridge), "doudizhu", or "" for every game.
	Family string
	New    func() engine.Bot
}

// botList is every bot by family. Dou Dizhu bots join it with Family
// "doudizhu" (and may reuse the level names easy, normal, strong).
func botList() []BotEntry {
	level := func(l trickbot.Level) func() engine.Bot {
		return func() engine.Bot { return trickbot.New(l) }
	}
	return []BotEntry{
		{Name: "random", Doc: "a uniformly random legal move (fixed baseline)", New: func() engine.Bot { return RandomBot{} }},
		{Name: "baseline", Family: "trick", Doc: "rule-based: bids its high cards and trumps, plays to make its bid (fixed baseline)",
			New: func() engine.Bot { return trick.BaselineBot{} }},
		{Name: "baseline", Family: "doudizhu", Doc: "rule-based Dou Dizhu bot (fixed baseline)",
			New: func() engine.Bot { return doudizhu.BaselineBot{} }},
		{Name: "easy", Family: "trick", Doc: "determinized Monte Carlo, few samples", New: level(trickbot.Easy)},
		{Name: "normal", Family: "trick", Doc: "determinized Monte Carlo", New: level(trickbot.Normal)},
		{Name: "strong", Family: "trick", Doc: "determinized Monte Carlo, more samples, exact endgame", New: level(trickbot.Strong)},
		{Name: "rlcard", Family: "doudizhu", Doc: "a port of RLCard's doudizhu-rule-v1 agent (fixed baseline)",
			New: func() engine.Bot { return ddbot.RLCardBot{} }},
		{Name: "easy", Family: "doudizhu", Doc: "plays its hand split, no search", New: ddLevel(ddbot.Easy)},
		{Name: "normal", Family: "doudizhu", Doc: "hand split and determinized rollouts", New: ddLevel(ddbot.Normal)},
		{Name: "strong", Family: "doudizhu", Doc: "more rollouts, inference from passes, endgame search", New: ddLevel(ddbot.Strong)},
	}
}

// ddLevel makes Dou Dizhu bots of a level.
func ddLevel(l ddbot.Level) func() engine.Bot {
	return func() engine.Bot { return ddbot.New(l) }
}

// family is the bot family of a rule set.
func family(ruleset string) string {
	if ruleset == "doudizhu" {
		return "doudizhu"
	}
	return "trick"
}

// Bots lists the bots that play ruleset.
func Bots(ruleset string) []BotEntry {
	var out []BotEntry
	for _, b := range botList() {
		if b.Family == "" || b.Family == family(ruleset) {
			out = append(out, b)
		}
	}
	return out
}

// NewBot returns the bot named name for a table of ruleset, or an error that
// lists the bots there are.
func NewBot(ruleset, name string) (engine.Bot, error) {
	var names []string
	for _, b := range Bots(ruleset) {
		if b.Name == name {
			return b.New(), nil
		}
		names = append(names, b.Name)
	}
	return nil, fmt.Errorf("no bot %q for %s (bots: %s)", name, ruleset, strings.Join(names, ", "))
}

// RandomBot plays a uniformly random legal move, in any game: the weakest
// fixed baseline.
type RandomBot struct{}

// Decide returns one of v.LegalMoves().
func (RandomBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	legal := v.LegalMoves()
	if len(legal) == 0 {
		return engine.Move{}
	}
	return legal[rng.IntN(len(legal))]
}
