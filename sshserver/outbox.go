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
// goroutine owned by the session (run) drains into the channel.
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
	onStall   func() // called once when dropping starts; may be nil

	mu       sync.Mutex
	buf      []byte // pending bytes, guarded by mu
	dropping bool   // writes are being dropped until the buffer drains
	closed   bool   // no more writes; run exits once buf is flushed
	err      error  // the channel failed; everything is discarded
	dropped  int    // number of writes dropped, for the log

	wake chan struct{} // cap 1: there is something to do; never closed
	done chan struct{} // closed by run when it returns
}

// restoreTerminal undoes what a bubbletea program may have switched on:
// the alternate screen, a hidden cursor, bracketed paste, mouse reporting.
const restoreTerminal = "\x1b[?1049l\x1b[?25h\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\r\n"

// keepBuffer is the largest buffer an idle outbox keeps for reuse.
const keepBuffer = 32 << 10

func newOutbox(w io.Writer, limit int, onCatchUp func()) *outbox {
	return &outbox{
		w:         w,
		limit:     limit,
		onCatchUp: onCatchUp,
		wake:      make(chan struct{}, 1),
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
	default:
		o.buf = append(o.buf, p...)
	}
	o.mu.Unlock()
	if stalled && o.onStall != nil {
		o.onStall()
	}
	o.signal()
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
	o.closed = true
	o.mu.Unlock()
	o.signal()
}

func (o *outbox) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// stats returns the number of dropped writes.
func (o *outbox) stats() (dropped int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.dropped
}

// run drains the buffer into w until the outbox is closed and empty or w
// fails. It is the only goroutine that writes to w.
func (o *outbox) run() {
	defer close(o.done)
	var chunk []byte
	for range o.wake {
		for {
			o.mu.Lock()
			if o.err != nil || len(o.buf) == 0 {
				catchUp := o.dropping && o.err == nil && !o.closed
				o.dropping = false
				closed := o.closed
				o.mu.Unlock()
				if catchUp && o.onCatchUp != nil {
					o.onCatchUp()
				}
				if closed {
					return
				}
				break
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
				closed := o.closed
				o.mu.Unlock()
				if closed {
					return
				}
			}
		}
	}
}
