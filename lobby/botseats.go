package lobby

import (
	"slices"
	"strings"

	"github.com/cardroom/cardroom/tables"
)

// botSeatsReq asks for the running games whose seats hold a bot placed by
// key (tables.Summary.BotKeys).
type botSeatsReq struct {
	key, idOrCode string
	reply         chan result[botSeats]
}

func (botSeatsReq) isRequest() {}

// botSeats is the answer to botSeatsReq.
type botSeats struct {
	here      []*tables.Table
	elsewhere []string
}

// BotSeats are the running games in which a bot that a program of the key
// placed holds a seat, oldest first, only the one with the id or invite
// code idOrCode unless it is "": the tables of this node, where the key's
// program may take its seat back (tables.Table.RejoinBot), and the ids of
// those that other nodes of a cluster run.
func (l *Lobby) BotSeats(key, idOrCode string) (here []*tables.Table, elsewhere []string, err error) {
	r := make(chan result[botSeats], 1)
	s, err := call(l, botSeatsReq{key, idOrCode, r}, r)
	return s.here, s.elsewhere, err
}

// botSeats answers r.
func (l *Lobby) botSeats(r botSeatsReq) botSeats {
	var s botSeats
	if r.key == "" {
		return s
	}
	id, code := strings.TrimSpace(r.idOrCode), normCode(r.idOrCode)
	for _, tid := range l.order {
		e := l.tabs[tid]
		if e.info.Phase != tables.Playing || !slices.Contains(e.info.BotKeys, r.key) {
			continue
		}
		if r.idOrCode != "" && tid != id && (e.code == "" || e.code != code) {
			continue
		}
		if e.local != nil {
			s.here = append(s.here, e.local)
		} else {
			s.elsewhere = append(s.elsewhere, tid)
		}
	}
	return s
}
