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

// HoldsSeat refuses a seat in a running game to a person who holds one in
// another running game, so that nobody holds two by accident.
type HoldsSeat struct {
	Table string // where they hold it
}

func (e *HoldsSeat) Error() string {
	return fmt.Sprintf("you hold a seat at %s: return there, or leave it first with L", e.Table)
}

// mayTakeOver refuses p a seat in the running game at table id while p
// holds a seat in another running game (HoldsSeat); their own seat there,
// and any seat at a waiting table, are theirs to take.
func (l *Lobby) mayTakeOver(p tables.Player, id string) error {
	u, err := l.List()
	if err != nil {
		return err
	}
	i := slices.IndexFunc(u.Tables, func(t TableInfo) bool { return t.ID == id })
	if i < 0 || u.Tables[i].Phase != tables.Playing || u.Tables[i].Holds(p.ID) {
		return nil
	}
	for _, held := range seatedIn(u.Tables, p.ID) {
		if j := slices.IndexFunc(u.Tables, func(t TableInfo) bool { return t.ID == held }); u.Tables[j].Phase == tables.Playing {
			l.log.Info("lobby: seat refused: the player holds one in another running game", "player", p.ID, "table", id, "held", held)
			return &HoldsSeat{Table: held}
		}
	}
	return nil
}
