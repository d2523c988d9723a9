package tables

import (
	"encoding/json"
	"fmt"
	"time"
)

// When each seat's person last came to the table (Summary.LastHere) lets
// the lobby send a person with seats in two running games back to the one
// they were at last, also after a restart: the start journals each seat's
// time as it stands, and an "x-here" line each arrival during the game
// (Sit, Subscribe). Leaving is not journaled: a shutdown drops everyone at
// once and would make its own time everyone's last. A restored table takes
// the time of each seat's last x-here line (zero, not known, for a seat
// with none); the restore itself is no arrival.

// hereLine is the journal's "x-here" line: seat's person came to the table
// at AtMS (Unix milliseconds).
type hereLine struct {
	E    string `json:"e"`
	Seat int    `json:"seat"`
	AtMS int64  `json:"at_ms"`
}

const evHere = "x-here"

// queueHere journals seat i's lastHere during the game, when it has a person and a time.
func (t *Table) queueHere(i int) {
	s := &t.seats[i]
	if t.phase != Playing || s.owner.ID == "" || s.lastHere.IsZero() {
		return
	}
	t.queueLine("here", hereLine{E: evHere, Seat: i, AtMS: s.lastHere.UnixMilli()})
}

// replayHere takes a journaled x-here line back into its seat's lastHere.
func (t *Table) replayHere(line []byte) error {
	var hl hereLine
	if err := json.Unmarshal(line, &hl); err != nil {
		return err
	}
	if hl.Seat < 0 || hl.Seat >= len(t.seats) {
		return fmt.Errorf("there is no seat %d", hl.Seat)
	}
	if t.seats[hl.Seat].owner.ID != "" {
		t.seats[hl.Seat].lastHere = time.UnixMilli(hl.AtMS)
	}
	return nil
}
