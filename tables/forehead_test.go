package tables

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// SR-9: a person's forehead card is played for them on their turn, at the
// bots' pace: no turn timer runs for a card nobody chooses, and its holder
// is not taken for away.
func TestSR9_ForeheadCardPlayedForItsHolder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs, _ := realRegistry().Lookup("singularity")
		cfg := Config{ID: "f", Ruleset: rs, Seats: 3, Host: alice, SeatHost: true, Seed: 5, Bots: realBots,
			BotPace: time.Second, TurnTimer: 30 * time.Second, Options: engine.Options{"special_rounds": "1:forehead"}}
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		for {
			s := a.now()
			v := s.View.(*trick.View)
			if len(v.Played) > 0 && v.Played[len(v.Played)-1].Seat == 0 || s.Phase != Playing || v.Round > 1 {
				if s.Seats[0].TimedOut || s.BotRounds != nil {
					t.Fatalf("alice shown away (timed out %v, bot rounds %v) for a card played for her", s.Seats[0].TimedOut, s.BotRounds)
				}
				return // her card went out without her
			}
			if s.Turn == 0 && len(v.LegalMoves()) > 0 && v.LegalMoves()[0].Kind == engine.Bid {
				must(t, r.table.Move(alice, v.LegalMoves()[0]))
				continue
			}
			if s.Turn == 0 && !s.Deadline.IsZero() {
				t.Fatalf("a turn timer runs for alice's forehead card (deadline %v)", s.Deadline)
			}
			r.advance(time.Second)
		}
	})
}
