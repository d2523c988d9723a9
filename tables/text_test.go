package tables

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzClean: whatever a player sends as chat, what Clean lets through can
// be written to another player's terminal as it is: valid UTF-8 without
// control or format characters (so no escape sequence survives), single
// spaces, trimmed, no longer than the input, and cleaning it again changes
// nothing.
func FuzzClean(f *testing.F) {
	for _, s := range []string{
		"hello", "a\x1b[2Jb", "\x1b]0;title\a", "\x1b]52;c;ZXZpbA==\x1b\\", "\x9b31mred", "\x1bPq#0\x1b\\",
		"bidi \u202eevil\u202c", "tab\there\r\nnext", "  lots   of   space  ", "\xff\xfe", "zero\u200bwidth",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Clean(%q) = %q: invalid UTF-8", s, out)
		}
		for _, r := range out {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || unicode.Is(unicode.Cf, r) || r != ' ' && unicode.IsSpace(r) {
				t.Fatalf("Clean(%q) = %q: has %U", s, out, r)
			}
		}
		if strings.Contains(out, "  ") || strings.TrimSpace(out) != out {
			t.Fatalf("Clean(%q) = %q: untidy spaces", s, out)
		}
		if len(out) > len(s) {
			t.Fatalf("Clean(%q) = %q: longer than the input", s, out)
		}
		if again := Clean(out); again != out {
			t.Fatalf("Clean(%q) = %q, and again %q", s, out, again)
		}
	})
}
