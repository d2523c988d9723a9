package tables

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
)

// The real games, with their baseline bots.
func realRegistry() *engine.Registry {
	return engine.NewRegistry(append(trick.Rulesets(), doudizhu.Ruleset())...)
}

func realBots(ruleset string, seat int) engine.Bot {
	if ruleset == "doudizhu" {
		return doudizhu.BaselineBot{}
	}
	return trick.BaselineBot{}
}

// Every rule set plays to its end at a table of bots; the record replays to
// the totals of the standings.
func TestRealGamesPlayToTheEnd(t *testing.T) {
	reg := realRegistry()
	for _, rs := range reg.All() {
		t.Run(rs.Name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				cfg := Config{ID: "real-" + rs.Name, Ruleset: rs, Seats: rs.MinPlayers, Host: alice, Seed: 11, Bots: realBots}
				r := newRig(t, cfg)
				w := r.subscribe(carol)
				must(t, r.table.Start(alice))
				if err := r.wait(); err != nil {
					t.Fatalf("Run: %v", err)
				}
				s := w.now()
				if s.Phase != Over || len(s.Standings) != rs.MinPlayers {
					t.Fatalf("phase %v standings %v", s.Phase, s.Standings)
				}
				rec := r.sink.get(cfg.ID)
				rep, err := engine.Replay(reg, strings.NewReader(rec))
				if err != nil || !rep.Ended {
					t.Fatalf("replay: ended %v, %v", rep.Ended, err)
				}
				for _, st := range s.Standings {
					if st.Total != rep.Result.Totals[st.Seat] {
						t.Fatalf("standing %+v, replayed total %d", st, rep.Result.Totals[st.Seat])
					}
				}
			})
		})
	}
}

// SI-5 against the real singularity engine: the sitout line is accepted and
// the record replays.
func TestRealSingularitySitout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := realRegistry()
		rs, err := reg.Lookup("singularity")
		must(t, err)
		cfg := Config{ID: "si5", Ruleset: rs, Seats: 4, Host: alice, SeatHost: true, Seed: 3, Bots: realBots}
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 2))
		must(t, r.table.Disconnect(bob))
		must(t, r.table.Disconnect(alice)) // both away: bots play every seat
		must(t, r.table.Start(alice))
		if err := r.wait(); err != nil {
			t.Fatalf("Run: %v", err)
		}
		rec := r.sink.get("si5")
		// 15 rounds of 4 players; seats 0 and 2 sit every one out.
		if n := strings.Count(rec, `"e":"sitout"`); n != 30 {
			t.Fatalf("%d sitout lines, want 30 (2 seats × 15 rounds)", n)
		}
		if _, err := engine.Replay(reg, strings.NewReader(rec)); err != nil {
			t.Fatalf("replay: %v", err)
		}
	})
}

// The server's logger fits the table's Logger.
var _ Logger = (*log.Logger)(nil)

// ON-5: every game is recorded — rule set, options, seed, and every action
// with its seat and time — so it can be replayed and checked move by move.
func TestON5_EveryActionRecordedWithSeatAndTime(t *testing.T) {
	reg := realRegistry()
	for _, rs := range reg.All() {
		t.Run(rs.Name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				cfg := Config{ID: "on5-" + rs.Name, Ruleset: rs, Seats: rs.MinPlayers, Host: alice, Seed: 5, Bots: realBots}
				r := newRig(t, cfg)
				must(t, r.table.Start(alice))
				if err := r.wait(); err != nil {
					t.Fatalf("Run: %v", err)
				}
				rec := r.sink.get(cfg.ID)
				lines := strings.Split(strings.TrimSpace(rec), "\n")
				if !strings.Contains(lines[0], `"ruleset":"`+rs.Name+`"`) || !strings.Contains(lines[0], `"seed":5`) {
					t.Fatalf("header lacks the rule set or seed: %s", lines[0])
				}
				moves := 0
				for i, l := range lines[1:] {
					if strings.Contains(l, `"e":"move"`) {
						moves++
						if !strings.Contains(l, `"seat":`) || !strings.Contains(l, `"t":"`) {
							t.Fatalf("line %d: a move without seat or time: %s", i+2, l)
						}
					}
				}
				if moves == 0 {
					t.Fatal("no moves recorded")
				}
				rep, err := engine.Replay(reg, strings.NewReader(rec))
				if err != nil || !rep.Ended {
					t.Fatalf("the record does not replay: ended %v, %v", rep.Ended, err)
				}
			})
		})
	}
}

// SR-6 at a table: the cards of a trump-choice draw come one at a time, at
// the bots' pace, so players see the draw happen (PacedChancer).
func TestSR6_DrawShownCardByCard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := realRegistry()
		rs, err := reg.Lookup("specialrounds")
		must(t, err)
		cfg := Config{ID: "sr6", Ruleset: rs, Seats: 3, Host: alice, Seed: 8, Bots: realBots, BotPace: time.Second}
		r := newRig(t, cfg)
		w := r.subscribe(carol)
		must(t, r.table.Start(alice))
		draws := func(s Snapshot) int {
			if v, ok := s.View.(*trick.View); ok && v.Modifier == trick.TrumpChoice {
				return len(v.Draws)
			}
			return 0
		}
		seen := map[int]bool{}
		for step := 0; step < 2000 && len(seen) < 3; step++ {
			s := w.now()
			if n := draws(s); n > 0 {
				seen[n] = true
			}
			r.advance(time.Second)
		}
		// Three seats draw at least three cards: each count showed on its own.
		for n := 1; n <= 3; n++ {
			if !seen[n] {
				t.Fatalf("no snapshot showed the draw with %d cards (saw %v)", n, seen)
			}
		}
		_ = r.stop()
	})
}
