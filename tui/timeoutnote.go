package tui

import "github.com/cardroom/cardroom/tables"

// timeoutLine is the away line of a player whose timer ran out once ("" when
// it did not): it goes on the status line (noteTimeout), not on the notice
// line (notice.go).
func (tm *tableModel) timeoutLine() string {
	s := tm.snap
	if s.Phase != tables.Playing || s.You < 0 || s.You >= len(s.Seats) || s.Seats[s.You].Kind != tables.Away || !s.Seats[s.You].TimedOut {
		return ""
	}
	return tm.awayLine()
}

// noteTimeout says the timeout's line on the status line when it comes or
// changes (prev: the line before the new snapshot), and takes it away once
// the player is back, unless another line took its place.
func (tm *tableModel) noteTimeout(prev string) {
	line := tm.timeoutLine()
	switch {
	case line != "" && line != prev:
		tm.m.say(line, false)
	case line == "" && prev != "" && tm.m.status == prev:
		tm.m.say("", false)
	}
}

// awayNotice is the away line on the notice line (notice.go): awayLine, but
// for the timeout's, which is on the status line.
func (tm *tableModel) awayNotice() string {
	if tm.timeoutLine() != "" {
		return ""
	}
	return tm.awayLine()
}
