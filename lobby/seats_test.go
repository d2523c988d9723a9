package lobby

import (
	"errors"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/tables"
)

// A private table lets its own people in by its id — its host, the people
// in its seats, and whoever came in with its code, also after they left —
// and shows itself only to them; everyone else needs the code.
func TestPrivateTableAdmitsItsOwnPeople(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		host := enter(t, l, "K1", "alice")
		bob := enter(t, l, "K2", "bob")
		carol := enter(t, l, "K3", "carol")
		dave := enter(t, l, "K4", "dave")
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Private: true})
		must(t, err)
		id := c.Info.ID
		if _, err := l.Join(bob, id, -1); !errors.Is(err, ErrPrivate) {
			t.Fatalf("bob by id without the code: %v, want ErrPrivate", err)
		}
		_, err = l.Join(bob, c.Code, -1)
		must(t, err)
		_, err = l.Watch(carol, c.Code)
		must(t, err)
		must(t, l.Leave(bob, id))
		must(t, l.Leave(carol, id))
		synctest.Wait()
		for _, p := range []tables.Player{host, bob, carol} {
			if _, err := l.Watch(p, id); err != nil {
				t.Errorf("%s by id: %v, want let in", p.Name, err)
			}
		}
		if _, err := l.Watch(dave, id); !errors.Is(err, ErrPrivate) {
			t.Errorf("dave by id: %v, want ErrPrivate", err)
		}
		u, err := l.List()
		must(t, err)
		for _, p := range []tables.Player{host, bob, carol, dave} {
			shown := slices.ContainsFunc(u.For(p.ID), func(ti TableInfo) bool { return ti.ID == id })
			if shown != (p != dave) {
				t.Errorf("%s sees the private table: %v", p.Name, shown)
			}
		}
	})
}

// Enter names the tables where the person holds a seat: where they go back.
func TestEnterNamesTheSeatsHeld(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		host := enter(t, l, "K1", "alice")
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3})
		must(t, err)
		synctest.Wait()
		e, err := l.Enter("K1", "alice", false)
		must(t, err)
		if !slices.Equal(e.Seated, []string{c.Info.ID}) {
			t.Errorf("Seated = %q, want %q", e.Seated, c.Info.ID)
		}
		e, err = l.Enter("K9", "zed", false)
		must(t, err)
		if len(e.Seated) != 0 {
			t.Errorf("Seated of someone seated nowhere = %q", e.Seated)
		}
	})
}

// A person who holds a seat in a running game is refused a seat in another
// running game, told where theirs is, until they leave it; their own seat
// and a waiting table's are theirs to take.
func TestNoSeatInASecondRunningGame(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newRig(t).l
		ann := enter(t, l, "K1", "ann")
		bob := enter(t, l, "K2", "bob")
		hers, err := l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3})
		must(t, err)
		must(t, hers.Table.Start(ann))
		his, err := l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3})
		must(t, err)
		must(t, his.Table.Start(bob))
		synctest.Wait()
		var held *HoldsSeat
		if _, err := l.Join(ann, his.Info.ID, -1); !errors.As(err, &held) || held.Table != hers.Info.ID {
			t.Fatalf("ann at bob's running game: %v, want refused naming %s", err, hers.Info.ID)
		}
		if _, err := l.Join(ann, hers.Info.ID, -1); err != nil {
			t.Fatalf("ann back at her own game: %v", err)
		}
		waiting, err := l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3})
		must(t, err)
		if _, err := l.Join(ann, waiting.Info.ID, -1); err != nil {
			t.Fatalf("ann at a waiting table: %v", err)
		}
		must(t, l.Leave(ann, hers.Info.ID))
		synctest.Wait()
		if _, err := l.Join(ann, his.Info.ID, -1); err != nil {
			t.Fatalf("ann at bob's game once she left hers: %v", err)
		}
	})
}

// With seats in two running games, Enter sends a person back to the one
// they were at last (and the lobby names that one first when it refuses
// them a third).
func TestEnterNamesTheGameLastPlayedFirst(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		l := r.l
		ann := enter(t, l, "K1", "ann")
		var ids []string
		for range 2 {
			c, err := l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3})
			must(t, err)
			must(t, c.Table.Start(ann))
			ids = append(ids, c.Info.ID)
		}
		first := func(what, want string) {
			t.Helper()
			synctest.Wait()
			e, err := l.Enter("K1", "ann", false)
			must(t, err)
			if len(e.Seated) != 2 || e.Seated[0] != want {
				t.Fatalf("%s: Seated = %q, want %s first", what, e.Seated, want)
			}
		}
		first("both made at once: the lobby's order", ids[0])
		for _, id := range []string{ids[1], ids[0], ids[1]} { // she plays at one, then goes
			h, err := l.Join(ann, id, -1)
			must(t, err)
			sub, err := h.Subscribe(ann)
			must(t, err)
			r.clock.Advance(time.Minute)
			sub.Close()
			first("after she left "+id, id)
			r.clock.Advance(time.Minute)
		}
	})
}
