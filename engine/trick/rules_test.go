package trick

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// ---- A.1 Common trick play ----

func TestTT1_BidsStartLeftOfDealerDealerLast(t *testing.T) {
	g := skipTo(start(t, "singularity", 4), 3, 2)
	deal(t, g, 2, "2C", "AS KS QS", "AH KH QH", "AD KD QD", "2S 3S 4S")
	refuse(t, g, "bid 4", "bids go from 0 to 3")
	for _, seat := range []int{3, 0, 1, 2} { // left of dealer 2 first, dealer last
		wantNext(t, g, seat)
		bids(t, g, 1)
	}
	if g.phase != PhasePlay {
		t.Fatalf("phase %s after four bids, want play", g.phase)
	}
}

func TestTT2_LeftOfDealerLeadsThenTheWinner(t *testing.T) {
	g := skipTo(start(t, "singularity", 3), 2, 0)
	deal(t, g, 0, "2D", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 0, 0, 0)
	wantNext(t, g, 1) // left of the dealer leads
	play(t, g, "play AS", "play KS", "play 2S")
	wantNext(t, g, 1) // seat 1 took the trick with AS and leads again
	if g.lastWinner != 1 {
		t.Fatalf("winner %d, want 1", g.lastWinner)
	}
}

func TestTT3_FollowSuitNoObligationToTrump(t *testing.T) {
	g := skipTo(start(t, "singularity", 3), 2, 0)
	deal(t, g, 0, "8S", "6D 7S", "2H 3C", "4H 5C")
	bids(t, g, 0, 0, 0)
	play(t, g, "play 2H")
	refuse(t, g, "play 5C", "must follow H")
	play(t, g, "play 4H")
	// Seat 0 has no heart: any card, and it need not trump with 7S.
	if got, want := g.Legal(0), []engine.Move{engine.PlayCard(parseCards(t, "7S")[0]), engine.PlayCard(parseCards(t, "6D")[0])}; !sameMoves(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	play(t, g, "play 6D")
}

func sameMoves(a, b []engine.Move) bool {
	key := func(m engine.Move) string { return m.String() }
	x, y := make([]string, len(a)), make([]string, len(b))
	for i := range a {
		x[i] = key(a[i])
	}
	for i := range b {
		y[i] = key(b[i])
	}
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

func TestTT4_TrumpThenLedSuitFirstOfIdenticalWins(t *testing.T) {
	cases := []struct {
		ruleset, turned, trick string
		want                   int
	}{
		{"singularity", "2S", "5H AH 3S", 2},    // a trump beats the led suit
		{"singularity", "2C", "5H AH KD", 1},    // highest of the led suit
		{"singularity", "2C", "5H 9H TH JH", 3}, // rank order … T < J
		{"specialrounds", "7S", "AH AH KH", 0},  // identical cards: first played wins
		{"specialrounds", "7S", "KH 8S 8S", 1},  // identical trumps: first played wins
		{"boerenbridge", "", "QC KC AD", 1},     // boerenbridge, spades named: the highest club
	}
	for _, c := range cases {
		cs := strings.Fields(c.trick)
		g := start(t, c.ruleset, len(cs))
		var got int
		if c.ruleset == "boerenbridge" {
			deal(t, g, len(cs)-1, "", cs...)
			bids(t, g, 0, 0, 0)
			play(t, g, "trump S") // the highest bidder (seat 0, first of the tied) names spades
			for _, x := range cs {
				play(t, g, "play "+x)
			}
			got = g.lastWinner
		} else {
			got = oneTrick(t, g, c.turned, cs...)
		}
		if got != c.want {
			t.Errorf("%s trick %s (turned %s): seat %d wins, want %d", c.ruleset, c.trick, c.turned, got, c.want)
		}
	}
}

func TestTT5_DealerRotatesFirstDealerRandom(t *testing.T) {
	g := start(t, "singularity", 4)
	deal(t, g, 2, "2C", "AS", "KS", "QS", "JS")
	bids(t, g, 0, 0, 0, 0)
	play(t, g, "play JS", "play AS", "play KS", "play QS")
	refuseEvent(t, g, dealEvent(t, g, 2, "2C", "AS 2S", "KS 3S", "QS 4S", "JS 5S"), "seat 3 deals round 2")
	deal(t, g, 3, "2C", "AS 2S", "KS 3S", "QS 4S", "JS 5S")

	seen := map[int]bool{}
	for seed := range uint64(40) {
		g := start(t, "singularity", 4)
		if err := g.Deal(cards.NewRand(seed)); err != nil {
			t.Fatal(err)
		}
		seen[g.dealer] = true
	}
	if len(seen) != 4 {
		t.Fatalf("first dealers over 40 seeds: %v, want all four seats", seen)
	}
}

func TestTT6_DealerHook(t *testing.T) {
	g := skipTo(start(t, "singularity", 3, "hook=true"), 2, 0)
	deal(t, g, 0, "2D", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 1, 0)
	refuse(t, g, "bid 1", "the bids would add up to 2")
	if got, want := g.Legal(0), []engine.Move{engine.BidMove(0), engine.BidMove(2)}; !slices.Equal(got, want) {
		t.Fatalf("dealer's legal bids %v, want %v", got, want)
	}
	// The dealer always has a legal bid; when the others overbid, every bid goes.
	g = skipTo(start(t, "singularity", 3, "hook=true"), 2, 0)
	deal(t, g, 0, "2D", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 2, 2)
	if got := len(g.Legal(0)); got != 3 {
		t.Fatalf("dealer has %d legal bids after 2+2 of 2 cards, want 3", got)
	}
}

func TestTT7_RoundEndsScoresNextRoundGameEnds(t *testing.T) {
	g := start(t, "boerenbridge", 3, "max_cards=2") // rounds of 1, 2, 1 cards
	deal(t, g, 0, "", "AS", "KS", "QS")
	bids(t, g, 0, 1, 0)
	play(t, g, "trump H", "play KS", "play QS", "play AS")
	if g.Round() != 2 || g.Next() != engine.Chance {
		t.Fatalf("after round 1: round %d next %d, want round 2 dealt next", g.Round(), g.Next())
	}
	// seat 0 bid 0 took 1: −2; seat 1 bid 0 took 0: 10; seat 2 bid 1 took 0: −2.
	if got, want := g.Result().Rounds[0], []int{-2, 10, -2}; !slices.Equal(got, want) {
		t.Fatalf("round 1 scores %v, want %v", got, want)
	}
	rng := cards.NewRand(7)
	for !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		g.Apply(g.Next(), g.Legal(g.Next())[0])
	}
	if g.Next() != engine.Over || len(g.Result().Rounds) != 3 {
		t.Fatalf("game over: next %d, %d rounds; want Over after 3", g.Next(), len(g.Result().Rounds))
	}
	refuse(t, g, "bid 0", "the game is over")
	// The highest total wins; equal totals share the place.
	if got, want := Places([]int{50, 80, 50, 20}), []int{2, 1, 2, 4}; !slices.Equal(got, want) {
		t.Fatalf("Places = %v, want %v", got, want)
	}
}

// ---- A.2 Singularity and CLANKER ----

func TestSG1_Deck60(t *testing.T) {
	g := skipTo(start(t, "singularity", 4), 15, 0)
	if err := g.Deal(cards.NewRand(3)); err != nil {
		t.Fatal(err)
	}
	var all cards.Hand
	for s := range 4 {
		all = all.Union(g.hands[s])
	}
	if all != cards.Deck60.Hand() || all.Count(cards.Singularity) != 4 || all.Count(cards.Clanker) != 4 || all.Len() != 60 {
		t.Fatalf("last round dealt %v, want the 60-card deck", all)
	}
	// Five Singularities are one too many.
	g = skipTo(start(t, "singularity", 3), 2, 0)
	refuseEvent(t, g, dealEvent(t, g, 0, "2C", "SG SG", "SG SG", "SG 2S"), "one SG too many")
}

func TestSG2_SpecialCardsMayAlwaysBePlayed(t *testing.T) {
	g := skipTo(start(t, "singularity", 3), 3, 0)
	deal(t, g, 0, "2C", "4H 5S 6S", "2H 9S 9D", "3H SG CK")
	bids(t, g, 0, 0, 0)
	play(t, g, "play 2H")
	if got, want := g.Legal(2), movesOf(t, "play 3H", "play SG", "play CK"); !sameMoves(got, want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	play(t, g, "play CK")
	refuse(t, g, "play 5S", "must follow H")
}

func movesOf(t *testing.T, texts ...string) []engine.Move {
	out := make([]engine.Move, len(texts))
	for i, s := range texts {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = m
	}
	return out
}

func TestSG3_ClankerLeadSetsNoSuit(t *testing.T) {
	g := skipTo(start(t, "singularity", 3), 2, 0)
	deal(t, g, 0, "2C", "7H 8S", "CK 2S", "5H 6S")
	bids(t, g, 0, 0, 0)
	play(t, g, "play CK")
	if got := len(g.Legal(2)); got != 2 {
		t.Fatalf("after a CLANKER lead %d legal cards, want both", got)
	}
	play(t, g, "play 5H") // the first non-CLANKER sets hearts
	refuse(t, g, "play 8S", "must follow H")
}

func TestSG4_SingularityFirstMeansNoLedSuit(t *testing.T) {
	g := skipTo(start(t, "singularity", 3), 2, 0)
	deal(t, g, 0, "2C", "7H 8S", "CK 2S", "SG 6S")
	bids(t, g, 0, 0, 0)
	play(t, g, "play CK", "play SG")
	if got := len(g.Legal(0)); got != 2 {
		t.Fatalf("after CK SG %d legal cards, want both (free)", got)
	}
	play(t, g, "play 8S")
}

func TestSG5_FirstSingularityWins(t *testing.T) {
	if got := oneTrick(t, start(t, "singularity", 4), "2H", "KH", "SG", "SG", "AH"); got != 1 {
		t.Fatalf("seat %d wins, want 1 (the first Singularity)", got)
	}
}

func TestSG6_TrumpElseLedClankerNeverWins(t *testing.T) {
	if got := oneTrick(t, start(t, "singularity", 4), "5D", "CK", "2D", "AH", "3D"); got != 3 {
		t.Fatalf("seat %d wins, want 3 (highest trump)", got)
	}
	if got := oneTrick(t, start(t, "singularity", 3), "CK", "CK", "2H", "CK"); got != 1 {
		t.Fatalf("seat %d wins, want 1 (a CLANKER never wins)", got)
	}
}

func TestSG7_AllClankersFirstWins(t *testing.T) {
	if got := oneTrick(t, start(t, "singularity", 3), "5H", "CK", "CK", "CK"); got != 0 {
		t.Fatalf("seat %d wins, want 0 (the first CLANKER)", got)
	}
	if got := Winner(parseCards(t, "CK CK CK CK"), cards.Hearts); got != 0 {
		t.Fatalf("Winner = %d, want 0", got)
	}
}

// ---- A.3 Trump ----

func TestTR1_TurnedCardIsTrump(t *testing.T) {
	g := start(t, "singularity", 3)
	deal(t, g, 0, "5D", "AS", "KS", "QS")
	v := g.ViewOf(1)
	if !v.TrumpKnown || v.Trump != cards.Diamonds || v.Turned != parseCards(t, "5D")[0] || g.phase != PhaseBid {
		t.Fatalf("trump %v known %v turned %v phase %s, want D known, bidding", v.Trump, v.TrumpKnown, v.Turned, g.phase)
	}
}

func TestTR2_TurnedClankerOrNoCardIsNoTrump(t *testing.T) {
	g := start(t, "singularity", 3)
	deal(t, g, 0, "CK", "AS", "KS", "QS")
	if !g.trumpKnown || g.trump != cards.NoSuit {
		t.Fatalf("turned CLANKER: trump %v known %v, want none", g.trump, g.trumpKnown)
	}
	g = skipTo(start(t, "singularity", 3), 20, 0)
	if err := g.Deal(cards.NewRand(1)); err != nil {
		t.Fatal(err)
	}
	if g.turned != cards.None || !g.trumpKnown || g.trump != cards.NoSuit {
		t.Fatalf("last round: turned %v trump %v, want no card, no trump", g.turned, g.trump)
	}
}

func TestTR3_TurnedSingularityDealerNamesSuit(t *testing.T) {
	g := start(t, "singularity", 3)
	deal(t, g, 0, "SG", "AS", "KS", "QS")
	wantNext(t, g, 0) // the dealer, before any bid
	refuse(t, g, "bid 0", "you name trump now")
	refuse(t, g, "trump none", "no trump may not be named")
	play(t, g, "trump H")
	wantNext(t, g, 1)
	if g.trump != cards.Hearts {
		t.Fatalf("trump %v, want H", g.trump)
	}
	if v := g.ViewOf(1); v.NamedBy != 0 {
		t.Fatalf("trump named by seat %d in the view, want the dealer", v.NamedBy)
	}
	g = start(t, "singularity", 3)
	deal(t, g, 0, "7S", "AS", "KS", "QS")
	if v := g.ViewOf(1); v.NamedBy != -1 {
		t.Fatalf("a turned card's trump named by seat %d", v.NamedBy)
	}
}

func TestTR4_HighestBidderNamesTrumpTiesToFirst(t *testing.T) {
	g := skipTo(start(t, "boerenbridge", 3), 2, 0)
	deal(t, g, 0, "", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 1, 1, 0)
	wantNext(t, g, 1) // seats 1 and 2 bid 1; seat 1 bid first
	refuse(t, g, "trump none", "no trump may not be named")
	play(t, g, "trump C")
	wantNext(t, g, 1) // left of the dealer leads
	if v := g.ViewOf(2); v.NamedBy != 1 {
		t.Fatalf("trump named by seat %d in the view, want 1", v.NamedBy)
	}

	g = skipTo(start(t, "boerenbridge", 3, "bb_allow_notrump=true"), 2, 0)
	deal(t, g, 0, "", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 0, 0, 2)
	wantNext(t, g, 0)
	play(t, g, "trump none")
	if !g.trumpKnown || g.trump != cards.NoSuit {
		t.Fatalf("trump %v, want none", g.trump)
	}
}

// ---- A.4 singularity ----

func TestSI1_RoundsAndCards(t *testing.T) {
	for n, want := range map[int]int{3: 20, 4: 15, 5: 12, 6: 10} {
		g := start(t, "singularity", n)
		if g.Rounds() != want {
			t.Errorf("%d players: %d rounds, want %d", n, g.Rounds(), want)
		}
		for r := 1; r <= want; r++ {
			if int(g.r.cards[r]) != r {
				t.Errorf("%d players round %d deals %d, want %d", n, r, g.r.cards[r], r)
			}
		}
	}
	g := skipTo(start(t, "singularity", 3), 3, 0)
	refuseEvent(t, g, dealEvent(t, g, 0, "2C", "AS KS", "AH KH QH", "AD KD QD"), "round 3 deals 3")
}

func TestSI2_LastRoundNoTurnedCard(t *testing.T) {
	g := skipTo(start(t, "singularity", 4), 15, 0)
	var hands [4]string
	rest := cards.Deck60.Cards()
	for s := range 4 {
		hands[s] = cards.Format(rest[s*15 : (s+1)*15])
	}
	refuseEvent(t, g, dealEvent(t, g, 0, "2C", hands[:]...), "turned must be null")
	deal(t, g, 0, "", hands[:]...)
	if g.trump != cards.NoSuit || !g.trumpKnown {
		t.Fatalf("trump %v, want none", g.trump)
	}
}

func TestSI3_NoHookByDefault(t *testing.T) {
	g := skipTo(start(t, "singularity", 3), 2, 0)
	deal(t, g, 0, "2D", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 1, 0, 1) // adds up to 2: allowed without the hook
	g = skipTo(start(t, "singularity", 3, "hook=true"), 2, 0)
	deal(t, g, 0, "2D", "2S 3S", "AS 4H", "KS 5H")
	bids(t, g, 1, 0)
	refuse(t, g, "bid 1", "dealer hook")
}

func TestSI4_ProgressiveScoringOption(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want int
	}{{"scoring=standard", 30}, {"scoring=progressive", 20}, {"scoring=boerenbridge", 12}} {
		g := start(t, "singularity", 3, c.opt)
		deal(t, g, 2, "2C", "AS", "KS", "QS")
		bids(t, g, 1, 0, 0)
		play(t, g, "play AS", "play KS", "play QS")
		if got := g.Result().Rounds[0][0]; got != c.want {
			t.Errorf("%s: bid 1 took 1 in a 1-card round scores %d, want %d", c.opt, got, c.want)
		}
	}
}

func TestSI5_SitOutScoresTheAverage(t *testing.T) {
	g := start(t, "singularity", 4)
	deal(t, g, 3, "2H", "AS", "KS", "QS", "JS")
	mustEvent(t, g, engine.Event{E: engine.EvSitout, Seat: 3, Round: 1})
	refuseEvent(t, g, engine.Event{E: engine.EvSitout, Seat: 3, Round: 1}, "already sits")
	refuseEvent(t, g, engine.Event{E: engine.EvSitout, Seat: 2, Round: 2}, "round 1 is next")
	bids(t, g, 1, 0, 1)
	refuseEvent(t, g, engine.Event{E: engine.EvSitout, Seat: 2, Round: 1}, "before round 1's first bid")
	bids(t, g, 0)
	play(t, g, "play AS", "play KS", "play QS", "play JS")
	// 30, 20, −10 for the seats that played: average 13.3 → 10.
	if got, want := g.Result().Rounds[0], []int{30, 20, -10, 10}; !slices.Equal(got, want) {
		t.Fatalf("scores %v, want %v", got, want)
	}
	if !g.ViewOf(0).Sheet[0].SatOut[3] {
		t.Fatal("score sheet does not show seat 3 sat out")
	}
	for _, c := range []struct{ sum, k, want int }{{15, 1, 20}, {-15, 1, -10}, {40, 3, 10}, {45, 3, 20}, {-45, 3, -10}, {-46, 3, -20}} {
		if got := average10(c.sum, c.k); got != c.want {
			t.Errorf("average of %d over %d = %d, want %d", c.sum, c.k, got, c.want)
		}
	}
	// Everyone sat out: each keeps its own (bot's) score.
	g = start(t, "singularity", 3)
	deal(t, g, 2, "2H", "AS", "KS", "QS")
	for s := range 3 {
		mustEvent(t, g, engine.Event{E: engine.EvSitout, Seat: s, Round: 1})
	}
	bids(t, g, 1, 1, 0)
	play(t, g, "play AS", "play KS", "play QS")
	if got, want := g.Result().Rounds[0], []int{30, -10, 20}; !slices.Equal(got, want) {
		t.Fatalf("all sat out: %v, want %v", got, want)
	}
	g = start(t, "boerenbridge", 3)
	refuseEvent(t, g, engine.Event{E: engine.EvSitout, Seat: 0, Round: 1}, "only singularity")
}

// ---- A.4 specialrounds ----

func TestSR1_Deck64(t *testing.T) {
	g := start(t, "specialrounds", 3)
	refuseEvent(t, g, dealEvent(t, g, 0, "7S", "6H", "AH", "AH"), "6H is not in the 64-card deck")
	refuseEvent(t, g, dealEvent(t, g, 0, "AH", "AH", "AH", "KH"), "one AH too many")
	deal(t, g, 0, "7S", "AH", "AH", "KH")
	d := cards.Deck64.Hand()
	if d.Len() != 64 || len(d.Distinct()) != 32 || d.Count(cards.New(cards.Seven, cards.Clubs)) != 2 {
		t.Fatalf("64-card deck: %d cards, %d faces", d.Len(), len(d.Distinct()))
	}
}

func TestSR2_NineteenRoundsUpAndDown(t *testing.T) {
	g := start(t, "specialrounds", 6)
	var got []int
	for r := 1; r <= g.Rounds(); r++ {
		got = append(got, int(g.r.cards[r]))
	}
	want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	if !slices.Equal(got, want) {
		t.Fatalf("cards per round %v, want %v", got, want)
	}
}

func TestSR3_OrdinaryRoundsTurnACard(t *testing.T) {
	g := start(t, "specialrounds", 3)
	refuseEvent(t, g, dealEvent(t, g, 0, "", "AH", "KH", "QH"), "turns a trump card")
}

func TestSR4_HookEveryRoundRounds10And19Always(t *testing.T) {
	g := start(t, "specialrounds", 3)
	deal(t, g, 0, "7S", "AH", "KH", "QH")
	bids(t, g, 0, 0)
	refuse(t, g, "bid 1", "dealer hook")

	g = start(t, "specialrounds", 3, "hook=false")
	deal(t, g, 0, "7S", "AH", "KH", "QH")
	bids(t, g, 0, 0, 1) // no hook in an ordinary round
	for round := 1; round <= 19; round++ {
		// Off in every round but 10 and 19: the no-trump rounds 7 and 13
		// lose it too.
		want := round == 10 || round == 19
		if g.r.hook[round] != want {
			t.Errorf("hook=false: round %d hook %v, want %v", round, g.r.hook[round], want)
		}
	}
	g = skipTo(start(t, "specialrounds", 3, "hook=false"), 7, 0)
	deal(t, g, 0, "", "AH KH QH JH TH 9H 8H", "AS KS QS JS TS 9S 8S", "AD KD QD JD TD 9D 8D")
	bids(t, g, 0, 0, 7) // no hook in a no-trump round either
	g = skipTo(start(t, "specialrounds", 3, "hook=false"), 19, 0)
	deal(t, g, 0, "7S", "AH", "KH", "QH")
	bids(t, g, 0, 0)
	refuse(t, g, "bid 1", "dealer hook")
}

func TestSR5_StandardScoringByDefault(t *testing.T) {
	rs := engine.NewRegistry(Rulesets()...)
	r, _ := rs.Lookup("specialrounds")
	opts, err := r.Resolve(nil)
	if err != nil || opts["scoring"] != "standard" || opts["hook"] != "true" {
		t.Fatalf("defaults %v (%v), want scoring standard, hook true", opts, err)
	}
	g := start(t, "specialrounds", 3, "scoring=progressive")
	if g.r.scoring != Progressive {
		t.Fatal("scoring option ignored")
	}
}

func draw(round, seat int, card string) engine.Event {
	c, _ := cards.Parse(card)
	return engine.Event{E: engine.EvDraw, Round: round, Seat: seat, Card: c}
}

func TestSR6_TrumpChoiceDraw(t *testing.T) {
	g := skipTo(start(t, "specialrounds", 3), 5, 0)
	wantNext(t, g, engine.Chance)
	refuseEvent(t, g, dealEvent(t, g, 0, "", "AS AS KS KS QS", "AH AH KH KH QH", "AD AD KD KD QD"), "draw comes first")
	mustEvent(t, g, draw(5, 1, "AH"))
	mustEvent(t, g, draw(5, 2, "AH"))
	mustEvent(t, g, draw(5, 0, "KD"))                    // seats 1 and 2 tie with aces
	refuseEvent(t, g, draw(5, 1, "AH"), "no AH is left") // not put back
	mustEvent(t, g, draw(5, 1, "8C"))
	mustEvent(t, g, draw(5, 2, "9C")) // seat 2 wins the draw
	refuseEvent(t, g, dealEvent(t, g, 0, "7S", "AS AS KS KS QS", "AH AH KH KH QH", "AD AD KD KD QD"), "turned must be null")
	deal(t, g, 0, "", "AS AS KS KS QS", "AH AH KH KH QH", "AD AD KD KD QD")
	wantNext(t, g, 2) // the chooser names trump before the bids
	refuse(t, g, "trump none", "no trump may not be named")
	play(t, g, "trump D")
	wantNext(t, g, 1)
	if v := g.ViewOf(0); len(v.Draws) != 5 || v.Chooser != 2 || v.Trump != cards.Diamonds {
		t.Fatalf("view draws %v chooser %d trump %v", v.Draws, v.Chooser, v.Trump)
	}
}

func TestSR7_NoTrumpRounds(t *testing.T) {
	for _, r := range []int{7, 13} {
		if start(t, "specialrounds", 3).r.mod[r] != NoTrump {
			t.Fatalf("round %d is not a no-trump round", r)
		}
	}
	g := skipTo(start(t, "specialrounds", 3), 7, 0)
	hands := []string{"AC 7C 8C 9C TC JC QC", "AH 7S 8S 9S TS JS QS", "AH 7D 8D 9D TD JD QD"}
	refuseEvent(t, g, dealEvent(t, g, 0, "7H", hands...), "turned must be null")
	deal(t, g, 0, "", hands...)
	bids(t, g, 0, 0, 0)
	play(t, g, "play AH", "play AH", "play AC") // the club is no trump; the first AH wins
	if g.lastWinner != 1 || g.trump != cards.NoSuit {
		t.Fatalf("winner %d trump %v, want seat 1, no trump", g.lastWinner, g.trump)
	}
}

func TestSR8_BlindBidsBeforeTheDeal(t *testing.T) {
	g := skipTo(start(t, "specialrounds", 3), 10, 0)
	wantNext(t, g, 1)
	if v := g.ViewOf(1); len(v.Hand) != 0 || v.Cards != 10 || v.Modifier != Blind {
		t.Fatalf("blind view: hand %v cards %d modifier %v", v.Hand, v.Cards, v.Modifier)
	}
	refuseEvent(t, g, engine.Event{E: engine.EvDeal, Round: 10, Dealer: 0}, "bids before the deal")
	bids(t, g, 3, 3)
	refuse(t, g, "bid 4", "would add up to 10")
	bids(t, g, 2)
	wantNext(t, g, engine.Chance)
	if err := g.Deal(cards.NewRand(5)); err != nil {
		t.Fatal(err)
	}
	if g.turned == cards.None || g.phase != PhasePlay || g.hands[1].Len() != 10 {
		t.Fatalf("after the blind deal: turned %v phase %s", g.turned, g.phase)
	}
	wantNext(t, g, 1)
}

func TestSR9_ForeheadRound(t *testing.T) {
	g := skipTo(start(t, "specialrounds", 3), 19, 0)
	deal(t, g, 0, "7H", "AS", "KS", "QS")
	v := g.ViewOf(1)
	if v.Hand != nil || !slices.Equal(v.Foreheads, []cards.Card{parseCards(t, "AS")[0], cards.None, parseCards(t, "QS")[0]}) {
		t.Fatalf("seat 1 sees hand %v, foreheads %v; want no hand, AS and QS", v.Hand, v.Foreheads)
	}
	if strings.Contains(fmt.Sprintf("%v", *v), "KS") {
		t.Fatalf("seat 1's view shows its own card: %+v", *v)
	}
	bids(t, g, 0, 0)
	refuse(t, g, "bid 1", "would add up to 1")
	bids(t, g, 0)
	v = g.ViewOf(1)
	if !slices.Equal(v.LegalMoves(), []engine.Move{HiddenPlay()}) || strings.Contains(fmt.Sprintf("%v", *v), "KS") {
		t.Fatalf("seat 1 may %v, want only the hidden play", v.LegalMoves())
	}
	if !slices.Equal(g.Legal(1), []engine.Move{HiddenPlay()}) {
		t.Fatalf("Legal(1) = %v, want only the hidden play", g.Legal(1))
	}
	refuse(t, g, "play AS", "you cannot see your card") // a guess learns nothing
	if err := g.Apply(1, HiddenPlay()); err != nil {
		t.Fatal(err)
	}
	if ev := g.Events(); ev[len(ev)-1].Move.String() != "play KS" {
		t.Fatalf("record has %v, want play KS", ev[len(ev)-1].Move)
	}
	play(t, g, "play QS")
	if err := g.Apply(0, HiddenPlay()); err != nil {
		t.Fatal(err)
	}
	if !g.Done() || g.lastWinner != 0 {
		t.Fatalf("done %v winner %d, want the game over and seat 0's AS winning", g.Done(), g.lastWinner)
	}
}

func TestSR10_HouseRuleSpecialRounds(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		n       int
		opt     string
		want    string
	}{
		{"singularity", 4, "special_rounds=2:forehead", "forehead needs a round that deals one card"},
		{"singularity", 4, "special_rounds=16:no_trump", "there is no round 16"},
		{"boerenbridge", 4, "special_rounds=3:forehead", "special_rounds"},
		{"specialrounds", 4, "special_rounds=3:no_trump", "special_rounds"},
		{"singularity", 4, "special_rounds=1:blind", "round 1 may not be blind"},
		{"boerenbridge", 4, "max_cards=14", "max_cards"},
	} {
		o := engine.Options{}
		k, v, _ := strings.Cut(c.opt, "=")
		o[k] = v
		if _, err := New(c.ruleset, c.n, o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: got %v, want an error saying %q", c.ruleset, c.opt, err, c.want)
		}
	}
	// Singularity draw: a Singularity above an Ace, a CLANKER below a 2.
	g := skipTo(start(t, "singularity", 3, "special_rounds=2:trump_choice"), 2, 0)
	mustEvent(t, g, draw(2, 1, "AS"))
	mustEvent(t, g, draw(2, 2, "SG"))
	mustEvent(t, g, draw(2, 0, "KS"))
	if g.chooser != 2 {
		t.Fatalf("chooser %d, want 2 (SG)", g.chooser)
	}
	g = skipTo(start(t, "singularity", 3, "special_rounds=2:trump_choice"), 2, 0)
	mustEvent(t, g, draw(2, 1, "CK"))
	mustEvent(t, g, draw(2, 2, "2C"))
	mustEvent(t, g, draw(2, 0, "CK"))
	if g.chooser != 2 {
		t.Fatalf("chooser %d, want 2 (2C over CLANKERs)", g.chooser)
	}
	// Boerenbridge blind round: bids first, the highest bidder names trump after the deal.
	g = skipTo(start(t, "boerenbridge", 3, "special_rounds=2:blind"), 2, 0)
	bids(t, g, 0, 2, 1)
	deal(t, g, 0, "", "2S 3S", "AS 4H", "KS 5H")
	wantNext(t, g, 2)
	if g.phase != PhaseTrump {
		t.Fatalf("phase %s, want trump", g.phase)
	}
	// Singularity no-trump house round: no card turned.
	g = skipTo(start(t, "singularity", 3, "special_rounds=2:no_trump"), 2, 0)
	refuseEvent(t, g, dealEvent(t, g, 0, "2C", "2S 3S", "AS 4H", "KS 5H"), "SR-7")
}

func TestSR11_DrawOrderLeftOfDealerTiesInOrder(t *testing.T) {
	g := skipTo(start(t, "specialrounds", 4), 5, 1)
	refuseEvent(t, g, draw(5, 3, "AS"), "seat 2 draws next")
	mustEvent(t, g, draw(5, 2, "AS"))
	mustEvent(t, g, draw(5, 3, "7S"))
	mustEvent(t, g, draw(5, 0, "KS"))
	mustEvent(t, g, draw(5, 1, "AD")) // seats 2 and 1 tie; again from left of the dealer: 2, then 1
	refuseEvent(t, g, draw(5, 1, "8S"), "seat 2 draws next")
	mustEvent(t, g, draw(5, 2, "8S"))
	mustEvent(t, g, draw(5, 1, "8D")) // tie again
	mustEvent(t, g, draw(5, 2, "7H"))
	mustEvent(t, g, draw(5, 1, "TH"))
	if g.chooser != 1 || g.phase != PhaseDeal {
		t.Fatalf("chooser %d phase %s, want seat 1, deal next", g.chooser, g.phase)
	}
}

// ---- A.4 boerenbridge ----

func TestBB1_Deck52MaxCards(t *testing.T) {
	for n, want := range map[int]int{3: 17, 4: 13, 5: 10, 6: 8} {
		if got := start(t, "boerenbridge", n).Rounds(); got != 2*want-1 {
			t.Errorf("%d players: %d rounds, want %d", n, got, 2*want-1)
		}
	}
	if got := start(t, "boerenbridge", 4, "max_cards=5").Rounds(); got != 9 {
		t.Errorf("max_cards=5: %d rounds, want 9", got)
	}
	if _, err := New("boerenbridge", 6, engine.Options{"max_cards": "9"}); err == nil || !strings.Contains(err.Error(), "max_cards") {
		t.Errorf("max_cards=9 with 6 players: %v, want an error naming max_cards", err)
	}
	g := start(t, "boerenbridge", 3)
	refuseEvent(t, g, dealEvent(t, g, 0, "", "SG", "AS", "KS"), "not in the 52-card deck")
}

func TestBB2_RoundsUpAndDown(t *testing.T) {
	g := start(t, "boerenbridge", 4, "max_cards=4")
	var got []int
	for r := 1; r <= g.Rounds(); r++ {
		got = append(got, int(g.r.cards[r]))
	}
	if want := []int{1, 2, 3, 4, 3, 2, 1}; !slices.Equal(got, want) {
		t.Fatalf("cards per round %v, want %v", got, want)
	}
}

func TestBB3_NoTurnedCardHighestBidderNamesTrump(t *testing.T) {
	g := start(t, "boerenbridge", 3)
	refuseEvent(t, g, dealEvent(t, g, 0, "2C", "AS", "KS", "QS"), "boerenbridge turns no card")
	deal(t, g, 0, "", "AS", "KS", "QS")
	if g.trumpKnown {
		t.Fatal("trump known before the bids")
	}
	bids(t, g, 0, 1, 0)
	wantNext(t, g, 2)
	play(t, g, "trump S")
}

func TestBB4_HookAboveThreeCards(t *testing.T) {
	g := start(t, "boerenbridge", 4)
	for r := 1; r <= g.Rounds(); r++ {
		if want := g.r.cards[r] > 3; g.r.hook[r] != want {
			t.Errorf("round %d (%d cards): hook %v, want %v", r, g.r.cards[r], g.r.hook[r], want)
		}
	}
	g = skipTo(start(t, "boerenbridge", 3), 3, 0)
	deal(t, g, 0, "", "2S 3S 4S", "AS 4H 5H", "KS 5D 6D")
	bids(t, g, 1, 1, 1) // three cards: no hook
	g = skipTo(start(t, "boerenbridge", 3), 4, 0)
	deal(t, g, 0, "", "2S 3S 4S 5S", "AS 4H 5H 6H", "KS 5D 6D 7D")
	bids(t, g, 1, 1)
	refuse(t, g, "bid 2", "dealer hook")
}

func TestBB5_BoerenbridgeScoringByDefault(t *testing.T) {
	g := start(t, "boerenbridge", 3)
	deal(t, g, 2, "", "AS", "KS", "QS")
	bids(t, g, 1, 0, 1)
	play(t, g, "trump S", "play AS", "play KS", "play QS")
	if got, want := g.Result().Rounds[0], []int{12, 10, -2}; !slices.Equal(got, want) {
		t.Fatalf("scores %v, want %v", got, want)
	}
}

func TestBB6_Counterclockwise(t *testing.T) {
	g := start(t, "boerenbridge", 4, "direction=counterclockwise")
	deal(t, g, 0, "", "AS", "KS", "QS", "JS")
	for _, seat := range []int{3, 2, 1, 0} {
		wantNext(t, g, seat)
		bids(t, g, 0)
	}
	play(t, g, "trump H") // all bid 0: seat 3 bid first
	wantNext(t, g, 3)
	play(t, g, "play JS", "play QS", "play KS", "play AS")
	refuseEvent(t, g, dealEvent(t, g, 1, "", "AS 2S", "KS 3S", "QS 4S", "JS 5S"), "passes counterclockwise")
	deal(t, g, 3, "", "AS 2S", "KS 3S", "QS 4S", "JS 5S")
	wantNext(t, g, 2)
}

func TestBB7_Penalties(t *testing.T) {
	g := start(t, "boerenbridge", 3)
	pen := engine.Event{E: engine.EvPenalty, Seat: 1, Points: -5, Reason: "looked at the stack"}
	mustEvent(t, g, pen)
	refuseEvent(t, g, engine.Event{E: engine.EvPenalty, Seat: 1, Points: 5, Reason: "x"}, "must be negative")
	refuseEvent(t, g, engine.Event{E: engine.EvPenalty, Seat: 1, Points: -1}, "reason")
	refuseEvent(t, g, engine.Event{E: engine.EvPenalty, Seat: 7, Points: -1, Reason: "x"}, "no seat 7")
	deal(t, g, 2, "", "AS", "KS", "QS")
	bids(t, g, 1, 0, 1)
	play(t, g, "trump S", "play AS", "play KS", "play QS")
	res := g.Result()
	if !slices.Equal(res.Rounds[0], []int{12, 10, -2}) || !slices.Equal(res.Totals, []int{12, 5, -2}) {
		t.Fatalf("rounds %v totals %v, want penalty only in totals", res.Rounds, res.Totals)
	}
	if v := g.ViewOf(engine.Spectator); len(v.Penalties) != 1 || v.Penalties[0].Reason != "looked at the stack" {
		t.Fatalf("view penalties %v", v.Penalties)
	}
	refuseEvent(t, start(t, "singularity", 3), pen, "only boerenbridge")
}

// ---- A.5 Scoring ----

func TestSC1_ScoreSheet(t *testing.T) {
	g := start(t, "singularity", 3)
	deal(t, g, 2, "2H", "AS", "KS", "QS")
	bids(t, g, 1, 0, 1)
	play(t, g, "play AS", "play KS", "play QS")
	deal(t, g, 0, "2H", "AS 2S", "KS 3S", "QS 4S")
	bids(t, g, 1, 0)
	if v := g.ViewOf(2); !slices.Equal(v.Bids, []int{NoBid, 1, 0}) {
		t.Fatalf("current bids %v", v.Bids)
	}
	bids(t, g, 1)
	play(t, g, "play KS", "play QS", "play AS", "play 2S", "play 3S", "play 4S")
	v := g.ViewOf(engine.Spectator)
	if len(v.Sheet) != 2 {
		t.Fatalf("%d sheet rows, want 2", len(v.Sheet))
	}
	// Round 1: 30 20 −10. Round 2: seat 0 bid 1 took 1 (30), seat 1 bid 1
	// took 0 (−10), seat 2 bid 0 took 1 (−10).
	want := []SheetRound{
		{Round: 1, Cards: 1, Bids: []int{1, 0, 1}, Scores: []int{30, 20, -10}, Totals: []int{30, 20, -10}},
		{Round: 2, Cards: 2, Bids: []int{1, 1, 0}, Scores: []int{30, -10, -10}, Totals: []int{60, 10, -20}},
	}
	for i, w := range want {
		got := v.Sheet[i]
		if got.Round != w.Round || got.Cards != w.Cards || !slices.Equal(got.Bids, w.Bids) || !slices.Equal(got.Scores, w.Scores) || !slices.Equal(got.Totals, w.Totals) {
			t.Fatalf("sheet row %d = %+v, want %+v", i, got, w)
		}
	}
}

func TestScoringExamplesA5(t *testing.T) {
	for _, c := range []struct {
		s                  Scoring
		n, bid, took, want int
	}{
		{Standard, 5, 3, 3, 50},     // bid 3 took 3: 50
		{Standard, 5, 4, 2, -20},    // bid 4 took 2: −20
		{Standard, 5, 0, 0, 20},     // bid 0 took 0: 20
		{Progressive, 8, 3, 3, 110}, // round 8: bid 3 took 3: 110
		{Progressive, 8, 2, 3, 10},  // bid 2 took 3: 10
		{Progressive, 8, 4, 2, -10}, // bid 4 took 2: −10
		{Boerenbridge, 5, 2, 2, 14}, // bid 2 took 2: 14
		{Boerenbridge, 5, 3, 4, -2}, // bid 3 took 4: −2
		{Boerenbridge, 5, 0, 4, -8}, // bid 0 took 4: −8
	} {
		if got := Score(c.s, c.bid, c.took, c.n); got != c.want {
			t.Errorf("%s n=%d bid %d took %d: %d, want %d", c.s, c.n, c.bid, c.took, got, c.want)
		}
	}
}

// Schedule gives the cards dealt in every round: one more each round in
// Singularity, up and back down in Boerenbridge and Special Rounds; nil for
// options that are not valid.
func TestScheduleCards(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		players int
		o       engine.Options
		want    []int
	}{
		{"singularity", 6, nil, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{"boerenbridge", 4, engine.Options{"max_cards": "3"}, []int{1, 2, 3, 2, 1}},
		{"specialrounds", 4, nil, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}},
		{"boerenbridge", 4, engine.Options{"max_cards": "99"}, nil},
	} {
		var got []int
		for _, p := range Schedule(c.ruleset, c.players, c.o) {
			got = append(got, p.Cards)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s, %d players, %v: %v, want %v", c.ruleset, c.players, c.o, got, c.want)
		}
	}
}
