package lobby

import (
	"maps"
	"slices"

	"github.com/cardroom/cardroom/tables"
)

// Playing a finished game again: CreateRequest.Again names the finished
// table. The first of its people to ask creates the new table; the others
// who ask while it still waits for its start are given that one, so that
// the people who stay sit down together. A private game played again lets
// in by its id everyone the finished one let in, so that those who watched
// it with its code may watch the new one.

// playingAgain is the waiting table that already plays req.Again again.
func (l *Lobby) playingAgain(req CreateRequest) (Created, bool) {
	if req.Again == "" {
		return Created{}, false
	}
	e, ok := l.tabs[l.again[req.Again]]
	if !ok || e.local == nil || e.info.Phase != tables.Waiting {
		return Created{}, false
	}
	return Created{Table: e.local, Info: e.info, Code: e.code}, true
}

// noteAgain remembers that table id plays req.Again again.
func (l *Lobby) noteAgain(req CreateRequest, id string) {
	if req.Again == "" {
		return
	}
	if l.again == nil {
		l.again = map[string]string{}
	}
	l.again[req.Again] = id
}

// forgetAgain forgets the table id, which has ended, as a game played again.
func (l *Lobby) forgetAgain(id string) {
	maps.DeleteFunc(l.again, func(_, v string) bool { return v == id })
}

// admittedAgain is who the private table that plays req.Again again lets
// in besides its host and seats: whoever the finished table let in.
func (l *Lobby) admittedAgain(req CreateRequest) []string {
	old, ok := l.tabs[req.Again]
	if req.Again == "" || !req.Private || !ok || !old.info.Private {
		return nil
	}
	ids := slices.Clone(old.info.admitted)
	for _, id := range append(slices.Clone(old.info.Owners[:]), old.info.HostID) {
		if id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}
