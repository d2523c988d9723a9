package tables

import (
	"testing"
	"testing/synctest"
)

// A waiting table closes once its last person has left it, whether its
// host sat (and a bot was placed) or only watched: nobody is left to start
// it. Its summary says it is over, and it ends without a record.
func TestWaitingTableClosesWhenItsLastPersonLeaves(t *testing.T) {
	for _, watch := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.SeatHost = !watch
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			if !watch {
				must(t, r.table.HandToBot(alice, 1))
			}
			must(t, r.table.Sit(bob, 2))
			must(t, r.table.Leave(bob))
			if s := a.now(); s.Phase != Waiting {
				t.Fatalf("watch=%v: bob left with alice there: phase %v, want waiting", watch, s.Phase)
			}
			must(t, r.table.Leave(alice))
			synctest.Wait()
			select {
			case <-r.table.Done():
			default:
				t.Fatalf("watch=%v: the table everyone left is still open", watch)
			}
			if r.sink.get("t1") != "" {
				t.Errorf("watch=%v: a table that never started wrote a record", watch)
			}
		})
	}
}

// A waiting table whose host left stays open while someone watches it:
// the spectator may sit and take the role. It closes when they go too.
func TestDesertedTableWaitsForItsSpectator(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		b := r.subscribe(bob)
		must(t, r.table.Leave(alice))
		if s := b.now(); s.Phase != Waiting {
			t.Fatalf("phase %v with bob watching, want waiting", s.Phase)
		}
		b.sub.Close()
		synctest.Wait()
		select {
		case <-r.table.Done():
		default:
			t.Fatal("the table stays open after its last spectator went")
		}
	})
}
