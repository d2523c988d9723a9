package lobby

import (
	"slices"
	"testing"
	"testing/synctest"
)

// Creating a table or sitting at another gives up a person's seat at a
// waiting table someone else hosts (so its host cannot start a game with
// them sitting elsewhere); a seat in a running game stays, and so does a
// waiting table of their own, which nobody else can start.
func TestSittingElsewhereGivesUpAWaitingSeat(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		l := r.l
		ann := enter(t, l, "K1", "ann")
		bob := enter(t, l, "K2", "bob")
		running, err := l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3})
		must(t, err)
		must(t, running.Table.Start(ann))
		bobs, err := l.Create(CreateRequest{Host: bob, Ruleset: "turns", Seats: 3})
		must(t, err)
		_, err = l.Join(ann, bobs.Info.ID, -1)
		must(t, err)
		holds := func(what string, want ...string) {
			t.Helper()
			synctest.Wait()
			u, err := l.List()
			must(t, err)
			var got []string
			for _, ti := range u.Tables {
				if ti.Holds(ann.ID) {
					got = append(got, ti.ID)
				}
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: ann holds seats at %q, want %q", what, got, want)
			}
		}
		holds("at bob's table", running.Info.ID, bobs.Info.ID)
		own, err := l.Create(CreateRequest{Host: ann, Ruleset: "turns", Seats: 3})
		must(t, err)
		holds("after creating her own", running.Info.ID, own.Info.ID)
		_, err = l.Join(ann, bobs.Info.ID, -1)
		must(t, err)
		holds("back at bob's", running.Info.ID, own.Info.ID, bobs.Info.ID)
	})
}
