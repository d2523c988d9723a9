package trickbot

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

// decisions collects the views of every decision of seeded games played by
// the baseline bot: every phase and round size.
func decisions(tb testing.TB, ruleset string, players, games int, opts engine.Options) []*trick.View {
	tb.Helper()
	var out []*trick.View
	for i := range games {
		g, err := trick.New(ruleset, players, opts)
		if err != nil {
			tb.Fatal(err)
		}
		rng := cards.NewRand(uint64(i))
		for !g.Done() {
			seat := g.Next()
			if seat == engine.Chance {
				if err := g.Deal(rng); err != nil {
					tb.Fatal(err)
				}
				continue
			}
			v := g.ViewOf(seat)
			if len(v.Legal) > 1 {
				out = append(out, v)
			}
			if err := g.Apply(seat, trick.BaselineBot{}.Decide(v, rng)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkStrong8Tables: 8 tables decide at once, each going through the
// decisions of a seeded singularity game (4 players), with the strong bot.
// It reports each decision's latency, p50 and p99 (the goal: p99 ≤ 300 ms
// on a 2-core machine), and the cores the process got (below 2 when the
// machine is shared).
func BenchmarkStrong8Tables(b *testing.B) {
	views := decisions(b, "singularity", 4, 1, nil)
	bot := New(Strong)
	for b.Loop() {
		cpu0, t0 := processCPU(), time.Now()
		var mu sync.Mutex
		var lat []time.Duration
		var wg sync.WaitGroup
		for t := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := cards.NewRand(uint64(t))
				for i := t; i < len(views); i += 2 { // each table a different half
					t0 := time.Now()
					bot.DecideContext(context.Background(), views[i], rng)
					dt := time.Since(t0)
					mu.Lock()
					lat = append(lat, dt)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		// The cores this process got: below 2 on a machine others share.
		b.ReportMetric((processCPU()-cpu0).Seconds()/time.Since(t0).Seconds(), "cores")
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
	}
}

// BenchmarkStrongCPU measures the strong bot's CPU time per decision over
// the decisions of a seeded singularity game (4 players), one at a time, and
// logs the slowest by phase and hand size (-v).
func BenchmarkStrongCPU(b *testing.B) {
	for b.Loop() {
		strongCPU(b)
	}
}

func strongCPU(t *testing.B) {
	views := decisions(t, "singularity", 4, 1, nil)
	bot := New(Strong)
	rng := rand.New(rand.NewPCG(1, 2))
	type timed struct {
		d time.Duration
		v *trick.View
	}
	var ts []timed
	runtime.LockOSThread() // CPU time of this thread: the figures hold on a busy machine too
	defer runtime.UnlockOSThread()
	for _, v := range views {
		t0 := threadCPU()
		bot.Decide(v, rng)
		ts = append(ts, timed{threadCPU() - t0, v})
	}
	slices.SortFunc(ts, func(a, b timed) int { return int(b.d - a.d) })
	t.ReportMetric(float64(ts[len(ts)/2].d.Microseconds())/1000, "p50-cpu-ms")
	t.ReportMetric(float64(ts[len(ts)/100].d.Microseconds())/1000, "p99-cpu-ms")
	t.ReportMetric(float64(ts[0].d.Microseconds())/1000, "max-cpu-ms")
	for _, x := range ts[:min(5, len(ts))] {
		t.Logf("%v: round %d %s, hand sizes %v, %d legal", x.d, x.v.Round, x.v.Phase, x.v.HandSizes, len(x.v.Legal))
	}
}

// threadCPU is the CPU time the calling OS thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

const rusageThread = 1 // RUSAGE_THREAD (Linux)

// processCPU is the CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
