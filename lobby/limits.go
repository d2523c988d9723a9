package lobby

import (
	"fmt"
	"slices"

	"github.com/cardroom/cardroom/tables"
)

// DefaultMaxTablesPerPlayer is Config.MaxTablesPerPlayer when 0.
const DefaultMaxTablesPerPlayer = 2

// TooManyTables refuses a new table to a person who already hosts as many
// as one may at once.
type TooManyTables struct {
	Max int
}

func (e *TooManyTables) Error() string {
	return fmt.Sprintf("you already host %d tables, as many as one person may at once: finish or leave one first", e.Max)
}

// hostOf is who a new table is counted against: the host's key, or their
// address for a guest (a guest's id is new with every connection).
func (l *Lobby) hostOf(id string, guest bool) string {
	if guest {
		if addr := l.addrs[id]; addr != "" {
			return "addr " + addr
		}
	}
	return "key " + id
}

// mayHost refuses a new table to host when they already host the most one
// person may.
func (l *Lobby) mayHost(host string) error {
	most := l.cfg.MaxTablesPerPlayer
	if most < 0 {
		return nil
	}
	n := 0
	for _, e := range l.tabs {
		if e.host == host && e.hosting() {
			n++
		}
	}
	if n >= most {
		l.log.Warn("lobby: table refused: the host has as many as one may", "host", host, "tables", n)
		return &TooManyTables{Max: most}
	}
	return nil
}

// hosting reports whether the table's creator hosts it still: the game is
// not over, the host role is still theirs, and they hold a seat or watch
// it. A table they left stops counting toward their limit at once.
func (e *entry) hosting() bool {
	s := e.info.Summary
	return s.Phase != tables.Over && s.HostID == e.creator &&
		(slices.Contains(s.Owners[:], e.creator) || s.HostHere)
}
