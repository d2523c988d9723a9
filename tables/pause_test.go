package tables

import (
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
)

// Every completed trick is held on screen for the trick pause, on the
// table's clock: the last trick of each round before the next deal, and the
// last of the game before its end; every Dou Dizhu deal's last play before
// the score.
func TestTrickPauseHoldsEveryTrick(t *testing.T) {
	reg := realRegistry()
	for _, name := range []string{"specialrounds", "doudizhu"} {
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				rs, _ := reg.Lookup(name)
				cfg := Config{ID: "p", Ruleset: rs, Seats: 3, Host: alice, Seed: 5, Bots: realBots, TrickPause: 1500 * time.Millisecond}
				if name == "doudizhu" {
					cfg.Options = engine.Options{"deals": "2"}
				}
				r := newRig(t, cfg)
				w := r.subscribe(carol)
				must(t, r.table.Start(alice))
				pauses, lastDeals := 0, 0
				var last Snapshot
				for s := w.now(); s.Phase != Over; s = w.now() {
					if !s.Paused || r.clock.Pending() != 1 || !s.View.(TrickHolder).TrickComplete() {
						t.Fatalf("after %d pauses: paused %v, %d timers; want the table held on a completed trick", pauses, s.Paused, r.clock.Pending())
					}
					if v, ok := s.View.(*trick.View); ok && len(v.LastTrick) != 3 {
						t.Fatalf("held trick %v", v.LastTrick)
					}
					if v, ok := s.View.(*doudizhu.View); ok && v.Phase != doudizhu.Playing {
						lastDeals++
					}
					pauses++
					last = s
					r.advance(1499 * time.Millisecond)
					if s := w.now(); !s.Paused || s.Version != last.Version {
						t.Fatal("the pause ended early")
					}
					r.advance(time.Millisecond)
				}
				switch v := last.View.(type) {
				case *trick.View:
					if pauses != 100 || !v.Over && v.Round != 19 { // 1+…+10+…+1 tricks
						t.Fatalf("%d pauses, want 100 ending on round 19's trick", pauses)
					}
				case *doudizhu.View:
					if lastDeals != 2 {
						t.Fatalf("%d deal ends held, want 2", lastDeals)
					}
				}
			})
		})
	}
}

// A person to move after a completed trick waits for the pause like
// everyone: their move is refused until it ends, then taken.
func TestTrickPauseRefusesMoves(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs, _ := realRegistry().Lookup("singularity")
		cfg := Config{ID: "p", Ruleset: rs, Seats: 3, Host: alice, SeatHost: true, Seed: 5, Bots: realBots, TrickPause: time.Second}
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		for s := a.now(); ; s = a.now() {
			if s.Phase != Playing {
				t.Fatal("alice never led after a pause")
			}
			if s.Paused && s.Turn == 0 {
				if err := r.table.Move(alice, s.View.LegalMoves()[0]); !errors.Is(err, ErrTrickShown) {
					t.Fatalf("a move during the pause: %v, want ErrTrickShown", err)
				}
				held := s.Version
				r.advance(999 * time.Millisecond)
				if s := a.now(); !s.Paused || s.Version != held {
					t.Fatal("the refused move ended the pause")
				}
				r.advance(time.Millisecond)
				s = a.now()
				if s.Paused || s.Turn != 0 {
					t.Fatalf("after the pause: paused %v, turn %d", s.Paused, s.Turn)
				}
				must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
				return
			}
			if s.Paused {
				r.advance(time.Second)
				continue
			}
			must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
		}
	})
}
