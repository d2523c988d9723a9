package tables

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// The host who leaves a running table hands the role to the next person
// seated, and the chat says so; the lobby's summary names the new host.
func TestHostLeavingARunningTablePassesTheRole(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"rounds": "5"}
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		must(t, r.table.Sit(carol, 2))
		b := r.subscribe(bob)
		must(t, r.table.Start(alice))
		must(t, r.table.Leave(alice))
		s := b.now()
		if s.Host != "bob" || !s.YouHost {
			t.Fatalf("host %q (bob is host: %v), want bob", s.Host, s.YouHost)
		}
		if last := s.Chat[len(s.Chat)-1].Text; !strings.Contains(last, "alice left; bob is the host now") {
			t.Errorf("chat %q does not say who the host is now", last)
		}
		if err := r.table.Start(bob); err != ErrNotWaiting {
			t.Errorf("the new host's Start = %v, want ErrNotWaiting (host rights, game running)", err)
		}
	})
}

// The host's hand-over of a person's seat to a bot tells the table, and the
// person, who watches on, may take a free seat again.
func TestHandingAPersonsSeatToABotTellsThemAndLetsThemSitAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		must(t, r.table.Sit(bob, 1))
		b := r.subscribe(bob)
		must(t, r.table.HandToBot(alice, 1))
		s := b.now()
		if s.You != engine.Spectator || len(s.Spectators) != 1 || s.Spectators[0] != "bob" {
			t.Fatalf("bob: seat %d, spectators %q; want bob watching from no seat", s.You, s.Spectators)
		}
		if last := s.Chat[len(s.Chat)-1].Text; last != "the host handed bob's seat 2 to a bot" {
			t.Errorf("chat %q, want the hand-over told", last)
		}
		must(t, r.table.Sit(bob, 2))
		if s := b.now(); s.You != 2 || len(s.Spectators) != 0 {
			t.Errorf("bob sat again: seat %d, spectators %q; want seat 3, none watching", s.You, s.Spectators)
		}
	})
}

// The host role passed on during a game is journaled: a restored table has
// the new host.
func TestRestoreKeepsTheNewHost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options, cfg.BotPace = engine.Options{"rounds": "5"}, time.Second
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		must(t, r.table.Start(alice))
		must(t, r.table.Leave(alice))
		s := restored(t, r, j, nil, bob)
		if s.Host != "bob" || !s.YouHost {
			t.Errorf("restored host %q, want bob", s.Host)
		}
	})
}

// The host who leaves a waiting table nobody else sits at, while bob
// watches it, hands the role to the next person who sits: they may start,
// and the chat says so.
func TestHostLeavingAnEmptyTablePassesTheRoleToWhoSitsNext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		b := r.subscribe(bob)
		must(t, r.table.Leave(alice))
		must(t, r.table.Sit(bob, 1))
		s := b.now()
		if s.Host != "bob" || !s.YouHost {
			t.Fatalf("host %q (bob is host: %v), want bob", s.Host, s.YouHost)
		}
		if last := s.Chat[len(s.Chat)-1].Text; !strings.Contains(last, "alice left; bob is the host now") {
			t.Errorf("chat %q does not say who the host is now", last)
		}
		must(t, r.table.Start(bob))
	})
}

// A host who left a running table of bots leaves the role to whoever takes
// a seat next, and a restored table has that new host.
func TestRestoreKeepsTheHostWhoSatAfterTheHostLeft(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options, cfg.BotPace = engine.Options{"rounds": "5"}, time.Hour
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		must(t, r.table.Leave(alice))
		must(t, r.table.Sit(bob, 1))
		s := restored(t, r, j, nil, bob)
		if s.Host != "bob" || !s.YouHost {
			t.Errorf("restored host %q, want bob", s.Host)
		}
	})
}

// A host who left a running table of bots, restored before anybody sat,
// still leaves the role to whoever sits next.
func TestRestoredTableStillWaitsForANewHost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options, cfg.BotPace = engine.Options{"rounds": "5"}, time.Hour
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		must(t, r.table.Leave(alice))
		s := restored(t, r, j, func(tb *Table) { must(t, tb.Sit(bob, 1)) }, bob)
		if s.Host != "bob" || !s.YouHost {
			t.Errorf("restored host %q, want bob", s.Host)
		}
	})
}

// restored stops r, restores its table from j, runs it, calls then (when
// not nil), and returns p's first snapshot of the restored table, which is
// stopped again before restored returns.
func restored(t *testing.T, r *rig, j *memJournal, then func(*Table), p Player) Snapshot {
	t.Helper()
	synctest.Wait()
	r.stop()
	tb, err := Restore(engine.NewRegistry(toyRuleset("toy")), j.saved("t1"), Config{Clock: r.clock})
	must(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- tb.Run(ctx) }()
	defer func() {
		cancel()
		<-errc
	}()
	if then != nil {
		then(tb)
	}
	sub, err := tb.Subscribe(p)
	must(t, err)
	synctest.Wait()
	return <-sub.C
}

// A host who comes back to their seat under another name (their key's
// name changed) is named by it: on the seat, as the host, in the
// standings and in what the table says of them from then on, whichever of
// Subscribe and Sit the table hears first; the table is told the new name
// once.
func TestComingBackUnderAnotherNameRenamesSeatAndHost(t *testing.T) {
	for _, subscribeFirst := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			r := newRig(t, defaultConfig("toy"))
			b := r.subscribe(bob)
			must(t, r.table.Sit(bob, 1))
			a := r.subscribe(alice)
			must(t, r.table.Start(alice))
			a.now()
			a.sub.Close() // her screen closes; she logs in again as eve
			eve := Player{ID: alice.ID, Name: "eve"}
			if subscribeFirst {
				a = r.subscribe(eve)
				must(t, r.table.Sit(eve, -1))
			} else {
				must(t, r.table.Sit(eve, -1))
				a = r.subscribe(eve)
			}
			s := a.now()
			if s.Host != "eve" || s.Seats[0].Name != "eve" || !s.YouHost {
				t.Fatalf("host %q seat %q (she is host: %v), want eve", s.Host, s.Seats[0].Name, s.YouHost)
			}
			if got := linesAbout(b, "eve"); len(got) != 1 || got[0] != "eve is back" {
				t.Fatalf("the lines about eve: %q, want [eve is back]", got)
			}
			if got := linesAbout(b, "alice"); len(got) != 2 || !strings.HasPrefix(got[0], "alice stepped away") || got[1] != "alice is now called eve" {
				t.Fatalf("the lines about alice: %q, want that she stepped away and is now called eve", got)
			}
			for s := b.now(); s.Phase == Playing; s = b.now() {
				switch s.Turn {
				case 0:
					must(t, r.table.Move(eve, a.now().View.LegalMoves()[0]))
				case 1:
					must(t, r.table.Move(bob, s.View.LegalMoves()[0]))
				default:
					t.Fatalf("the table waits for seat %d", s.Turn)
				}
			}
			if s := b.now(); !slices.ContainsFunc(s.Standings, func(sd Standing) bool { return sd.Name == "eve" }) || s.Seats[0].Name != "eve" {
				t.Fatalf("game over: standings %+v, seat 0 %q; want eve, as her seat was named when her bot first moved as alice", s.Standings, s.Seats[0].Name)
			}
		})
	}
}

// A person who comes back under another name during the game keeps it
// through a crash: the restored table names their seat, the host and the
// finished game's record by the new names, and says each rename once.
func TestRestoreKeepsARename(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace = time.Second
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		a, b := r.subscribe(alice), r.subscribe(bob)
		must(t, r.table.Start(alice))
		a.now()
		a.sub.Close() // she logs in again as eve, and bob as rob
		b.sub.Close()
		eve, rob := Player{ID: alice.ID, Name: "eve"}, Player{ID: bob.ID, Name: "rob"}
		r.subscribe(eve)
		must(t, r.table.Sit(rob, -1))
		synctest.Wait()
		rr := restoredRig(t, reg, j.saved("t1"), Config{}, newMemJournal())
		c := rr.subscribe(carol)
		s := c.now()
		if s.Host != "eve" || s.Seats[0].Name != "eve" || s.Seats[1].Name != "rob" {
			t.Fatalf("restored host %q seats %q %q, want eve, eve and rob", s.Host, s.Seats[0].Name, s.Seats[1].Name)
		}
		e := rr.subscribe(eve) // back as eve: nothing to tell
		e.now()
		e.sub.Close()
		for old, now := range map[string]string{"alice": "eve", "bob": "rob"} {
			said := old + " is now called " + now
			if got := linesAbout(c, old); len(slices.DeleteFunc(slices.Clone(got), func(l string) bool { return l != said })) != 1 {
				t.Errorf("the restored lines about %s: %q, want one that says %s is now called %s", old, got, old, now)
			}
		}
		rj := rr.table.cfg.Journal.(*memJournal)
		for i := 0; s.Phase != Over && i < 100; i++ { // their bots play the rest
			rr.advance(time.Second)
			s = c.now()
		}
		if len(rj.finished) != 1 {
			t.Fatalf("finished %d games, want the restored one", len(rj.finished))
		}
		f := rj.finished[0]
		if f.Seats[0].Name != "eve" || f.Seats[1].Name != "rob" {
			t.Errorf("the finished game names %q and %q, want eve and rob", f.Seats[0].Name, f.Seats[1].Name)
		}
		if bytes.Contains(f.Record, []byte(`"x-`)) {
			t.Errorf("the finished record holds the table's own lines:\n%s", f.Record)
		}
	})
}
