package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// A replay's forehead round shows the replayed seat's own card as it
// shows the others', saying whose forehead it is, never the live game's
// "your forehead" (nor "your card was" once the trick is complete), at
// 80×24 and 200×50 in every language.
func TestReplayForeheadSaysWhose(t *testing.T) {
	game := finishedOf(t, "specialrounds", engine.Options{})
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			m := openReplayIn(t, game, Settings{Lang: lang})
			m.width, m.height = size[0], size[1]
			r := m.replay
			tx := m.tx
			live := []string{tx.get("on your forehead"), tx.get("Your card is on your forehead: everyone sees it but you."), tx.get("Your card was")}
			shown := false
			for pos := m.replayJump(19); pos <= len(r.events); pos++ {
				m.showReplay(pos)
				scr := redrawn(m)
				for _, l := range live {
					if strings.Contains(scr, l) {
						t.Fatalf("%s %v, move %d: the replay says %q:\n%s", lang, size, pos, l, scr)
					}
				}
				g, err := r.at(m.app.reg, pos)
				if err != nil {
					t.Fatal(err)
				}
				if c := foreheadCard(g, r.seat); c != cards.None {
					want := ansi.Strip(tx.f("The card on %s's forehead: %s", "alice", m.st.Card(c)))
					if !strings.Contains(scr, want) {
						t.Errorf("%s %v, move %d: no %q:\n%s", lang, size, pos, want, scr)
					}
					shown = true
				}
			}
			if !shown {
				t.Fatalf("%s %v: the replay never reached the forehead round", lang, size)
			}
		}
	}
}
