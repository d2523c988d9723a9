package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/tables"
)

// penaltyTable is a table that takes penalties and answers with err.
type penaltyTable struct {
	tables.Handle
	seat, points int
	reason       string
	err          error
}

func (p *penaltyTable) Penalty(_ tables.Player, seat, points int, reason string) error {
	p.seat, p.points, p.reason = seat, points, reason
	return p.err
}

// :penalty takes a seat by its number or by its player's name (as names
// compare: case and look-alikes folded); a seat it does not know is
// answered with the seats by number and name, and after the game it says
// the game is over, also when the table has closed meanwhile; the usage
// line is in every language.
func TestPenaltyBySeatNumberOrName(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		tm := newTableModel(m, nil, nil)
		fake := &penaltyTable{seat: -1}
		tm.t = fake
		tm.snap = tables.Snapshot{Version: 1, Ruleset: "boerenbridge", YouHost: true, You: 0, Phase: tables.Playing, Seats: []tables.SeatInfo{
			{Name: "alice", Kind: tables.Human}, {Name: "Bob", Kind: tables.Human}, {Name: "Grace", Kind: tables.Bot}, {Name: "Ada", Kind: tables.Bot},
		}}
		for line, seat := range map[string]int{"penalty 2 -5 talked": 1, "penalty bob -5 talked": 1, "penalty GRACE -5 talked": 2, "penalty Ada -5 talked": 3} {
			fake.seat = -1
			if msg := tm.command(line)().(doneMsg); msg.err != nil || fake.seat != seat || fake.points != -5 || fake.reason != "talked" {
				t.Errorf("%s %q: seat %d %d %q, error %v; want seat %d", lang, line, fake.seat, fake.points, fake.reason, msg.err, seat)
			}
		}
		for _, line := range []string{"penalty 5 -5 talked", "penalty carol -5 talked", "penalty 0 -5 talked"} {
			fake.seat = -1
			msg := tm.command(line)().(doneMsg)
			if msg.err == nil || fake.seat != -1 {
				t.Fatalf("%s %q: given to seat %d", lang, line, fake.seat)
			}
			if s := msg.err.Error(); !strings.Contains(s, "1 alice, 2 Bob, 3 Grace, 4 Ada.") {
				t.Errorf("%s %q: %q does not list the seats", lang, line, s)
			}
		}
		for _, line := range []string{"penalty bob", "penalty bob five talked"} {
			usage := m.tx.get("usage: :penalty SEAT POINTS REASON, SEAT by its number or name, e.g. :penalty bob -5 late")
			if msg := tm.command(line)().(doneMsg); msg.err == nil || msg.err.Error() != usage || lang != "en" && strings.HasPrefix(usage, "usage") {
				t.Errorf("%s %q: %v, want the usage %q", lang, line, msg.err, usage)
			}
		}
		over := m.tx.get("The game is over: a penalty is given only while it is played.")
		fake.err = tables.ErrClosed // the game ended before the snapshot said so
		if msg := tm.command("penalty 2 -5 talked")().(doneMsg); msg.err == nil || msg.err.Error() != over {
			t.Errorf("%s: a penalty at a closed table says %v, want %q", lang, msg.err, over)
		}
		fake.err, fake.seat = nil, -1
		tm.snap.Phase = tables.Over
		if msg := tm.command("penalty 2 -5 talked")().(doneMsg); msg.err == nil || msg.err.Error() != over || fake.seat != -1 {
			t.Errorf("%s: a penalty after the game says %v (seat %d), want %q", lang, msg.err, fake.seat, over)
		}
	}
	m := testModel(80, 24, Settings{})
	if cmd, _, _ := m.readChat("/penalty bob -5 talked"); cmd != "penalty bob -5 talked" {
		t.Errorf("/penalty bob -5 talked reads as command %q", cmd)
	}
}
