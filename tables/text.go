package tables

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean removes what must never reach another player's terminal: ANSI/VT
// escape sequences (CSI, OSC, DCS and the rest, with their parameters),
// C0 and C1 control characters, DEL, invalid UTF-8, and the Unicode
// bidirectional and other invisible format characters that can disguise
// text. Tabs and line breaks become spaces; runs of spaces collapse to one;
// the result is trimmed. Chat lines, penalty reasons and display names all
// pass through Clean.
func Clean(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	emit := func(r rune) {
		if r == ' ' {
			space = b.Len() > 0
			return
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			// invalid UTF-8: dropped
		case r == 0x1b: // ESC: skip the whole sequence
			i = skipEscape(s, i)
		case r == 0x9b: // C1 CSI
			i = skipCSI(s, i)
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f: // C1 OSC, DCS, SOS, PM, APC
			i = skipString(s, i)
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
			emit(' ')
		case unicode.IsSpace(r):
			emit(' ')
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
			// other control characters: dropped
		case unicode.Is(unicode.Cf, r):
			// format characters (bidi overrides, zero-width joiners…): dropped
		default:
			emit(r)
		}
	}
	return b.String()
}

// StripEscapes removes the ANSI/VT escape sequences from s, whole (as Clean
// does), and leaves the rest as it is: pasted text keeps its spaces.
func StripEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == 0x1b:
			i = skipEscape(s, i)
		case r == 0x9b:
			i = skipCSI(s, i)
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i = skipString(s, i)
		default:
			b.WriteString(s[i-size : i])
		}
	}
	return b.String()
}

// skipEscape skips an escape sequence whose ESC ended at i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: up to BEL or ST
		return skipString(s, i+1)
	}
	// ESC, intermediates 0x20–0x2f, one final byte.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// skipCSI skips a control sequence's parameters and final byte (0x40–0x7e).
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		i++
		if c >= 0x40 && c <= 0x7e {
			return i
		}
		if c < 0x20 || c >= 0x80 { // not part of a CSI: stop before it
			return i - 1
		}
	}
	return i
}

// skipString skips a control string up to BEL, ESC \ or C1 ST.
func skipString(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x07 || r == 0x9c:
			return i + size
		case r == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i + 1
		}
		i += size
	}
	return i
}
