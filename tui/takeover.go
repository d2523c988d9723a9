package tui

// A seat taken over part-way (RULES.md ON-6) is credited to the one who
// took it, from the round they took it in, but not rated: the end screen
// and the history say so.

// takeoverNote says that name took seat (from 0) of a ruleset game over in
// round (or deal) from and is not rated for it; mine: it is the reader's
// seat. Another's note names them twice, so it never reads as the reader's.
func takeoverNote(tx *text, ruleset, name string, seat, from int, mine bool) string {
	deals := dealsGame(ruleset)
	name = clipText(name, 12)
	switch {
	case mine && deals:
		return tx.f("You took the seat over in deal %d: unrated for you.", from)
	case mine:
		return tx.f("You took the seat over in round %d: unrated for you.", from)
	case deals:
		return tx.f("%s took over seat %d in deal %d: unrated for %s.", name, seat+1, from, name)
	}
	return tx.f("%s took over seat %d in round %d: unrated for %s.", name, seat+1, from, name)
}

// takeoverLines are the end screen's notes on the seats taken over
// part-way, the reader's own first (a replay's watcher has none).
func (tm *tableModel) takeoverLines() []string {
	s := tm.snap
	var mine, others []string
	for i, c := range s.Credits {
		switch {
		case c.From <= 0:
		case i == s.You && !tm.replaying:
			mine = append(mine, takeoverNote(tm.m.tx, s.Ruleset, c.Name, i, c.From, true))
		default:
			others = append(others, takeoverNote(tm.m.tx, s.Ruleset, c.Name, i, c.From, false))
		}
	}
	return append(mine, others...)
}
