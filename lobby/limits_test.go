package lobby

import (
	"errors"
	"testing"
	"testing/synctest"

	"github.com/cardroom/cardroom/tables"
)

// A person hosts at most MaxTablesPerPlayer tables at once, counted by key,
// or by address for guests; a table that ends frees its place.
func TestMaxTablesPerPlayer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRigWith(t, func(c *Config) { c.MaxTablesPerPlayer = 2 })
		l := r.l
		alice := enter(t, l, "K1", "alice")
		var first Created
		for i := range 2 {
			c, err := l.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 3})
			must(t, err)
			if i == 0 {
				first = c
			}
		}
		_, err := l.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 3})
		var many *TooManyTables
		if !errors.As(err, &many) || many.Max != 2 {
			t.Fatalf("a third table: %v, want TooManyTables", err)
		}
		bob := enter(t, l, "K2", "bob")
		if _, err := l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3}); err != nil {
			t.Fatalf("someone else's table: %v", err)
		}
		// Guests are counted by address: a new guest id from the same place
		// is the same person.
		for i, id := range []string{"guest-a", "guest-b", "guest-c"} {
			e, err := l.Login(Login{ID: id, Name: "g", Guest: true, Addr: "198.51.100.9"})
			must(t, err)
			_, err = l.Create(CreateRequest{Host: e.Player, Ruleset: "turns", Seats: 3})
			if i < 2 && err != nil {
				t.Fatalf("guest table %d: %v", i+1, err)
			}
			if i == 2 && !errors.As(err, &many) {
				t.Fatalf("a third guest table from one address: %v", err)
			}
		}
		// A table that ends frees a place.
		must(t, l.Leave(alice, first.Info.ID))
		synctest.Wait()
		r.clock.Advance(tables.DefaultIdleClose)
		<-first.Table.Done()
		synctest.Wait()
		if _, err := l.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 3}); err != nil {
			t.Fatalf("a table after one ended: %v", err)
		}
	})
}

// A table its host has left, waiting or running, stops counting toward
// their limit at once, not only when it closes.
func TestLeftTablesDoNotCount(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRigWith(t, func(c *Config) { c.MaxTablesPerPlayer = 2 })
		l := r.l
		alice := enter(t, l, "K1", "alice")
		var made []Created
		for range 2 {
			c, err := l.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 3})
			must(t, err)
			made = append(made, c)
		}
		must(t, made[1].Table.Start(alice)) // one running, one waiting
		synctest.Wait()
		var many *TooManyTables
		if _, err := l.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 3}); !errors.As(err, &many) {
			t.Fatalf("a third table while hosting two: %v, want TooManyTables", err)
		}
		_, err := l.Watch(enter(t, l, "K2", "bob"), made[0].Info.ID) // the waiting table stays open while bob watches
		must(t, err)
		for _, c := range made {
			must(t, c.Table.Leave(alice)) // as the table screen's L does
		}
		synctest.Wait()
		for i := range 2 {
			if _, err := l.Create(CreateRequest{Host: alice, Ruleset: "turns", Seats: 3}); err != nil {
				t.Fatalf("table %d after leaving both: %v", i+1, err)
			}
		}
		for _, c := range made {
			select {
			case <-c.Table.Done():
				t.Fatalf("table %s closed: the test did not catch it open", c.Info.ID)
			default:
			}
		}
	})
}
