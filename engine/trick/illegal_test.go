package trick

import (
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// moveUniverse is every move text a trick-game seat could try.
func moveUniverse() []engine.Move {
	var out []engine.Move
	for n := 0; n <= 21; n++ {
		out = append(out, engine.BidMove(n))
	}
	for s := cards.Spades; s <= cards.NoSuit; s++ {
		out = append(out, engine.TrumpMove(s))
	}
	for c := cards.Card(0); c < cards.NumFaces; c++ {
		out = append(out, engine.PlayCard(c))
	}
	return append(out, engine.PassMove(), engine.PlayRanks("33"), HiddenPlay(), engine.BidMove(-1))
}

func TestIllegalApplyChangesNothing(t *testing.T) {
	universe := moveUniverse()
	for i, c := range []struct {
		rs   string
		n    int
		opts engine.Options
	}{
		{"singularity", 3, engine.Options{"special_rounds": "1:forehead,2:trump_choice,3:blind", "hook": "true"}},
		{"specialrounds", 4, nil},
		{"boerenbridge", 5, engine.Options{"max_cards": "4", "bb_allow_notrump": "true", "special_rounds": "1:forehead"}},
	} {
		g, err := New(c.rs, c.n, c.opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := cards.NewRand(uint64(100 + i))
		for !g.Done() {
			seat := g.Next()
			if seat == engine.Chance {
				refuseMove(t, g, 0, engine.BidMove(0), "the cards must be dealt first")
				if err := g.Deal(rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := g.Legal(seat)
			forehead := g.mod() == Forehead && g.phase == PhasePlay
			for range 6 { // a seeded sample of the move universe per state
				m := universe[rng.IntN(len(universe))]
				if slices.Contains(legal, m) || forehead && m.Kind == engine.Play && m.Card == only(g.hands[seat]) {
					continue
				}
				refuseMove(t, g, seat, m, "")
			}
			refuseMove(t, g, (seat+1)%c.n, legal[0], "not your turn")
			refuseMove(t, g, 9, legal[0], "no seat 9")
			if err := g.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		refuseMove(t, g, 0, engine.BidMove(0), "the game is over")
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := start(t, "singularity", 4)
	rng := cards.NewRand(1)
	if err := g.Deal(rng); err != nil {
		t.Fatal(err)
	}
	before := g.Clone()
	c := g.Clone()
	c.PlayoutRound(rng)
	if err := c.Deal(rng); err != nil {
		t.Fatal(err)
	}
	if !sameState(before, g) || len(g.Events()) != 1 {
		t.Fatal("playing a clone changed the original")
	}
	if c.Round() != 2 || len(c.Events()) != 2 {
		t.Fatalf("clone: round %d, %d events; want round 2, 2 events (deals only: Step does not record)", c.Round(), len(c.Events()))
	}
}

func TestViewSharesNothing(t *testing.T) {
	g := start(t, "singularity", 3)
	deal(t, g, 2, "2H", "AS", "KS", "QS")
	v := g.ViewOf(0)
	v.Hand[0] = cards.Clanker
	v.Bids[0] = 7
	v.Legal[0] = engine.PassMove()
	if w := g.ViewOf(0); w.Hand[0] == cards.Clanker || w.Bids[0] == 7 || w.Legal[0] == engine.PassMove() {
		t.Fatal("a view shares memory with the game")
	}
	ev := g.Events()
	ev[0].Hands[0][0] = cards.Clanker
	if g.Events()[0].Hands[0][0] == cards.Clanker {
		t.Fatal("Events shares memory with the game")
	}
}
