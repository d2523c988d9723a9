package tables

import "fmt"

// passHost hands the host role on when p, the person who held seat from,
// has left it: the next person seated after that seat becomes the host,
// and the table is told. With nobody seated the role stays with p, so
// that a table nobody is at is still somebody's.
func (t *Table) passHost(p Player, from int) {
	if !t.isHost(p) {
		return
	}
	for k := 1; k <= len(t.seats); k++ {
		s := &t.seats[(from+k)%len(t.seats)]
		if s.owner.ID != "" && s.owner.ID != p.ID {
			t.host = s.owner
			t.system(fmt.Sprintf("%s left; %s is the host now", p.Name, t.host.Name))
			t.dirty = true
			if t.phase == Playing {
				t.queueHost(from) // a restored table keeps the new host
			}
			return
		}
	}
}
