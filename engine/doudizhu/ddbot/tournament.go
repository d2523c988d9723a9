package ddbot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
)

// Options configures a Tournament.
type Options struct {
	Deals int    // deals to play; each is played in every seating
	Seed  uint64 // the deals and every bot's rng come from it
	// Bidding lets the bots bid (DD-3..DD-6), redealing on all passes, and
	// plays each deal six times: a in each seat against b in the other two,
	// then b in each seat against a. Without it seat 0 is the landlord
	// (it takes the bottom with a bid of 1, the RLCard setting) and each deal
	// is played twice: a as landlord against b, then b against a.
	Bidding bool
	// Workers is how many games run at once (0: GOMAXPROCS). Results do not
	// depend on it; decision times do.
	Workers int
	// Progress, when set, is called after each deal with the deals done.
	Progress func(done, total int)
}

// Result is a Tournament's outcome from a's side.
type Result struct {
	Deals   int     `json:"deals"`
	Games   int     `json:"games"`
	WinRate float64 `json:"win_rate"` // a's side won this share of the games
	// Points is a's mean points per deal played (DD-22: a landlord's
	// score, or the two farmers' scores together), averaged over the deal's
	// seatings, and CI95 the half width of its 95 % interval over deals.
	Points   float64 `json:"points"`
	CI95     float64 `json:"points_ci95"`
	Landlord Side    `json:"landlord"` // a as the landlord
	Farmers  Side    `json:"farmers"`  // a as the two farmers
	// DecideA and DecideB are the two bots' decision times, p50 and p99
	// (in JSON, nanoseconds).
	DecideA [2]time.Duration `json:"decide_a"`
	DecideB [2]time.Duration `json:"decide_b"`
}

// Side is a's record in one role.
type Side struct {
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	Points  float64 `json:"points"` // a's mean points per game in that role
}

// String prints the result on a few lines.
func (r Result) String() string {
	return fmt.Sprintf("deals %d, games %d\n"+
		"a win rate %.3f; points per deal %+.3f ± %.3f\n"+
		"a as landlord: %d games, win rate %.3f, %+.3f points per game\n"+
		"a as farmers:  %d games, win rate %.3f, %+.3f points per game\n"+
		"decide p50/p99: a %v / %v, b %v / %v",
		r.Deals, r.Games, r.WinRate, r.Points, r.CI95,
		r.Landlord.Games, r.Landlord.WinRate, r.Landlord.Points,
		r.Farmers.Games, r.Farmers.WinRate, r.Farmers.Points,
		r.DecideA[0], r.DecideA[1], r.DecideB[0], r.DecideB[1])
}

// seating is one game of a deal: whether seat s holds a (else b).
type seating [dd.Players]bool

func seatings(bidding bool) []seating {
	if !bidding {
		return []seating{{true, false, false}, {false, true, true}}
	}
	var out []seating
	for _, aAlone := range []bool{true, false} {
		for s := range dd.Players {
			var st seating
			for i := range st {
				st[i] = (i == s) == aAlone
			}
			out = append(out, st)
		}
	}
	return out
}

// game is one finished game: each seat's score, the landlord, decision times.
type game struct {
	scores   [dd.Players]int
	landlord int
	times    [dd.Players][]time.Duration
}

// Tournament plays a duplicate tournament between a and b: the same deals in
// every seating (see Options.Bidding), and reports from a's side. Bots must
// be safe for concurrent use (the bots of this package are).
func Tournament(a, b engine.Bot, o Options) Result {
	sts := seatings(o.Bidding)
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	games := make([][]game, o.Deals)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range workers {
		wg.Go(func() {
			for d := range jobs {
				gs := make([]game, len(sts))
				for i, st := range sts {
					var bots [dd.Players]engine.Bot
					for s := range bots {
						bots[s] = b
						if st[s] {
							bots[s] = a
						}
					}
					gs[i] = playGame(bots, o.Seed, uint64(d), uint64(i), o.Bidding)
				}
				mu.Lock()
				games[d] = gs
				done++
				if o.Progress != nil {
					o.Progress(done, o.Deals)
				}
				mu.Unlock()
			}
		})
	}
	for d := range o.Deals {
		jobs <- d
	}
	close(jobs)
	wg.Wait()
	return summarize(games, sts)
}

func summarize(games [][]game, sts []seating) Result {
	r := Result{Deals: len(games)}
	var perDeal []float64
	var ta, tb []time.Duration
	var ptsL, ptsF float64
	for _, gs := range games {
		deal := 0.0
		for i, g := range gs {
			st := sts[i]
			pts := 0
			for s := range dd.Players {
				if st[s] {
					pts += g.scores[s]
					ta = append(ta, g.times[s]...)
				} else {
					tb = append(tb, g.times[s]...)
				}
			}
			deal += float64(pts)
			r.Games++
			won := pts > 0
			if won {
				r.WinRate++
			}
			side, sum := &r.Farmers, &ptsF
			if st[g.landlord] {
				side, sum = &r.Landlord, &ptsL
			}
			side.Games++
			*sum += float64(pts)
			if won {
				side.Wins++
			}
		}
		perDeal = append(perDeal, deal/float64(len(gs)))
	}
	r.WinRate /= float64(max(r.Games, 1))
	for _, s := range []struct {
		side *Side
		pts  float64
	}{{&r.Landlord, ptsL}, {&r.Farmers, ptsF}} {
		if s.side.Games > 0 {
			s.side.WinRate = float64(s.side.Wins) / float64(s.side.Games)
			s.side.Points = s.pts / float64(s.side.Games)
		}
	}
	r.Points, r.CI95 = meanCI(perDeal)
	r.DecideA, r.DecideB = percentiles(ta), percentiles(tb)
	return r
}

// meanCI is the mean of xs and the half width of its 95 % interval.
func meanCI(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	var sum, sq float64
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(len(xs))
	for _, x := range xs {
		sq += (x - m) * (x - m)
	}
	if len(xs) < 2 {
		return m, 0
	}
	return m, 1.96 * math.Sqrt(sq/float64(len(xs)-1)/float64(len(xs)))
}

// percentiles returns p50 and p99 of ds.
func percentiles(ds []time.Duration) [2]time.Duration {
	if len(ds) == 0 {
		return [2]time.Duration{}
	}
	slices.Sort(ds)
	at := func(p float64) time.Duration { return ds[min(len(ds)-1, int(p*float64(len(ds))))] }
	return [2]time.Duration{at(0.50), at(0.99)}
}

// playGame plays deal number deal of the tournament seeded seed, in seating
// variant (which only changes the bots' rngs), between bots (one per seat),
// and returns the scores. The cards depend on seed and deal only, so every
// seating gets the same deal. Without bidding, seat 0 is the landlord: the
// driver bids 1 for it and passes for the others.
func playGame(bots [dd.Players]engine.Bot, seed, deal, variant uint64, bidding bool) game {
	g, err := dd.New(1)
	if err != nil {
		panic(err)
	}
	deals := rand.New(rand.NewPCG(seed, deal))
	rngs := [dd.Players]*rand.Rand{}
	for s := range rngs {
		rngs[s] = rand.New(rand.NewPCG(seed^0x5eed, deal<<8|variant<<2|uint64(s)))
	}
	var out game
	for !g.Done() {
		if g.Next() == engine.Chance {
			must(g.Event(dealEvent(deals, bidding)))
			if !bidding {
				must(g.Apply(0, engine.BidMove(1)))
				must(g.Apply(1, engine.PassMove()))
				must(g.Apply(2, engine.PassMove()))
			}
			continue
		}
		s := g.Next()
		v := g.View(s)
		t0 := time.Now()
		m := bots[s].Decide(v, rngs[s])
		out.times[s] = append(out.times[s], time.Since(t0))
		if err := g.Apply(s, m); err != nil {
			panic(fmt.Sprintf("ddbot: seat %d: %v", s, err))
		}
	}
	out.landlord = g.View(engine.Spectator).(*dd.View).Landlord
	copy(out.scores[:], g.Result().Rounds[0])
	return out
}

// dealEvent shuffles a deal; without bidding seat 0 bids first.
func dealEvent(rng *rand.Rand, bidding bool) engine.Event {
	deck := cards.Deck54.Cards()
	cards.Shuffle(deck, rng)
	e := engine.Event{E: engine.EvDeal, Hands: make([][]cards.Card, dd.Players), Bottom: deck[51:]}
	for s := range dd.Players {
		e.Hands[s] = deck[17*s : 17*s+17]
	}
	if bidding {
		e.FirstBidder = rng.IntN(dd.Players)
	}
	return e
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// LandlordWinRate plays deals deals seeded seed without bidding, bot in
// every seat, seat 0 the landlord with the bottom cards, and returns the
// landlord's win rate: RLCard's self-play setting.
func LandlordWinRate(bot engine.Bot, deals int, seed uint64) float64 {
	wins := make([]bool, deals)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for d := range next {
				g := playGame([dd.Players]engine.Bot{bot, bot, bot}, seed, uint64(d), 0, false)
				wins[d] = g.scores[0] > 0
			}
		})
	}
	for d := range deals {
		next <- d
	}
	close(next)
	wg.Wait()
	n := 0
	for _, w := range wins {
		if w {
			n++
		}
	}
	return float64(n) / float64(max(deals, 1))
}
