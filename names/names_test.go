package names

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

func TestKeyLookAlikes(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"alice", "Alice"},
		{"alice", "ALICE"},
		{"alice", "\u0430lice"},        // Cyrillic а
		{"alice", "ａｌｉｃｅ"},             // full width
		{"alice", "a\u200blice"},       // zero-width space
		{"alice", "al\u2060ice"},       // word joiner
		{"alice", "AIice"},             // capital I for l
		{"paypal", "р\u0430ур\u0430l"}, // Cyrillic р, а, у
		{"josé", norm.NFD.String("josé")},
		{"bob", "𝐛𝐨𝐛"}, // mathematical bold
		{"bob", "b0b"},
		{"bill", "B1LL"},
		{"emma", "ernrna"},
	} {
		if Key(c.a) != Key(c.b) {
			t.Errorf("Key(%q)=%q, Key(%q)=%q: want equal", c.a, Key(c.a), c.b, Key(c.b))
		}
	}
	for _, c := range []struct{ a, b string }{
		{"alice", "alicia"},
		{"bob", "rob"},
		{"jose", "josé"},
		{"alice", "alice2"},
	} {
		if Key(c.a) == Key(c.b) {
			t.Errorf("Key(%q) == Key(%q) = %q: want different", c.a, c.b, Key(c.a))
		}
	}
}

func TestClean(t *testing.T) {
	decomposed := norm.NFD.String("josé")
	for _, c := range []struct {
		in, want string
		change   Change
	}{
		{"alice", "alice", Unchanged},
		{decomposed, "josé", Unchanged},
		{"al\x1b[31mice", "alice", Escapes},
		{"al\x1b]0;pwned\x07ice", "alice", Escapes},
		{"ali\u200bce", "alice", Invisible},
		{"\u202eecila", "ecila", Invisible},
		{"a\u0301\u0302\u0303\u0304b", "\u00e1\u0302b", Marks},
		{"big bob", "big_bob", Unchanged},
		{"abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwx", Cut},
		{"日本語日本語日本語日本語日本語", "日本語日本語日本語日本語", Cut},
	} {
		got, ch := Clean(c.in)
		if got != c.want || ch != c.change {
			t.Errorf("Clean(%q) = %q, %v; want %q, %v", c.in, got, ch, c.want, c.change)
		}
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"alice", "a\x1b[2Jb", "\u0430lice", "e\u0301\u0301\u0301", "ａｂｃ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, _ := Clean(s)
		again, ch := Clean(name)
		if again != name || ch != Unchanged {
			t.Fatalf("Clean(%q) = %q, but cleaning that again gives %q (%v)", s, name, again, ch)
		}
		_ = Key(name)
	})
}
