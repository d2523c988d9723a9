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

// finishedKept is how many ended private tables the lobby remembers who
// they let in, for a game of one played again after it has ended.
const finishedKept = 256

// finished is who an ended private table let in (letIn).
type finished struct {
	id   string
	keys []string
}

// letIn is who the private table t lets in besides its host and seats,
// with its seats' people and its host: who a game of it played again lets
// in. Nil for a public table.
func letIn(t TableInfo) []string {
	if !t.Private {
		return nil
	}
	keys := slices.Clone(t.admitted)
	for _, id := range append(slices.Clone(t.Owners[:]), t.HostID) {
		if id != "" && !slices.Contains(keys, id) {
			keys = append(keys, id)
		}
	}
	return keys
}

// keepFinished remembers who the table of e, which has ended, let in.
func (l *Lobby) keepFinished(id string, e *entry) {
	if !e.info.Private {
		return
	}
	l.finished = append(l.finished, finished{id, letIn(e.info)})
	if len(l.finished) > finishedKept {
		l.finished = slices.Delete(l.finished, 0, 1)
	}
}

// admittedAgain is who the private table that plays req.Again again lets
// in besides its host and seats: whoever the finished table let in, while
// it runs still or since it ended.
func (l *Lobby) admittedAgain(req CreateRequest) []string {
	if req.Again == "" || !req.Private {
		return nil
	}
	if e, ok := l.tabs[req.Again]; ok {
		return letIn(e.info)
	}
	if i := slices.IndexFunc(l.finished, func(f finished) bool { return f.id == req.Again }); i >= 0 {
		return slices.Clone(l.finished[i].keys)
	}
	return nil
}
