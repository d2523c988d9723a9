package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/cardroom/cardroom/botproto"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu/ddbot"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
)

const simUsage = `usage: cardroom sim --game NAME --bots A,B[,…] [flags]

Plays a seeded duplicate tournament between bots: every game is played once
per bot with the seats rotated (seat s holds bot (s+r) mod k in seating r),
on the same deals, so each bot plays each hand in each seat. Prints each
bot's mean score per round and the first bot's lead over each other bot
with a 95 % interval (one game = one sample), bid accuracy (trick games) by
round size and by bidding position, and decision times. The same flags give
the same figures on any machine (decision times aside; the bots run
without their wall-clock guards unless --clock).

Bots are the tables' bots (random, baseline, easy, normal, strong; rlcard
for doudizhu), "oracle" (sees every hand: a yardstick, never at a table),
its halves "oracle-bids" and "oracle-play" (trick games: every hand in
sight while bidding and naming trump, or while playing cards; the strong
bot otherwise), or exec:PROGRAM, a program of your own speaking the bot
protocol of docs/BOT-PROTOCOL.md on its stdin and stdout (exec:./mybot,
exec:python3 examples/bot/bot.py); the baseline moves for it when its
answer is refused or later than --move-time, and the report counts it.
`

// simConfig is one tournament.
type simConfig struct {
	Game    string         `json:"game"`
	Players int            `json:"players"`
	Bots    []string       `json:"bots"`
	Games   int            `json:"games"`
	Seed    uint64         `json:"seed"`
	Options engine.Options `json:"options"`
	Workers int            `json:"-"`
	// Clock lets the bots' wall-clock guards play; without it every bot
	// that has one runs unbounded, so the figures repeat on any machine.
	Clock bool `json:"clock,omitempty"`
	// MoveTime is an external bot's time for one decision (exec:).
	MoveTime time.Duration `json:"move_time,omitempty"`
}

// unbounded is a bot that can drop its wall-clock guard.
type unbounded interface{ Unbounded() engine.Bot }

// simCmd runs `cardroom sim`.
func simCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("sim")
	var c simConfig
	var bots, opts string
	fs.StringVar(&c.Game, "game", "singularity", "rule set: singularity, specialrounds, boerenbridge, doudizhu")
	fs.IntVar(&c.Players, "players", 0, "seats at the table (default 4, or the game's only number)")
	fs.StringVar(&bots, "bots", "strong,baseline", "bots by name, comma-separated (at least two)")
	fs.IntVar(&c.Games, "games", 50, "games (each played once per bot)")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the deals and of the bots' rngs")
	fs.StringVar(&opts, "options", "", "table options, k=v,k=v (special_rounds uses ; between rounds: 5:blind;7:no_trump)")
	fs.IntVar(&c.Workers, "workers", runtime.GOMAXPROCS(0), "games played at once (the figures do not depend on it; decision times do)")
	fs.BoolVar(&c.Clock, "clock", false, "keep the bots' wall-clock guards (the figures then depend on the machine's speed)")
	fs.DurationVar(&c.MoveTime, "move-time", time.Second, "an external bot's (exec:PROGRAM) time for one decision; past it the baseline moves for it")
	asJSON := fs.Bool("json", false, "print the report as one JSON object")
	if code, ok := parseFlags(fs, args, simUsage, stdout, stderr, nil); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return usageError(stderr, "sim", "unexpected argument %q: sim takes only flags", fs.Arg(0))
	}
	c.Bots = strings.Split(bots, ",")
	o, err := parseOptions(opts)
	if err != nil {
		return usageError(stderr, "sim", "%v", err)
	}
	c.Options = o
	rep, err := runSim(c, progressBar(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "cardroom sim: %v\n", err)
		return 1
	}
	if c.Game == "doudizhu" && len(c.Bots) == 2 && tableBot(c.Game, c.Bots[0]) && tableBot(c.Game, c.Bots[1]) {
		rep.Roles = ddRoles(c, progressBar(stderr))
	}
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	rep.print(stdout)
	return 0
}

// parseOptions reads k=v,k=v; a special_rounds value separates its rounds
// with ";" (5:blind;7:no_trump), as "," separates the options.
func parseOptions(s string) (engine.Options, error) {
	o := engine.Options{}
	if s == "" {
		return o, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("bad option %q: write key=value", kv)
		}
		o[k] = strings.ReplaceAll(v, ";", ",")
	}
	return o, nil
}

// progressBar draws the games done on w, on one line.
func progressBar(w io.Writer) func(done, total int) {
	return func(done, total int) {
		const width = 30
		k := width * done / total
		fmt.Fprintf(w, "\r[%s%s] %d/%d games", strings.Repeat("#", k), strings.Repeat(".", width-k), done, total)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

// seatRound is one seat's round (or deal) in one seating of one game.
type seatRound struct {
	score      int
	bid, took  int // trick games; bid is -1 elsewhere
	cards, pos int // cards dealt; bidding position (1 = left of the dealer)
}

// played is one game in one seating: rounds[round][seat], and each bot's
// decision times.
type played struct {
	rounds [][]seatRound
	decide [][]time.Duration  // by bot
	faults [][]botproto.Fault // by bot: the moves a fallback made for an external bot
}

// simReport is a tournament's outcome.
type simReport struct {
	Config simConfig   `json:"config"`
	Rounds int         `json:"rounds_per_game"`
	Bots   []botReport `json:"bots"`
	// Versus compares the first bot with each other bot.
	Versus []versus `json:"versus"`
	// Roles is Dou Dizhu's comparison of the first bot with the second by
	// role: win rates and points as landlord and as farmers (with bidding).
	Roles *ddbot.Result `json:"roles,omitempty"`
}

// versus is bot A's mean score per round minus bot B's, in the same seats on
// the same deals, with the 95 % interval over the games (nil for one game:
// an interval needs two).
type versus struct {
	A    string   `json:"a"`
	B    string   `json:"b"`
	Diff float64  `json:"diff_per_round"`
	CI95 *float64 `json:"ci95"`
	Low  *float64 `json:"low"`
	High *float64 `json:"high"`
}

type botReport struct {
	Name string `json:"name"`
	// ScorePerRound is the bot's mean score per round (or deal).
	ScorePerRound float64 `json:"score_per_round"`
	// Bid accuracy (trick games): exact bids over bids made, overall, by
	// cards dealt and by bidding position (1 = left of the dealer).
	BidAccuracy float64           `json:"bid_accuracy,omitempty"`
	ByCards     map[int]*accuracy `json:"bid_accuracy_by_cards,omitempty"`
	ByPosition  map[int]*accuracy `json:"bid_accuracy_by_position,omitempty"`
	DecideP50   time.Duration     `json:"decide_p50_ns"`
	DecideP99   time.Duration     `json:"decide_p99_ns"`
	Decisions   int               `json:"decisions"`
	// Fallbacks counts an external bot's moves the baseline made for it
	// (refused or late answers), by kind; Faults quotes the first few.
	Fallbacks map[string]int `json:"fallback_moves,omitempty"`
	Faults    []string       `json:"faults,omitempty"`
}

type accuracy struct {
	Exact int     `json:"exact"`
	Bids  int     `json:"bids"`
	Rate  float64 `json:"rate"`
}

// runSim plays the tournament. progress, when set, is called after each
// game with the games done.
func runSim(c simConfig, progress func(done, total int)) (*simReport, error) {
	rs, err := games.Registry().Lookup(c.Game)
	if err != nil {
		return nil, err
	}
	k := len(c.Bots)
	if k < 2 {
		return nil, errors.New("name at least two bots, e.g. --bots strong,baseline")
	}
	for _, name := range c.Bots {
		if err := checkPlayer(c.Game, name); err != nil {
			return nil, err
		}
	}
	if c.Games < 1 {
		return nil, errors.New("play at least one game")
	}
	if c.Players == 0 {
		c.Players = min(max(4, rs.MinPlayers), rs.MaxPlayers)
	}
	if _, c.Options, err = rs.Start(c.Players, c.Options); err != nil {
		return nil, err
	}
	// Jobs are (game, seating); each writes its own slot, so the figures do
	// not depend on the order they finish in.
	results := make([][]played, c.Games)
	for i := range results {
		results[i] = make([]played, k)
	}
	type job struct{ game, seating int }
	jobs := make(chan job)
	errs := make([]error, c.Games)
	var mu sync.Mutex
	done := make([]int, c.Games)
	finished := 0
	var wg sync.WaitGroup
	for range max(c.Workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				p, err := playSeating(rs, c, j.game, j.seating)
				mu.Lock()
				results[j.game][j.seating] = p
				if err != nil && errs[j.game] == nil {
					errs[j.game] = err
				}
				if done[j.game]++; done[j.game] == k {
					finished++
					if progress != nil {
						progress(finished, c.Games)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i := range c.Games {
		for r := range k {
			jobs <- job{i, r}
		}
	}
	close(jobs) // closed by the sender; the workers end
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return summarize(c, results), nil
}

// playSeating plays game i with seat s held by bot (s+r) mod k. The deals
// come from a rng of (seed, i) used for nothing else, so every seating of
// a game gets the same deals; each seat's bot has its own rng.
func playSeating(rs *engine.Ruleset, c simConfig, i, r int) (p played, err error) {
	k := len(c.Bots)
	g, _, err := rs.Start(c.Players, c.Options)
	if err != nil {
		return played{}, err
	}
	bots := make([]player, c.Players)
	rngs := make([]*rand.Rand, c.Players)
	p = played{decide: make([][]time.Duration, k), faults: make([][]botproto.Fault, k)}
	for s := range bots {
		bots[s] = newPlayer(c, c.Bots[(s+r)%k], s)
		rngs[s] = rand.New(rand.NewPCG(c.Seed, uint64(i)<<8|uint64(s)+1))
	}
	defer func() {
		for s, b := range bots {
			p.faults[(s+r)%k] = append(p.faults[(s+r)%k], b.close(g)...)
		}
	}()
	deals := rand.New(rand.NewPCG(c.Seed, uint64(i)<<8))
	for !g.Done() {
		seat := g.Next()
		if seat == engine.Chance {
			if err := g.Deal(deals); err != nil {
				return p, err
			}
			continue
		}
		t0 := time.Now()
		m, err := bots[seat].move(g, seat, rngs[seat])
		dt := time.Since(t0)
		b := (seat + r) % k
		if err != nil {
			return p, fmt.Errorf("game %d: bot %s in seat %d: %w", i, c.Bots[b], seat, err)
		}
		p.decide[b] = append(p.decide[b], dt)
		if err := g.Apply(seat, m); err != nil {
			return p, fmt.Errorf("game %d: bot %s in seat %d: %w", i, c.Bots[b], seat, err)
		}
	}
	p.rounds = roundsOf(g)
	return p, nil
}

// roundsOf reads each round's scores and, in a trick game, bids, tricks,
// cards and bidding positions.
func roundsOf(g engine.Game) [][]seatRound {
	n := g.Players()
	res := g.Result()
	tg, isTrick := g.(*trick.Game)
	var sheet []trick.SheetRound
	clockwise := true
	dealers := map[int]int{}
	if isTrick {
		v := tg.ViewOf(engine.Spectator)
		sheet, clockwise = v.Sheet, v.Clockwise
		for _, e := range g.Events() {
			if e.E == engine.EvDeal {
				dealers[e.Round] = e.Dealer
			}
		}
	}
	out := make([][]seatRound, len(res.Rounds))
	for ri, scores := range res.Rounds {
		out[ri] = make([]seatRound, n)
		for s := range n {
			sr := seatRound{score: scores[s], bid: -1}
			if isTrick {
				sr.bid, sr.took = tg.Outcome(ri+1, s)
				sr.cards = sheet[ri].Cards
				d := (s - dealers[ri+1] + n) % n
				if !clockwise {
					d = (dealers[ri+1] - s + n) % n
				}
				sr.pos = (d+n-1)%n + 1 // the dealer bids last: position n
			}
			out[ri][s] = sr
		}
	}
	return out
}

func summarize(c simConfig, results [][]played) *simReport {
	k := len(c.Bots)
	rounds := len(results[0][0].rounds)
	rep := &simReport{Config: c, Rounds: rounds, Bots: make([]botReport, k)}
	perGame := make([][]float64, k) // per game: the bot's mean score per round over all seats
	for b := range k {
		br := &rep.Bots[b]
		br.Name = c.Bots[b]
		br.ByCards, br.ByPosition = map[int]*accuracy{}, map[int]*accuracy{}
		var times []time.Duration
		exact, bids := 0, 0
		for _, game := range results {
			sum, cnt := 0.0, 0
			for r, p := range game {
				times = append(times, p.decide[b]...)
				for _, f := range p.faults[b] {
					if br.Fallbacks == nil {
						br.Fallbacks = map[string]int{}
					}
					br.Fallbacks[f.Kind]++
					if len(br.Faults) < 3 {
						br.Faults = append(br.Faults, fmt.Sprintf("decision %d: %s", f.ID, f.Err))
					}
				}
				for _, round := range p.rounds {
					for s, sr := range round {
						if (s+r)%k != b {
							continue
						}
						sum += float64(sr.score)
						cnt++
						if sr.bid < 0 {
							continue
						}
						hit := 0
						if sr.bid == sr.took {
							hit = 1
						}
						exact, bids = exact+hit, bids+1
						for _, a := range []*accuracy{at(br.ByCards, sr.cards), at(br.ByPosition, sr.pos)} {
							a.Exact += hit
							a.Bids++
							a.Rate = float64(a.Exact) / float64(a.Bids)
						}
					}
				}
			}
			perGame[b] = append(perGame[b], sum/float64(max(cnt, 1)))
		}
		br.ScorePerRound = mean(perGame[b])
		if bids > 0 {
			br.BidAccuracy = float64(exact) / float64(bids)
		} else {
			br.ByCards, br.ByPosition = nil, nil
		}
		slices.Sort(times)
		br.Decisions = len(times)
		br.DecideP50, br.DecideP99 = percentile(times, 0.50), percentile(times, 0.99)
	}
	for b := 1; b < k; b++ {
		d := make([]float64, len(results))
		for i := range d {
			d[i] = perGame[b][i] - perGame[0][i]
		}
		vs := versus{A: c.Bots[0], B: c.Bots[b], Diff: -mean(d)}
		if len(d) > 1 {
			h := ci95(d)
			low, high := vs.Diff-h, vs.Diff+h
			vs.CI95, vs.Low, vs.High = &h, &low, &high
		}
		rep.Versus = append(rep.Versus, vs)
	}
	return rep
}

func at(m map[int]*accuracy, key int) *accuracy {
	if m[key] == nil {
		m[key] = &accuracy{}
	}
	return m[key]
}

func mean(xs []float64) float64 {
	t := 0.0
	for _, x := range xs {
		t += x
	}
	return t / float64(max(len(xs), 1))
}

// ci95 is the half width of the normal 95 % interval of the mean of xs
// (0 for fewer than two).
func ci95(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	m, ss := mean(xs), 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return 1.96 * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
}

// percentile of sorted durations (nearest rank).
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	i := int(math.Ceil(p*float64(len(ds)))) - 1
	return ds[min(max(i, 0), len(ds)-1)]
}

// print writes the report for people.
func (rep *simReport) print(w io.Writer) {
	c := rep.Config
	unit := "round"
	if c.Game == "doudizhu" {
		unit = "deal"
	}
	units := unit + "s"
	if rep.Rounds == 1 {
		units = unit
	}
	fmt.Fprintf(w, "%s, %d players, %d games × %d seatings, seed %d, %d %s a game\n", c.Game, c.Players, c.Games, len(c.Bots), c.Seed, rep.Rounds, units)
	fmt.Fprintf(w, "options: %s\n\n", formatOptions(c.Options))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "bot\tscore/%s\tbid accuracy\tdecisions\tdecide p50\tp99\t\n", unit)
	for _, b := range rep.Bots {
		acc := "—"
		if b.ByCards != nil {
			acc = fmt.Sprintf("%.1f %%", 100*b.BidAccuracy)
		}
		fmt.Fprintf(tw, "%s\t%.1f\t%s\t%d\t%v\t%v\t\n", b.Name, b.ScorePerRound, acc, b.Decisions, round(b.DecideP50), round(b.DecideP99))
	}
	tw.Flush()
	fmt.Fprintln(w)
	for _, vs := range rep.Versus {
		if vs.CI95 == nil {
			fmt.Fprintf(w, "%s − %s: %+.1f points per %s (no interval from one game: play --games 2 or more)\n", vs.A, vs.B, vs.Diff, unit)
			continue
		}
		fmt.Fprintf(w, "%s − %s: %+.1f ± %.1f points per %s (95 %% interval [%+.1f, %+.1f])\n", vs.A, vs.B, vs.Diff, *vs.CI95, unit, *vs.Low, *vs.High)
	}
	for _, b := range rep.Bots {
		if len(b.Fallbacks) == 0 {
			continue
		}
		n, kinds := 0, []string{}
		for _, kind := range []string{"garbage", "illegal", "late", "closed"} {
			if b.Fallbacks[kind] > 0 {
				n += b.Fallbacks[kind]
				kinds = append(kinds, fmt.Sprintf("%s %d", kind, b.Fallbacks[kind]))
			}
		}
		fmt.Fprintf(w, "\n%s: the baseline made %d of its %d moves (%s)\n", b.Name, n, b.Decisions, strings.Join(kinds, ", "))
		for _, f := range b.Faults {
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
	if r := rep.Roles; r != nil {
		fmt.Fprintf(w, "\n%s against %s by role (%d deals, each bot alone in each seat, with bidding):\n", rep.Bots[0].Name, rep.Bots[1].Name, r.Deals)
		fmt.Fprintf(w, "  win rate %.3f, %+.2f ± %.2f points per deal\n", r.WinRate, r.Points, r.CI95)
		fmt.Fprintf(w, "  as landlord: win rate %.3f, %+.2f points a game (%d games)\n", r.Landlord.WinRate, r.Landlord.Points, r.Landlord.Games)
		fmt.Fprintf(w, "  as farmers:  win rate %.3f, %+.2f points a game (%d games)\n", r.Farmers.WinRate, r.Farmers.Points, r.Farmers.Games)
	}
	if rep.Bots[0].ByCards == nil {
		return
	}
	for _, t := range []struct {
		title string
		of    func(botReport) map[int]*accuracy
	}{
		{"bid accuracy by cards dealt", func(b botReport) map[int]*accuracy { return b.ByCards }},
		{"bid accuracy by bidding position (1 = left of the dealer)", func(b botReport) map[int]*accuracy { return b.ByPosition }},
	} {
		fmt.Fprintf(w, "\n%s\n", t.title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		var keys []int
		for key := range t.of(rep.Bots[0]) {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		fmt.Fprint(tw, "\t")
		for _, b := range rep.Bots {
			fmt.Fprintf(tw, "%s\t", b.Name)
		}
		fmt.Fprintln(tw)
		for _, key := range keys {
			fmt.Fprintf(tw, "%d\t", key)
			for _, b := range rep.Bots {
				if a := t.of(b)[key]; a != nil {
					fmt.Fprintf(tw, "%.0f %%\t", 100*a.Rate)
				} else {
					fmt.Fprint(tw, "—\t")
				}
			}
			fmt.Fprintln(tw)
		}
		tw.Flush()
	}
}

// ddRoles plays the Dou Dizhu duplicate tournament of the first bot against
// the second (ddbot.Tournament, with bidding: each bot alone in each seat).
func ddRoles(c simConfig, progress func(done, total int)) *ddbot.Result {
	bot := func(name string) engine.Bot {
		b, _ := games.NewBot(c.Game, name) // checked by runSim
		if u, ok := b.(unbounded); ok && !c.Clock {
			return u.Unbounded()
		}
		return b
	}
	r := ddbot.Tournament(bot(c.Bots[0]), bot(c.Bots[1]), ddbot.Options{
		Deals: c.Games, Seed: c.Seed, Bidding: true, Workers: c.Workers, Progress: progress,
	})
	return &r
}

func round(d time.Duration) time.Duration {
	switch {
	case d > time.Millisecond:
		return d.Round(100 * time.Microsecond)
	case d > time.Microsecond:
		return d.Round(time.Microsecond)
	}
	return d
}

func formatOptions(o engine.Options) string {
	keys := make([]string, 0, len(o))
	for key := range o {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	parts := make([]string, 0, len(keys))
	for _, key := range keys {
		if o[key] != "" {
			parts = append(parts, key+"="+o[key])
		}
	}
	return strings.Join(parts, " ")
}
