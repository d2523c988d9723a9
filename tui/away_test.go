package tui

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// At the away line any key brings the player back but esc: it takes them
// to the lobby, and a "back" on the way out would only tell the others
// they came and went.
func TestEscAtTheAwayLineGoesWithoutComingBack(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	c := awayHostsTable(t, l, tables.Player{ID: "SHA256:test", Name: "alice"}, "singularity")
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool { return g.Next() != engine.Chance })
	for _, k := range []string{"esc", "x"} {
		s := snapshotOf(g, "Singularity", 0)
		s.Seats[0].Kind = tables.Away
		m := onTable(testModel(80, 24, Settings{}), s)
		tm := m.table
		tm.t = c.Table
		if !tm.away() {
			t.Fatal("the seat is not away")
		}
		m.Update(key(k))
		if back := tm.backing; back != (k != "esc") {
			t.Errorf("%s at the away line: coming back %v", k, back)
		}
		if esc := k == "esc"; esc != (m.screen != tableScreen) {
			t.Errorf("%s at the away line: screen %v", k, m.screen)
		}
	}
}
