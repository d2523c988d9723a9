package tables

import (
	"slices"
)

// Who a private table lets in besides its host and seats is the lobby's
// to decide (by the invite code); the table only keeps the keys in its
// journal, so that a restored table lets the same people in again: the
// header's "admitted" list holds those let in before the start, an
// "x-admit" line each one let in later.

type admitCmd struct {
	p     Player
	reply chan error
}

func (admitCmd) isCommand() {}

// admitLine is the journal's "x-admit" line: the key ID was let into the
// private table during the game.
type admitLine struct {
	E  string `json:"e"`
	ID string `json:"id"`
}

const evAdmit = "x-admit"

// Admit keeps that p was let into the private table, for its journal. A
// public table, a guest or a key already kept is ignored.
func (t *Table) Admit(p Player) error {
	r := make(chan error, 1)
	return t.call(admitCmd{p, r}, r)
}

// Admitted is the keys the table was made with as let in (Config.Admitted;
// a restored table's from its journal: everyone let in, and everyone who
// held a seat or the host role before).
func (t *Table) Admitted() []string { return slices.Clone(t.cfg.Admitted) }

func (t *Table) admit(p Player) error {
	if !t.addAdmitted(p.ID, p.Guest) || !t.jr.started && t.jr.header == nil {
		return nil // before the start the header takes the list
	}
	t.queueLine("admit", admitLine{E: evAdmit, ID: p.ID})
	return nil
}

// addAdmitted adds key id to the admitted list of a private table and
// reports whether it was new.
func (t *Table) addAdmitted(id string, guest bool) bool {
	if !t.cfg.Private || id == "" || guest || slices.Contains(t.admitted, id) {
		return false
	}
	t.admitted = append(t.admitted, id)
	return true
}
