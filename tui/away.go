package tui

import (
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
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
	note := tm.welcomeNote()
	tm.backing = true // until the next snapshot: one SetAway per wait
	return tableCmd(func() error { return t.SetAway(p, false) }, note)
}

// welcomeNote welcomes a player back who was away, with the rounds their bot
// played meanwhile; nothing after a single timeout, which did not take
// them away (ON-3: the away line said their next turn is theirs).
func (tm *tableModel) welcomeNote() string {
	s := tm.snap
	if s.You >= 0 && s.You < len(s.Seats) && s.Seats[s.You].TimedOut {
		return ""
	}
	return tm.welcome(s.BotRounds)
}

// welcome is the welcome back naming the rounds the bot moved in, and, when
// the player sits the round in play out (SI-5), that the bot plays it too.
func (tm *tableModel) welcome(rounds []int) string {
	tx := tm.m.tx
	switch out, last := tm.sittingOut(), tm.lastRound(); {
	case out && last && len(rounds) > 0:
		return tx.f("Welcome back: your bot moved for you in %s and plays this last round.", tm.roundList(rounds))
	case out && last:
		return tx.get("Welcome back: your bot plays this last round.")
	case out && len(rounds) > 0:
		return tx.f("Welcome back: your bot moved for you in %s and plays this round; you play from the next.", tm.roundList(rounds))
	case out:
		return tx.get("Welcome back: your bot plays this round; you play from the next.")
	case len(rounds) > 0:
		return tx.f("Welcome back: your bot moved for you in %s.", tm.roundList(rounds))
	}
	return tx.get("Welcome back.")
}

// welcomeOnArrival tells a player who came back to their seat (a dropped
// connection, the lobby) once which rounds their bot moved for them
// meanwhile, on a line that stays until their next move (send).
func (tm *tableModel) welcomeOnArrival() {
	if r := tm.snap.GoneRounds; len(r) > 0 && !tm.welcomed {
		tm.welcomed = true
		tm.m.say(tm.welcome(r), false)
		tm.m.keepTillMove = true
	}
}

// roundList is "round 3" or "rounds 1, 2, 4–9" (Dou Dizhu: deals) in the
// player's language: runs of rounds are written as ranges.
func (tm *tableModel) roundList(rounds []int) string {
	tx := tm.m.tx
	list := roundRanges(tx, rounds)
	_, deals := tm.snap.View.(*doudizhu.View)
	switch {
	case deals && len(rounds) == 1:
		return tx.f("deal %s", list)
	case deals:
		return tx.f("deals %s", list)
	case len(rounds) == 1:
		return tx.f("round %s", list)
	}
	return tx.f("rounds %s", list)
}

// roundRanges writes ascending round numbers with each run of three or more
// as a range, the last two joined by the language's "and": 1, 2 and 4–9.
func roundRanges(tx *text, rounds []int) string {
	var parts []string
	for i := 0; i < len(rounds); {
		j := i
		for j+1 < len(rounds) && rounds[j+1] == rounds[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, strconv.Itoa(rounds[i])+"–"+strconv.Itoa(rounds[j]))
		case j > i:
			parts = append(parts, strconv.Itoa(rounds[i]), strconv.Itoa(rounds[j]))
		default:
			parts = append(parts, strconv.Itoa(rounds[i]))
		}
		i = j + 1
	}
	if n := len(parts); n > 1 {
		return strings.Join(parts[:n-1], ", ") + " " + tx.get("and") + " " + parts[n-1]
	}
	return strings.Join(parts, ", ")
}

// botPlaysFor reports whether the viewer's bot makes the viewer's moves now:
// they went away (:away, esc), not just ran out of time once, when their
// next turn is still theirs (ON-3).
func botPlaysFor(s tables.Snapshot) bool {
	return s.You >= 0 && s.You < len(s.Seats) && s.Seats[s.You].Kind == tables.Away && !s.Seats[s.You].TimedOut
}

// awayLine is the line an away player sees under the header: that they are
// away and how to come back first, then which rounds their bot moved in
// ("" when they are not away).
func (tm *tableModel) awayLine() string {
	s := tm.snap
	if !tm.awaySeat() {
		return ""
	}
	tx := tm.m.tx
	if tm.sittingOut() && tm.lastRound() { // no next round to be back for
		return tx.get("You are away: your bot plays this last round for you.")
	}
	if tm.sittingOut() {
		return tx.get("You are away: press any key to be back next round. Your bot plays this one.")
	}
	if s.Seats[s.You].TimedOut { // one timeout: the table still waits for their turns
		if len(s.BotRounds) > 0 {
			return tx.f("Time ran out: your bot moved for you in %s. Your next turn is yours.", tm.roundList(s.BotRounds))
		}
		return tx.get("Time ran out: your bot made that move. Your next turn is yours.")
	}
	if len(s.BotRounds) > 0 {
		return tx.f("You are away: press any key to play. Your bot moved for you in %s.", tm.roundList(s.BotRounds))
	}
	return tx.get("You are away: press any key to play. Your bot plays meanwhile.")
}

// awaySeat reports whether the player's own seat is away in the game in
// play, as the snapshot has it: the away line (awayLine) is shown.
func (tm *tableModel) awaySeat() bool {
	s := tm.snap
	return s.Phase == tables.Playing && s.You >= 0 && s.You < len(s.Seats) && s.Seats[s.You].Kind == tables.Away
}

// sittingOut reports whether the player's seat sits the round in play out
// (SI-5): its bot plays the round, and the player's moves are refused.
func (tm *tableModel) sittingOut() bool {
	s := tm.snap
	v, ok := s.View.(*trick.View)
	return ok && s.Phase == tables.Playing && v.Seat >= 0 && v.Seat < len(v.SatOut) && v.SatOut[v.Seat]
}

// lastRound reports whether the round in play is the game's last.
func (tm *tableModel) lastRound() bool {
	v, ok := tm.snap.View.(*trick.View)
	return ok && v.Round >= v.Rounds
}

// sitOutLine says the player sits the round out and who plays it, and that
// they are back next round when there is one; a replay names the seat. An
// away player reads the away line instead (awayLine): they are not back
// next round unless they press a key.
func (tm *tableModel) sitOutLine() string {
	switch {
	case tm.replaying:
		return tm.m.tx.f("%s sits this round out: a bot plays it.", tm.plainName(tm.snap.You))
	case tm.lastRound():
		return tm.m.tx.get("You sit this last round out: your bot plays it.")
	}
	return tm.m.tx.get("You sit this round out: your bot plays it; you are back next round.")
}
