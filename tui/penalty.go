package tui

import (
	"errors"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/names"
	"github.com/cardroom/cardroom/tables"
)

// penaltyCommand is ":penalty SEAT POINTS REASON", the scorekeeper's
// penalty (BB-7), the seat by its number or by its player's name.
func (tm *tableModel) penaltyCommand(f []string) tea.Cmd {
	tx := tm.m.tx
	over := errors.New(tx.get("The game is over: a penalty is given only while it is played."))
	if tm.snap.Phase == tables.Over {
		return tm.m.fail(over)
	}
	usage := errors.New(tx.get("usage: :penalty SEAT POINTS REASON, SEAT by its number or name, e.g. :penalty bob -5 late"))
	if len(f) < 4 {
		return tm.m.fail(usage)
	}
	pts, err := strconv.Atoi(f[2])
	if err != nil {
		return tm.m.fail(usage)
	}
	seat := tm.seatNamed(f[1])
	if seat < 0 {
		return tm.m.fail(errors.New(tx.f("There is no seat %q: give a seat's number or name: %s.", clipText(f[1], 12), tm.seatList())))
	}
	p, t, reason := tm.m.player, tm.t, strings.Join(f[3:], " ")
	return tableCmd(func() error {
		if err := t.Penalty(p, seat, pts, reason); !errors.Is(err, tables.ErrClosed) {
			return err
		}
		return over // the table closes once its game is over
	}, "")
}

// seatNamed is the seat (from 0) that s names, by its number (from 1) or
// by its player's name as names compare (names.Key); -1 for none.
func (tm *tableModel) seatNamed(s string) int {
	seats := tm.snap.Seats
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 || n > len(seats) {
			return -1
		}
		return n - 1
	}
	key := names.Key(s)
	for i, seat := range seats {
		if seat.Name != "" && names.Key(seat.Name) == key {
			return i
		}
	}
	return -1
}

// seatList is the seats by number and name: "1 alice, 2 bob, 3 Grace".
func (tm *tableModel) seatList() string {
	parts := make([]string, len(tm.snap.Seats))
	for i, s := range tm.snap.Seats {
		parts[i] = strconv.Itoa(i+1) + " " + clipText(s.Name, 12)
	}
	return strings.Join(parts, ", ")
}
