// Package trickbot holds the search bots of the trick games (singularity,
// specialrounds, boerenbridge), beyond trick.BaselineBot.
//
// A Bot decides from the seat's *trick.View only. It samples deals of the
// cards the seat cannot see, consistent with everything the view shows
// (sampler; strong prefers deals that explain the others' bids, cards and
// trump as the heuristic would make them, trick.PlayFit), builds a game from each (trick.FromView), and scores every
// legal move on the same samples by playing the round out with a cheap
// bid-aware policy for every seat (trick.Game.PlayoutRoundHeuristic), or,
// once the seat holds few cards, by trying every order of them against that
// policy (searchExact). Bids, trump and cards are all
// chosen this way, by the seat's expected round score under the table's
// scoring (strong: less the others' mean, Config.Rival); a blind bid (SR-8) plays out fresh deals, a forehead bid (SR-9)
// samples the seat's own card.
//
//	bot := trickbot.New(trickbot.Strong)
//	m := bot.Decide(g.View(seat), rng) // one of the view's legal moves
//
// A Bot has no state of its own: one value may serve any number of tables
// at once. Given the same view and rng it makes the same move.
package trickbot

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

// Level is how hard a bot tries.
type Level int

// The levels a table offers.
const (
	Easy Level = iota
	Normal
	Strong
)

var levelNames = []string{"easy", "normal", "strong"}

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "?"
}

// ParseLevel reads "easy", "normal" or "strong".
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown bot level %q (levels: easy, normal, strong)", s)
}

// Config is how much a bot searches.
type Config struct {
	// Samples is the number of deals sampled per decision, at most.
	Samples int
	// Playouts caps the moves scored per decision (samples × legal moves),
	// so a decision with many legal moves samples fewer deals, but never
	// fewer than 16 (0: no cap).
	Playouts int
	// Budget is a wall-clock guard (0: none): past it the bot stops
	// sampling and decides from the samples scored so far. Samples and
	// Playouts are the work a decision should take; Budget only trips on
	// a machine too busy for them, and only then does the clock change a
	// move.
	Budget time.Duration
	// WinBonus is what ending the game first (alone or shared) is worth in
	// its last round, in points on top of the round score.
	WinBonus int
	// ExactLeaves: the bot searches a sample exactly once the orders of its
	// own cards (the factorial of its hand size) are at most this (0: never).
	ExactLeaves int
	// Rival is what the others' round scores count against the seat's
	// own: a playout is worth the seat's round score minus Rival times the
	// mean round score of the other seats in the round (0: the seat's own
	// score only). A game is won on the difference, so a point the others
	// miss is worth as much as one the seat takes.
	Rival float64
	// Candidates: each sample is drawn from this many deals with odds by
	// how well each fits what the others did (0: a deal is kept with odds
	// its fit, after at most 8 tries any).
	Candidates int
	// FitNoise: besides the bids, the others' choices weigh the sampled
	// deals — the cards they played this round, a trump they named, their
	// bids in the forehead round: each seat is, with odds FitPrior, one
	// that makes the heuristic's choice (HeuristicMove) with odds
	// 1−FitNoise and any otherwise, or else one whose choices say nothing
	// (trick.PlayFit; 0: only the bids weigh).
	FitNoise float64
	// FitPrior is the odds that a seat chooses as the heuristic does
	// (0: even odds).
	FitPrior float64
}

// Configs by level. Strong takes about 5 ms of CPU per decision (p99
// 15 ms, BenchmarkStrongCPU), so 8 tables deciding at once on two idle
// cores wait about 60 ms at the 99th percentile (BenchmarkStrong8Tables,
// docs/BOTS.md); the Budget guards a busier machine.
var configs = [...]Config{
	Easy:   {Samples: 6},
	Normal: {Samples: 12, ExactLeaves: 6, Budget: 100 * time.Millisecond},
	Strong: {Samples: 200, Playouts: 1600, ExactLeaves: 24, WinBonus: 40, Rival: 1, Candidates: 8, FitNoise: 0.1, FitPrior: 0.9, Budget: 150 * time.Millisecond},
}

// Bot is a determinized Monte Carlo bot for the trick games.
type Bot struct {
	cfg  Config
	name string // "trickbot-strong" for a level's bot (Name); "" for WithConfig's
}

// New returns the bot of a level.
func New(l Level) *Bot {
	if l < Easy || l > Strong {
		l = Normal
	}
	return &Bot{cfg: configs[l], name: "trickbot-" + l.String()}
}

// Name names the bot by its level ("trickbot-strong"), for ratings; "" for
// a bot of WithConfig.
func (b *Bot) Name() string { return b.name }

// WithConfig returns a bot that searches as c says (one sample at least).
func WithConfig(c Config) *Bot {
	c.Samples = max(c.Samples, 1)
	return &Bot{cfg: c}
}

// Unbounded returns the bot without its wall-clock Budget, for tournaments
// whose figures must repeat on any machine (cardroom sim).
func (b *Bot) Unbounded() engine.Bot {
	c := b.cfg
	c.Budget = 0
	return &Bot{cfg: c}
}

// Decide returns one of v.LegalMoves(); see DecideContext.
func (b *Bot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	return b.DecideContext(context.Background(), v, rng)
}

// DecideContext returns one of v.LegalMoves(). It stops sampling when ctx
// is done or the bot's Budget has passed, and decides from the samples
// scored so far (at least one), so a table's timer is never exceeded; only
// then may the move depend on the clock. A view that is not a trick game's
// gets its first legal move.
func (b *Bot) DecideContext(ctx context.Context, ev engine.View, rng *rand.Rand) engine.Move {
	legal := ev.LegalMoves()
	v, ok := ev.(*trick.View)
	switch {
	case len(legal) == 0:
		return engine.Move{}
	case len(legal) == 1 || !ok:
		return legal[0]
	}
	if b.cfg.Budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.cfg.Budget)
		defer cancel()
	}
	totals := b.evaluate(ctx, v, legal, rng, nil)
	if totals == nil {
		return trick.BaselineBot{}.Decide(v, rng)
	}
	best := 0
	for i := range legal {
		if totals[i] > totals[best] {
			best = i
		}
	}
	return legal[best]
}

// DecideOpen returns one of v.LegalMoves() as Decide would if every sample
// were the true deal hands (one hand per seat, as the game holds them): the
// same search, with perfect information, its playouts playing a random card
// with odds openNoise (with the deal known, the others' play is what stays
// uncertain). It is for measuring the bots
// against perfect play (the oracle of cardroom sim), never for a table. A
// blind round's bid, made before the deal, still samples the deal to come.
func (b *Bot) DecideOpen(v *trick.View, hands []cards.Hand, rng *rand.Rand) engine.Move {
	legal := v.LegalMoves()
	switch {
	case len(legal) == 0:
		return engine.Move{}
	case len(legal) == 1:
		return legal[0]
	}
	totals := b.evaluate(context.Background(), v, legal, rng, hands)
	if totals == nil {
		return legal[0]
	}
	best := 0
	for i := range legal {
		if totals[i] > totals[best] {
			best = i
		}
	}
	return legal[best]
}

// openNoise is the odds that a card of an open playout is random: with
// the deal known, what is left uncertain is how the others play (0.3
// measured best of 0, 0.15, 0.3 and 0.5 for the oracle, docs/BOTS.md).
const openNoise = 0.3

// evaluate sums, over the samples, what each legal move is worth to the
// seat (worth); nil when no game could be built from the view. With open
// hands every sample is that deal and the playouts are noisy (a blind
// round's bid, before its deal, samples the deal to come as usual).
func (b *Bot) evaluate(ctx context.Context, v *trick.View, legal []engine.Move, rng *rand.Rand, open []cards.Hand) []float64 {
	s := newSampler(v, b.cfg)
	dealt := !(v.Phase == trick.PhaseBid && v.Modifier == trick.Blind)
	sample := s.fitting
	if open != nil {
		sample = func(*rand.Rand) []cards.Hand { return open }
	}
	totals := make([]float64, len(legal))
	own := v.HandSizes[v.Seat : v.Seat+1]
	exact := v.Phase == trick.PhasePlay && leaves(own, b.cfg.ExactLeaves) <= b.cfg.ExactLeaves
	// Trump named before the bids (TR-3, SR-6): the seat's own bid follows.
	bidLater := v.Phase == trick.PhaseTrump && v.Bids[v.Seat] == trick.NoBid
	samples := b.cfg.Samples
	if b.cfg.Playouts > 0 {
		cost := len(legal) // a playout per legal move and sample
		switch {
		case exact:
			cost = max(cost, len(legal)*leaves(own, b.cfg.ExactLeaves)/8) // ≈ 8 leaves a playout
		case bidLater:
			cost = len(legal) * (v.Cards + 1)
		}
		samples = min(samples, max(b.cfg.Playouts/cost, 16))
	}
	noise := 0.0
	if open != nil && dealt {
		noise = openNoise
	}
	for i := range samples {
		// Yield between samples: with many decisions at once, the
		// goroutines waiting on a timer (a table's deadline and fallback)
		// then run on time (BenchmarkStrong8Tables in tables). No move
		// changes.
		runtime.Gosched()
		if i > 0 && ctx.Err() != nil {
			break
		}
		g, err := trick.FromView(v, sample(rng))
		if err != nil {
			return nil
		}
		deal := rng.Uint64() // a blind round's deal, the same after every move
		for j, m := range legal {
			c := *g
			c.Step(m)
			if bidLater {
				totals[j] += b.bidAndFinish(&c, v, deal, noise, rng)
			} else {
				totals[j] += b.finish(&c, v, exact, deal, noise, rng)
			}
		}
	}
	return totals
}

// finish plays the round out from g and returns what it is worth to the
// seat. A blind round (SR-8) is dealt from the seed deal once its bids are in.
func (b *Bot) finish(g *trick.Game, v *trick.View, exact bool, deal uint64, noise float64, rng *rand.Rand) float64 {
	if exact {
		return b.worth(searchExact(g, v), v)
	}
	for g.Round() == v.Round && !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rand.New(rand.NewPCG(deal, 0))); err != nil {
				return 0
			}
		} else if noise > 0 {
			g.PlayoutRoundNoisy(rng, noise)
		} else {
			g.PlayoutRoundHeuristic() // to the round's end, or to a blind round's deal
		}
	}
	return b.worth(roundScores(g, v), v)
}

// bidAndFinish lets the seats before the viewer bid (heuristic), then
// scores each of the viewer's legal bids and returns the best.
func (b *Bot) bidAndFinish(g *trick.Game, v *trick.View, deal uint64, noise float64, rng *rand.Rand) float64 {
	for g.Phase() == trick.PhaseBid && g.Next() != v.Seat {
		g.Step(g.HeuristicMove())
	}
	if g.Phase() != trick.PhaseBid {
		return b.finish(g, v, false, deal, noise, rng)
	}
	best := math.Inf(-1)
	for _, m := range g.Legal(v.Seat) {
		c := *g
		c.Step(m)
		best = max(best, b.finish(&c, v, false, deal, noise, rng))
	}
	return best
}

// worth is the seat's round score less Rival times the others' mean round
// score; in the last round of the game, plus WinBonus when the seat ends
// first (alone or shared).
func (b *Bot) worth(scores [6]int, v *trick.View) float64 {
	w := float64(scores[v.Seat])
	if b.cfg.Rival != 0 {
		others, n := 0, 0
		for s := range v.Players {
			if s != v.Seat && !v.SatOut[s] {
				others += scores[s]
				n++
			}
		}
		if n > 0 {
			w -= b.cfg.Rival * float64(others) / float64(n)
		}
	}
	if v.Round < v.Rounds || b.cfg.WinBonus == 0 {
		return w
	}
	mine := v.Totals[v.Seat] + scores[v.Seat]
	for s := range v.Players {
		if s != v.Seat && v.Totals[s]+scores[s] > mine {
			return w
		}
	}
	return w + float64(b.cfg.WinBonus)
}

// roundScores is each seat's score of the round v is in, once g has
// played it out.
func roundScores(g *trick.Game, v *trick.View) [6]int {
	var out [6]int
	for s := range v.Players {
		bid, took := g.Outcome(v.Round, s)
		out[s] = trick.Score(v.Scoring, bid, took, v.Cards)
	}
	return out
}

// leaves bounds the leaves of an exact search: the product of the
// factorials of the hand sizes, stopping once it passes limit.
func leaves(sizes []int, limit int) int {
	p := 1
	for _, n := range sizes {
		for k := 2; k <= n; k++ {
			p *= k
			if p > limit {
				return p
			}
		}
	}
	return p
}

// searchExact searches the rest of the round on a sample exactly for the seat:
// it tries every order of its own cards, while the others play as in the
// playouts (HeuristicMove), and keeps its best round score (ties go to the
// lowest card). It returns each seat's score.
func searchExact(g *trick.Game, v *trick.View) [6]int {
	if g.Round() != v.Round || g.Phase() != trick.PhasePlay {
		return roundScores(g, v)
	}
	seat := g.Next()
	if seat != v.Seat { // the others play as in the playouts
		c := *g
		c.Step(c.HeuristicMove())
		return searchExact(&c, v)
	}
	var best [6]int
	first := true
	for m := g.Playable(); m != 0; m &= m - 1 {
		c := *g
		c.Step(engine.PlayCard(cardOf(m)))
		r := searchExact(&c, v)
		if first || r[seat] > best[seat] {
			best, first = r, false
		}
	}
	return best
}

// cardOf is the lowest card of a set of faces.
func cardOf(m uint64) cards.Card { return cards.Card(bits.TrailingZeros64(m)) }
