package tables

import (
	"testing"
	"testing/synctest"
	"time"
)

// ON-3: a person who leaves the table during their turn and comes back
// finds their turn clock where it stopped, not refilled: alone with bots
// (the game held meanwhile, any length of time) and with another person
// at the table (back before their bot moved).
func TestON3TurnClockResumesWhereItStopped(t *testing.T) {
	for _, others := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.BotPace, cfg.TurnTimer, cfg.SeatHold = 2*time.Second, 20*time.Second, 30*time.Minute
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			if others {
				must(t, r.table.Sit(bob, 1))
				r.subscribe(bob)
			}
			must(t, r.table.Start(alice))
			r.advance(13 * time.Second) // alice's bid: 7 s left
			a.sub.Close()               // the ssh client dies, or esc to the lobby
			away := time.Second
			if !others {
				away = 10 * time.Minute
			}
			r.advance(away)
			a = r.subscribe(alice)
			s := a.now()
			if s.Turn != 0 || s.Seats[0].Kind != Human {
				t.Fatalf("others %v: turn %d seat %+v; want alice's own bid", others, s.Turn, s.Seats[0])
			}
			if left := s.Deadline.Sub(r.clock.Now()); left != 7*time.Second {
				t.Fatalf("others %v: %v left on her clock once back, want the 7s it had when she left", others, left)
			}
			r.advance(7 * time.Second)
			if s := a.now(); !s.Seats[0].TimedOut {
				t.Fatalf("others %v: seat %+v; want her time run out 7 s after she came back", others, s.Seats[0])
			}
		})
	}
}
