// Package names is what a display name may be: how a name a client asked
// for is cleaned into one (NFC, no escapes or invisible characters, few
// combining marks, a bounded width), and the key under which names that
// look alike are one name, so that nobody can pass for someone else
// (Unicode TR39 confusables, full-width forms, case). The lobby and the
// store both compare names by Key.
package names

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// MaxCells is the widest display name, in terminal cells.
const MaxCells = 24

// MaxMarks is the most combining marks one letter may carry.
const MaxMarks = 2

// Change says what Clean had to change in a name, for telling its owner.
type Change int

// What Clean changed; the first that applies is reported.
const (
	Unchanged Change = iota
	Escapes          // control characters or escape sequences were removed
	Invisible        // invisible characters were removed
	Marks            // combining marks beyond MaxMarks per letter were removed
	Cut              // the name was cut to MaxCells
	// Symbols: the name held characters a caller allows fewer of than
	// Clean (an SSH user name: letters, digits and - _ . only); Clean
	// itself never reports it.
	Symbols
)

// Clean makes a display name of what a client asked for: NFC-normalised,
// without control characters, escape sequences or invisible characters,
// spaces as "_", at most MaxMarks combining marks per letter, cut to
// MaxCells cells. It reports the most important change it made.
func Clean(s string) (string, Change) {
	change := Unchanged
	note := func(c Change) {
		if change == Unchanged || c < change {
			change = c
		}
	}
	var b strings.Builder
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			note(Escapes)
			i += size
			continue
		case r == 0x1b || r == 0x9b || r == 0x90 || r == 0x9d || r == 0x98 || r == 0x9e || r == 0x9f:
			// an escape sequence, or a C1 introducer: the whole sequence goes
			n := ansiLen(s[i:])
			note(Escapes)
			i += max(n, size)
			continue
		}
		i += size
		switch {
		case unicode.IsSpace(r):
			if r != ' ' {
				note(Escapes)
			}
			space = b.Len() > 0
		case unicode.IsControl(r):
			note(Escapes)
		case IsInvisible(r):
			note(Invisible)
		default:
			if space {
				b.WriteByte('_')
				space = false
			}
			b.WriteRune(r)
		}
	}
	name, cut := limitMarks(norm.NFD.String(b.String()))
	if cut {
		note(Marks)
	}
	name = norm.NFC.String(name)
	if ansi.StringWidth(name) > MaxCells {
		name = ansi.Truncate(name, MaxCells, "")
		note(Cut)
	}
	return name, change
}

// ansiLen is the length in bytes of the escape sequence s starts with.
func ansiLen(s string) int {
	_, _, n, _ := ansi.DecodeSequence(s, ansi.NormalState, nil)
	return n
}

// IsInvisible reports whether r draws nothing a reader would see: format
// characters (zero-width spaces and joiners, bidi controls), variation
// selectors, other default-ignorable code points and blank letters.
func IsInvisible(r rune) bool {
	switch r {
	case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x180E, 0x17B4, 0x17B5:
		return true
	}
	return unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Variation_Selector, r) ||
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r)
}

// limitMarks drops every combining mark past MaxMarks on one letter of
// s (decomposed, so that a precomposed é counts its accent).
func limitMarks(s string) (string, bool) {
	var b strings.Builder
	marks, cut := 0, false
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
			if marks++; marks > MaxMarks {
				cut = true
				continue
			}
		} else {
			marks = 0
		}
		b.WriteRune(r)
	}
	return b.String(), cut
}

// Key is the form names are compared and reserved in: two names with the
// same key look alike and are one name. It folds compatibility and
// full-width forms (NFKC), drops invisible characters, folds case, maps
// every character to its TR39 confusables prototype (twice, around a
// second case fold, as prototypes may be capitals), and makes i and l one
// letter, since a capital I and a small l look alike in most fonts.
func Key(name string) string {
	s := width.Fold.String(norm.NFKC.String(name))
	s = strings.Map(func(r rune) rune {
		if IsInvisible(r) {
			return -1
		}
		return r
	}, s)
	s = confusables.Skeleton(strings.ToLower(confusables.Skeleton(strings.ToLower(s))))
	return strings.ReplaceAll(norm.NFC.String(s), "i", "l")
}

// Variant is the n-th variant of a taken name: base with n after it, base
// cut so that the whole fits MaxCells ("alice" 2 → "alice2").
func Variant(base string, n int) string {
	suffix := strconv.Itoa(n)
	if ansi.StringWidth(base)+len(suffix) > MaxCells {
		base = ansi.Truncate(base, MaxCells-len(suffix), "")
	}
	return base + suffix
}
