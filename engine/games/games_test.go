package games

import (
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Every game has a bot of every level, and the default level plays.
func TestEveryGameHasEveryLevel(t *testing.T) {
	for _, rs := range Registry().All() {
		for _, lvl := range Levels() {
			if _, err := LevelBot(rs.Name, lvl, 1); err != nil {
				t.Errorf("%s: %v", rs.Name, err)
			}
		}
		if _, err := LevelBot(rs.Name, "genius", 1); err == nil {
			t.Errorf("%s: an unknown level was accepted", rs.Name)
		}
		if !slices.Contains(Levels(), DefaultLevel) {
			t.Fatalf("the default level %q is not a level", DefaultLevel)
		}
	}
}

// The easy bots play a whole game of each rule set with legal moves only.
func TestEasyBotsPlayEveryGame(t *testing.T) {
	for _, rs := range Registry().All() {
		g, _, err := rs.Start(rs.MinPlayers, nil)
		if err != nil {
			t.Fatal(err)
		}
		bot, _ := LevelBot(rs.Name, "easy", 0)
		rng := cards.NewRand(3)
		for steps := 0; !g.Done(); steps++ {
			if steps > 5000 {
				t.Fatalf("%s: no end after %d steps", rs.Name, steps)
			}
			if g.Next() == engine.Chance {
				if err := g.Deal(rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			s := g.Next()
			if err := g.Apply(s, bot.Decide(g.View(s), rng)); err != nil {
				t.Fatalf("%s: %v", rs.Name, err)
			}
		}
	}
}

// The search bots of every level take a context, so a table can bound
// their decisions by its deadline (the goal: strong within 300 ms per
// decision, never beyond the table's timer).
func TestLevelBotsTakeAContext(t *testing.T) {
	for _, rs := range Registry().All() {
		for _, lvl := range Levels() {
			b, err := LevelBot(rs.Name, lvl, 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := b.(engine.ContextBot); !ok {
				t.Errorf("%s %s: %T is not an engine.ContextBot", rs.Name, lvl, b)
			}
		}
	}
}
