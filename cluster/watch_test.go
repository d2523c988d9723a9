package cluster

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// errorLog hands on every Error line it gets.
type errorLog struct {
	mu    sync.Mutex
	lines chan string
}

func (l *errorLog) Info(any, ...any) {}
func (l *errorLog) Warn(any, ...any) {}
func (l *errorLog) Error(msg any, _ ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case l.lines <- fmt.Sprint(msg):
	default:
	}
}

// A watch whose updates end (its subscription closed) says so once and
// waits for the node's end, instead of reading the closed channel again
// and again.
func TestAnEndedWatchDoesNotSpin(t *testing.T) {
	lg := &errorLog{lines: make(chan string, 8)}
	n, err := Start(context.Background(), Config{Name: "n1", Dir: t.TempDir(), Logger: lg})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for _, c := range []struct {
		name string
		kv   jetstream.KeyValue
		run  func(jetstream.KeyWatcher)
		says string
	}{
		{"directory", n.dir, n.watch, "directory's watch ended"},
		{"leases", n.leases, n.watchLeases, "leases' watch ended"},
	} {
		w, err := c.kv.WatchAll(n.ctx)
		if err != nil {
			t.Fatal(err)
		}
		n.wg.Add(1)
		go c.run(w)
		if err := w.Stop(); err != nil {
			t.Fatal(err)
		}
		select {
		case line := <-lg.lines:
			if !strings.Contains(line, c.says) {
				t.Errorf("%s: logged %q", c.name, line)
			}
		case <-time.After(time.Minute): // a guard, not a measure
			t.Fatalf("%s: the ended watch was not noticed", c.name)
		}
	}
	n.Close() // waits for both watches
	select {
	case line := <-lg.lines:
		t.Errorf("logged again: %q", line)
	default:
	}
}
