package tables

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// ON-6 in the record: alice plays most of her seat and leaves near the end,
// so her bot finishes it. The finished record's header names her, and its
// informative finished_by key names the bot beside her; a record where
// everyone finished their own seat has no such key. A replay takes both.
func TestON6RecordNamesTheFinisher(t *testing.T) {
	for _, leave := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.Options = engine.Options{"rounds": "5"}
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			must(t, r.table.Start(alice))
			const late = 8
			moves := 0
			var s Snapshot
			for {
				s = a.now()
				if s.Phase == Over {
					break
				}
				if s.Turn != 0 || s.View == nil || len(s.View.LegalMoves()) == 0 {
					t.Fatalf("turn %d: alice cannot move", s.Turn)
				}
				must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
				if moves++; moves == late && leave {
					must(t, r.table.Leave(alice))
				}
			}
			r.stop()
			rec := r.sink.get("t1")
			header, _, _ := strings.Cut(rec, "\n")
			var h struct {
				Seats      []string `json:"seats"`
				FinishedBy []string `json:"finished_by"`
			}
			must(t, json.Unmarshal([]byte(header), &h))
			if h.Seats[0] != "alice" {
				t.Errorf("header seats %q; want alice credited", h.Seats)
			}
			if !leave {
				if h.FinishedBy != nil {
					t.Errorf("finished_by %q in a game everyone finished", h.FinishedBy)
				}
			} else if len(h.FinishedBy) != 3 || h.FinishedBy[0] == "" || !slices.Equal(h.FinishedBy[1:], []string{"", ""}) {
				t.Errorf("finished_by %q; want the bot beside alice only", h.FinishedBy)
			} else if h.FinishedBy[0] != s.Credits[0].Finisher {
				t.Errorf("finished_by %q; the sheet at the end says %q", h.FinishedBy, s.Credits[0].Finisher)
			}
			// The sheet knows who played which rounds of the seat.
			if !leave {
				if s.Holders != nil {
					t.Errorf("holders %+v in a game no seat changed hands", s.Holders)
				}
			} else if hs := s.Holders; len(hs) != 3 || len(hs[0]) != 2 || hs[0][0] != (Holder{"alice", 1}) ||
				hs[0][1].Name != s.Credits[0].Finisher || hs[0][1].From < 1 || hs[1] != nil || hs[2] != nil {
				t.Errorf("holders %+v; want alice, then %s", hs, s.Credits[0].Finisher)
			}
			if rep, err := engine.Replay(engine.NewRegistry(toyRuleset("toy")), strings.NewReader(rec)); err != nil || !rep.Ended {
				t.Errorf("replay: %v", err)
			}
		})
	}
}

// A takeover part-way (ON-6): eve sits in a bot's seat in round 2 and goes
// away at once, so her bot plays the rest. She holds the seat for most of
// its moves and is credited with it, but from round 2: the record's header
// says so (from_round), the finished seat carries it (and is not rated),
// and a table restored from its journal knows it too. alice, who held her
// seat from its first move, has no round.
func TestON6TakeoverPartWayIsFromItsRound(t *testing.T) {
	eve := Player{ID: "SHA256:eve", Name: "eve"}
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"rounds": "5"}
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		took := 0
		var s Snapshot
		for {
			s = a.now()
			if s.Phase == Over {
				break
			}
			if took == 0 && s.Round == 2 {
				took = s.Round
				must(t, r.table.Sit(eve, 1))
				must(t, r.table.SetAway(eve, true))
				must(t, r.table.Move(alice, s.View.LegalMoves()[0])) // then eve's bot moves for her
				synctest.Wait()
				restored, err := Restore(engine.NewRegistry(toyRuleset("toy")), j.saved("t1"), Config{})
				must(t, err)
				if hs := restored.held[1]; len(hs) != 2 || hs[1].p.ID != eve.ID || hs[1].from != took {
					t.Errorf("restored holdings of seat 2: %+v; want eve's from round %d", hs, took)
				}
				if hs := restored.holders(); len(hs) != 3 || len(hs[1]) != 2 || hs[1][0] != (Holder{s.Seats[1].Name, 1}) || hs[1][1] != (Holder{"eve", took}) {
					t.Errorf("restored holders %+v; want %s, then eve from round %d", hs, s.Seats[1].Name, took)
				}
				continue
			}
			if s.Turn != 0 || s.View == nil || len(s.View.LegalMoves()) == 0 {
				t.Fatalf("turn %d: alice cannot move", s.Turn)
			}
			must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
		}
		r.stop()
		if took == 0 {
			t.Fatal("the game never reached round 2")
		}
		if c := s.Credits[1]; c.Player.ID != eve.ID || c.From != took {
			t.Errorf("seat 2 credited to %+v; want eve from round %d", c, took)
		}
		if hs := s.Holders; len(hs) != 3 || len(hs[1]) != 2 || hs[1][1] != (Holder{"eve", took}) || hs[0] != nil || hs[2] != nil {
			t.Errorf("holders %+v; want seat 2's bot, then eve from round %d", hs, took)
		}
		if c := s.Credits[0]; c.Player.ID != alice.ID || c.From != 0 {
			t.Errorf("seat 1 credited to %+v; want alice from the start", c)
		}
		header, _, _ := strings.Cut(r.sink.get("t1"), "\n")
		var h struct {
			Seats     []string `json:"seats"`
			FromRound []int    `json:"from_round"`
		}
		must(t, json.Unmarshal([]byte(header), &h))
		if !slices.Equal(h.Seats, []string{"alice", "eve", "Grace"}) || !slices.Equal(h.FromRound, []int{0, took, 0}) {
			t.Errorf("header seats %q from_round %v; want eve from round %d", h.Seats, h.FromRound, took)
		}
		if len(j.finished) != 1 || j.finished[0].Seats[1].From != took || j.finished[0].Seats[0].From != 0 {
			t.Errorf("finished: %+v; want seat 2 from round %d", j.finished, took)
		}
	})
}

// A takeover after a restart (ON-6): the rounds replayed from the journal
// stay the seat's bot's, and eve, who sits in its seat in a later round of
// the restored table, is credited from that round.
func TestON6TakeoverAfterARestartIsFromItsRound(t *testing.T) {
	eve := Player{ID: "SHA256:eve", Name: "eve"}
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"rounds": "5"}
		cfg.BotPace = time.Second
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		play := func(r *rig, a *watcher, until func(Snapshot) bool) Snapshot {
			for {
				s := a.now()
				if until(s) {
					return s
				}
				if moves := s.View.LegalMoves(); s.Turn == 0 && len(moves) > 0 {
					must(t, r.table.Move(alice, moves[0]))
				} else {
					r.advance(time.Second)
				}
			}
		}
		play(r, a, func(s Snapshot) bool { return s.Round == 2 })
		r.stop()

		r = &rig{t: t, clock: NewFakeClock(t0), sink: &memSink{}, log: &testLog{}, errc: make(chan error, 1)}
		c := Config{Journal: j, Bots: randomBots, Clock: r.clock, Sink: r.sink, Logger: r.log}
		tb, err := Restore(engine.NewRegistry(toyRuleset("toy")), j.saved("t1"), c)
		must(t, err)
		r.run(tb)
		a = r.subscribe(alice)
		const took = 3
		play(r, a, func(s Snapshot) bool { return s.Round == took })
		must(t, tb.Sit(eve, 1))
		must(t, tb.SetAway(eve, true)) // her bot plays her seat
		s := play(r, a, func(s Snapshot) bool { return s.Phase == Over })
		if c := s.Credits[1]; c.Player.ID != eve.ID || c.From != took {
			t.Errorf("seat 2 credited to %+v; want eve from round %d", c, took)
		}
		if hs := s.Holders; len(hs) != 3 || len(hs[1]) != 2 || hs[1][1] != (Holder{"eve", took}) {
			t.Errorf("holders %+v; want seat 2's bot, then eve from round %d", hs, took)
		}
		if len(j.finished) != 1 || j.finished[0].Seats[1].From != took {
			t.Errorf("finished: %+v; want seat 2 from round %d", j.finished, took)
		}
	})
}
