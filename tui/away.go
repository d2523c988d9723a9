package tui

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/tables"
)

// away reports whether the player's own seat is away (their timer ran out,
// or they said :away): any key at the table brings them back.
func (tm *tableModel) away() bool {
	s := tm.snap
	return tm.t != nil && s.Phase == tables.Playing && s.You >= 0 && s.You < len(s.Seats) &&
		s.Seats[s.You].Kind == tables.Away && !tm.backing
}

// comeBack tells the table the player is back, and them which rounds their
// bot played meanwhile.
func (tm *tableModel) comeBack() tea.Cmd {
	p, t := tm.m.player, tm.t
	tx := tm.m.tx
	note := tx.get("Welcome back.")
	if r := tm.snap.BotRounds; len(r) > 0 {
		note = tx.f("Welcome back: your bot moved for you in %s.", tm.roundList(r))
	}
	tm.backing = true // until the next snapshot: one SetAway per wait
	return tableCmd(func() error { return t.SetAway(p, false) }, note)
}

// roundList is "round 3" or "rounds 1, 2, 4" (Dou Dizhu: deals) in the
// player's language.
func (tm *tableModel) roundList(rounds []int) string {
	tx := tm.m.tx
	ns := make([]string, len(rounds))
	for i, r := range rounds {
		ns[i] = strconv.Itoa(r)
	}
	_, deals := tm.snap.View.(*doudizhu.View)
	switch {
	case deals && len(ns) == 1:
		return tx.f("deal %s", ns[0])
	case deals:
		return tx.f("deals %s", strings.Join(ns, ", "))
	case len(ns) == 1:
		return tx.f("round %s", ns[0])
	}
	return tx.f("rounds %s", strings.Join(ns, ", "))
}

// awayLine is the line an away player sees under the header: that they are
// away, which rounds their bot played, and how to come back ("" when they
// are not away).
func (tm *tableModel) awayLine() string {
	s := tm.snap
	if s.Phase != tables.Playing || s.You < 0 || s.You >= len(s.Seats) || s.Seats[s.You].Kind != tables.Away {
		return ""
	}
	tx := tm.m.tx
	line := tx.get("You are away: your bot plays for you.")
	if len(s.BotRounds) > 0 {
		line = tx.f("You are away: your bot moved for you in %s.", tm.roundList(s.BotRounds))
	}
	return line + " " + tx.get("Press any key to play.")
}
