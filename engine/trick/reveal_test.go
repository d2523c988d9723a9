package trick

import (
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// SR-9, ON-4: in the forehead round a seat's own card is never in its
// view before it is played (no hand, no forehead, no legal move names
// it); once the trick is complete, the view's last trick shows every
// seat's card, its own included — the reveal the table holds on screen.
func TestSR9_OwnCardRevealedOnlyOnceTheTrickIsComplete(t *testing.T) {
	g := skipTo(start(t, "specialrounds", 3), 19, 0)
	deal(t, g, 0, "7H", "AS", "KS", "QS")
	own := parseCards(t, "AS KS QS")
	bids(t, g, 0, 0, 0)
	for _, seat := range []int{1, 2, 0} {
		v := g.ViewOf(seat)
		c := own[seat]
		if slices.Contains(v.Hand, c) || slices.Contains(v.Foreheads, c) || len(v.LastTrick) > 0 ||
			slices.ContainsFunc(v.Legal, func(m engine.Move) bool { return m.Card == c }) {
			t.Fatalf("seat %d sees its own card %v before playing it: %+v", seat, c, v)
		}
		if err := g.Apply(seat, HiddenPlay()); err != nil {
			t.Fatal(err)
		}
	}
	for seat := range 3 {
		v := g.ViewOf(seat)
		var shown []cards.Card
		for _, p := range v.LastTrick {
			shown = append(shown, p.Card)
		}
		for _, c := range own {
			if !v.TrickComplete() || !slices.Contains(shown, c) {
				t.Fatalf("seat %d: last trick %v, want all three cards", seat, v.LastTrick)
			}
		}
	}
}
