package sshserver

import (
	"bytes"
	"time"
	"unicode/utf8"
)

// inputLimit is a session's input budget: two token buckets, keys and
// bytes, each refilled at its rate up to its burst. A client that
// floods keys gets the rate's worth through and loses the rest, and the
// pump stops reading while the buckets are empty, so the flood costs the
// server what a fast typist costs, not what the network can carry.
type inputLimit struct {
	keyRate, byteRate   float64 // per second; 0: that bucket is off
	keyBurst, byteBurst float64 // the buckets' sizes
	keys, bytes         float64 // tokens left
	last                time.Time
	paste               bool // inside a bracketed paste, which counts as one key
	skipping            bool // dropping the rest of a paste cut short, up to its end marker
	endAt               int  // how much of pasteEnd the skipped bytes so far end with
}

// newInputLimit returns the session's limit, or nil when both rates are
// off. A bucket holds two seconds' worth, the key bucket at least keyBurst
// keys. The buckets start full.
func newInputLimit(keyRate float64, keyBurst, byteRate int, now time.Time) *inputLimit {
	l := &inputLimit{keyRate: max(0, keyRate), byteRate: float64(max(0, byteRate)), last: now}
	if l.keyRate == 0 && l.byteRate == 0 {
		return nil
	}
	l.keyBurst, l.byteBurst = 2*l.keyRate, 2*l.byteRate
	if l.keyRate > 0 {
		l.keyBurst = max(l.keyBurst, float64(keyBurst))
	}
	l.keys, l.bytes = l.keyBurst, l.byteBurst
	return l
}

// refill adds the tokens earned since the last call.
func (l *inputLimit) refill(now time.Time) {
	dt := now.Sub(l.last).Seconds()
	if dt <= 0 {
		return
	}
	l.last = now
	l.keys = min(l.keyBurst, l.keys+dt*l.keyRate)
	l.bytes = min(l.byteBurst, l.bytes+dt*l.byteRate)
}

// take spends the budget on p and returns how many of its bytes may pass:
// whole keys from its start while both buckets last. closePaste: those
// bytes end inside a paste, which the program must be told has ended
// (pasteEnd), or it would take the keys typed after it for more of it;
// the rest of that paste is then skipped (skipCut).
func (l *inputLimit) take(now time.Time, p []byte) (n int, closePaste bool) {
	l.refill(now)
	for n < len(p) {
		inPaste := l.paste
		end, key := l.next(p, n)
		if l.keyRate > 0 && key && l.keys < 1 || l.byteRate > 0 && l.bytes < float64(end-n) {
			closePaste = inPaste
			break
		}
		if key && l.keyRate > 0 {
			l.keys--
		}
		if l.byteRate > 0 {
			l.bytes -= float64(end - n)
		}
		n = end
	}
	if n < len(p) {
		l.paste = false
		l.skipDropped(p[n:], closePaste)
	}
	return n, closePaste
}

// skipDropped reads the bytes take dropped, from inside a paste or not, so
// that skipCut drops what is left of the paste they end in, if any.
func (l *inputLimit) skipDropped(rest []byte, inPaste bool) {
	for len(rest) > 0 {
		if !inPaste {
			j := bytes.Index(rest, pasteStart)
			if j < 0 {
				return
			}
			rest, inPaste = rest[j+len(pasteStart):], true
			continue
		}
		l.skipping, l.endAt = true, 0
		rest = l.skipCut(rest)
		inPaste = l.skipping
	}
	if inPaste && !l.skipping { // the paste began at the end of rest
		l.skipping, l.endAt = true, 0
	}
}

// skipCut returns p without the rest of a paste that take cut short: up to
// and including its end marker, which the program has had already.
func (l *inputLimit) skipCut(p []byte) []byte {
	if !l.skipping {
		return p
	}
	for i, c := range p {
		if endsPaste(&l.endAt, c) {
			l.skipping = false
			return p[i+1:]
		}
	}
	return p[:0]
}

// endsPaste feeds c to a search for pasteEnd whose first *at bytes were
// the last ones seen, and reports whether c completes it.
func endsPaste(at *int, c byte) bool {
	switch {
	case c == pasteEnd[*at]:
		*at++
	case c == pasteEnd[0]:
		*at = 1
	default:
		*at = 0
	}
	return *at == len(pasteEnd)
}

// spend charges the control strings the filter took out: a key each and
// their bytes, so a flood of them is held back like one of keys.
func (l *inputLimit) spend(keys, bytes int) {
	if l.keyRate > 0 {
		l.keys -= float64(keys)
	}
	if l.byteRate > 0 {
		l.bytes -= float64(bytes)
	}
}

// wait is how long until one more key and one more byte may pass (0: now).
func (l *inputLimit) wait() time.Duration {
	var need float64 // seconds
	if l.keyRate > 0 && l.keys < 1 {
		need = (1 - l.keys) / l.keyRate
	}
	if l.byteRate > 0 && l.bytes < 1 {
		need = max(need, (1-l.bytes)/l.byteRate)
	}
	if need == 0 {
		return 0
	}
	return time.Duration(need*float64(time.Second)) + time.Millisecond
}

// Bracketed paste markers: bubbletea turns what is between them into one
// key message.
var (
	pasteStart = []byte("\x1b[200~")
	pasteEnd   = []byte("\x1b[201~")
)

// next returns the end of the key (or piece of a paste) that starts at
// p[i], and whether it counts as a key. Escape sequences (CSI, SS3, alt+key)
// are one key each; a bracketed paste is one key however long (the byte
// bucket bounds it).
func (l *inputLimit) next(p []byte, i int) (end int, key bool) {
	if l.paste {
		if j := bytes.Index(p[i:], pasteEnd); j >= 0 {
			l.paste = false
			return i + j + len(pasteEnd), false
		}
		return len(p), false
	}
	if bytes.HasPrefix(p[i:], pasteStart) {
		l.paste = true
		return i + len(pasteStart), true
	}
	if p[i] == 0x1b && i+1 < len(p) {
		switch p[i+1] {
		case '[':
			j := i + 2
			for j < len(p) && (p[j] < 0x40 || p[j] > 0x7e) {
				j++
			}
			return min(j+1, len(p)), true
		case 'O':
			return min(i+3, len(p)), true
		}
		_, size := utf8.DecodeRune(p[i+1:])
		return i + 1 + size, true
	}
	_, size := utf8.DecodeRune(p[i:])
	return i + size, true
}
