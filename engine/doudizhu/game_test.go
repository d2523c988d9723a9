package doudizhu

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// cardOf is the card of rank r and suit s (jokers have no suit).
func cardOf(r Rank, s cards.Suit) cards.Card {
	switch r {
	case BlackJoker:
		return cards.BlackJoker
	case RedJoker:
		return cards.RedJoker
	case Two:
		return cards.New(cards.Two, s)
	}
	return cards.New(cards.Rank(r)+cards.Three, s)
}

// pool hands out real cards for rank strings, lowest unused suit first.
type pool struct{ used cards.Hand }

func (p *pool) take(t testing.TB, ranks string) []cards.Card {
	t.Helper()
	var out []cards.Card
	for i := range len(ranks) {
		r := Rank(strings.IndexByte(rankText, ranks[i]))
		ok := false
		for _, s := range cards.Suits {
			if c := cardOf(r, s); !p.used.Has(c) {
				p.used.Add(c)
				out = append(out, c)
				ok = true
				break
			}
		}
		if !ok {
			t.Fatalf("no card of rank %c left", ranks[i])
		}
	}
	return out
}

func (p *pool) rest() []cards.Card {
	rest, _ := cards.Deck54.Hand().Minus(p.used)
	return rest.Cards()
}

// rigDeal is a deal event: seat 0, seat 1 and the bottom get at least the
// ranks h0, h1 and bottom, filled up to 17, 17 and 3 in that order from the
// rest of the deck in deck order; seat 2 gets what is left.
func rigDeal(t testing.TB, first int, h0, h1, bottom string) engine.Event {
	t.Helper()
	var p pool
	e := engine.Event{E: engine.EvDeal, FirstBidder: first, Hands: make([][]cards.Card, 3)}
	e.Hands[0], e.Hands[1], e.Bottom = p.take(t, h0), p.take(t, h1), p.take(t, bottom)
	fill := func(cs []cards.Card, n int) []cards.Card {
		rest := p.rest()
		add := rest[:n-len(cs)]
		for _, c := range add {
			p.used.Add(c)
		}
		return append(cs, add...)
	}
	e.Hands[0] = fill(e.Hands[0], 17)
	e.Hands[1] = fill(e.Hands[1], 17)
	e.Bottom = fill(e.Bottom, 3)
	e.Hands[2] = p.rest()
	return e
}

// rig starts a match of deals deals with a rigged first deal.
func rig(t testing.TB, deals, first int, h0, h1, bottom string) *Game {
	t.Helper()
	g, err := New(deals)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Event(rigDeal(t, first, h0, h1, bottom)); err != nil {
		t.Fatal(err)
	}
	return g
}

// do makes each move in turn, by whichever seat is to act.
func do(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		seat := g.Next()
		if err := g.Apply(seat, m); err != nil {
			t.Fatalf("seat %d %q: %v", seat, s, err)
		}
	}
}

// illegal checks that seat's move is refused with a reason containing want,
// and changes nothing.
func illegal(t *testing.T, g *Game, seat int, move, want string) {
	t.Helper()
	m, err := engine.ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	before := len(g.Events())
	v := g.View(engine.Spectator).(*View)
	err = g.Apply(seat, m)
	var im *engine.IllegalMove
	if !errors.As(err, &im) || !strings.Contains(im.Reason, want) {
		t.Errorf("seat %d %q: error %v, want an illegal move saying %q", seat, move, err, want)
	}
	if len(g.Events()) != before || g.View(engine.Spectator).(*View).Counts != v.Counts || g.Next() != v.Turn {
		t.Errorf("the refused move %q changed the game", move)
	}
}

func view(g *Game, seat int) *View { return g.View(seat).(*View) }

// The plain deal: seat 0 bids 2 and wins as landlord after a farmer played:
// no bomb, no spring.
const (
	plainH0, plainH1, plainBottom = "3445566778899TTJJ", "3344556677QQKKAA2", "A2R"
)

var plainMoves = []string{"bid 2", "pass", "pass",
	"play 3", "play K", "pass", "play 2", "pass", "pass",
	"play 445566778899TTJJ", "pass", "pass", "play A", "pass", "pass", "play R"}

// DD-1: 17 cards each and three bottom cards, the 54-card deck exactly.
func TestDD1_Deal(t *testing.T) {
	g, _ := New(1)
	if g.Next() != engine.Chance {
		t.Fatalf("a new game waits for the deal, Next = %d", g.Next())
	}
	if err := g.Deal(cards.NewRand(1)); err != nil {
		t.Fatal(err)
	}
	var all cards.Hand
	for s := range 3 {
		v := view(g, s)
		if len(v.Hand) != 17 || v.Counts != [3]int{17, 17, 17} {
			t.Fatalf("seat %d holds %d cards, counts %v", s, len(v.Hand), v.Counts)
		}
		for _, c := range v.Hand {
			all.Add(c)
		}
	}
	e := g.Events()[0]
	for _, c := range e.Bottom {
		all.Add(c)
	}
	if len(e.Bottom) != 3 || all != cards.Deck54.Hand() {
		t.Fatalf("hands and bottom are not the deck: %v + %v", all, e.Bottom)
	}
	if err := g.Deal(cards.NewRand(1)); err == nil {
		t.Error("a second deal before the first is played was accepted")
	}
}

// DD-3: a random first bidder; a bid is 1..3 above the highest bid.
func TestDD3_Bidding(t *testing.T) {
	firsts := map[int]bool{}
	for seed := range uint64(30) {
		g, _ := New(1)
		if err := g.Deal(cards.NewRand(seed)); err != nil {
			t.Fatal(err)
		}
		firsts[g.Next()] = true
		if view(g, 0).FirstBidder != g.Next() {
			t.Fatal("the view's first bidder is not the seat to bid")
		}
	}
	if len(firsts) != 3 {
		t.Errorf("first bidders over 30 deals: %v, want all three seats", firsts)
	}
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	illegal(t, g, 1, "bid 1", "seat 0's turn")
	illegal(t, g, 0, "bid 0", "bid 1, 2 or 3")
	illegal(t, g, 0, "bid 4", "bid 1, 2 or 3")
	illegal(t, g, 0, "play 3", "bidding")
	do(t, g, "bid 2")
	illegal(t, g, 1, "bid 2", "higher than 2")
	illegal(t, g, 1, "bid 1", "higher than 2")
	if got := g.Legal(1); !slices.Equal(got, []engine.Move{engine.PassMove(), engine.BidMove(3)}) {
		t.Errorf("legal bids after bid 2: %v", got)
	}
	do(t, g, "pass", "pass")
	if v := view(g, 2); v.Landlord != 0 || v.Bid != 2 || !slices.Equal(v.Bids, []Bid{{0, 2}, {1, 0}, {2, 0}}) {
		t.Errorf("after bid 2, pass, pass: landlord %d bid %d bids %v", v.Landlord, v.Bid, v.Bids)
	}
}

// DD-4: bidding ends at once on 3, or after two passes following a bid; a
// seat that passed may bid again.
func TestDD4_BiddingEnds(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, "bid 1", "pass", "bid 2", "pass", "bid 3") // seats 0 1 2 0 1: seat 1 passed, then bid
	if v := view(g, 0); v.Phase != Playing || v.Landlord != 1 || v.Turn != 1 {
		t.Errorf("after a 3: phase %v landlord %d turn %d, want playing, 1, 1", v.Phase, v.Landlord, v.Turn)
	}
	g = rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, "pass", "bid 1", "pass")
	if g.phase != Bidding {
		t.Fatal("one pass after a bid ended the bidding")
	}
	do(t, g, "pass") // seat 0 passes a second time
	if v := view(g, 0); v.Phase != Playing || v.Landlord != 1 || v.Bid != 1 {
		t.Errorf("after two passes: phase %v landlord %d bid %d", v.Phase, v.Landlord, v.Bid)
	}
}

// DD-5: three passes and no bid: a new deal, which is not a deal of the match.
func TestDD5_Redeal(t *testing.T) {
	g := rig(t, 1, 1, plainH0, plainH1, plainBottom)
	do(t, g, "pass", "pass", "pass")
	if g.Next() != engine.Chance || len(g.Result().Rounds) != 0 {
		t.Fatalf("after three passes: Next %d, rounds %v", g.Next(), g.Result().Rounds)
	}
	if v := view(g, 0); v.Deal != 1 || v.Redeals != 1 || v.Bottom != nil {
		t.Errorf("redeal view: deal %d redeals %d bottom %v", v.Deal, v.Redeals, v.Bottom)
	}
	if err := g.Deal(cards.NewRand(5)); err != nil {
		t.Fatal(err)
	}
	if v := view(g, 0); v.Deal != 1 || v.Redeals != 1 || len(v.Bids) != 0 || v.Phase != Bidding {
		t.Errorf("after the redeal: deal %d redeals %d bids %v phase %v", v.Deal, v.Redeals, v.Bids, v.Phase)
	}
	if n := len(g.Events()); n != 5 || g.Events()[4].E != engine.EvDeal {
		t.Errorf("record has %d events, want deal, three passes, deal", n)
	}
}

// DD-6: the landlord takes the revealed bottom cards and leads.
func TestDD6_LandlordTakesBottom(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	for s := range 3 {
		if view(g, s).Bottom != nil || view(g, engine.Spectator).Bottom != nil {
			t.Fatal("the bottom is shown before the bidding ends")
		}
	}
	do(t, g, "bid 2", "pass", "pass")
	bottom := g.Events()[0].Bottom
	for _, s := range []int{0, 1, 2, engine.Spectator} {
		if v := view(g, s); !slices.Equal(v.Bottom, bottom) || v.Counts != [3]int{20, 17, 17} {
			t.Errorf("seat %d: bottom %v counts %v, want %v and 20/17/17", s, v.Bottom, v.Counts, bottom)
		}
	}
	if v := view(g, 0); len(v.Hand) != 20 || HandOf(v.Hand) != mustHand(t, plainH0+plainBottom) || v.Turn != 0 {
		t.Errorf("landlord's hand %v, turn %d", v.Hand, v.Turn)
	}
}

// DD-7: the leader plays a combination and may not pass.
func TestDD7_LeaderMustPlay(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, "bid 2", "pass", "pass")
	illegal(t, g, 0, "pass", "you lead")
	illegal(t, g, 0, "play 34", "not a combination")
	illegal(t, g, 0, "play KK", "do not hold")
	illegal(t, g, 0, "play 3456789TJQKA", "do not hold")
	if err := g.Apply(0, engine.PlayRanks("43")); err == nil {
		t.Error("ranks out of order accepted")
	}
	if slices.Contains(g.Legal(0), engine.PassMove()) {
		t.Error("pass is legal for the leader")
	}
	if got := g.Legal(0); !slices.Contains(got, engine.PlayRanks("445566778899TTJJ")) || !slices.Contains(got, engine.PlayRanks("3")) {
		t.Errorf("leads %v lack the pair sequence or the 3", got)
	}
}

// DD-8: followers pass or beat; after two passes the last player leads freely.
func TestDD8_FollowAndLeadAgain(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, "bid 2", "pass", "pass", "play 3")
	illegal(t, g, 1, "play 3", "3 does not beat 3: play a higher single, a bomb or the rocket")
	illegal(t, g, 1, "play KK", "KK (pair) does not beat 3 (single): play a higher single, a bomb or the rocket")
	do(t, g, "play K", "pass")
	if v := view(g, 1); v.Table != mustPlay(t, "K") || v.TableSeat != 1 || v.Turn != 0 {
		t.Errorf("table %v by %d, turn %d", v.Table, v.TableSeat, v.Turn)
	}
	do(t, g, "play 2", "pass", "pass")
	v := view(g, 0)
	if v.TableSeat != -1 || v.Table != (Play{}) || v.Turn != 0 {
		t.Fatalf("after two passes: table %v by %d, turn %d", v.Table, v.TableSeat, v.Turn)
	}
	do(t, g, "play 445566778899TTJJ") // a new type: a free lead
	want := []Turn{{Seat: 0, Play: mustPlay(t, "3")}, {Seat: 1, Play: mustPlay(t, "K")}, {Seat: 2, Pass: true},
		{Seat: 0, Play: mustPlay(t, "2")}, {Seat: 1, Pass: true}, {Seat: 2, Pass: true}, {Seat: 0, Play: mustPlay(t, "445566778899TTJJ")}}
	got := view(g, engine.Spectator).History
	if len(got) != len(want) {
		t.Fatalf("history %v", got)
	}
	for i := range want {
		if got[i].Seat != want[i].Seat || got[i].Pass != want[i].Pass || got[i].Play != want[i].Play || HandOf(got[i].Cards) != want[i].Play.Cards {
			t.Errorf("history[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// Cards of a played rank leave the hand lowest suit first.
func TestPlayedCardsLowestSuitFirst(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, "bid 2", "pass", "pass", "play 3", "play K")
	h := view(g, engine.Spectator).History
	if !slices.Equal(h[0].Cards, []cards.Card{cards.New(cards.Three, cards.Spades)}) ||
		!slices.Equal(h[1].Cards, []cards.Card{cards.New(cards.King, cards.Spades)}) {
		t.Errorf("played cards %v %v, want 3S and KS", h[0].Cards, h[1].Cards)
	}
	if slices.Contains(view(g, 1).Hand, cards.New(cards.King, cards.Spades)) || !slices.Contains(view(g, 1).Hand, cards.New(cards.King, cards.Hearts)) {
		t.Errorf("seat 1's hand after playing a K: %v", view(g, 1).Hand)
	}
}

// DD-9: the deal ends at once when a hand is empty.
func TestDD9_DealEnds(t *testing.T) {
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, plainMoves...)
	if !g.Done() || g.Next() != engine.Over || view(g, 1).Phase != Over {
		t.Fatalf("the landlord went out, but Done %v Next %d", g.Done(), g.Next())
	}
	illegal(t, g, 1, "pass", "over")
	if g.Legal(1) != nil || view(g, 1).LegalMoves() != nil {
		t.Error("legal moves after the end")
	}
	if err := g.Deal(cards.NewRand(1)); err == nil {
		t.Error("a deal after the end was accepted")
	}
}

// scoreCase plays a rigged deal to the end and checks its multiplier and
// scores.
func scoreCase(t *testing.T, h0, h1, bottom string, moves []string, mult int, want []int) {
	t.Helper()
	g := rig(t, 1, 0, h0, h1, bottom)
	do(t, g, moves...)
	r := g.Result()
	if !g.Done() || len(r.Rounds) != 1 || !slices.Equal(r.Rounds[0], want) || !slices.Equal(r.Totals, want) {
		t.Fatalf("done %v, result %+v, want %v", g.Done(), r, want)
	}
	if v := view(g, 2); v.Multiplier != mult {
		t.Errorf("multiplier %d, want %d", v.Multiplier, mult)
	}
}

// DD-20: the multiplier doubles for every bomb and the rocket.
func TestDD20_Multiplier(t *testing.T) {
	g := rig(t, 1, 0, "3456789TJQKA2222R", "", "KKB")
	do(t, g, "bid 1", "pass", "pass", "play 3456789TJQKA", "pass", "pass")
	if v := view(g, 1); v.Multiplier != 1 || v.Bombs != 0 {
		t.Fatalf("multiplier %d bombs %d before any bomb", v.Multiplier, v.Bombs)
	}
	do(t, g, "play 2222", "pass", "pass")
	if v := view(g, 1); v.Multiplier != 2 || v.Bombs != 1 {
		t.Fatalf("multiplier %d bombs %d after a bomb", v.Multiplier, v.Bombs)
	}
	do(t, g, "play KK", "pass", "pass")
	do(t, g, "play BR")
	if v := view(g, 1); v.Bombs != 2 || v.Multiplier != 8 { // 2 bombs, then the spring
		t.Fatalf("multiplier %d bombs %d after bomb, rocket and spring", v.Multiplier, v.Bombs)
	}
}

// DD-21: spring and anti-spring double once more.
func TestDD21_Spring(t *testing.T) {
	// The landlord goes out before either farmer plays: bombs ×4, spring ×2.
	scoreCase(t, "3456789TJQKA2222R", "", "KKB",
		[]string{"bid 3", "play 3456789TJQKA", "pass", "pass", "play 2222", "pass", "pass", "play KK", "pass", "pass", "play BR"},
		8, []int{48, -24, -24})
	// Only the spring: a single pair sequence of ten pairs.
	scoreCase(t, "33445566778899TTJ", "", "JQQ",
		[]string{"bid 1", "pass", "pass", "play 33445566778899TTJJQQ"}, 2, []int{4, -2, -2})
}

func TestDD21_AntiSpring(t *testing.T) {
	// The landlord leads once; farmer 1 plays the rocket, a bomb and an
	// eleven-card straight while the others pass: bombs ×4, anti-spring ×2.
	scoreCase(t, "3", "456789TJQKA2222BR", "",
		[]string{"bid 1", "pass", "pass", "play 3", "play BR", "pass", "pass", "play 2222", "pass", "pass", "play 456789TJQKA"},
		8, []int{-16, 8, 8})
	// The landlord's second play spoils the anti-spring.
	scoreCase(t, "3", "456789TJQKA2222BR", "",
		[]string{"bid 1", "pass", "pass", "play 3", "play 4", "pass", "play 5", "play BR", "pass", "pass", "play 2222", "pass", "pass", "play 56789TJQKA"},
		4, []int{-8, 4, 4})
}

// DD-22: farmers win or lose bid × multiplier, the landlord twice that.
func TestDD22_Scoring(t *testing.T) {
	scoreCase(t, plainH0, plainH1, plainBottom, plainMoves, 1, []int{4, -2, -2})
	// The landlord seat 0 bids 3 and loses to farmer 1 (no anti-spring: it
	// played twice).
	scoreCase(t, "3", "456789TJQKA2222BR", "",
		[]string{"bid 3", "play 3", "play 4", "pass", "play 5", "play 6", "pass", "play 7", "play 8", "pass", "pass",
			"play 5", "pass", "pass", "play 7", "pass", "pass", "play 9TJQKA", "pass", "pass", "play 2222", "pass", "pass", "play BR"},
		4, []int{-24, 12, 12})
}

// DD-23: a match of N deals with running totals.
func TestDD23_Match(t *testing.T) {
	g := rig(t, 2, 0, plainH0, plainH1, plainBottom)
	do(t, g, plainMoves...)
	if g.Done() || g.Next() != engine.Chance {
		t.Fatalf("after deal 1 of 2: Done %v Next %d", g.Done(), g.Next())
	}
	if v := view(g, 0); v.Deal != 1 || v.Deals != 2 || v.Totals != [3]int{4, -2, -2} || v.Multiplier != 1 || v.Landlord != 0 {
		t.Errorf("between deals: %+v", v)
	}
	if err := g.Event(rigDeal(t, 0, plainH0, plainH1, plainBottom)); err != nil {
		t.Fatal(err)
	}
	if v := view(g, 0); v.Deal != 2 || v.Landlord != -1 || len(v.History) != 0 || v.Bottom != nil {
		t.Errorf("deal 2 starts with deal %d, landlord %d, history %v, bottom %v", v.Deal, v.Landlord, v.History, v.Bottom)
	}
	do(t, g, plainMoves...)
	r := g.Result()
	if !g.Done() || len(r.Rounds) != 2 || !slices.Equal(r.Totals, []int{8, -4, -4}) {
		t.Errorf("after 2 deals: done %v result %+v", g.Done(), r)
	}
	if _, err := New(0); err == nil {
		t.Error("New(0) accepted")
	}
	if _, _, err := Ruleset().Start(3, engine.Options{"deals": "101"}); err == nil {
		t.Error("deals=101 accepted")
	}
	if _, _, err := Ruleset().Start(4, nil); err == nil {
		t.Error("four players accepted")
	}
	if g, opts, err := Ruleset().Start(3, nil); err != nil || opts["deals"] != "1" || g.Players() != 3 {
		t.Errorf("default start: %v %v", opts, err)
	}
}

// Deal lines of a record are checked fully.
func TestDealEventChecked(t *testing.T) {
	good := rigDeal(t, 0, plainH0, plainH1, plainBottom)
	bad := func(f func(e *engine.Event)) engine.Event {
		e := good.Clone()
		f(&e)
		return e
	}
	for _, tc := range []struct {
		e    engine.Event
		want string
	}{
		{bad(func(e *engine.Event) { e.Hands[1] = e.Hands[1][1:] }), "seat 1 is dealt 16 cards"},
		{bad(func(e *engine.Event) { e.Hands = e.Hands[:2] }), "3 hands"},
		{bad(func(e *engine.Event) { e.Bottom = e.Bottom[:2] }), "bottom has 2 cards"},
		{bad(func(e *engine.Event) { e.Bottom = nil }), "bottom"},
		{bad(func(e *engine.Event) { e.Hands[2][0] = e.Hands[1][0] }), "appears 2 times"},
		{bad(func(e *engine.Event) { e.Hands[2][0] = cards.Singularity }), "SG is not in the 54-card deck"},
		{bad(func(e *engine.Event) { e.FirstBidder = 3 }), "no seat 3"},
		{bad(func(e *engine.Event) { e.FirstBidder = -1 }), "no seat -1"},
		{engine.Event{E: engine.EvPenalty, Seat: 1, Points: -5}, "no penalty"},
		{engine.Event{E: engine.EvDraw}, "no draw"},
	} {
		g, _ := New(1)
		err := g.Event(tc.e)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
		if g.Next() != engine.Chance || len(g.Events()) != 0 {
			t.Error("a refused deal changed the game")
		}
	}
	g, _ := New(1)
	if err := g.Event(good); err != nil {
		t.Fatal(err)
	}
	if err := g.Event(good); err == nil {
		t.Error("a deal in the middle of a deal was accepted")
	}
}

// Refusals say why in a player's words.
func TestIllegalReasons(t *testing.T) {
	g := rig(t, 1, 0, "3456789TJQKA2222R", "", "KKB")
	do(t, g, "bid 3", "play 34567")
	illegal(t, g, 1, "play 345678", "your straight must have 5 cards too, or play a bomb or the rocket")
	do(t, g, "pass", "pass", "play BR")
	illegal(t, g, 1, "play 3", "nothing beats the rocket: pass")
	illegal(t, g, 1, "bid 2", "play a combination or pass")
	if err := g.Apply(1, engine.PlayCard(cards.New(cards.Ace, cards.Spades))); err == nil || !strings.Contains(err.Error(), "write the ranks") {
		t.Errorf("a trick-game card: %v", err)
	}
	// Every way to beat the table, each once: on a bomb, a higher bomb or
	// the rocket.
	for _, c := range [][3]string{
		{"3", "2222", "3 (single) does not beat 2222 (bomb): play a higher bomb or the rocket"},
		{"3333", "4444", "3333 does not beat 4444: play a higher bomb or the rocket"},
		{"3", "4", "3 does not beat 4: play a higher single, a bomb or the rocket"},
	} {
		if got := beatReason(mustPlay(t, c[0]), mustPlay(t, c[1])); got != c[2] {
			t.Errorf("%s on %s: %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
