package trick

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// SR-9: chat is closed from the deal of the forehead round until its trick
// is complete.
func TestSR9_ChatClosedInForeheadRound(t *testing.T) {
	g, err := New("specialrounds", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(9)
	sawClosed := false
	for !g.Done() {
		v := g.View(engine.Spectator).(*View)
		closed := v.ChatClosed()
		if want := v.Modifier == Forehead && v.Phase != PhaseDeal && v.Phase != PhaseOver; closed != want {
			t.Fatalf("round %d phase %v: ChatClosed %v, want %v", v.Round, v.Phase, closed, want)
		}
		sawClosed = sawClosed || closed
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := g.Next()
		if err := g.Apply(s, g.Legal(s)[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !sawClosed {
		t.Fatal("the forehead round never closed chat")
	}
	if g.View(0).(*View).ChatClosed() {
		t.Fatal("chat still closed after the game")
	}
}
