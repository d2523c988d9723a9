package tables

import (
	"fmt"
	"slices"
)

// passHost hands the host role on when p, the person who held seat from
// (-1: who watched a waiting table), has left it: the next person seated
// after that seat becomes the host,
// and the table is told. With nobody seated the role waits for the next
// person who sits (claimHost).
func (t *Table) passHost(p Player, from int) {
	if !t.isHost(p) {
		return
	}
	for k := 1; k <= len(t.seats); k++ {
		s := &t.seats[(from+k)%len(t.seats)]
		if s.owner.ID != "" && s.owner.ID != p.ID {
			t.host, t.hostGone = s.owner, false
			t.system(fmt.Sprintf("%s left; %s is the host now", p.Name, t.host.Name))
			t.dirty = true
			if t.phase == Playing {
				t.queueHost(from) // a restored table keeps the new host
			}
			return
		}
	}
	t.hostGone = true
	if t.phase == Playing { // a restored table still waits for a new host
		t.queueSeat(seatLine{E: evSeat, Seat: from, Owner: toJSON(t.seats[from].owner), Gone: true})
	}
}

// claimHost gives the role that waits since its host left to p, who just
// sat in seat i, and tells the table; the host who sits again keeps it.
func (t *Table) claimHost(p Player, i int) {
	if !t.hostGone {
		return
	}
	t.hostGone = false
	if t.isHost(p) {
		return
	}
	old := t.host
	t.host = p
	t.system(fmt.Sprintf("%s left; %s is the host now", old.Name, p.Name))
	if t.phase == Playing {
		t.queueHost(i) // a restored table keeps the new host
	}
}

// closeDeserted closes a waiting table its last person has left: its host
// has gone, and no seat is a person's and nobody watches, so nobody is left
// to start it; the lobby stops listing it at once instead of when it would
// idle out. A spectator who stays may sit and take the role (claimHost).
func (t *Table) closeDeserted() {
	if t.phase != Waiting || !t.hostGone || len(t.spect) > 0 || slices.ContainsFunc(t.seats, func(s seat) bool { return s.owner.ID != "" }) {
		return
	}
	t.log.Info("table closed: everyone left it", "table", t.cfg.ID)
	t.phase, t.ended, t.dirty = Over, "everyone left the table", true
}
