package sshserver

import (
	"io"
	"sync"
)

// outbox sits between a session's bubbletea program and its SSH channel so
// that a client which stops reading never blocks the program (whose event
// loop would then block every Program.Send, and with it whoever sends).
//
// Write never blocks: it copies into a buffer of at most limit bytes that a
// drain goroutine writes into the channel. The drain goroutine runs only
// while there is something to write (started by Write, gone once the buffer
// is empty): thousands of idle sessions then hold no parked goroutine for
// their output, which the garbage collector would scan on every cycle
// (docs/CAPACITY.md).
//
// Policy when the buffer is full: drop frames, then repaint. bubbletea writes
// each frame with one Write, so a write is queued whole or dropped whole.
// Once one write is dropped, every later write is dropped too (they are
// deltas against a frame the client never got) until the drain goroutine
// has emptied the buffer, that is until the client reads again; then
// onCatchUp is called, and the session asks the program for a full repaint
// (tea.ClearScreen). Memory per session stays bounded by limit; the client
// is not disconnected for being slow: keepalives drop dead connections and
// the idle timeout drops live ones nobody types into.
//
// The repaint is exact for programs in the alternate screen (bubbletea homes
// the cursor on every frame there); inline programs may see misplaced lines
// after a repaint.
type outbox struct {
	w         io.Writer
	limit     int
	onCatchUp func()
	onStall   func()       // called once when dropping starts; may be nil
	counts    *counters    // the server's frame and byte counts; may be nil
	spawn     func(func()) // starts a drain goroutine

	mu       sync.Mutex
	buf      []byte // pending bytes, guarded by mu
	dropping bool   // writes are being dropped until the buffer drains
	closed   bool   // no more writes; run exits once buf is flushed
	err      error  // the channel failed; everything is discarded
	dropped  int    // number of writes dropped, for the log
	draining bool   // a drain goroutine runs, guarded by mu

	done chan struct{} // closed once the outbox is closed and flushed (or failed)
}

// restoreTerminal undoes what a bubbletea program may have switched on:
// the alternate screen, a hidden cursor, bracketed paste, mouse reporting.
const restoreTerminal = "\x1b[?1049l\x1b[?25h\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\r\n"

// keepBuffer is the largest buffer an idle outbox keeps for reuse.
const keepBuffer = 32 << 10

// newOutbox returns an outbox writing to w; spawn starts its drain
// goroutines (nil: go f()).
func newOutbox(w io.Writer, limit int, counts *counters, onCatchUp func(), spawn func(func())) *outbox {
	if spawn == nil {
		spawn = func(f func()) { go f() }
	}
	return &outbox{
		w:         w,
		limit:     limit,
		counts:    counts,
		onCatchUp: onCatchUp,
		spawn:     spawn,
		done:      make(chan struct{}),
	}
}

// Write queues p whole or drops it whole; it never blocks and never fails
// (bubbletea ignores write errors anyway).
func (o *outbox) Write(p []byte) (int, error) {
	o.mu.Lock()
	stalled := false
	switch {
	case o.closed || o.err != nil:
	case o.dropping || (len(o.buf) > 0 && len(o.buf)+len(p) > o.limit):
		stalled = !o.dropping
		// A write larger than limit is still taken when nothing is queued, or
		// a frame bigger than the buffer would never get through: the bound
		// is limit plus one frame (frames are bounded by the clamped size).
		o.dropping = true
		o.dropped++
		if o.counts != nil {
			o.counts.dropped.Add(1)
		}
	default:
		o.buf = append(o.buf, p...)
		if o.counts != nil {
			o.counts.frames.Add(1)
			o.counts.bytes.Add(uint64(len(p)))
		}
	}
	start := o.startLocked()
	o.mu.Unlock()
	if stalled && o.onStall != nil {
		o.onStall()
	}
	if start {
		o.spawn(o.drain)
	}
	return len(p), nil
}

// writeFinal queues p even while dropping (it is the session's last line,
// written after the program has exited), then closes the outbox.
func (o *outbox) writeFinal(p []byte) {
	o.mu.Lock()
	if !o.closed && o.err == nil {
		if o.dropping {
			// The client is behind and missed the program's last writes,
			// which may include restoring the terminal: skip the stale
			// frames it has not read yet and restore it here.
			o.buf = append(o.buf[:0], restoreTerminal...)
		}
		o.buf = append(o.buf, p...)
	}
	wasClosed := o.closed
	o.closed = true
	start := o.startLocked()
	idle := !o.draining && !wasClosed
	o.mu.Unlock()
	switch {
	case start:
		o.spawn(o.drain)
	case idle:
		close(o.done) // nothing left to write
	}
}

// startLocked reports whether a drain goroutine must be started (and
// counts it as running): there are bytes to write and none runs.
func (o *outbox) startLocked() bool {
	if o.draining || len(o.buf) == 0 || o.err != nil {
		return false
	}
	o.draining = true
	return true
}

// stats returns the number of dropped writes.
func (o *outbox) stats() (dropped int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.dropped
}

// drain writes the buffer into w until it is empty or w fails, then
// returns; it closes done when the outbox is closed by then. Only one drain
// runs at a time (draining), so it is the only goroutine writing to w.
func (o *outbox) drain() {
	var chunk []byte
	for {
		o.mu.Lock()
		if o.err != nil || len(o.buf) == 0 {
			catchUp := o.dropping && o.err == nil && !o.closed
			o.dropping = false
			o.draining = false
			closed := o.closed
			o.mu.Unlock()
			if catchUp && o.onCatchUp != nil {
				o.onCatchUp()
			}
			if closed {
				close(o.done)
			}
			return
		}
		// Swap buffers so Write can go on while we write.
		chunk, o.buf = o.buf, chunk[:0]
		o.mu.Unlock()

		_, err := o.w.Write(chunk)
		if cap(chunk) > keepBuffer {
			chunk = nil // do not keep a burst's memory for the session's life
		}
		if err != nil {
			o.mu.Lock()
			o.err = err
			o.buf = nil
			o.mu.Unlock()
		}
	}
}
