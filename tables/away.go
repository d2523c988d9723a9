package tables

import (
	"fmt"
	"slices"
)

// How a seat goes away and comes back (ON-3, read with SI-5).
//
// A turn timer that runs out has the seat's bot make that one move and
// marks the seat away, but the person still has each of their next turns,
// with the timer: one timeout never costs them a round they did not have
// the chance to play (a blind bid, naming trump). A second timeout in a
// row means they are gone: their bot plays every turn from then on, and
// SI-5 sits them out of a singularity round whose bidding begins while
// they are. Any move, a Sit, a Subscribe or SetAway(false) brings them
// back at once (a move or SetAway only while they are at the table: see
// back).

// awayAfter is the number of timeouts in a row after which the bot plays
// every turn of the seat.
const awayAfter = 2

// timedOut marks seat i's person as having run out of time on this turn.
func (t *Table) timedOut(i int) {
	s := &t.seats[i]
	s.missed++
	if s.missed >= awayAfter {
		s.away, s.told = true, true
		t.system(fmt.Sprintf("%s ran out of time again: their bot plays until they are back", s.owner.Name))
	} else {
		t.system(fmt.Sprintf("%s ran out of time: their bot made that move", s.owner.Name))
	}
	t.dirty = true
}

// back brings seat i's person back: they play their own turns again. Every
// way back (a move, Sit, Subscribe, SetAway) comes through here, so a return
// is announced once, whichever of them comes first, and only when the
// others were told the bot plays for them: not in the waiting room, nor
// after one timeout, which does not mean they left (ON-3). A move or
// SetAway(false) from a person with no screen on the table (it closed
// first: they went to the lobby while away, and the key that took them
// there also said they were back) ends their away but not their absence:
// only Sit or Subscribe seats them at the table again, so a game held for
// its people stays held. The rounds the bot played for them start anew:
// the next away lists only the rounds since they were back.
func (t *Table) back(i int) {
	s := &t.seats[i]
	s.away, s.missed, s.botRounds = false, 0, nil
	t.dirty = true
	if !s.connected && !t.subscribed(s.owner.ID) {
		return
	}
	if s.told {
		t.system(fmt.Sprintf("%s is back", s.owner.Name))
	}
	s.connected, s.told = true, false
}

// gone marks seat i's person as no longer at the table (their screen
// closed); during the game the others are told why a bot plays the seat,
// unless they were told already (:away, a second timeout) or the game now
// holds for its people (no bot plays; botTakesOver tells them later).
func (t *Table) gone(i int) {
	s := &t.seats[i]
	was := s.connected
	s.connected = false
	if was {
		s.lastHere = t.clock.Now()
	}
	if was && !s.told && t.phase == Playing && !t.waitsForPeople() {
		t.system(fmt.Sprintf("%s stepped away: their bot plays until they are back", s.owner.Name))
		s.told = true
	}
	t.dirty = true
}

// botTakesOver tells the others, at the first move seat i's bot makes for
// its person while they are away or gone, that it plays until they are back
// (they said :away, or left before the game began, without a word).
func (t *Table) botTakesOver(i int) {
	s := &t.seats[i]
	if s.owner.ID != "" && (s.away || !s.connected) && !s.told {
		t.system(fmt.Sprintf("%s is away: their bot plays until they are back", s.owner.Name))
		s.told = true
	}
}

// botPlayed notes round r, in which seat i's bot moved for its person,
// unless they are back and sit r out (SI-5): their screen says the bot
// plays that round, and they were told of it when they came back.
func (t *Table) botPlayed(i, r int) {
	s := &t.seats[i]
	if s.owner.ID == "" || r <= 0 || s.sitout == r && !s.away && s.connected {
		return
	}
	if !slices.Contains(s.botRounds, r) {
		s.botRounds = append(slices.Clip(s.botRounds), r)
	}
}

// arrive brings seat i's person back by Sit or Subscribe: the rounds their
// bot moved for them while they were gone wait in untold for the screen
// they come back with (Subscribe hands them to it), so a Sit that comes
// first does not lose them. During the game the journal keeps when (here.go).
func (t *Table) arrive(i int) {
	s := &t.seats[i]
	if len(s.botRounds) > 0 {
		s.untold = slices.Compact(slices.Sorted(slices.Values(append(slices.Clip(s.untold), s.botRounds...))))
	}
	s.lastHere = t.clock.Now()
	t.queueHere(i)
	t.back(i)
}

// acted ends what seat i's person's screens tell them of the rounds their
// bot moved for them while they were gone: they made a move, or said they
// were back, so they have seen the table since.
func (t *Table) acted(i int) {
	id := t.seats[i].owner.ID
	t.seats[i].untold = nil
	for _, sub := range t.subs {
		if sub.player.ID == id {
			sub.gone = nil
		}
	}
}
