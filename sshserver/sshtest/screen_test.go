package sshtest

import (
	"strings"
	"testing"
)

func TestScreenFollowsRendererOutput(t *testing.T) {
	var answers []string
	s := NewScreen(10, 4, func(a []byte) { answers = append(answers, string(a)) })
	write := func(p string) {
		t.Helper()
		s.Write([]byte(p))
	}

	// A line exactly as wide as the screen does not wrap before its CR LF
	// (deferred wrap), as bubbletea's full-width lines rely on.
	write("0123456789\r\nab\x1b[31mc\x1b[0m\r\n")
	if got, want := s.String(), "0123456789\nabc"; got != want {
		t.Errorf("after two lines:\n%s\nwant:\n%s", got, want)
	}
	// Cursor up, erase line right, rewrite (bubbletea's repaint).
	write("\x1b[2A\rxy\x1b[K")
	if got, want := s.String(), "xy\nabc"; got != want {
		t.Errorf("after rewriting line 0:\n%q\nwant %q", got, want)
	}
	// Alternate screen: a blank page; leaving restores the main one.
	write("\x1b[?1049h\x1b[2J\x1b[Hin alt")
	if !s.AltScreen() || s.String() != "in alt" {
		t.Errorf("alt screen: %v %q", s.AltScreen(), s.String())
	}
	write("\x1b[?1049l")
	if s.AltScreen() || s.String() != "xy\nabc" {
		t.Errorf("back on main: %v %q", s.AltScreen(), s.String())
	}
	// Wide characters take two cells; a line feed at the bottom scrolls.
	write("\x1b[4;1H李李李李李李")
	if got2, got3 := s.Line(2), s.Line(3); got2 != "李李李李李" || got3 != "李" {
		t.Errorf("six wide characters on a 10-cell bottom row: rows %q, %q; want five, scroll, one", got2, got3)
	}
	if got := s.Line(0); got != "abc" {
		t.Errorf("after scrolling, row 0 = %q, want %q", got, "abc")
	}
	// Queries get answers.
	write("\x1b[c\x1b]11;?\x07\x1b[6n")
	if len(answers) != 3 || answers[0] != "\x1b[?62;22c" || !strings.HasPrefix(answers[1], "\x1b]11;rgb:") || !strings.HasSuffix(answers[2], "R") {
		t.Errorf("answers = %q", answers)
	}
}
