package lobby

import (
	"errors"
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

// A private game played again lets in whoever watched the finished one
// with its code, while it runs still or after it has ended: they see the
// new table in their lobby and may watch it by its id (also once it is
// restored: it is in the table's list). Others still need its code.
func TestPlayAgainAdmitsPrivateSpectators(t *testing.T) {
	for _, ended := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			r := newRig(t)
			ann := enter(t, r.l, "k-ann", "ann")
			cyd := enter(t, r.l, "k-cyd", "cyd")
			dan := enter(t, r.l, "k-dan", "dan")
			old, err := r.l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3, Private: true, Watch: true, BotPace: Off})
			must(t, err)
			_, err = r.l.Watch(cyd, old.Code)
			must(t, err)
			if ended {
				must(t, old.Table.Start(ann))
				<-old.Table.Done()
				synctest.Wait() // the lobby has taken the table off its list
			}
			again, err := r.l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3, Private: true, Watch: true, Again: old.Info.ID})
			must(t, err)
			if again.Code == old.Code {
				t.Fatal("the new game kept the finished one's code")
			}
			synctest.Wait() // the lobby has heard the table's summaries
			u, err := r.l.List()
			must(t, err)
			sees := func(id string) bool {
				return slices.ContainsFunc(u.For(id), func(ti TableInfo) bool { return ti.ID == again.Info.ID })
			}
			if !sees(cyd.ID) || sees(dan.ID) {
				t.Fatalf("ended %v: the new private table is seen by cyd %v, dan %v; want cyd only", ended, sees(cyd.ID), sees(dan.ID))
			}
			if _, err := r.l.Watch(cyd, again.Info.ID); err != nil {
				t.Fatalf("ended %v: cyd watches the new game by its id: %v", ended, err)
			}
			if _, err := r.l.Watch(dan, again.Info.ID); !errors.Is(err, ErrPrivate) {
				t.Fatalf("ended %v: dan by id without the code: %v, want ErrPrivate", ended, err)
			}
			if !slices.Contains(again.Table.Admitted(), cyd.ID) {
				t.Fatalf("ended %v: the new table's list %v lacks cyd: a restored table would not let them in", ended, again.Table.Admitted())
			}
		})
	}
}
