package sshserver

import (
	"bytes"
	"time"
)

// Control strings are what a terminal sends as answers (an OSC 11 colour
// report, a DCS capability reply) and what a client can slip in with its
// keys: ESC ] (OSC), ESC P (DCS), ESC _ (APC), ESC ^ (PM) or ESC X (SOS),
// string bytes, then ST (ESC \) or, for an OSC, BEL. Bubble Tea has no
// parser for them: it reads alt+] and then ordinary keys, so the string's
// text would be typed into a field or taken as keys. ctlFilter takes them
// out of a session's input whole, by these rules:
//
//   - String bytes are printable ASCII and bytes from 0x80 (UTF-8). Any
//     other byte (enter, backspace, an escape that is not ST) means there
//     was no string but keys typed after alt+] (or alt+P …): the
//     introducer and what follows pass as before.
//   - An introducer that ends a read is the key alt+] (or alt+P …)
//     pressed, and passes at once.
//   - A string still open at the end of a read is held back and continued
//     by the next read (SSH can split a string) if the client was quiet
//     less than stringGap before it; after a longer quiet the held bytes
//     were keys and pass as before, ahead of the new read. (So keys that
//     come in one read with an alt+] before them wait for the next read.)
//   - A string longer than maxString is no answer: it passes as before.
//   - A bracketed paste is left alone: Bubble Tea hands it over as one
//     paste key message of runes whatever it holds, and acts on nothing in
//     it (the app cleans pasted text itself).
//   - The 8-bit introducers (0x90, 0x98, 0x9d, 0x9e, 0x9f) are left alone:
//     in the UTF-8 input such a byte is part of a character, and a UTF-8
//     terminal sends C1 controls as two-byte characters, one rune each.
//
// So a string split right after its ESC or its introducer passes as
// before: an escape key or alt+] is far likelier.
type ctlFilter struct {
	held   []byte // an open string from its ESC, waiting for its end
	resume int    // where to go on scanning held: its last byte, which may be an ESC
	paste  bool   // inside a bracketed paste
	endAt  int    // how much of pasteEnd the paste's bytes so far end with
	out    []byte // the filtered bytes, reused
}

// Bounds of a held control string.
const (
	maxString = 4 << 10               // longer is no terminal answer
	stringGap = 50 * time.Millisecond // a longer quiet ends a string's chance to go on
)

// filter returns p without the control strings in it, behind any held
// bytes that now pass, and how many strings it took out and their bytes;
// quiet is how long the client sent nothing before p. The result is valid
// until the next call.
func (f *ctlFilter) filter(p []byte, quiet time.Duration) (out []byte, count, removed int) {
	f.out = f.out[:0]
	w, from := p, 0
	if f.held != nil {
		if quiet >= stringGap {
			f.out = append(f.out, f.held...)
			f.held = nil
		} else {
			w, from = append(f.held, p...), f.resume
			f.held = nil
		}
	}
	for i := 0; i < len(w); {
		if f.paste {
			i = f.inPaste(w, i)
			continue
		}
		if bytes.HasPrefix(w[i:], pasteStart) {
			f.out = append(f.out, pasteStart...)
			f.paste, f.endAt = true, 0
			i += len(pasteStart)
			continue
		}
		if !introducer(w, i) || i+2 == len(w) {
			j := bytes.IndexByte(w[i+1:], 0x1b)
			if j < 0 {
				j = len(w)
			} else {
				j += i + 1
			}
			f.out = append(f.out, w[i:j]...)
			i = j
			continue
		}
		end, ok := stringEnd(w, i, max(i+2, from))
		switch {
		case ok:
			count++
			removed += end - i
		case end == len(w):
			f.held = append([]byte(nil), w[i:]...)
			f.resume = max(i+2, len(w)-1) - i
		default:
			f.out = append(f.out, w[i:end]...)
		}
		i = end
	}
	return f.out, count, removed
}

// introducer reports whether w[i:] starts with ESC and a control string's
// introducer.
func introducer(w []byte, i int) bool {
	if w[i] != 0x1b || i+1 >= len(w) {
		return false
	}
	switch w[i+1] {
	case ']', 'P', '_', '^', 'X':
		return true
	}
	return false
}

// stringEnd scans the control string that starts at w[s], from w[from]: it
// returns the index after its terminator and true, or where it turned out
// no string (a byte that cannot be in one, or too long), or len(w) when it
// is still open.
func stringEnd(w []byte, s, from int) (end int, ok bool) {
	for j := from; j < len(w); j++ {
		if j-s >= maxString {
			return j, false
		}
		switch c := w[j]; {
		case c == 0x07 && w[s+1] == ']':
			return j + 1, true
		case c == 0x1b && j+1 == len(w):
			return len(w), false
		case c == 0x1b && w[j+1] == '\\':
			return j + 2, true
		case c < 0x20 || c == 0x7f:
			return j, false
		}
	}
	return len(w), false
}

// inPaste copies the paste's bytes from w[i] up to and including its end
// marker (which may have begun in the last read) and returns where it
// stopped.
func (f *ctlFilter) inPaste(w []byte, i int) int {
	for ; i < len(w); i++ {
		f.out = append(f.out, w[i])
		if endsPaste(&f.endAt, w[i]) {
			f.paste = false
			return i + 1
		}
	}
	return i
}
