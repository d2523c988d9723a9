package tui

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
)

// splitKeys turns one key message into one message per key. Bubble Tea merges
// keystrokes that arrive together ("jjj", or a fast typist's "3" "3" "4")
// into one message with several runes; every one of them counts. A paste is
// kept whole: it is text, not keys.
func splitKeys(msg tea.KeyMsg) []tea.KeyMsg {
	if escTyped(msg) {
		msg.Alt = false
		return append([]tea.KeyMsg{{Type: tea.KeyEsc}}, splitKeys(msg)...)
	}
	if msg.Type != tea.KeyRunes || len(msg.Runes) <= 1 || msg.Paste {
		return []tea.KeyMsg{msg}
	}
	out := make([]tea.KeyMsg, len(msg.Runes))
	for i, r := range msg.Runes {
		out[i] = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
	}
	return out
}

// escTyped reports whether msg is letters that came as alt+letters: a
// terminal sends alt+letter as esc and the letter, so esc typed just
// before a letter arrives as alt+letter. The app binds no alt keys: such a
// key is esc, then the letters.
func escTyped(msg tea.KeyMsg) bool {
	return msg.Alt && msg.Type == tea.KeyRunes && !msg.Paste
}

// escSequence reports whether k is the start of an escape sequence that
// reached a text field (alt+"]" of an OSC, alt+"[" …): not esc and a key
// typed together, which come as alt+letter, but bytes to leave out.
func escSequence(k tea.KeyMsg) bool {
	if !escTyped(k) || len(k.Runes) == 0 {
		return false
	}
	r := k.Runes[0]
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// binding is one key of the help bar.
type binding struct {
	keys string // what to press, e.g. "↑/k"
	does string // what it does, e.g. "up"
}

// helpBar renders the keys that work on the current screen, fitting width.
// When they do not all fit, the keys that matter least go first (chat, the
// last trick, the score sheet, …: see keyWeight), the later of equals
// first; the moves, esc and the way to full help (?) stay longest. Full
// help lists every key.
func (s *Styles) helpBar(width int, bs []binding) string {
	return s.keyLine(fitKeys(width, 1, bs))
}

// helpLines is helpBar in at most n lines: the keys go on the next line,
// at a key, when the line is full, and only when n lines do not hold them
// all are the ones that matter least left out.
func (s *Styles) helpLines(width, n int, bs []binding) []string {
	bs = fitKeys(width, n, bs)
	if lineCount(bs, width) <= 1 {
		return []string{s.keyLine(bs)}
	}
	w := evenWidth(bs, width)
	var b strings.Builder // every line in one string, for few allocations a frame
	b.Grow(s.keysSize(bs) + n)
	start, used := 0, 0
	for i, k := range bs {
		kw := keyWidth(k)
		if i > start && used+3+kw <= w {
			used += 3 + kw
			continue
		}
		if i > start {
			s.writeKeys(&b, bs[start:i])
			b.WriteByte('\n')
		}
		start, used = i, kw
	}
	s.writeKeys(&b, bs[start:])
	return splitLines(make([]string, 0, lineCount(bs, w)), b.String())
}

// fitKeys is bs without the keys that matter least, until they take at
// most n lines of width (bs itself when they do).
func fitKeys(width, n int, bs []binding) []binding {
	if lineCount(bs, width) > n {
		bs = append([]binding(nil), bs...)
	}
	for len(bs) > 1 && lineCount(bs, width) > n {
		drop := -1
		for i, k := range bs {
			if drop < 0 || keyWeight(k.keys) <= keyWeight(bs[drop].keys) {
				drop = i
			}
		}
		bs = append(bs[:drop], bs[drop+1:]...)
	}
	return bs
}

// keyLine renders keys on one line, " · " between two.
func (s *Styles) keyLine(bs []binding) string {
	var b strings.Builder
	b.Grow(s.keysSize(bs))
	s.writeKeys(&b, bs)
	return b.String()
}

// writeKeys writes keys to b as keyLine renders them.
func (s *Styles) writeKeys(b *strings.Builder, bs []binding) {
	for i, k := range bs {
		if i > 0 {
			s.Help.write(b, " · ")
		}
		s.Key.write(b, k.keys)
		b.WriteByte(' ')
		s.Help.write(b, k.does)
	}
}

// keysSize is the bytes writeKeys writes for bs, at most.
func (s *Styles) keysSize(bs []binding) int {
	key := len(s.Key.pre) + len(s.Key.post)
	help := len(s.Help.pre) + len(s.Help.post)
	n := 0
	for i, k := range bs {
		if i > 0 {
			n += help + len(" · ")
		}
		n += key + len(k.keys) + 1 + help + len(k.does)
	}
	return n
}

// keyWidth is the columns a key takes in the bar.
func keyWidth(k binding) int { return visibleWidth(k.keys) + 1 + visibleWidth(k.does) }

// evenWidth is the narrowest width at most width on which the keys of bs
// take no more lines than on width, so that two lines of keys are about
// as long as each other rather than a full one and a last key.
func evenWidth(bs []binding, width int) int {
	n := lineCount(bs, width)
	if n <= 1 {
		return width
	}
	total := -3
	for _, k := range bs {
		total += keyWidth(k) + 3
	}
	for w := total / n; w < width; w++ {
		if lineCount(bs, w) <= n {
			return w
		}
	}
	return width
}

// lineCount is how many lines of width the keys of bs take, packed as
// packKeys packs them.
func lineCount(bs []binding, width int) int {
	n, used := 0, 0
	for _, k := range bs {
		kw := keyWidth(k)
		if n > 0 && used+3+kw <= width {
			used += 3 + kw
			continue
		}
		n, used = n+1, kw
	}
	return n
}

// packKeys puts the keys of bs, in their order, on as few lines of width
// as they take, " · " between two on a line; a key wider than width has a
// line of its own.
func packKeys(bs []binding, width int) [][]binding {
	var lines [][]binding
	used := 0
	for _, k := range bs {
		kw := keyWidth(k)
		if n := len(lines); n > 0 && used+3+kw <= width {
			lines[n-1] = append(lines[n-1], k)
			used += 3 + kw
			continue
		}
		lines = append(lines, []binding{k})
		used = kw
	}
	return lines
}

// keyWeight is how much a key of the help bar matters: full help and the
// way back most, the moves of the game next, looking at things least.
func keyWeight(keys string) int {
	switch keys {
	case "?":
		return 100
	case "esc", "q": // the way back, or out of the lobby
		return 90
	case "/", ".", "tab", "space":
		return 10
	case "f": // the lobby's filter: joining by code matters more
		return 30
	case "w": // the lobby's watch: how a newcomer sees a game before sitting down
		return 60
	}
	return 50
}

// wrapKeys lists every key of bs, as many a line as fit in width: the full
// list behind a help bar that had to leave some out.
func wrapKeys(s *Styles, bs []binding, width int) []string {
	var lines []string
	line, w := "  ", 2
	for _, k := range bs {
		kw := visibleWidth(k.keys) + 1 + visibleWidth(k.does) + 3
		if w+kw > width && w > 2 {
			lines = append(lines, line)
			line, w = "  ", 2
		}
		line += s.Key.Render(k.keys) + " " + k.does + "   "
		w += kw
	}
	return append(lines, strings.TrimRight(line, " "))
}
