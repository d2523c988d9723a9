package tables

import "time"

// idleAfter is how long a table nobody is at lasts in its phase:
// IdleClose while it waits for its start, UnattendedClose while its game
// runs (0: for ever).
func (t *Table) idleAfter() time.Duration {
	switch t.phase {
	case Waiting:
		return t.cfg.IdleClose
	case Playing:
		return t.cfg.UnattendedClose
	}
	return 0
}
