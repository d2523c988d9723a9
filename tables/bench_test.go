package tables

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
)

// BenchmarkStrong8Tables is the bots' time goal measured through the table:
// "Strong stays within 300 ms per decision at the 99th percentile on a
// 2-core machine with 8 tables deciding at once, and never beyond the
// table's timer." Eight tables of strong bots play at once on the wall
// clock with a bot pace of 1 ns, so every decision goes off the table's
// goroutine with the table's deadline (DefaultBotBudget, 200 ms) and its
// fallback 25 ms later, and a move is played as soon as it is decided. A
// decision's time is the wall time from one move to the next in the
// table's journal (what a player waits for, less the pace): the bot's
// thinking plus the table's own work. It reports p50, p99 and max in ms,
// the tables' warnings (each a move a table had to play itself: a
// fallback), and the cores the process got (below 2 when the machine is
// shared):
//
//	go test ./tables -run '^$' -bench Strong8Tables -benchtime 1x
//
// Each table stops after 300 decisions: a whole Singularity game is about
// 430, a Dou Dizhu match of 20 deals about 800.
func BenchmarkStrong8Tables(b *testing.B) {
	const tables, moves = 8, 300
	reg := games.Registry()
	for _, tc := range []struct {
		ruleset string
		seats   int
		opts    engine.Options
	}{{"singularity", 4, nil}, {"doudizhu", 3, engine.Options{"deals": "20"}}} {
		b.Run(tc.ruleset, func(b *testing.B) {
			rs, err := reg.Lookup(tc.ruleset)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				cpu0, t0 := processCPU(), time.Now()
				var warns atomic.Int64
				var wg sync.WaitGroup
				js := make([]*timingJournal, tables)
				for i := range tables {
					ctx, cancel := context.WithCancel(context.Background())
					js[i] = &timingJournal{last: time.Now(), limit: moves, stop: cancel}
					tb, err := New(Config{
						ID: fmt.Sprintf("bench%d", i), Ruleset: rs, Options: tc.opts, Seats: tc.seats, Host: alice, Seed: uint64(i + 1),
						BotPace: time.Nanosecond, Journal: js[i], Logger: countWarns{&warns},
						Bots: func(ruleset string, seat int) engine.Bot {
							bot, err := games.LevelBot(ruleset, "strong", seat)
							if err != nil {
								b.Error(err)
							}
							return bot
						},
					})
					if err != nil {
						b.Fatal(err)
					}
					wg.Go(func() {
						defer cancel()
						_ = tb.Run(ctx)
					})
					if err := tb.Start(alice); err != nil {
						b.Fatal(err)
					}
				}
				wg.Wait()
				var lat []time.Duration
				for _, j := range js {
					lat = append(lat, j.lat...)
				}
				slices.Sort(lat)
				ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
				b.ReportMetric((processCPU()-cpu0).Seconds()/time.Since(t0).Seconds(), "cores")
				b.ReportMetric(float64(len(lat)), "decisions")
				b.ReportMetric(float64(warns.Load()), "fallbacks")
				b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
				b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
				b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
			}
		})
	}
}

// timingJournal times the moves of one table: each move line appended is
// a decision, timed from the move before (or the start). Only its table's
// goroutine calls it; lat is read once the table has ended.
type timingJournal struct {
	last  time.Time
	lat   []time.Duration
	limit int
	stop  context.CancelFunc // ends the table after limit moves
}

func (j *timingJournal) Start(string, []byte) error { return nil }
func (j *timingJournal) Finish(Finished) error      { return nil }

func (j *timingJournal) Append(_ string, lines ...[]byte) error {
	now := time.Now()
	for _, l := range lines {
		if bytes.Contains(l, []byte(`"e":"move"`)) && len(j.lat) < j.limit {
			j.lat = append(j.lat, now.Sub(j.last))
			j.last = now
		}
	}
	if len(j.lat) >= j.limit {
		j.stop()
	}
	return nil
}

// countWarns counts the tables' warnings: each is a fallback move.
type countWarns struct{ n *atomic.Int64 }

func (c countWarns) Info(any, ...any)  {}
func (c countWarns) Warn(any, ...any)  { c.n.Add(1) }
func (c countWarns) Error(any, ...any) {}

// processCPU is the CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
