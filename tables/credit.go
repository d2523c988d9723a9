package tables

import (
	"bytes"
	"encoding/json"
)

// Who is credited with a seat (ON-6): the holder — a person, or the bot
// when nobody owned the seat — who held it for most of its moves. A move
// the person's bot made while they were away or disconnected counts as
// theirs: they held the seat. When the credited person did not finish the
// seat (they left, or the host handed it to a bot), the bot that did is
// named beside them. The score sheet at the end, the record's header, the
// finished game kept for history and the ratings all take this one answer.
// The one credited who did not hold the seat from its first move took it
// over part-way: they are named, with the round they took it over in, but
// not rated for it (the earlier rounds were someone else's).

// holding is one holder's share of a seat's moves.
type holding struct {
	p     Player // ID "": the seat's bot, nobody owning the seat
	moves int
	from  int // the round of the holder's first move for the seat
}

// credit counts a move of seat i for whoever holds the seat now.
func (t *Table) credit(i int) {
	if i < 0 || i >= len(t.seats) {
		return
	}
	if t.held == nil {
		t.held = make([][]holding, len(t.seats))
	}
	p := t.seats[i].owner
	t.noteHolder(i, p)
	hs := t.held[i]
	for k := range hs {
		if hs[k].p.ID == p.ID {
			hs[k].moves++
			return
		}
	}
	t.held[i] = append(hs, holding{p: p, moves: 1, from: t.round()})
}

// Credit is who a seat is credited to (ON-6).
type Credit struct {
	Player Player // the credited person; ID "" when it is the seat's bot
	Name   string // the credited one's name (the bot's seat name for a bot)
	// Finisher is the name of the bot that finished the seat for the
	// credited person ("" when they held it to the end).
	Finisher string
	// From is the round from which the credited one held the seat when
	// they took it over part-way (someone else made its first move): they
	// are not rated for it. 0 when they held it from its first move.
	From int
}

// credits are the seats' credits now (ON-6). A seat nobody has moved for
// yet is its holder's; ties go to the earlier holder.
func (t *Table) credits() []Credit {
	out := make([]Credit, len(t.seats))
	for i := range t.seats {
		best := holding{p: t.seats[i].owner, moves: -1}
		if i < len(t.held) {
			for _, h := range t.held[i] {
				if h.moves > best.moves {
					best = h
				}
			}
		}
		c := Credit{Player: best.p, Name: best.p.Name}
		if i < len(t.held) && len(t.held[i]) > 0 && t.held[i][0].p.ID != best.p.ID {
			c.From = max(best.from, 1)
		}
		if best.p.ID == "" {
			c.Name = t.botSeatName(i)
		} else if t.seats[i].owner.ID != best.p.ID {
			if t.seats[i].owner.ID == "" {
				c.Finisher = t.botSeatName(i)
			} else {
				c.Finisher = t.seats[i].owner.Name
			}
		}
		out[i] = c
	}
	return out
}

// creditNames are the credited names of the seats, for the record's header
// and the standings of a finished game.
func (t *Table) creditNames() []string {
	cs := t.credits()
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

// credited names the seats of a game that has ended by their credits: the
// record's header and the standings take them.
func (t *Table) credited() {
	t.names = t.creditNames()
}

// finishedByKey is the informative header key (RECORD.md) of a finished
// game's record naming, by seat, who finished the seat for the one the
// header names ("" when they finished it themselves).
const finishedByKey = "finished_by"

// fromRoundKey is the informative header key (RECORD.md) of a finished
// game's record giving, by seat, the round from which the one the header
// names held the seat when they took it over part-way (0: from its first
// move).
const fromRoundKey = "from_round"

// creditKeys adds finishedByKey and fromRoundKey to the header of record, a
// finished game's record whose header names the credited holders, each one
// only when some seat needs it; otherwise it returns record as it is.
func (t *Table) creditKeys(record []byte) ([]byte, error) {
	cs := t.credits()
	by := make([]string, len(cs))
	from := make([]int, len(cs))
	someBy, someFrom := false, false
	for i, c := range cs {
		by[i], from[i] = c.Finisher, c.From
		someBy = someBy || c.Finisher != ""
		someFrom = someFrom || c.From != 0
	}
	if !someBy && !someFrom {
		return record, nil
	}
	n := bytes.IndexByte(record, '\n')
	if n < 0 {
		n = len(record)
	}
	header := record[:n:n]
	for _, k := range []struct {
		key  string
		some bool
		v    any
	}{{finishedByKey, someBy, by}, {fromRoundKey, someFrom, from}} {
		if !k.some {
			continue
		}
		v, err := json.Marshal(k.v)
		if err != nil {
			return nil, err
		}
		header = addHeaderKey(header, k.key, v)
	}
	return append(header, record[n:]...), nil
}

// Holder is one who held a seat in its turn, for the score sheet: the seat
// changed hands to them in round From (Dou Dizhu: the deal) with their
// first move for it.
type Holder struct {
	Name string // the person's name, or the seat's bot's
	From int
}

// holderRun is a Holder with the key of the person (ID "": the seat's bot).
type holderRun struct {
	id string
	Holder
}

// renameHolder names p by their present name where they held seat i, so
// that the standings and the holders of a seat they came back to under
// another name name them as the seat does.
func (t *Table) renameHolder(p Player, i int) {
	if i < len(t.held) {
		for k := range t.held[i] {
			if t.held[i][k].p.ID == p.ID {
				t.held[i][k].p.Name = p.Name
			}
		}
	}
	if i < len(t.runs) {
		for k := range t.runs[i] {
			if t.runs[i][k].id == p.ID {
				t.runs[i][k].Name = p.Name
			}
		}
	}
}

// noteHolder records p as the holder of seat i's move now, when the seat
// changed hands since its last move.
func (t *Table) noteHolder(i int, p Player) {
	if t.runs == nil {
		t.runs = make([][]holderRun, len(t.seats))
	}
	if rs := t.runs[i]; len(rs) > 0 && rs[len(rs)-1].id == p.ID {
		return
	}
	name := p.Name
	if p.ID == "" {
		name = t.botSeatName(i)
	}
	t.runs[i] = append(t.runs[i], holderRun{id: p.ID, Holder: Holder{Name: name, From: t.round()}})
}

// holders are, by seat, who held each seat in turn (Snapshot.Holders):
// nil when no seat has changed hands, and nil for a seat that has not.
func (t *Table) holders() [][]Holder {
	var out [][]Holder
	for i, rs := range t.runs {
		if len(rs) < 2 {
			continue
		}
		if out == nil {
			out = make([][]Holder, len(t.seats))
		}
		for _, r := range rs {
			out[i] = append(out[i], r.Holder)
		}
	}
	return out
}
