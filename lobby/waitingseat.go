package lobby

import "github.com/cardroom/cardroom/tables"

// leaveWaiting gives up p's seats at the waiting tables other than keep
// that someone else hosts, so no host starts a game with a seat whose
// person has gone to sit at another table. A table p hosts waits for them:
// nobody else can start it.
func (l *Lobby) leaveWaiting(p tables.Player, keep string) {
	u, err := l.List()
	if err != nil {
		return
	}
	for _, t := range u.Tables {
		if t.ID != keep && t.Phase == tables.Waiting && t.HostID != p.ID && t.Holds(p.ID) {
			_ = l.Leave(p, t.ID) // a table that closed meanwhile has nothing to give up
		}
	}
}
