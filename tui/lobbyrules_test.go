package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// The lobby names the rules a selected waiting table plays that are not
// its game's usual ones (and a turn timer other than the server's) before
// anyone sits down there, in every language, within 80 columns; a table
// of the usual rules says nothing.
func TestLobbyNamesAWaitingTablesUnusualRules(t *testing.T) {
	usual, odd := usualAndOddTables()
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		m.lobbyU = lobby.Update{Version: 1, Tables: []lobby.TableInfo{{Summary: usual}, {Summary: odd}}}
		tx := m.tx
		if v := plainView(m); strings.Contains(v, tx.f("Not the usual rules: %s", "")) {
			t.Errorf("%s: the usual table selected, the lobby names rules:\n%s", lang, v)
		}
		m.lobbySel = 1
		m.drawn = ""
		v := plainView(m)
		flat := strings.Join(strings.Fields(v), " ")
		for _, want := range []string{
			tx.f("Not the usual rules: %s", ""),
			optionLabel(tx, "scoring") + " " + tx.get("progressive"),
			optionLabel(tx, "hook") + " " + tx.get("on"),
			optionLabel(tx, "special_rounds") + " 5 " + tx.get("no trump"),
			tx.get("Turn timer") + " " + tx.get("off"),
		} {
			if !strings.Contains(flat, strings.TrimSpace(want)) {
				t.Errorf("%s: no %q under the list:\n%s", lang, want, v)
			}
		}
		for _, l := range strings.Split(v, "\n") {
			if w := visibleWidth(l); w > 80 {
				t.Errorf("%s: a line of %d columns: %q", lang, w, l)
			}
		}
	}
}

// usualAndOddTables are two waiting Singularity tables: one of the usual
// rules and the server's turn timer, one of three unusual rules and no
// timer.
func usualAndOddTables() (usual, odd tables.Summary) {
	usual = tables.Summary{ID: "u1", Name: "u1", Ruleset: "singularity", Title: "Singularity", Seats: 4, Free: 3, Humans: 1,
		Phase: tables.Waiting, TurnTimer: tables.DefaultTurnTimer, BotPace: tables.DefaultBotPace, TrickPause: tables.DefaultTrickPause, Options: engine.Options{"scoring": "standard", "hook": "false", "special_rounds": ""}}
	odd = usual
	odd.ID, odd.Name, odd.TurnTimer = "o1", "o1", 0
	odd.Options = engine.Options{"scoring": "progressive", "hook": "true", "special_rounds": "5:no_trump"}
	return usual, odd
}
