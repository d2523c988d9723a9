// Package metrics serves the card room's figures (sessions, tables, logins,
// refusals, frames, bot decisions, journal writes, the Go runtime) to
// Prometheus, with a health check, on a listener of their own: it is its own
// package so that the SSH server and the tables know nothing of Prometheus.
//
// The registry belongs to the Metrics value (never Prometheus' global one).
// The SSH server's counts are read at scrape time from its own atomic
// counters; the two histograms are observed as things happen (a few atomic
// adds each).
package metrics

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/cardroom/cardroom/sshserver"
)

// Sources are where the figures read at scrape time come from.
type Sources struct {
	SSH    func() sshserver.Stats // the SSH server's counts
	Tables func() map[string]int  // running tables by rule set; nil: none
	// Rulesets are the rule sets there are: each has its bot decision
	// histogram from the start, at zero.
	Rulesets []string
}

// Metrics is one server's registry and the histograms it observes.
type Metrics struct {
	reg     *prometheus.Registry
	bot     *prometheus.HistogramVec
	journal prometheus.Histogram
}

// New registers the card room's metrics, read from src, and the Go runtime's.
func New(src Sources) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.bot = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "cardroom_bot_decision_seconds",
		Help:    "How long a bot took to decide a move, by rule set.",
		Buckets: []float64{.001, .005, .01, .025, .05, .1, .2, .3, .5, 1, 2, 5},
	}, []string{"ruleset"})
	m.journal = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "cardroom_journal_write_seconds",
		Help:    "How long writing a table's journal lines to the database took.",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
	})
	for _, rs := range src.Rulesets {
		m.bot.WithLabelValues(rs)
	}
	m.reg.MustRegister(m.bot, m.journal,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&sshCollector{src.SSH}, &tablesCollector{src.Tables, src.Rulesets})
	return m
}

// ObserveBot records one bot decision of a table of ruleset.
func (m *Metrics) ObserveBot(ruleset string, d time.Duration) {
	m.bot.WithLabelValues(ruleset).Observe(d.Seconds())
}

// ObserveJournal records one journal write.
func (m *Metrics) ObserveJournal(d time.Duration) { m.journal.Observe(d.Seconds()) }

// Handler serves /metrics (the Prometheus text format) and /healthz ("ok"
// while healthy answers nil, else 503 with its error).
func (m *Metrics) Handler(healthy func() error) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		if healthy != nil {
			if err := healthy(); err != nil {
				http.Error(w, err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	return mux
}

// Serve serves Handler(healthy) on ln until ctx ends, then shuts down.
func (m *Metrics) Serve(ctx context.Context, ln net.Listener, healthy func() error) error {
	srv := &http.Server{Handler: m.Handler(healthy), ReadHeaderTimeout: 5 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

var (
	sessionsDesc = prometheus.NewDesc("cardroom_sessions", "Sessions open now.", nil, nil)
	loginsDesc   = prometheus.NewDesc("cardroom_logins_total", "Sessions opened, by how the client logged in.", []string{"auth"}, nil)
	refusedDesc  = prometheus.NewDesc("cardroom_refused_total", "Connections and sessions turned away, by reason.", []string{"reason"}, nil)
	framesDesc   = prometheus.NewDesc("cardroom_frames_written_total", "Frames queued for clients.", nil, nil)
	bytesDesc    = prometheus.NewDesc("cardroom_bytes_written_total", "Bytes of the frames queued for clients.", nil, nil)
	droppedDesc  = prometheus.NewDesc("cardroom_frames_dropped_total", "Frames dropped for clients that stopped reading.", nil, nil)
	tablesDesc   = prometheus.NewDesc("cardroom_tables", "Tables running now, by rule set.", []string{"ruleset"}, nil)
)

// sshCollector reads the SSH server's counts at scrape time.
type sshCollector struct{ stats func() sshserver.Stats }

func (c *sshCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{sessionsDesc, loginsDesc, refusedDesc, framesDesc, bytesDesc, droppedDesc} {
		ch <- d
	}
}

func (c *sshCollector) Collect(ch chan<- prometheus.Metric) {
	var st sshserver.Stats
	if c.stats != nil {
		st = c.stats()
	}
	ch <- prometheus.MustNewConstMetric(sessionsDesc, prometheus.GaugeValue, float64(st.Sessions))
	ch <- prometheus.MustNewConstMetric(loginsDesc, prometheus.CounterValue, float64(st.KeyLogins), "publickey")
	ch <- prometheus.MustNewConstMetric(loginsDesc, prometheus.CounterValue, float64(st.GuestLogins), "guest")
	for _, r := range sshserver.Refusals() {
		ch <- prometheus.MustNewConstMetric(refusedDesc, prometheus.CounterValue, float64(st.Refused[r]), r.String())
	}
	ch <- prometheus.MustNewConstMetric(framesDesc, prometheus.CounterValue, float64(st.Frames))
	ch <- prometheus.MustNewConstMetric(bytesDesc, prometheus.CounterValue, float64(st.Bytes))
	ch <- prometheus.MustNewConstMetric(droppedDesc, prometheus.CounterValue, float64(st.Dropped))
}

// tablesCollector counts the running tables by rule set at scrape time; a
// rule set with no table reads 0, so a scrape always has the series.
type tablesCollector struct {
	tables   func() map[string]int
	rulesets []string
}

func (c *tablesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- tablesDesc }

func (c *tablesCollector) Collect(ch chan<- prometheus.Metric) {
	counts := map[string]int{}
	for _, rs := range c.rulesets {
		counts[rs] = 0
	}
	if c.tables != nil {
		for rs, n := range c.tables() {
			counts[rs] = n
		}
	}
	for rs, n := range counts {
		ch <- prometheus.MustNewConstMetric(tablesDesc, prometheus.GaugeValue, float64(n), rs)
	}
}
