package doudizhu

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// ON-4: no view holds another seat's cards while a deal is played; once
// it has ended, every view shows the cards left in every hand.
func TestON4HandsShownOnlyOnceTheDealHasEnded(t *testing.T) {
	g, err := New(2)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(3)
	ended := 0
	for steps := 0; !g.Done() && steps < 10000; steps++ {
		for seat := engine.Spectator; seat < Players; seat++ {
			v := g.View(seat).(*View)
			if !v.TrickComplete() && v.Left != nil {
				t.Fatalf("seat %d sees the hands %v while the deal is played", seat, v.Left)
			}
			if v.TrickComplete() {
				for s := range Players {
					if len(v.Left[s]) != len(g.hands[s]) {
						t.Fatalf("deal over: seat %d sees %v left in seat %d's hand, want %v", seat, v.Left[s], s, g.hands[s])
					}
				}
			}
		}
		if g.View(engine.Spectator).(*View).TrickComplete() && g.Next() == engine.Chance {
			ended++
		}
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := g.Next()
		l := g.Legal(s)
		if err := g.Apply(s, l[rng.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	if v := g.View(0).(*View); v.Left == nil || ended == 0 {
		t.Fatalf("after the match: left %v, %d deals ended before the last", v.Left, ended)
	}
}
