package ddbot

import (
	"testing"

	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// A hint on a lead is the bot's lead from its split of the hand, not the
// lowest single: with 333 4 KK the triple goes with its single.
func TestHintsLeadFromTheSplit(t *testing.T) {
	hand, err := cards.ParseList("3S 3H 3D 4C KS KH")
	if err != nil {
		t.Fatal(err)
	}
	v := &dd.View{Seat: 0, Phase: dd.Playing, Turn: 0, Hand: hand, Counts: [dd.Players]int{6, 17, 17}, Landlord: 0, TableSeat: -1}
	hs := Hints(v)
	if len(hs) == 0 || hs[0].String() != "3334" {
		t.Fatalf("hints %v, want 3334 first", hs)
	}
	if len(hs) != len(dd.Follows(dd.HandOf(hand), dd.Play{})) {
		t.Fatalf("%d hints, want every lead", len(hs))
	}
	// Nothing beats the rocket: no hints.
	rocket, _ := dd.ParsePlay("BR")
	v.Table, v.TableSeat = rocket, 1
	if hs := Hints(v); len(hs) != 0 {
		t.Fatalf("hints %v on the rocket", hs)
	}
}
