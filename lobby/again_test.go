package lobby

import (
	"slices"
	"testing"
	"testing/synctest"
)

// Play again: the first of a finished table's people to ask creates the
// new table; the next one asking is given the same table while it waits;
// once it has started, asking again makes another.
func TestPlayAgainSharesOneTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		ada := enter(t, r.l, "k-ada", "ada")
		bob := enter(t, r.l, "k-bob", "bob")
		first, err := r.l.Create(CreateRequest{Host: ada, Ruleset: "turns", Seats: 3, Watch: true, Again: "old"})
		must(t, err)
		second, err := r.l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3, Watch: true, Again: "old"})
		must(t, err)
		if second.Table != first.Table {
			t.Fatal("bob's play again made a second table")
		}
		synctest.Wait() // the lobby has heard the table's summaries
		u, err := r.l.List()
		must(t, err)
		if i := slices.IndexFunc(u.Tables, func(ti TableInfo) bool { return ti.ID == first.Info.ID }); i < 0 || u.Tables[i].Again != "old" || u.Tables[i].Host != "ada" {
			t.Fatalf("the lobby does not list ada's table as playing old again: %+v", u.Tables)
		}
		other, err := r.l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3, Watch: true, Again: "another"})
		must(t, err)
		if other.Table == first.Table {
			t.Fatal("play again of another table gave the same table")
		}
		must(t, first.Table.Sit(ada, 0))
		must(t, first.Table.Start(ada))
		synctest.Wait() // the lobby hears the table has started
		third, err := r.l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3, Watch: true, Again: "old"})
		must(t, err)
		if third.Table == first.Table {
			t.Fatal("play again gave a table that has started")
		}
	})
}
