package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
)

// A replay is watched, not played: at no step, in no game or language,
// does it speak to the replayed seat as "you" (its name marked "(you)",
// "You sit this round out", "Your bid", ...); a seat that sits a round out
// is named instead ("alice sits this round out").
func TestReplayNamesTheSeatNotYou(t *testing.T) {
	sitOut := func(n int) *engine.Event { // alice sits the first round out
		if n == 0 {
			return &engine.Event{E: engine.EvSitout, Seat: 0, Round: 1}
		}
		return nil
	}
	cases := []struct {
		ruleset string
		event   func(int) *engine.Event
	}{
		{"boerenbridge", nil}, {"specialrounds", nil}, {"singularity", sitOut}, {"doudizhu", nil},
	}
	for _, c := range cases {
		game := playedGame(t, c.ruleset, engine.Options{}, [2]string{"Alan", "Grace"}, -1, c.event)
		game.Seats[0].From = 2 // alice took her seat over in round 2
		for _, lang := range []string{"en", "de", "nl"} {
			for _, size := range [][2]int{{80, 24}, {200, 50}} {
				m := openReplayIn(t, game, Settings{Lang: lang})
				m.width, m.height = size[0], size[1]
				tx, r := m.tx, m.replay
				live := []string{
					"(" + tx.get("you") + ")",
					"← " + tx.get("you"),
					head(tx.get("You sit this round out: your bot plays it; you are back next round.")),
					head(tx.get("You lead next, once the trick is cleared.")),
					head(tx.get("Forehead round: you see every card but your own; bid 0 or 1.")),
					tx.get("(marked in your hand)"),
					tx.get("Your bid"), tx.get("Your bid:"), tx.get("Your play:"),
					tx.get("Your bot is making your move."),
					head(tx.f("You took the seat over in round %d: unrated for you.", 2)),
					head(tx.f("You took the seat over in deal %d: unrated for you.", 2)),
				}
				sat := head(tx.f("%s sits this round out: a bot plays it.", "alice"))
				sawSitOut := false
				for pos := 0; pos <= len(r.events); pos++ {
					m.showReplay(pos)
					scr := redrawn(m)
					for _, l := range live {
						if strings.Contains(scr, l) {
							t.Fatalf("%s %s %v, move %d: the replay says %q:\n%s", c.ruleset, lang, size, pos, l, scr)
						}
					}
					sawSitOut = sawSitOut || strings.Contains(scr, sat)
				}
				if c.event != nil && !sawSitOut {
					t.Errorf("%s %s %v: the replay never says %q", c.ruleset, lang, size, sat)
				}
			}
		}
	}
}

// head is the first words of a line, as a screen too narrow for all of it
// still shows them.
func head(s string) string {
	r := []rune(s)
	return string(r[:min(len(r), 18)])
}
