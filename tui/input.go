package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/tables"
)

// lineInput is a one-line text input (chat, a command, a form field, an
// invite code): bubbles' textinput edits it (←→, home/end, ctrl+w, ctrl+u,
// ctrl+k, pasted text) and view draws it with the screens' own cursor mark.
type lineInput struct {
	ti    textinput.Model
	allow func(rune) bool // the runes it takes; nil: all (control characters never)
}

// newLineInput is an input holding value, taking at most limit runes.
func newLineInput(value string, limit int, allow func(rune) bool) *lineInput {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = limit
	km := textinput.DefaultKeyMap
	km.Paste.SetEnabled(false) // ctrl+v would read the server's clipboard; a terminal's paste arrives as keys
	km.AcceptSuggestion.SetEnabled(false)
	km.NextSuggestion.SetEnabled(false)
	km.PrevSuggestion.SetEnabled(false)
	ti.KeyMap = km
	ti.Cursor.SetMode(cursor.CursorHide) // view draws the cursor; no blink timer
	ti.Focus()
	ti.SetValue(value)
	ti.CursorEnd()
	return &lineInput{ti: ti, allow: allow}
}

// update edits the input with a key other than enter and esc; it reports
// whether typed or pasted runes were left out because the input is full.
func (in *lineInput) update(k tea.KeyMsg) (full bool) {
	if k.Type == tea.KeyRunes || k.Type == tea.KeySpace {
		rs := k.Runes[:0:0]
		for _, r := range k.Runes {
			if (in.allow == nil || in.allow(r)) && !unicode.Is(unicode.Cf, r) { // no bidi overrides, no invisible joiners: a sent line loses them (tables.Clean)
				rs = append(rs, r)
			}
		}
		if len(rs) == 0 {
			return false
		}
		k.Runes = rs
	}
	// On a goroutine of its own: textinput passes its 5 KB model by value
	// down every call, even Value, which would grow the session's stack for
	// good (by 20–40 KB, docs/CAPACITY.md); this goroutine's stack goes with it.
	var before int
	done := make(chan struct{})
	go func() {
		defer close(done)
		before = utf8.RuneCountInString(in.ti.Value())
		in.ti, _ = in.ti.Update(k) // with a hidden cursor and no clipboard it has no commands
	}()
	<-done
	typed := len(k.Runes)
	if k.Type == tea.KeySpace {
		typed = 1
	}
	return (k.Type == tea.KeyRunes || k.Type == tea.KeySpace) && in.ti.CharLimit > 0 && before+typed > in.ti.CharLimit
}

func (in *lineInput) value() string { return in.ti.Value() }

// view is the text with the cursor mark "▏" where the cursor is, in at most
// w cells: a text too long shows the part around the cursor, cut with "…".
func (in *lineInput) view(w int) string {
	s := in.ti.Value()
	room := w - 1 // the mark
	pos := in.ti.Position()
	if len(s) <= room && isPlainASCII(s) { // the common case: short and plain
		return s[:pos] + "▏" + s[pos:]
	}
	v := []rune(s)
	pos = min(pos, len(v))
	before, after := shownText(string(v[:pos])), shownText(string(v[pos:]))
	bw, aw := ansi.StringWidth(before), ansi.StringWidth(after)
	if bw+aw <= room {
		return before + "▏" + after
	}
	if room < 2 {
		return "▏"
	}
	if aw > room-bw { // the text after the cursor does not fit: cut it, keeping a third of the room for it at least
		after = fit(after, max(room-bw, min(aw, room/3)))
		aw = ansi.StringWidth(after)
	}
	if bw > room-aw { // nor does the text before: show its end
		for n := bw - (room - aw) + 1; n <= bw; n++ { // a wide character may straddle the cut
			if b := ansi.TruncateLeft(before, n, "…"); ansi.StringWidth(b) <= room-aw {
				before = b
				break
			}
		}
	}
	return before + "▏" + after
}

// isPlainASCII reports whether s is printable ASCII only.
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// shownText is typed text as the input line draws it: without what a sent
// line loses (tables.Clean: escape sequences, control characters, bidi
// overrides and other format characters), a tab or line break as a space,
// but every space kept, so the cursor stays where it was typed.
func shownText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
			return ' '
		case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r == utf8.RuneError || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, tables.StripEscapes(s))
}
