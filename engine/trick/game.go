package trick

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Phase is what a round waits for.
type Phase uint8

// The phases of a round, in the order an ordinary round goes through them.
// A blind round bids before its deal; a trump-choice round draws before it.
const (
	PhaseDeal  Phase = iota // chance: the round's cards are dealt
	PhaseDraw               // chance: the next card of a trump-choice draw (SR-6)
	PhaseBid                // a seat bids
	PhaseTrump              // a seat names trump (TR-3, TR-4, SR-6)
	PhasePlay               // a seat plays a card
	PhaseOver               // the game has ended
)

var phaseNames = []string{"deal", "draw", "bid", "trump", "play", "over"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "?"
}

// NoBid marks a seat that has not bid yet (View.Bids).
const NoBid = -1

// Penalty is a scorekeeper's penalty (BB-7).
type Penalty struct {
	Seat   int
	Points int // negative
	Reason string
	Round  int // the round that was next or in play when it was given
}

type sheetRound struct {
	bids   [maxSeats]int8
	took   [maxSeats]int8
	score  [maxSeats]int16
	sitout uint8
}

// Game is a game of singularity, specialrounds or boerenbridge. It
// implements engine.Game; Clone, Step, RandomMove and PlayoutRound are the
// fast path for simulations. The state is small fixed-size values, so a
// Clone is one allocation.
type Game struct {
	r *rules // fixed configuration, shared by clones

	phase  Phase
	round  int // the current (or next to deal) round, 1-based
	dealer int // -1 before the first deal
	turn   int // the seat to act in PhaseBid, PhaseTrump, PhasePlay
	dealt  bool

	hands      [maxSeats]cards.Hand
	turned     cards.Card
	trump      cards.Suit
	trumpKnown bool
	trumpEarly bool // trump is named before the bids (TR-3, SR-6)
	trumpBy    int  // the seat that names trump early, or named it; -1 otherwise

	bids   [maxSeats]int8
	nbids  int
	tricks [maxSeats]int8

	trick      [maxSeats]cards.Card
	ntrick     int
	leader     int
	last       [maxSeats]cards.Card
	nlast      int
	lastLeader int
	lastWinner int
	lastBefore bool // last is the round before's last trick: this round has none yet

	// hist is every card played this round, in order, and who played it.
	hist     [64]cards.Card
	histSeat [64]int8
	nhist    int

	draws     [64]cards.Card
	drawSeats [64]int8
	ndraws    int
	drawIn    uint8 // seats still in the draw
	drawPass  uint8 // seats that drew in this pass
	passCard  [maxSeats]cards.Card
	drawn     cards.Hand
	chooser   int

	sitout uint8 // seats sitting this round out (SI-5)

	played    int // rounds scored
	sheet     [maxRounds]sheetRound
	totals    [maxSeats]int // round scores only
	penalties []Penalty
	events    []engine.Event
}

func newGame(r *rules) *Game {
	g := &Game{r: r, round: 1, dealer: -1}
	g.resetRound()
	g.settle()
	return g
}

// Clone returns a deep copy of the game, for a bot's simulations. It costs
// one allocation: the record is shared copy-on-append and never mutated.
func (g *Game) Clone() *Game {
	c := *g
	c.events = slices.Clip(g.events)
	c.penalties = slices.Clip(g.penalties)
	return &c
}

// Ruleset is the rule set's name.
func (g *Game) Ruleset() string { return g.r.name }

// Players is the number of seats.
func (g *Game) Players() int { return g.r.players }

// Rounds is the number of rounds of the game.
func (g *Game) Rounds() int { return g.r.rounds }

// Round is the current round (or the next to be dealt), 1-based.
func (g *Game) Round() int { return g.round }

// Phase is what the game waits for.
func (g *Game) Phase() Phase { return g.phase }

// Done reports whether the game has ended.
func (g *Game) Done() bool { return g.phase == PhaseOver }

// Next is the seat to act, engine.Chance or engine.Over.
func (g *Game) Next() int {
	switch g.phase {
	case PhaseDeal, PhaseDraw:
		return engine.Chance
	case PhaseOver:
		return engine.Over
	}
	return g.turn
}

// Hand is the hand of seat, empty for a seat not at the table. It is for
// tests and tools: a player or bot sees only its View.
func (g *Game) Hand(seat int) cards.Hand {
	if seat < 0 || seat >= g.r.players {
		return cards.Hand{}
	}
	return g.hands[seat]
}

func (g *Game) next(seat int) int {
	if g.r.ccw {
		return (seat + g.r.players - 1) % g.r.players
	}
	return (seat + 1) % g.r.players
}

// after returns the seat k steps after seat in the direction of play.
func (g *Game) after(seat, k int) int {
	n := g.r.players
	if g.r.ccw {
		k = -k
	}
	return ((seat+k)%n + n) % n
}

func (g *Game) cardsNow() int { return int(g.r.cards[g.round]) }
func (g *Game) mod() Modifier { return g.r.mod[g.round] }

func (g *Game) resetRound() {
	g.dealt = false
	g.hands = [maxSeats]cards.Hand{}
	g.turned = cards.None
	g.trump, g.trumpKnown, g.trumpEarly, g.trumpBy = cards.NoSuit, false, false, -1
	for i := range g.bids {
		g.bids[i] = NoBid
		g.tricks[i] = 0
	}
	g.nbids = 0
	g.ntrick = 0
	g.nhist = 0
	g.ndraws = 0
	g.drawIn = uint8(1)<<g.r.players - 1
	g.drawPass = 0
	g.drawn = cards.Hand{}
	g.chooser = -1
	g.sitout = 0
}

// settle works out what the round waits for next from what has happened.
func (g *Game) settle() {
	n := g.r.players
	switch {
	case g.round > g.r.rounds:
		g.phase = PhaseOver
	case !g.dealt && g.mod() == Blind && g.nbids < n: // SR-8
		g.phase, g.turn = PhaseBid, g.after(g.dealer, g.nbids+1)
	case !g.dealt && g.mod() == TrumpChoice && g.chooser < 0: // SR-6
		g.phase = PhaseDraw
	case !g.dealt:
		g.phase = PhaseDeal
	case !g.trumpKnown && g.trumpEarly: // TR-3, SR-6
		g.phase, g.turn = PhaseTrump, g.trumpBy
	case g.nbids < n: // TT-1
		g.phase, g.turn = PhaseBid, g.after(g.dealer, g.nbids+1)
	case !g.trumpKnown: // TR-4
		g.phase, g.turn = PhaseTrump, g.highestBidder()
	default: // TT-2
		g.phase, g.turn = PhasePlay, g.after(g.leader, g.ntrick)
	}
}

// highestBidder is the seat with the highest bid, ties to the first bidder (TR-4).
func (g *Game) highestBidder() int {
	best := -1
	for k := 1; k <= g.r.players; k++ {
		s := g.after(g.dealer, k)
		if best < 0 || g.bids[s] > g.bids[best] {
			best = s
		}
	}
	return best
}

// hookBid is the bid the seat to bid may not make under the dealer hook, or
// -1 when any bid goes (TT-6).
func (g *Game) hookBid() int {
	if !g.r.hook[g.round] || g.nbids != g.r.players-1 {
		return -1
	}
	sum := 0
	for s := 0; s < g.r.players; s++ {
		if g.bids[s] != NoBid {
			sum += int(g.bids[s])
		}
	}
	if f := g.cardsNow() - sum; f >= 0 {
		return f
	}
	return -1
}

// ledSuit is the suit to follow in the current trick, if any (TT-3, SG-3, SG-4).
func ledSuit(trick []cards.Card) (cards.Suit, bool) {
	for _, c := range trick {
		switch c {
		case cards.Clanker:
			continue
		case cards.Singularity:
			return cards.NoSuit, false
		}
		return c.Suit(), true
	}
	return cards.NoSuit, false
}

const specialMask = uint64(1)<<cards.Singularity | uint64(1)<<cards.Clanker

// playable is the set of faces seat may play now, one bit per face.
func (g *Game) playable(seat int) uint64 {
	h := g.hands[seat]
	if led, ok := ledSuit(g.trick[:g.ntrick]); ok && h.HasSuit(led) {
		return h.Faces() & (cards.SuitMask(led) | specialMask)
	}
	return h.Faces()
}

// winner is the index in trick of the card that wins it (SG-5..SG-7, TT-4).
func winner(trick []cards.Card, trump cards.Suit) int {
	led, _ := ledSuit(trick)
	best, bestTrump := -1, false
	for i, c := range trick {
		switch {
		case c == cards.Singularity:
			return i // SG-5
		case !c.IsSuitCard():
		case trump != cards.NoSuit && c.Suit() == trump:
			if !bestTrump || c.Rank() > trick[best].Rank() {
				best, bestTrump = i, true
			}
		case !bestTrump && c.Suit() == led && (best < 0 || c.Rank() > trick[best].Rank()):
			best = i
		}
	}
	if best < 0 {
		return 0 // SG-7: all CLANKERs, the first wins
	}
	return best
}

// Winner returns the index of the card that wins a trick of these cards in
// play order with the given trump (cards.NoSuit: no trump). A bot may use it.
func Winner(trick []cards.Card, trump cards.Suit) int { return winner(trick, trump) }

// Legal lists the moves seat may make now. In the forehead round (SR-9) the
// play is HiddenPlay, so that no list of moves reveals the seat's card.
func (g *Game) Legal(seat int) []engine.Move {
	if seat != g.Next() || seat < 0 {
		return nil
	}
	switch g.phase {
	case PhaseBid:
		out := make([]engine.Move, 0, g.cardsNow()+1)
		hook := g.hookBid()
		for b := 0; b <= g.cardsNow(); b++ {
			if b != hook {
				out = append(out, engine.BidMove(b))
			}
		}
		return out
	case PhaseTrump:
		out := make([]engine.Move, 0, 5)
		for _, s := range cards.Suits {
			out = append(out, engine.TrumpMove(s))
		}
		if g.noTrumpAllowed() {
			out = append(out, engine.TrumpMove(cards.NoSuit))
		}
		return out
	case PhasePlay:
		if g.mod() == Forehead {
			return []engine.Move{HiddenPlay()}
		}
		m := g.playable(seat)
		out := make([]engine.Move, 0, bits.OnesCount64(m))
		for ; m != 0; m &= m - 1 {
			out = append(out, engine.PlayCard(cards.Card(bits.TrailingZeros64(m))))
		}
		return out
	}
	return nil
}

// noTrumpAllowed: only the highest bidder of TR-4 with bb_allow_notrump.
func (g *Game) noTrumpAllowed() bool { return g.r.noTrumpOK && !g.trumpEarly }

// HiddenPlay is the move "play your card" of the forehead round (SR-9): the
// seat cannot see its card, so Legal and its view offer this move (a Play
// whose Card is cards.None) and Apply plays the seat's one card. The record
// holds the real card, and Apply takes that too (a replay).
func HiddenPlay() engine.Move { return engine.Move{Kind: engine.Play, Card: cards.None} }

// Apply makes seat's move after checking it; an illegal move returns an
// *engine.IllegalMove and changes nothing.
func (g *Game) Apply(seat int, m engine.Move) error {
	m, err := g.check(seat, m)
	if err != nil {
		return err
	}
	g.events = append(g.events, engine.MoveEvent(seat, m))
	g.step(seat, m)
	return nil
}

// check validates seat's move and returns it as the record writes it.
func (g *Game) check(seat int, m engine.Move) (engine.Move, error) {
	n := g.r.players
	switch {
	case g.phase == PhaseOver:
		return m, engine.Illegal(seat, m, "the game is over")
	case seat < 0 || seat >= n:
		return m, engine.Illegal(seat, m, "there is no seat %d at this table", seat)
	case g.Next() == engine.Chance:
		return m, engine.Illegal(seat, m, "the cards must be dealt first")
	case seat != g.turn:
		return m, engine.Illegal(seat, m, "not your turn: seat %d is to %s", g.turn, g.phase)
	}
	switch g.phase {
	case PhaseBid:
		c := g.cardsNow()
		if m.Kind != engine.Bid {
			return m, engine.Illegal(seat, m, "it is time to bid: bid 0 to %d", c)
		}
		if m.N < 0 || m.N > c {
			return m, engine.Illegal(seat, m, "bids go from 0 to %d, the cards in hand", c)
		}
		if m.N == g.hookBid() {
			return m, engine.Illegal(seat, m, "the bids would add up to %d, the number of cards (dealer hook)", c)
		}
	case PhaseTrump:
		if m.Kind != engine.Trump {
			return m, engine.Illegal(seat, m, "you name trump now: trump S, H, D or C")
		}
		if m.Suit > cards.NoSuit || m.Suit == cards.NoSuit && !g.noTrumpAllowed() {
			return m, engine.Illegal(seat, m, "no trump may not be named: choose S, H, D or C")
		}
	case PhasePlay:
		if m.Kind != engine.Play || m.Ranks != "" {
			return m, engine.Illegal(seat, m, "it is time to play a card")
		}
		h := g.hands[seat]
		if g.mod() == Forehead {
			// SR-9: the card is played for the seat. A record names the
			// real card; a guess at another card is refused without a word
			// about the real one.
			if m.Card == cards.None {
				m.Card = only(h)
			}
			if m.Card != only(h) {
				return m, engine.Illegal(seat, m, "you cannot see your card in the forehead round: play it unseen")
			}
		}
		if m.Card >= cards.NumFaces || !h.Has(m.Card) {
			return m, engine.Illegal(seat, m, "you do not hold %s", m.Card)
		}
		if g.playable(seat)>>m.Card&1 == 0 {
			led, _ := ledSuit(g.trick[:g.ntrick])
			return m, engine.Illegal(seat, m, "must follow %s", led)
		}
	}
	return m, nil
}

// Step makes the move m of the seat to act without checking it or writing
// it to the record: the fast path of simulations. m must be legal (as from
// Legal or RandomMove); a stepped game's Events no longer describe it.
func (g *Game) Step(m engine.Move) {
	if g.phase == PhasePlay && m.Card == cards.None {
		m.Card = only(g.hands[g.turn])
	}
	g.step(g.turn, m)
}

func (g *Game) step(seat int, m engine.Move) {
	switch g.phase {
	case PhaseBid:
		g.bids[seat] = int8(m.N)
		g.nbids++
	case PhaseTrump:
		g.trump, g.trumpKnown, g.trumpBy = m.Suit, true, seat
	case PhasePlay:
		g.hands[seat].Remove(m.Card)
		g.hist[g.nhist], g.histSeat[g.nhist] = m.Card, int8(seat)
		g.nhist++
		g.trick[g.ntrick] = m.Card
		g.ntrick++
		if g.ntrick == g.r.players {
			g.endTrick()
			if g.hands[g.leader].Empty() {
				g.endRound()
				return
			}
		}
	}
	g.settle()
}

func (g *Game) endTrick() {
	n := g.r.players
	w := g.after(g.leader, winner(g.trick[:n], g.trump))
	g.tricks[w]++
	g.last, g.nlast, g.lastLeader, g.lastWinner, g.lastBefore = g.trick, n, g.leader, w, false
	g.leader, g.ntrick = w, 0
}

// endRound scores the round (A.5, SI-5) and moves on to the next (TT-7).
func (g *Game) endRound() {
	n := g.r.players
	sr := &g.sheet[g.round-1]
	sr.sitout = g.sitout
	sum, k := 0, 0
	for s := 0; s < n; s++ {
		sc := Score(g.r.scoring, int(g.bids[s]), int(g.tricks[s]), g.cardsNow())
		sr.bids[s], sr.took[s], sr.score[s] = g.bids[s], g.tricks[s], int16(sc)
		if g.sitout>>s&1 == 0 {
			sum, k = sum+sc, k+1
		}
	}
	if g.sitout != 0 && k > 0 { // SI-5: the average of the others, to a multiple of 10
		avg := int16(average10(sum, k))
		for s := 0; s < n; s++ {
			if g.sitout>>s&1 != 0 {
				sr.score[s] = avg
			}
		}
	}
	for s := 0; s < n; s++ {
		g.totals[s] += int(sr.score[s])
	}
	g.played++
	g.round++
	g.dealer = g.next(g.dealer) // TT-5, BB-6
	g.resetRound()
	g.settle()
}

// only is the lowest card of h (the one card of a forehead hand).
func only(h cards.Hand) cards.Card { return cards.Card(bits.TrailingZeros64(h.Faces())) }

// average10 is sum/k rounded to the nearest multiple of 10, halves towards
// +∞ (SI-5: 15 → 20, −15 → −10).
func average10(sum, k int) int { return 10 * floorDiv(sum+5*k, 10*k) }

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Result is each scored round's scores and the totals with penalties.
func (g *Game) Result() engine.Result {
	n := g.r.players
	res := engine.Result{Rounds: make([][]int, g.played), Totals: make([]int, n)}
	for i := range g.played {
		res.Rounds[i] = make([]int, n)
		for s := range n {
			res.Rounds[i][s] = int(g.sheet[i].score[s])
		}
	}
	copy(res.Totals, g.totals[:n])
	for _, p := range g.penalties {
		res.Totals[p.Seat] += p.Points
	}
	return res
}

// Events is the record so far (without header); a fresh copy.
func (g *Game) Events() []engine.Event {
	return engine.CloneEvents(g.events)
}

// Deal resolves the pending chance step with cards from rng: the round's
// deal (in round 1 also the first dealer, TT-5), or the next card of a
// trump-choice draw. It builds the record line and applies it through Event.
func (g *Game) Deal(rng *rand.Rand) error {
	n := g.r.players
	switch g.phase {
	case PhaseDraw:
		left, ok := g.r.deck.Hand().Minus(g.drawn)
		if !ok || left.Empty() {
			return errors.New("the draw stack is empty")
		}
		cs := left.Cards()
		return g.Event(engine.Event{E: engine.EvDraw, Round: g.round, Seat: g.drawer(), Card: cs[rng.IntN(len(cs))]})
	case PhaseDeal:
		dealer := g.dealer
		if dealer < 0 {
			dealer = rng.IntN(n)
		}
		deck := g.r.deck.Cards()
		cards.Shuffle(deck, rng)
		c := g.cardsNow()
		e := engine.Event{E: engine.EvDeal, Round: g.round, Dealer: dealer, Hands: make([][]cards.Card, n), Turned: cards.None}
		for s := range n {
			e.Hands[s] = deck[s*c : (s+1)*c : (s+1)*c]
			slices.Sort(e.Hands[s])
		}
		if ok, _ := g.turnsCard(); ok {
			e.Turned = deck[n*c]
		}
		return g.Event(e)
	}
	return fmt.Errorf("nothing to deal: next is %s", g.whoseTurn())
}

func (g *Game) whoseTurn() string {
	if g.phase == PhaseOver {
		return "nothing, the game is over"
	}
	return fmt.Sprintf("seat %d's %s", g.turn, g.phase)
}

// turnsCard reports whether this round's deal turns a trump card, and why not.
func (g *Game) turnsCard() (bool, string) {
	switch {
	case g.mod() == TrumpChoice:
		return false, "the trump-choice round turns no card (SR-6)"
	case g.mod() == NoTrump:
		return false, "the no-trump round turns no card (SR-7)"
	case g.r.bidderTrump:
		return false, "boerenbridge turns no card: the highest bidder names trump (TR-4)"
	case g.r.players*g.cardsNow() >= int(g.r.deck):
		return false, "every card is dealt, none is left to turn (SI-2)"
	}
	return true, ""
}

// drawer is the seat to draw next in a trump-choice draw (SR-11).
func (g *Game) drawer() int {
	for k := 1; k <= g.r.players; k++ {
		s := g.after(g.dealer, k)
		if g.drawIn>>s&1 != 0 && g.drawPass>>s&1 == 0 {
			return s
		}
	}
	return -1
}

// drawRank orders cards in the SR-6 draw: rank only; in the 60-card deck a
// Singularity above an Ace and a CLANKER below a 2 (SR-10).
func drawRank(c cards.Card) int {
	switch c {
	case cards.Singularity:
		return 15
	case cards.Clanker:
		return 1
	}
	return int(c.Rank())
}

// Event applies a record line other than a move: deal, draw, sitout
// (singularity), penalty (boerenbridge). A bad line changes nothing.
func (g *Game) Event(e engine.Event) error {
	var err error
	switch e.E {
	case engine.EvDeal:
		err = g.checkDeal(e)
	case engine.EvDraw:
		err = g.checkDraw(e)
	case engine.EvSitout:
		err = g.checkSitout(e)
	case engine.EvPenalty:
		err = g.checkPenalty(e)
	case engine.EvMove:
		return errors.New("a move is made with Apply")
	case engine.EvEnd:
		return errors.New("an end line is checked by the replay, not the game")
	default:
		return fmt.Errorf("unknown record line %q", e.E)
	}
	if err != nil {
		return err
	}
	e = e.Clone()
	g.events = append(g.events, e)
	switch e.E {
	case engine.EvDeal:
		g.applyDeal(e)
	case engine.EvDraw:
		g.applyDraw(e)
	case engine.EvSitout:
		g.sitout |= 1 << e.Seat
	case engine.EvPenalty:
		g.penalties = append(g.penalties, Penalty{Seat: e.Seat, Points: e.Points, Reason: e.Reason, Round: g.round})
	}
	return nil
}

func (g *Game) direction() string {
	if g.r.ccw {
		return "counterclockwise"
	}
	return "clockwise"
}

func (g *Game) checkDeal(e engine.Event) error {
	n, c := g.r.players, g.cardsNow()
	switch {
	case e.Bottom != nil:
		return errors.New("deal: a deal with bottom cards is a Dou Dizhu deal")
	case g.phase == PhaseOver:
		return errors.New("deal: the game is over")
	case g.phase == PhaseDraw:
		return fmt.Errorf("deal: round %d's trump-choice draw comes first (SR-6)", g.round)
	case g.phase != PhaseDeal && !g.dealt:
		return fmt.Errorf("deal: round %d is blind: every seat bids before the deal (SR-8)", g.round)
	case g.phase != PhaseDeal:
		return fmt.Errorf("deal: round %d is already dealt", g.round)
	case e.Round != g.round:
		return fmt.Errorf("deal: this deal is for round %d, but round %d is next", e.Round, g.round)
	case g.dealer < 0 && (e.Dealer < 0 || e.Dealer >= n):
		return fmt.Errorf("deal: there is no seat %d to deal", e.Dealer)
	case g.dealer >= 0 && e.Dealer != g.dealer:
		return fmt.Errorf("deal: seat %d deals round %d (the deal passes %s), not seat %d", g.dealer, g.round, g.direction(), e.Dealer)
	case len(e.Hands) != n:
		return fmt.Errorf("deal: %d hands for %d seats", len(e.Hands), n)
	}
	var all cards.Hand
	add := func(what string, x cards.Card) error {
		if x >= cards.NumFaces || g.r.deck.Copies(x) == 0 {
			return fmt.Errorf("deal: %s: %s is not in the %d-card deck", what, x, int(g.r.deck))
		}
		if k := g.r.deck.Copies(x); all.Count(x) >= k {
			return fmt.Errorf("deal: %s: one %s too many: the %d-card deck has %d", what, x, int(g.r.deck), k)
		}
		all.Add(x)
		return nil
	}
	for s, h := range e.Hands {
		if len(h) != c {
			return fmt.Errorf("deal: seat %d is dealt %d cards, round %d deals %d", s, len(h), g.round, c)
		}
		for _, x := range h {
			if err := add(fmt.Sprintf("seat %d", s), x); err != nil {
				return err
			}
		}
	}
	turns, why := g.turnsCard()
	switch {
	case turns && e.Turned == cards.None:
		return fmt.Errorf("deal: round %d turns a trump card (TR-1): turned may not be null", g.round)
	case !turns && e.Turned != cards.None:
		return fmt.Errorf("deal: turned must be null: %s", why)
	case turns:
		if err := add("turned", e.Turned); err != nil {
			return err
		}
	}
	return nil
}

func (g *Game) applyDeal(e engine.Event) {
	g.dealer = e.Dealer
	for s, h := range e.Hands {
		g.hands[s] = cards.NewHand(h...)
	}
	g.turned = e.Turned
	g.dealt = true
	g.lastBefore = g.nlast > 0  // the round before's last trick stays for PrevTrick
	g.leader = g.next(g.dealer) // TT-2
	switch {
	case g.mod() == TrumpChoice: // SR-6
		g.trumpEarly, g.trumpBy = true, g.chooser
	case g.mod() == NoTrump: // SR-7
		g.trumpKnown = true
	case g.r.bidderTrump: // TR-4: named after the bids
	case e.Turned == cards.Singularity: // TR-3
		g.trumpEarly, g.trumpBy = true, g.dealer
	default: // TR-1, TR-2
		g.trump, g.trumpKnown = e.Turned.Suit(), true
	}
	g.settle()
}

func (g *Game) checkDraw(e engine.Event) error {
	switch {
	case g.phase != PhaseDraw:
		return fmt.Errorf("draw: no trump-choice draw is due now")
	case e.Round != g.round:
		return fmt.Errorf("draw: this draw is for round %d, but round %d is in play", e.Round, g.round)
	case e.Seat != g.drawer():
		return fmt.Errorf("draw: seat %d draws next (SR-11), not seat %d", g.drawer(), e.Seat)
	case e.Card >= cards.NumFaces || g.r.deck.Copies(e.Card) == 0:
		return fmt.Errorf("draw: %s is not in the %d-card deck", e.Card, int(g.r.deck))
	case g.drawn.Count(e.Card) >= g.r.deck.Copies(e.Card):
		return fmt.Errorf("draw: no %s is left in the stack: cards drawn are not put back (SR-6)", e.Card)
	}
	return nil
}

func (g *Game) applyDraw(e engine.Event) {
	g.draws[g.ndraws], g.drawSeats[g.ndraws] = e.Card, int8(e.Seat)
	g.ndraws++
	g.drawn.Add(e.Card)
	g.drawPass |= 1 << e.Seat
	g.passCard[e.Seat] = e.Card
	if g.drawPass == g.drawIn {
		best, tied := 0, uint8(0)
		for s := 0; s < g.r.players; s++ {
			if g.drawIn>>s&1 == 0 {
				continue
			}
			switch r := drawRank(g.passCard[s]); {
			case r > best:
				best, tied = r, 1<<s
			case r == best:
				tied |= 1 << s
			}
		}
		g.drawIn, g.drawPass = tied, 0
		if bits.OnesCount8(tied) == 1 {
			g.chooser = g.drawer()
		}
	}
	if g.chooser < 0 && g.drawn.Len() == int(g.r.deck) {
		// [choice] The stack ran out with seats still tied: the first of
		// them in draw order names trump.
		g.drawPass = 0
		g.chooser = g.drawer()
	}
	g.settle()
}

func (g *Game) checkSitout(e engine.Event) error {
	switch {
	case !g.r.sitout:
		return fmt.Errorf("sitout: only singularity lets a seat sit a round out (SI-5)")
	case g.phase == PhaseOver:
		return errors.New("sitout: the game is over")
	case e.Seat < 0 || e.Seat >= g.r.players:
		return fmt.Errorf("sitout: there is no seat %d", e.Seat)
	case e.Round != g.round:
		return fmt.Errorf("sitout: this is for round %d, but round %d is next", e.Round, g.round)
	case g.nbids > 0:
		return fmt.Errorf("sitout: seat %d may only sit out before round %d's first bid (SI-5)", e.Seat, g.round)
	case g.sitout>>e.Seat&1 != 0:
		return fmt.Errorf("sitout: seat %d already sits round %d out", e.Seat, g.round)
	}
	return nil
}

func (g *Game) checkPenalty(e engine.Event) error {
	switch {
	case !g.r.penalties:
		return fmt.Errorf("penalty: only boerenbridge has a scorekeeper (BB-7)")
	case g.phase == PhaseOver:
		return errors.New("penalty: the game is over")
	case e.Seat < 0 || e.Seat >= g.r.players:
		return fmt.Errorf("penalty: there is no seat %d", e.Seat)
	case e.Points >= 0:
		return fmt.Errorf("penalty: points must be negative (e.g. -5), not %d", e.Points)
	case e.Reason == "":
		return errors.New("penalty: give a reason")
	}
	return nil
}

// Places ranks totals (TT-7): 1 for the highest, equal totals share a place
// (totals 50, 80, 50, 20 → places 2, 1, 2, 4).
func Places(totals []int) []int {
	out := make([]int, len(totals))
	for i, t := range totals {
		out[i] = 1
		for _, u := range totals {
			if u > t {
				out[i]++
			}
		}
	}
	return out
}
