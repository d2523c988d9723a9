package doudizhu

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// checkInvariants checks, between any two steps of a game: the 54 cards are
// all somewhere; every view shows the seat's own hand, the counts of the
// others, the bottom only once revealed, and no card the seat may not know;
// a view's legal moves are the game's.
func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	var all, played cards.Hand
	for s := range Players {
		for _, c := range g.hands[s] {
			all.Add(c)
		}
		if g.ranks[s] != HandOf(g.hands[s]) {
			t.Fatalf("seat %d: ranks %v, cards %v", s, g.ranks[s], g.hands[s])
		}
	}
	for _, tu := range g.history {
		for _, c := range tu.Cards {
			all.Add(c)
			played.Add(c)
		}
	}
	revealed := g.landlord >= 0
	if !revealed {
		for _, c := range g.bottom {
			all.Add(c)
		}
	}
	if all != cards.Deck54.Hand() {
		t.Fatalf("cards are not conserved: %v", all)
	}
	for _, seat := range []int{engine.Spectator, 0, 1, 2} {
		v := view(g, seat)
		known := played
		if seat >= 0 {
			known = known.Union(cards.NewHand(g.hands[seat]...))
		}
		if revealed {
			known = known.Union(cards.NewHand(g.bottom...))
		}
		shown := cards.NewHand(v.Hand...).Union(cards.NewHand(v.Bottom...))
		for _, tu := range v.History {
			shown = shown.Union(cards.NewHand(tu.Cards...))
		}
		if _, ok := known.Minus(shown); !ok {
			t.Fatalf("seat %d's view shows cards it may not know: %v (knows %v)", seat, shown, known)
		}
		if !revealed && v.Bottom != nil {
			t.Fatalf("seat %d sees the bottom before it is revealed", seat)
		}
		for s := range Players {
			if v.Counts[s] != len(g.hands[s]) {
				t.Fatalf("seat %d's view counts %v", seat, v.Counts)
			}
		}
		if seat == engine.Spectator {
			if v.Hand != nil || v.LegalMoves() != nil {
				t.Fatal("the spectator sees a hand or moves")
			}
			continue
		}
		if !slices.Equal(v.Hand, g.hands[seat]) || !slices.Equal(v.LegalMoves(), g.Legal(seat)) {
			t.Fatalf("seat %d's view: hand %v legal %v", seat, v.Hand, v.LegalMoves())
		}
	}
}

// checkShared changes everything a view holds and checks the game did not
// change with it.
func checkShared(t *testing.T, g *Game, seat int) {
	t.Helper()
	v := view(g, seat)
	before := view(g, seat)
	for i := range v.Hand {
		v.Hand[i] = cards.None
	}
	for i := range v.Bottom {
		v.Bottom[i] = cards.None
	}
	for i := range v.History {
		for j := range v.History[i].Cards {
			v.History[i].Cards[j] = cards.None
		}
		v.History[i].Seat = 9
	}
	for i := range v.Bids {
		v.Bids[i].N = 9
	}
	for i := range v.Scores {
		v.Scores[i][0] = 999
	}
	for i := range v.Legal {
		v.Legal[i] = engine.Move{}
	}
	after := view(g, seat)
	if !slices.Equal(after.Hand, before.Hand) || !slices.Equal(after.Bottom, before.Bottom) || !slices.Equal(after.Bids, before.Bids) ||
		!slices.Equal(after.Legal, before.Legal) || len(after.History) != len(before.History) || len(after.Scores) != len(before.Scores) {
		t.Fatal("changing a view changed the game")
	}
	for i := range after.History {
		if after.History[i].Seat == 9 || slices.Contains(after.History[i].Cards, cards.None) {
			t.Fatal("changing a view's history changed the game")
		}
	}
	for i := range after.Scores {
		if after.Scores[i][0] == 999 {
			t.Fatal("changing a view's scores changed the game")
		}
	}
}

// checkLegalComplete tries every move seat could name — pass, the bids, every
// combination its hand holds — and checks that exactly those outside legal
// are refused.
func checkLegalComplete(t *testing.T, g *Game, seat int, legal []engine.Move) {
	t.Helper()
	try := []engine.Move{engine.PassMove(), engine.BidMove(1), engine.BidMove(2), engine.BidMove(3)}
	for _, p := range Leads(g.ranks[seat]) {
		try = append(try, engine.PlayRanks(p.String()))
	}
	for _, m := range try {
		if slices.Contains(legal, m) {
			continue
		}
		if err := g.Apply(seat, m); err == nil {
			t.Fatalf("seat %d: %v is not in Legal %v but was accepted", seat, m, legal)
		}
	}
}

// Random matches, half played by BaselineBot and half by uniformly random
// legal moves: the invariants hold at every step, every deal is zero-sum,
// illegal moves change nothing, and the record replays to the same result,
// also when cut short.
func TestRandomGames(t *testing.T) {
	reg := engine.NewRegistry(Ruleset())
	redeals, matches := 0, 0
	for seed := range uint64(200) {
		rng := cards.NewRand(seed)
		deals := 1 + int(seed%3)
		g, err := New(deals)
		if err != nil {
			t.Fatal(err)
		}
		steps := 0
		for !g.Done() {
			if g.Next() == engine.Chance {
				if err := g.Deal(rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			checkInvariants(t, g)
			seat := g.Next()
			if steps == 20 {
				checkShared(t, g, seat)
			}
			steps++
			if err := g.Apply((seat+1)%Players, engine.PassMove()); err == nil {
				t.Fatal("a move out of turn was accepted")
			}
			v := view(g, seat)
			legal := v.LegalMoves()
			if steps%7 == 0 {
				checkLegalComplete(t, g, seat, legal)
			}
			m := legal[rng.IntN(len(legal))]
			if seed%2 == 0 {
				m = BaselineBot{}.Decide(v, rng)
			}
			if err := g.Apply(seat, m); err != nil {
				t.Fatalf("seed %d: legal move %v refused: %v", seed, m, err)
			}
		}
		checkInvariants(t, g)
		r := g.Result()
		if len(r.Rounds) != deals {
			t.Fatalf("seed %d: %d deals scored, want %d", seed, len(r.Rounds), deals)
		}
		sum := make([]int, Players)
		for _, d := range r.Rounds {
			if d[0]+d[1]+d[2] != 0 {
				t.Fatalf("seed %d: deal scores %v do not sum to zero", seed, d)
			}
			for i := range d {
				sum[i] += d[i]
			}
		}
		if !slices.Equal(sum, r.Totals) {
			t.Fatalf("seed %d: totals %v, deals add up to %v", seed, r.Totals, sum)
		}
		for _, e := range g.Events() {
			if e.E == engine.EvDeal {
				redeals++
			}
		}
		redeals -= deals
		if deals > 1 {
			matches++
		}

		h := engine.Header{Ruleset: "doudizhu", Options: engine.Options{"deals": strconv.Itoa(deals)}, Seats: []string{"a", "b", "c"}}
		rec, err := engine.MarshalRecord(Ruleset(), h, g)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := engine.Replay(reg, bytes.NewReader(rec))
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		if !rep.Ended || !slices.Equal(rep.Result.Totals, r.Totals) || len(rep.Result.Rounds) != deals {
			t.Fatalf("seed %d: replay gives %+v, the game %+v", seed, rep.Result, r)
		}
		lines := bytes.SplitAfter(rec, []byte("\n"))
		cut := 1 + rng.IntN(len(lines)-2) // header and at least nothing more, never the end line
		if rep, err := engine.Replay(reg, bytes.NewReader(bytes.Join(lines[:cut], nil))); err != nil || rep.Ended {
			t.Fatalf("seed %d: the record cut after line %d: %v (ended %v)", seed, cut, err, rep.Ended)
		}
	}
	if redeals == 0 || matches == 0 {
		t.Errorf("%d redeals and %d matches of several deals: want some of each", redeals, matches)
	}
	t.Logf("%d redeals, %d multi-deal matches", redeals, matches)
}
