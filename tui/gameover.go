package tui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// gameOverView is the end of a game: the final standings with each seat's
// bid accuracy (trick games), the last trick or the last deal (with its
// last round of plays after .), and how to play again or go back to the
// lobby.
func (tm *tableModel) gameOverView() string {
	s := tm.snap
	st, tx := tm.m.st, tm.m.tx
	var b strings.Builder
	b.WriteString("\n" + st.Title.Render(tx.get("Game over")) + "\n\n")
	tv, _ := s.View.(*trick.View)
	for _, sd := range s.Standings {
		line := fmt.Sprintf("  %d.  %s %6d", sd.Place, cell(sd.Name, 24), sd.Total)
		if tv != nil {
			made, of := bidAccuracy(tv, sd.Seat)
			line += "   " + tx.f("bid right %d of %d", made, of)
		}
		line += tm.finisher(sd.Seat)
		switch {
		case sd.Seat == s.You && tm.replaying: // the replayed seat, which the watcher is not
			line = st.Bold.Render(line)
		case sd.Seat == s.You:
			line = st.Bold.Render(line + "  ← " + tx.get("you"))
		}
		b.WriteString(line + "\n")
	}
	if tv != nil && len(tv.Penalties) > 0 {
		b.WriteString(st.Err.Render(fit("  "+tm.penaltiesGiven(tv), tm.width())) + "\n")
	}
	for _, l := range tm.takeoverLines() {
		b.WriteString(st.Subtle.Render(fit("  "+l, tm.width())) + "\n")
	}
	if s.Ended != "" {
		b.WriteString("\n" + st.Warn.Render(tx.message(s.Ended)) + "\n")
	}
	switch v := s.View.(type) {
	case *trick.View:
		if len(v.LastTrick) > 0 {
			first, rest := tm.trickLines(tx.get("Last trick:"), v.LastTrick, v.LastWinner)
			b.WriteString("\n" + fit(first, tm.width()) + "\n")
			if rest != "" {
				b.WriteString(fit(rest, tm.width()) + "\n")
			}
		}
	case *doudizhu.View:
		if panel := tm.dealPanel(v); panel != nil {
			b.WriteString("\n" + strings.Join(panel, "\n") + "\n")
		}
		if tm.showPlays { // . as at the table: the last round of plays
			b.WriteString("\n" + tm.ddPlays(v) + "\n")
		}
	}
	if tm.replaying { // the replay's key bar says where to go from here
		return b.String()
	}
	b.WriteString("\n")
	switch {
	case tm.canPlayAgain() && tm.again != "":
		b.WriteString(st.Bold.Render(fit(tx.f("%s set up a new game: press r to sit at it.", tm.again), tm.width())) + "\n")
	case tm.canPlayAgain():
		b.WriteString(st.Bold.Render(fit(tx.get("Press r to play again: same game, same seats; bots take the seats nobody takes."), tm.width())) + "\n")
	case tm.watchedToEnd() && tm.again != "":
		b.WriteString(st.Bold.Render(fit(tx.f("%s set up a new game: find it in the lobby (esc).", tm.again), tm.width())) + "\n")
	}
	b.WriteString(tx.get("Press tab for the score sheet, esc for the lobby.") + "\n")
	return b.String()
}

// penaltiesGiven is the scorekeeper's penalties (BB-7) on one line: each
// seat that got any, with their sum.
func (tm *tableModel) penaltiesGiven(v *trick.View) string {
	sum := make([]int, v.Players)
	for _, p := range v.Penalties {
		if p.Seat >= 0 && p.Seat < v.Players {
			sum[p.Seat] += p.Points
		}
	}
	var parts []string
	for i, pts := range sum {
		if pts != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d", tm.plainName(i), pts))
		}
	}
	return tm.m.tx.f("Penalties given: %s", strings.Join(parts, ", "))
}

// bidAccuracy counts the rounds seat played itself and those in which it
// took exactly the tricks it bid.
func bidAccuracy(v *trick.View, seat int) (made, of int) {
	for _, r := range v.Sheet {
		if seat >= len(r.Bids) || r.SatOut != nil && r.SatOut[seat] {
			continue
		}
		of++
		if r.Bids[seat] == r.Took[seat] {
			made++
		}
	}
	return made, of
}

// canPlayAgain reports whether the player may start the game again: they
// sat at it and it was played to its end (at the table, not in a replay).
func (tm *tableModel) canPlayAgain() bool {
	s := tm.snap
	return s.Phase == tables.Over && s.Standings != nil && s.Ended == "" && s.You >= 0 && !tm.replaying
}

// watchedToEnd reports whether the player watched the game, which was
// played to its end: the game-over screen tells them of a new game of it.
func (tm *tableModel) watchedToEnd() bool {
	s := tm.snap
	return s.Phase == tables.Over && s.Standings != nil && s.Ended == "" && s.You < 0 && !tm.replaying
}

// noteAgain looks in the lobby for the waiting table that plays the
// finished game on screen again, and keeps who started it for the
// game-over screen; it reports whether that changed.
func (tm *tableModel) noteAgain(u lobby.Update) bool {
	again := ""
	if id := tm.snap.TableID; id != "" && (tm.canPlayAgain() || tm.watchedToEnd()) {
		watching := !tm.canPlayAgain()
		for _, ti := range u.Tables {
			// a spectator is told only of a table they may watch
			if ti.Again == id && ti.Phase == tables.Waiting && (!watching || ti.Admits(tm.m.player.ID)) {
				again = ti.Host
				break
			}
		}
	}
	changed := again != tm.again
	tm.again = again
	return changed
}

// gameOverKey handles the keys of the game-over screen: r plays again.
func (tm *tableModel) gameOverKey(k tea.KeyMsg) (tea.Cmd, bool) {
	if k.String() != "r" || !tm.canPlayAgain() || tm.m.app.lobby == nil {
		return nil, false
	}
	return tm.playAgain(), true
}

// playAgain asks the lobby for the table that plays this game again (the
// first to ask creates it, with the same rule set, options, seats, timer,
// pace and a name a host typed; a name the lobby gave goes to its new host)
// and sits the player in their seat of this game.
func (tm *tableModel) playAgain() tea.Cmd {
	m, s := tm.m, tm.snap
	p, seat := m.player, s.You
	off := func(d time.Duration) time.Duration {
		if d == 0 {
			return lobby.Off
		}
		return d
	}
	name := s.Name
	if namedFor(s.Name, s.Host, s.Title) != "" {
		name = "" // the lobby names the table for whoever asks first
	}
	req := lobby.CreateRequest{
		Host: p, Ruleset: s.Ruleset, Options: s.Options, Seats: len(s.Seats), Name: name, Private: s.Private,
		TurnTimer: off(s.TurnTimer), BotPace: off(s.BotPace), TrickPause: off(s.TrickPause), BotLevels: s.BotLevels, Watch: true, Again: s.TableID,
	}
	l := m.app.lobby
	return func() tea.Msg {
		c, err := l.Create(req)
		if err != nil {
			return satMsg{err: err}
		}
		if err := c.Table.Sit(p, seat); err != nil {
			if err := c.Table.Sit(p, -1); err != nil {
				return satMsg{err: err}
			}
		}
		sub, err := c.Table.Subscribe(p)
		return satMsg{t: c.Table, sub: sub, code: c.Code, err: err}
	}
}
