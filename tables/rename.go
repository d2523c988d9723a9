package tables

import (
	"encoding/json"
	"fmt"
)

// A person who comes back under another name (Sit, Subscribe: their key's
// name changed) is named by it from then on. During the game an "x-name"
// line journals the new name, so a restored table names them as the
// table did; a waiting table's header, written afresh, holds it anyway.

// nameLine is the journal's "x-name" line: the person ID, of seat Seat (-1:
// none), is now called Name.
type nameLine struct {
	E    string `json:"e"`
	Seat int    `json:"seat"`
	ID   string `json:"id"`
	Name string `json:"name"`
}

const evName = "x-name"

// rename keeps the name p comes back under (Sit, Subscribe) on their seat
// i (-1: none), where they held it, and on the host role they hold, so that
// what the table says of them from now on, its standings and its name for
// its host use their present name; the table is told of the new name.
func (t *Table) rename(p Player, i int) {
	if p.Name == "" {
		return
	}
	seat := i >= 0 && t.seats[i].owner.Name != p.Name
	host := t.isHost(p) && t.host.Name != p.Name
	if seat {
		t.system(fmt.Sprintf("%s is now called %s", t.seats[i].owner.Name, p.Name))
	}
	if !seat && !host {
		return
	}
	t.setName(p, i)
	if t.phase == Playing {
		t.queueLine("name", nameLine{E: evName, Seat: i, ID: p.ID, Name: p.Name})
	}
}

// setName gives p's name to their seat i (-1: none), where they held it, and to the host role they hold.
func (t *Table) setName(p Player, i int) {
	if i >= 0 && t.seats[i].owner.ID == p.ID {
		t.seats[i].owner.Name = p.Name
		t.renameHolder(p, i)
	}
	if t.isHost(p) {
		t.host.Name = p.Name
	}
}

// replayName takes a journaled x-name line back.
func (t *Table) replayName(line []byte) error {
	var nl nameLine
	if err := json.Unmarshal(line, &nl); err != nil {
		return err
	}
	if nl.Seat < -1 || nl.Seat >= len(t.seats) {
		return fmt.Errorf("there is no seat %d", nl.Seat)
	}
	t.setName(Player{ID: nl.ID, Name: nl.Name}, nl.Seat)
	return nil
}
