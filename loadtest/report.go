package loadtest

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Report writes the results as a table: one column per server and, with a
// baseline, the card room's figures as ratios to it.
func Report(w io.Writer, res []*Result) {
	if len(res) == 0 {
		return
	}
	cr := res[0]
	var base *Result
	if len(res) > 1 {
		base = res[1]
	}
	fmt.Fprintf(w, "scenario %s, %d sessions (%d opened", cr.Scenario, cr.N, cr.Opened)
	if base != nil {
		fmt.Fprintf(w, "; baseline %d", base.Opened)
	}
	fmt.Fprintf(w, "), steady phase %v\n", cr.SteadyWall.Round(time.Second))
	if !cr.ServerMeasured() {
		spread := make([]string, len(cr.Targets))
		for i, t := range cr.Targets {
			spread[i] = t
			if i < len(cr.PerTarget) {
				spread[i] = fmt.Sprintf("%s: %d", t, cr.PerTarget[i])
			}
		}
		fmt.Fprintf(w, "sessions spread over %d running servers (%s): their CPU, memory and goroutines are not measured (they are not this run's children)\n",
			len(cr.Targets), strings.Join(spread, ", "))
	}
	if !cr.RampDone {
		fmt.Fprintf(w, "the run reached its time bound after opening %d of %d sessions in %v: only the handshake and ramp figures are measured\n",
			cr.Opened, cr.N, cr.Ramp.Round(time.Second))
	}
	if cr.Say {
		fmt.Fprintln(w, "the keys are chat lines: keypress→screen is from a line's Enter until the table's snapshot shows it")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "figure\tcardroom\t"
	if base != nil {
		head += "baseline\tratio\t"
	}
	fmt.Fprintln(tw, head)
	row := func(name string, f func(r *Result) float64, format string) {
		line := name + "\t" + fmt.Sprintf(format, f(cr)) + "\t"
		if base != nil {
			b := f(base)
			ratio := "-"
			if b != 0 {
				ratio = fmt.Sprintf("%.2f×", f(cr)/b)
			}
			line += fmt.Sprintf(format, b) + "\t" + ratio + "\t"
		}
		fmt.Fprintln(tw, line)
	}
	// server is a row of the server's own figures: not measured with targets.
	server := func(name string, f func(r *Result) float64, format string) {
		if !cr.ServerMeasured() {
			fmt.Fprintln(tw, name+"\tnot measured\t")
			return
		}
		row(name, f, format)
	}
	us := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	server("RSS per session (KB)", func(r *Result) float64 { return r.RSSPerSession() / 1024 }, "%.0f")
	server("goroutines per session", func(r *Result) float64 { return r.GoPerSession() }, "%.1f")
	server("server RSS at end (MB)", func(r *Result) float64 { return float64(r.RSSEnd) / (1 << 20) }, "%.0f")
	server("handshake CPU (µs)", func(r *Result) float64 { return us(r.HandshakeCPU) }, "%.0f")
	row("handshake p50 (ms)", func(r *Result) float64 { return ms(r.HandshakeP50) }, "%.1f")
	row("handshake p99 (ms)", func(r *Result) float64 { return ms(r.HandshakeP99) }, "%.1f")
	server("login CPU, session + first screen (µs)", func(r *Result) float64 { return us(r.LoginCPU()) }, "%.0f")
	row("sessions opened per second", func(r *Result) float64 { return r.OpenRate() }, "%.0f")
	row("frames per session per second", func(r *Result) float64 {
		return float64(r.Frames) / float64(max(r.Opened, 1)) / max(r.SteadyWall.Seconds(), 1e-9)
	}, "%.2f")
	row("changed lines per frame", func(r *Result) float64 { return r.LinesPerFrame() }, "%.1f")
	server("server CPU per frame (µs)", func(r *Result) float64 { return us(r.CPUPerFrame()) }, "%.0f")
	row("bytes on the wire per frame", func(r *Result) float64 { return r.BytesPerFrame() }, "%.0f")
	server("server CPU, share of one core", func(r *Result) float64 { return r.CPUShare() }, "%.2f")
	row("generator CPU, share of one core", func(r *Result) float64 {
		return r.GeneratorCPU.Seconds() / max(r.SteadyWall.Seconds(), 1e-9)
	}, "%.2f")
	others := "other processes' CPU, cores"
	if !cr.ServerMeasured() {
		others = "servers' and other processes' CPU, cores"
	}
	row(others, func(r *Result) float64 {
		return r.OtherCPU.Seconds() / max(r.SteadyWall.Seconds(), 1e-9)
	}, "%.2f")
	row("keys answered", func(r *Result) float64 { return float64(r.Keys) }, "%.0f")
	row("keys not answered in 10s", func(r *Result) float64 { return float64(r.KeyMissed) }, "%.0f")
	row("keypress→screen p50 (ms)", func(r *Result) float64 { return ms(r.KeyP50) }, "%.1f")
	row("keypress→screen p99 (ms)", func(r *Result) float64 { return ms(r.KeyP99) }, "%.1f")
	row("keypress→screen max (ms)", func(r *Result) float64 { return ms(r.KeyMax) }, "%.1f")
	tw.Flush()
	if cr.Scenario == Tables {
		fmt.Fprintf(w, "tables: %d; observer frames/s (median) %.2f; longest pause without a frame: median %v, max %v\n",
			cr.Tables, cr.ObserverFrameSec, cr.TableGapP50.Round(time.Millisecond), cr.TableGapMax.Round(time.Millisecond))
		if len(cr.Behind) == 0 {
			fmt.Fprintln(w, "no table fell behind")
		} else {
			fmt.Fprintf(w, "%d tables fell behind: %s\n", len(cr.Behind), strings.Join(first(cr.Behind, 10), "; "))
		}
	}
	for _, g := range cr.Groups {
		fmt.Fprintf(w, "sessions watching a %s: %d; keys %d (%d not answered), keypress→screen p50 %.1f ms, p99 %.1f ms, max %.1f ms",
			g.Name, g.Sessions, g.Keys, g.KeyMissed, ms(g.KeyP50), ms(g.KeyP99), ms(g.KeyMax))
		if g.Observers > 0 {
			fmt.Fprintf(w, "; %d observers: frames/s (median) %.2f, longest pause without a frame median %v, max %v",
				g.Observers, g.ObserverFrameSec, g.TableGapP50.Round(time.Millisecond), g.TableGapMax.Round(time.Millisecond))
		}
		fmt.Fprintln(w)
	}
	for _, r := range res {
		if r.StormTime > 0 {
			fmt.Fprintf(w, "%s: login storm of %d: %d in within %v, %d refused or not in by the end\n", r.Server, r.Storm, countStorm(r), r.StormTime.Round(time.Millisecond), r.StormFailed)
		}
		if len(r.Failed) > 0 {
			fmt.Fprintf(w, "%s: %d of %d sessions did not open; first: %s\n", r.Server, r.N-r.Opened, r.N, r.Failed[0])
		}
		for _, p := range r.Profiles {
			fmt.Fprintf(w, "%s CPU profile: %s\n", r.Server, p)
		}
	}
}

func first(s []string, n int) []string { return s[:min(n, len(s))] }

func countStorm(r *Result) int { return r.Storm - r.StormFailed }
