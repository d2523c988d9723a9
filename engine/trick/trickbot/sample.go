package trickbot

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

// sampler deals the cards a seat cannot see, consistently with everything
// its view shows: its own hand, the cards played this round, the turned
// card, the cards on the others' foreheads, and the suits a seat has shown
// it lacks by not following. Every draw comes from the rng it is given.
type sampler struct {
	v     *trick.View
	pool  []cards.Card // the unseen cards
	need  []int        // cards to deal to each seat; the rest stays undealt
	known []cards.Hand // the hands the viewer sees (its own, forehead cards)
	voids []uint8      // per seat, the suits it has shown it lacks (a bit per suit)
	hands []cards.Hand // one sample
	room  []int        // scratch
	// lacking is the set of suits some seat has shown it lacks.
	lacking uint8
	anyVoid bool
	// noise and prior are Config.FitNoise and FitPrior; fit weighs a sample by the cards the others
	// played this round (nil: not weighed); candidates > 0 picks each
	// sample among that many deals.
	noise      float64
	prior      float64
	fit        *trick.PlayFit
	candidates int
}

func deckOf(ruleset string) cards.Deck {
	switch ruleset {
	case "specialrounds":
		return cards.Deck64
	case "boerenbridge":
		return cards.Deck52
	}
	return cards.Deck60
}

func newSampler(v *trick.View, c Config) *sampler {
	n := v.Players
	s := &sampler{v: v, need: make([]int, n), known: make([]cards.Hand, n), voids: make([]uint8, n),
		hands: make([]cards.Hand, n), room: make([]int, n)}
	unseen := deckOf(v.Ruleset).Hand()
	take := func(c cards.Card) { unseen.Remove(c) }
	for _, p := range v.Played {
		take(p.Card)
	}
	if v.Turned != cards.None {
		take(v.Turned)
	}
	if v.Foreheads == nil {
		s.known[v.Seat] = cards.NewHand(v.Hand...)
	} else {
		for seat, c := range v.Foreheads {
			if c != cards.None && seat != v.Seat {
				s.known[seat] = cards.NewHand(c)
			}
		}
	}
	for seat := range n {
		for _, c := range s.known[seat].Cards() {
			take(c)
		}
		s.need[seat] = v.HandSizes[seat] - s.known[seat].Len()
	}
	s.pool = unseen.Cards()
	s.candidates, s.noise, s.prior = c.Candidates, c.FitNoise, c.FitPrior
	if s.prior == 0 {
		s.prior = 0.5
	}
	if c.FitNoise > 0 {
		s.fit = trick.NewPlayFit(v, c.FitNoise, s.prior)
	}
	// Voids: a suit card of another suit than the one led shows the seat
	// has none of the led suit (TT-3); a Singularity or CLANKER shows nothing.
	for i := 0; i < len(v.Played); i += n {
		trickCards := v.Played[i:min(i+n, len(v.Played))]
		for j, p := range trickCards {
			led, ok := ledSuit(trickCards[:j])
			if ok && p.Card.IsSuitCard() && p.Card.Suit() != led {
				s.voids[p.Seat] |= 1 << led
				s.lacking |= 1 << led
				s.anyVoid = true
			}
		}
	}
	return s
}

// ledSuit is the suit to follow after these cards (TT-3, SG-3, SG-4).
func ledSuit(ps []trick.Played) (cards.Suit, bool) {
	for _, p := range ps {
		switch p.Card {
		case cards.Clanker:
			continue
		case cards.Singularity:
			return cards.NoSuit, false
		}
		return p.Card.Suit(), true
	}
	return cards.NoSuit, false
}

// deal returns one sample of every seat's hand. It tries a few times to
// respect the voids, and drops them if the cards will not fit (a seat's
// legal moves never depend on them).
func (s *sampler) deal(rng *rand.Rand) []cards.Hand {
	pool := slices.Clone(s.pool)
	for try := 0; ; try++ {
		cards.Shuffle(pool, rng)
		if s.place(pool, try < 8, rng) {
			return slices.Clone(s.hands)
		}
	}
}

// place deals pool to the seats that need cards, each card to a seat that
// can hold it, chosen with odds by room left (the undealt stack takes the
// rest). Cards of suits some seat lacks go first, so they still find room.
func (s *sampler) place(pool []cards.Card, voids bool, rng *rand.Rand) bool {
	if voids && s.anyVoid {
		k := 0
		for su := range 4 { // cards of the suits some seat lacks first
			if s.lacking>>su&1 == 0 {
				continue
			}
			for j := k; j < len(pool); j++ {
				if c := pool[j]; c.IsSuitCard() && c.Suit() == cards.Suit(su) {
					pool[k], pool[j] = pool[j], pool[k]
					k++
				}
			}
		}
	}
	stack := len(pool)
	for seat := range s.hands {
		s.hands[seat] = s.known[seat]
		s.room[seat] = s.need[seat]
		stack -= s.need[seat]
	}
	for _, c := range pool {
		total := stack
		for seat, r := range s.room {
			if r > 0 && s.fits(seat, c, voids) {
				total += r
			}
		}
		if total == 0 {
			return false
		}
		pick := rng.IntN(total)
		if pick < stack {
			stack--
			continue
		}
		pick -= stack
		for seat, r := range s.room {
			if r > 0 && s.fits(seat, c, voids) {
				if pick < r {
					s.hands[seat].Add(c)
					s.room[seat]--
					break
				}
				pick -= r
			}
		}
	}
	return true
}

func (s *sampler) fits(seat int, c cards.Card, voids bool) bool {
	return !voids || !c.IsSuitCard() || s.voids[seat]>>c.Suit()&1 == 0
}

// likelihood is how well a sample fits the bids made: each bidder is
// expected to bid about the tricks its cards promise (trick.PromisedTricks of its
// hand when it bid: its cards now and those it has played), give or take
// one. A blind bid says nothing about the bidder's cards, a forehead bid
// only about the others' (foreheadFit).
func (s *sampler) likelihood(hands []cards.Hand) float64 {
	v := s.v
	switch v.Modifier {
	case trick.Blind:
		return 1
	case trick.Forehead:
		return s.foreheadFit(hands)
	}
	trump, known := v.Trump, v.TrumpKnown
	if v.Ruleset == "boerenbridge" && v.Modifier != trick.TrumpChoice {
		known = false // TR-4: trump is named after the bids
	}
	w := s.trumpFit(hands)
	for seat, bid := range v.Bids {
		if seat == v.Seat || bid == trick.NoBid {
			continue
		}
		d := float64(bid) - trick.PromisedTricks(s.dealt(hands, seat), trump, known)
		w *= math.Exp(-d * d / 2)
	}
	return w
}

// dealt is seat's hand as dealt this round in a sample: its cards now and
// those it has played.
func (s *sampler) dealt(hands []cards.Hand, seat int) cards.Hand {
	h := hands[seat]
	for _, p := range s.v.Played {
		if p.Seat == seat {
			h.Add(p.Card)
		}
	}
	return h
}

// trumpFit is how well a sample fits a trump another seat named (TR-3,
// TR-4, SR-6): the seat names as the heuristic does (its best suit with
// odds 1−noise, any suit otherwise) with odds prior, or else any suit (1
// when not weighed).
func (s *sampler) trumpFit(hands []cards.Hand) float64 {
	v, by := s.v, s.v.NamedBy
	if s.noise == 0 || !v.TrumpKnown || by < 0 || by == v.Seat || v.Trump == cards.NoSuit {
		return 1
	}
	if trick.BestSuit(s.dealt(hands, by)) == v.Trump {
		return s.prior*(1-s.noise+s.noise/4) + (1-s.prior)*0.25
	}
	return s.prior*(s.noise/4) + (1-s.prior)*0.25
}

// foreheadFit is how well a forehead round's sample (SR-9) fits the bids
// made: each bidder saw every card but its own, the seat's among them,
// and with odds prior bids as the heuristic does (no trick when it sees a
// Singularity, a Queen or higher or a trump; with odds 1−noise), or else
// either bid (1 when not weighed).
func (s *sampler) foreheadFit(hands []cards.Hand) float64 {
	v := s.v
	if s.noise == 0 {
		return 1
	}
	w := 1.0
	for seat, bid := range v.Bids {
		if seat == v.Seat || bid == trick.NoBid {
			continue
		}
		want := 1
		for t, h := range hands {
			if t != seat && h.Len() == 1 && trick.ForeheadThreat(h.Cards()[0], v.Trump, v.TrumpKnown) {
				want = 0
			}
		}
		if bid == want {
			w *= s.prior*(1-s.noise/2) + (1-s.prior)*0.5
		} else {
			w *= s.prior*(s.noise/2) + (1-s.prior)*0.5
		}
	}
	return w
}

// weight is how well a sample fits the bids made and, when weighed, the
// trump named and the cards played.
func (s *sampler) weight(hands []cards.Hand) float64 {
	w := s.likelihood(hands)
	if s.fit != nil && w > 0 {
		w *= s.fit.Weight(hands)
	}
	return w
}

// fitting returns one sample: with candidates, one of that many deals with
// odds by their weights; otherwise deals until one is accepted with odds
// its weight (at most a few tries; then the last one goes).
func (s *sampler) fitting(rng *rand.Rand) []cards.Hand {
	if s.candidates > 0 {
		var pick []cards.Hand
		total := 0.0
		for range s.candidates {
			hands := s.deal(rng)
			w := s.weight(hands)
			total += w
			if pick == nil || w > 0 && rng.Float64()*total < w {
				pick = hands
			}
		}
		return pick
	}
	for try := 0; ; try++ {
		hands := s.deal(rng)
		if try == 7 || rng.Float64() < s.weight(hands) {
			return hands
		}
	}
}
