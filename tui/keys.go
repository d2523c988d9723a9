package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// splitKeys turns one key message into one message per key. Bubble Tea merges
// keystrokes that arrive together ("jjj", or a fast typist's "3" "3" "4")
// into one message with several runes; every one of them counts. A paste is
// kept whole: it is text, not keys.
func splitKeys(msg tea.KeyMsg) []tea.KeyMsg {
	if msg.Type != tea.KeyRunes || len(msg.Runes) <= 1 || msg.Paste {
		return []tea.KeyMsg{msg}
	}
	out := make([]tea.KeyMsg, len(msg.Runes))
	for i, r := range msg.Runes {
		out[i] = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
	}
	return out
}

// binding is one key of the help bar.
type binding struct {
	keys string // what to press, e.g. "↑/k"
	does string // what it does, e.g. "up"
}

// helpBar renders the keys that work on the current screen, fitting width.
// When they do not all fit, keys are left out from the end, but the last
// one (the way to full help, or back) always stays.
func (s *Styles) helpBar(width int, bs []binding) string {
	size := func(k binding) int { return visibleWidth(k.keys) + 1 + visibleWidth(k.does) }
	total := func(bs []binding) int {
		w := 0
		for i, k := range bs {
			if i > 0 {
				w += 3
			}
			w += size(k)
		}
		return w
	}
	for len(bs) > 1 && total(bs) > width {
		bs = append(bs[:len(bs)-2:len(bs)-2], bs[len(bs)-1])
	}
	var b strings.Builder
	for i, k := range bs {
		if i > 0 {
			b.WriteString(s.Help.Render(" · "))
		}
		b.WriteString(s.Key.Render(k.keys))
		b.WriteString(" ")
		b.WriteString(s.Help.Render(k.does))
	}
	return b.String()
}
