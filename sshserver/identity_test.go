package sshserver

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/names"
)

// FuzzValidName: a user name ValidName accepts is safe to show (letters,
// digits, marks and - _ . only, 1..MaxNameLen cells) and accepted again as
// it is; what cleanForLog leaves of any user name is printable and bounded.
func FuzzValidName(f *testing.F) {
	for _, s := range []string{"ada", " ada ", "a\x1b[2Jb", "\x1b]0;x\a", "e\u0301", "日本語", "a b", "\u202eevil", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if name, ok := ValidName(s); ok {
			for _, r := range name {
				if !(r == '-' || r == '_' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)) {
					t.Fatalf("ValidName(%q) = %q: has %U", s, name, r)
				}
			}
			if w := ansi.StringWidth(name); w < 1 || w > MaxNameLen {
				t.Fatalf("ValidName(%q) = %q: %d cells", s, name, w)
			}
			if again, ok := ValidName(name); !ok || again != name {
				t.Fatalf("ValidName(%q) = %q, then %q, %v", s, name, again, ok)
			}
		}
		logged := cleanForLog(s)
		if len(logged) > MaxNameLen*4 {
			t.Fatalf("cleanForLog(%q) = %q: %d bytes", s, logged, len(logged))
		}
		for _, r := range logged {
			if !unicode.IsPrint(r) || r == utf8.RuneError {
				t.Fatalf("cleanForLog(%q) = %q: has %U", s, logged, r)
			}
		}
	})
}

// A user name that cannot be a display name is replaced, and the identity
// says why, so that its owner is told: too long, or a sign a name may not
// hold, or escapes; an empty one asked for nothing.
func TestRefusedNameSaysWhy(t *testing.T) {
	for _, c := range []struct {
		user string
		want names.Change
	}{
		{"ThisIsExactly25CellsLongX", names.Cut},
		{"bob!", names.Symbols},
		{"a b", names.Symbols},
		{"a\x1b[2Jb", names.Escapes},
		{"ali\u200bce", names.Invisible},
		{"", names.Unchanged},
		{"ThisIsExactly24CellsLong", names.Unchanged},
	} {
		id := identityOf(nil, c.user, "guest-abcdefghjkmn")
		if id.Replaced != c.want {
			t.Errorf("%q: replaced for %v, want %v", c.user, id.Replaced, c.want)
		}
	}
}
