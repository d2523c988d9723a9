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

// StripEscapes takes escape sequences out whole, 7-bit and C1, and leaves
// everything else, spaces and control characters too.
func TestStripEscapes(t *testing.T) {
	for in, want := range map[string]string{
		"hi \x1b[31mRED\x1b[0m there": "hi RED there",
		" a\x1b]0;title\abc ":         " abc ",
		"x\x1b]52;c;AAA\x1b\\y":       "xy",
		"a\x1bPq\x1b\\b\tc":           "ab\tc",
		"ü\u009b31mz\u009d0;t\u009c!": "üz!",
		"bell\a":                      "bell\a",
		"alt\x1bz":                    "alt",
		"cut \x1b[31":                 "cut ",
	} {
		if got := StripEscapes(in); got != want {
			t.Errorf("StripEscapes(%q) = %q, want %q", in, got, want)
		}
	}
}
