package lobby

import (
	"slices"
	"testing"
	"testing/synctest"
	"time"
)

// Quick play seats people only where the game will start: at a public
// waiting table of the game with a free seat whose host is at it. dave's
// table is offered while he is there, not once he went back to the lobby
// (his seat kept, away) — eve would sit at a table nobody present can
// start — and again when he is back. His own table stays his to go back
// to. A full table, a private one, and one of another game are never
// offered. The list that shows dave gone is published at once, within
// the interval: screens a moment behind would send people there.
func TestQuickPlayOnlyWhereTheHostCanStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newCoalescingRig(t, time.Second)
		l := r.l
		sub, err := l.Subscribe()
		must(t, err)
		defer sub.Close()
		dave := enter(t, l, "K1", "dave")
		eve := enter(t, l, "K2", "eve")
		frank := enter(t, l, "K3", "frank")
		gina := enter(t, l, "K4", "gina")
		c, err := l.Create(CreateRequest{Host: dave, Ruleset: "turns", Seats: 3})
		must(t, err)
		full, err := l.Create(CreateRequest{Host: frank, Ruleset: "turns", Seats: 3})
		must(t, err)
		_, err = l.Join(gina, full.Info.ID, -1)
		must(t, err)
		_, err = l.Create(CreateRequest{Host: enter(t, l, "K9", "jo"), Ruleset: "turns", Seats: 3, Private: true})
		must(t, err)
		offered := func(who string) []string {
			t.Helper()
			synctest.Wait()
			u, err := l.List()
			must(t, err)
			return u.QuickPlay(who, "turns")
		}
		// frank's table has one free seat: it is offered until someone
		// takes it.
		if got := offered(eve.ID); !slices.Equal(got, []string{c.Info.ID, full.Info.ID}) {
			t.Fatalf("with both hosts there: %q, want dave's and frank's tables", got)
		}
		_, err = l.Join(enter(t, l, "K5", "hal"), full.Info.ID, -1)
		must(t, err)
		if got := offered(eve.ID); !slices.Equal(got, []string{c.Info.ID}) {
			t.Fatalf("frank's table is full: %q, want dave's only", got)
		}

		r.clock.Advance(2 * time.Second)
		next(sub)
		enter(t, l, "K6", "ivy") // published at once; what follows within the interval waits for its end
		if _, ok := next(sub); !ok {
			t.Fatal("no leading update")
		}
		must(t, c.Table.Disconnect(dave)) // esc: back to the lobby, his seat kept
		u, ok := next(sub)
		if !ok {
			t.Fatal("dave's table, now without its host, was not published at once")
		}
		if got := u.QuickPlay(eve.ID, "turns"); len(got) != 0 {
			t.Errorf("dave away: quick play offers %q, want nothing (a new table)", got)
		}
		if got := u.QuickPlay(dave.ID, "turns"); !slices.Equal(got, []string{c.Info.ID}) {
			t.Errorf("dave away: his own quick play offers %q, want his table", got)
		}
		if got := u.QuickPlay(eve.ID, "other"); len(got) != 0 {
			t.Errorf("another game: %q", got)
		}

		_, err = l.Join(dave, c.Info.ID, -1) // dave is back at his table
		must(t, err)
		if got := offered(eve.ID); !slices.Equal(got, []string{c.Info.ID}) {
			t.Errorf("dave back: quick play offers %q, want his table", got)
		}
	})
}

// A waiting table its host left with nobody else in a seat (only a bot)
// closes and leaves the list at once: nobody would be there to start it,
// and quick play offers it to no one, not even its old host.
func TestTableEveryoneLeftIsUnlisted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		l := r.l
		ann := enter(t, l, "K1", "ann")
		bob := enter(t, l, "K2", "bob")
		c, err := l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3})
		must(t, err)
		must(t, c.Table.HandToBot(ann, 1))
		_, err = l.Join(bob, c.Info.ID, -1)
		must(t, err)
		must(t, l.Leave(bob, c.Info.ID))
		must(t, l.Leave(ann, c.Info.ID))
		synctest.Wait()
		u, err := l.List()
		must(t, err)
		if len(u.Tables) != 0 {
			t.Fatalf("listed after everyone left: %+v", u.Tables)
		}
		for _, p := range []string{ann.ID, bob.ID} {
			if got := u.QuickPlay(p, "turns"); len(got) != 0 {
				t.Errorf("quick play offers %s %q", p, got)
			}
		}
	})
}
