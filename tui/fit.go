package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// fit shortens s to at most w terminal cells, ending a cut text with "…";
// wide (CJK, emoji) characters count two cells and escape sequences none.
func fit(s string, w int) string {
	if w <= 1 {
		return ""
	}
	if len(s) <= w || visibleWidth(s) <= w { // no text is wider than its bytes; styled text is longer
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// clipText cuts untrusted text for display to at most n cells, "…" included.
func clipText(s string, n int) string {
	return fit(s, n)
}

// cell is s cut to w cells and padded with spaces to exactly w: a column of a
// table whose rows must line up whatever script a name is written in.
func cell(s string, w int) string {
	s = fit(s, w)
	if d := w - ansi.StringWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// chatWrap is the most lines one chat line takes on the table screen.
const chatWrap = 4

// wrapText breaks untrusted plain text into at most n lines of at most w
// cells, at spaces where it can; the last line ends with "…" when text is
// left over.
func wrapText(s string, w, n int) []string {
	if w <= 1 {
		return nil
	}
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = ansi.Truncate(lines[n-1], w-1, "") + "…"
	}
	return lines
}

// joinFit joins parts with sep in at most w cells, leaving out whole parts
// from the last, and then ending with " …", rather than cutting one: a
// figure cut short reads as another figure.
func joinFit(parts []string, sep string, w int) string {
	if len(parts) == 0 {
		return ""
	}
	for n := len(parts); n >= 1; n-- {
		line := strings.Join(parts[:n], sep)
		if n < len(parts) {
			line += " …"
		}
		if visibleWidth(line) <= w {
			return line
		}
	}
	return fit(parts[0], w)
}
