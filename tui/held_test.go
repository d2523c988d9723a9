package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// While a game waits for its people, the turn line says the turn is on
// hold, never "Waiting for …": to a spectator and to a player, in a trick
// game and in Dou Dizhu, whether a person or a bot is to move, within 80
// columns in every language.
func TestHeldGameSaysTheTurnIsOnHold(t *testing.T) {
	for _, c := range []struct {
		ruleset, title string
		players        int
	}{{"boerenbridge", "Boerenbridge", 4}, {"doudizhu", "Dou Dizhu", 3}} {
		for _, turn := range []int{1, 2} { // a bot's turn, then away bob's
			g := playTo(t, c.ruleset, c.players, 5, func(g engine.Game) bool {
				return g.Next() == turn && len(g.Legal(turn)) > 1
			})
			for _, you := range []int{engine.Spectator, 0} {
				for _, lang := range []string{"en", "de", "nl"} {
					snap := snapshotOf(g, c.title, you)
					if you >= 0 {
						snap.Seats[you] = tables.SeatInfo{Name: "alice", Kind: tables.Away}
					}
					snap.Held, snap.Deadline = true, time.Time{}
					m := onTable(testModel(80, 24, Settings{Lang: lang}), snap)
					scr := plainView(m)
					want := m.tx.f("%s is away: the game is on hold.", "bob")
					if turn == 1 {
						want = m.tx.f("The game is on hold: %s moves once a player is back.", m.table.plainName(1))
					}
					waiting := strings.TrimSuffix(m.tx.f("Waiting for %s…", ""), "…")
					if !strings.Contains(scr, want) || strings.Contains(scr, waiting) {
						t.Errorf("%s %s seat %d, turn %d: want %q and no %q:\n%s", c.ruleset, lang, you, turn, want, waiting, scr)
					}
					m.table.snap.Held, m.table.snap.Version = false, 8
					m.table.snapshot(m.table.snap)
					if scr := redrawn(m); strings.Contains(scr, want) {
						t.Errorf("%s %s seat %d, turn %d: the hold stays once the game goes on:\n%s", c.ruleset, lang, you, turn, scr)
					}
				}
			}
		}
	}
}
