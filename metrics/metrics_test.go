package metrics

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/sshserver"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// A scrape over HTTP on loopback shows every figure; /healthz answers.
func TestScrape(t *testing.T) {
	var st sshserver.Stats
	st.Sessions, st.KeyLogins, st.GuestLogins, st.Frames, st.Bytes = 3, 5, 2, 100, 4096
	st.Refused[sshserver.RefusedBanned] = 1
	var unhealthy atomic.Bool
	m := New(Sources{
		SSH:      func() sshserver.Stats { return st },
		Tables:   func() map[string]int { return map[string]int{"doudizhu": 2, "singularity": 1} },
		Rulesets: []string{"doudizhu", "singularity", "boerenbridge"},
	})
	m.ObserveBot("doudizhu", 40*time.Millisecond)
	m.ObserveJournal(300 * time.Microsecond)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- m.Serve(ctx, ln, func() error {
			if unhealthy.Load() {
				return errors.New("the lobby has stopped")
			}
			return nil
		})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	}()
	base := "http://" + ln.Addr().String()
	code, body := get(t, base+"/metrics")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for _, want := range []string{
		"cardroom_sessions 3",
		`cardroom_logins_total{auth="publickey"} 5`,
		`cardroom_logins_total{auth="guest"} 2`,
		`cardroom_refused_total{reason="banned"} 1`,
		`cardroom_refused_total{reason="rate_limit"} 0`,
		"cardroom_frames_written_total 100",
		"cardroom_bytes_written_total 4096",
		`cardroom_tables{ruleset="doudizhu"} 2`,
		`cardroom_tables{ruleset="singularity"} 1`,
		`cardroom_tables{ruleset="boerenbridge"} 0`, // no table: still a series
		`cardroom_bot_decision_seconds_count{ruleset="doudizhu"} 1`,
		"cardroom_journal_write_seconds_count 1",
		"go_goroutines",
		"go_memstats_heap_alloc_bytes",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if code, body := get(t, base+"/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	unhealthy.Store(true)
	if code, body := get(t, base+"/healthz"); code != 503 || !strings.Contains(body, "lobby") {
		t.Errorf("/healthz when unhealthy: %d %q", code, body)
	}
}

// Two servers' metrics are their own: nothing lands in the default registry.
func TestRegistriesAreSeparate(t *testing.T) {
	a, b := New(Sources{}), New(Sources{})
	a.ObserveJournal(time.Millisecond)
	fa, _ := a.reg.Gather()
	fb, _ := b.reg.Gather()
	var na, nb uint64
	for _, f := range fa {
		if f.GetName() == "cardroom_journal_write_seconds" {
			na = f.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	for _, f := range fb {
		if f.GetName() == "cardroom_journal_write_seconds" {
			nb = f.GetMetric()[0].GetHistogram().GetSampleCount()
		}
	}
	if na != 1 || nb != 0 {
		t.Errorf("journal writes seen: %d and %d, want 1 and 0", na, nb)
	}
}
