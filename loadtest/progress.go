package loadtest

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progress draws a one-line progress bar on a terminal (stderr).
type progress struct {
	w     io.Writer
	mu    sync.Mutex
	phase string // guarded by mu
	n, of int    // guarded by mu
	start time.Time
	quit  chan struct{}
	done  chan struct{}
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, quit: make(chan struct{}), done: make(chan struct{}), start: time.Now()}
	if w == nil {
		close(p.done)
		return p
	}
	go func() {
		defer close(p.done)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.quit:
				p.draw()
				fmt.Fprintln(p.w)
				return
			case <-t.C:
				p.draw()
			}
		}
	}()
	return p
}

func (p *progress) set(phase string, of int) {
	p.mu.Lock()
	p.phase, p.n, p.of = phase, 0, of
	p.mu.Unlock()
}

func (p *progress) inc() {
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
}

func (p *progress) draw() {
	p.mu.Lock()
	phase, n, of := p.phase, p.n, p.of
	p.mu.Unlock()
	const width = 30
	bar := strings.Repeat(" ", width)
	if of > 0 {
		k := min(width, n*width/of)
		bar = strings.Repeat("#", k) + strings.Repeat(".", width-k)
	}
	fmt.Fprintf(p.w, "\r\x1b[K[%s] %d/%d %s (%s)", bar, n, of, phase, time.Since(p.start).Round(time.Second))
}

func (p *progress) stop() {
	select {
	case <-p.quit:
	default:
		close(p.quit)
	}
	<-p.done
}
