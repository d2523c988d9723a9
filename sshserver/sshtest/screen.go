package sshtest

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

// Screen is a small terminal emulator: enough of VT100/xterm to follow what
// bubbletea v1 writes (cursor motion, erasing, line feeds with scrolling,
// the alternate screen, deferred wrap), and to answer the queries a real
// terminal answers (primary device attributes, cursor position, foreground
// and background colour). Attributes (SGR) are ignored: the screen holds
// text only.
//
// A Screen is safe for concurrent use.
type Screen struct {
	mu      sync.Mutex
	w, h    int
	main    [][]string // cells: one grapheme (or "" for the right half of a wide one)
	alt     [][]string
	cells   *[][]string // main or alt
	x, y    int
	wrap    bool // deferred wrap: the last column was written
	savedX  int
	savedY  int
	inAlt   bool
	parser  *ansi.Parser
	respond func([]byte) // where answers to queries go; may be nil

	// Background is the colour reported to OSC 11 queries ("rgb:0000/0000/0000").
	background string
}

// NewScreen returns a w×h screen. respond receives the terminal's answers to
// queries (write them to the program's input); it is called with the
// screen's lock held, so it must not call back into the Screen.
func NewScreen(w, h int, respond func([]byte)) *Screen {
	s := &Screen{w: w, h: h, respond: respond, background: "rgb:0000/0000/0000"}
	s.main = blank(w, h)
	s.alt = blank(w, h)
	s.cells = &s.main
	s.parser = ansi.NewParser()
	s.parser.SetHandler(ansi.Handler{
		Print:     s.print,
		Execute:   s.execute,
		HandleCsi: s.csi,
		HandleEsc: s.esc,
		HandleOsc: s.osc,
	})
	return s
}

func blank(w, h int) [][]string {
	rows := make([][]string, h)
	for i := range rows {
		rows[i] = blankRow(w)
	}
	return rows
}

func blankRow(w int) []string {
	r := make([]string, w)
	for i := range r {
		r[i] = " "
	}
	return r
}

// Write feeds terminal output to the screen. It never fails.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parser.Parse(p)
	return len(p), nil
}

// Resize changes the screen size, keeping the top-left content.
func (s *Screen) Resize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	resize := func(rows [][]string) [][]string {
		out := blank(w, h)
		for y := 0; y < min(h, len(rows)); y++ {
			copy(out[y], rows[y][:min(w, len(rows[y]))])
		}
		return out
	}
	s.main, s.alt = resize(s.main), resize(s.alt)
	if s.inAlt {
		s.cells = &s.alt
	} else {
		s.cells = &s.main
	}
	s.w, s.h = w, h
	s.x, s.y = min(s.x, w-1), min(s.y, h-1)
	s.wrap = false
}

// String returns the screen's text: one line per row, trailing spaces and
// trailing empty rows removed.
func (s *Screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := make([]string, s.h)
	for y, row := range *s.cells {
		lines[y] = strings.TrimRight(strings.Join(row, ""), " ")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// Line returns row y (0-based) without trailing spaces.
func (s *Screen) Line(y int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if y < 0 || y >= s.h {
		return ""
	}
	return strings.TrimRight(strings.Join((*s.cells)[y], ""), " ")
}

// Cursor returns the cursor position (0-based column and row).
func (s *Screen) Cursor() (x, y int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.x, s.y
}

// AltScreen reports whether the alternate screen is active.
func (s *Screen) AltScreen() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inAlt
}

func (s *Screen) print(r rune) {
	w := runewidth.RuneWidth(r)
	rows := *s.cells
	if w == 0 {
		// A combining mark joins the previous cell.
		px, py := s.x-1, s.y
		if s.wrap {
			px = s.x
		}
		if px >= 0 {
			rows[py][px] += string(r)
		}
		return
	}
	if s.wrap || s.x+w > s.w {
		s.x = 0
		s.lineFeed()
	}
	s.wrap = false
	rows = *s.cells
	rows[s.y][s.x] = string(r)
	if w == 2 && s.x+1 < s.w {
		rows[s.y][s.x+1] = ""
	}
	if s.x+w >= s.w {
		s.x = s.w - 1
		s.wrap = true
	} else {
		s.x += w
	}
}

func (s *Screen) lineFeed() {
	s.wrap = false
	if s.y < s.h-1 {
		s.y++
		return
	}
	s.scrollUp(1)
}

func (s *Screen) scrollUp(n int) {
	rows := *s.cells
	for range min(n, s.h) {
		copy(rows, rows[1:])
		rows[s.h-1] = blankRow(s.w)
	}
}

func (s *Screen) scrollDown(n int) {
	rows := *s.cells
	for range min(n, s.h) {
		copy(rows[1:], rows[:s.h-1])
		rows[0] = blankRow(s.w)
	}
}

func (s *Screen) execute(b byte) {
	switch b {
	case '\r':
		s.x, s.wrap = 0, false
	case '\n', '\v', '\f':
		s.lineFeed()
	case '\b':
		if s.x > 0 {
			s.x--
		}
		s.wrap = false
	case '\t':
		s.x = min(s.w-1, (s.x/8+1)*8)
	}
}

func (s *Screen) moveTo(x, y int) {
	s.x = max(0, min(x, s.w-1))
	s.y = max(0, min(y, s.h-1))
	s.wrap = false
}

func (s *Screen) eraseRow(y, from, to int) {
	row := (*s.cells)[y]
	for i := max(0, from); i < min(to, s.w); i++ {
		row[i] = " "
	}
}

func (s *Screen) csi(cmd ansi.Cmd, params ansi.Params) {
	n := func(i, def int) int {
		v, _, _ := params.Param(i, def)
		if v == 0 && def != 0 {
			v = def
		}
		return v
	}
	switch cmd.Prefix() {
	case '?':
		switch cmd.Final() {
		case 'h', 'l':
			on := cmd.Final() == 'h'
			params.ForEach(0, func(_, mode int, _ bool) {
				switch mode {
				case 1049, 1047, 47:
					s.setAlt(on, mode == 1049)
				}
			})
		}
		return
	case 0:
	default:
		return
	}
	if cmd.Intermediate() != 0 {
		return
	}
	switch cmd.Final() {
	case 'A':
		s.moveTo(s.x, s.y-n(0, 1))
	case 'B':
		s.moveTo(s.x, s.y+n(0, 1))
	case 'C':
		s.moveTo(s.x+n(0, 1), s.y)
	case 'D':
		s.moveTo(s.x-n(0, 1), s.y)
	case 'E':
		s.moveTo(0, s.y+n(0, 1))
	case 'F':
		s.moveTo(0, s.y-n(0, 1))
	case 'G', '`':
		s.moveTo(n(0, 1)-1, s.y)
	case 'd':
		s.moveTo(s.x, n(0, 1)-1)
	case 'H', 'f':
		s.moveTo(n(1, 1)-1, n(0, 1)-1)
	case 'J':
		switch n(0, 0) {
		case 0:
			s.eraseRow(s.y, s.x, s.w)
			for y := s.y + 1; y < s.h; y++ {
				s.eraseRow(y, 0, s.w)
			}
		case 1:
			s.eraseRow(s.y, 0, s.x+1)
			for y := 0; y < s.y; y++ {
				s.eraseRow(y, 0, s.w)
			}
		case 2, 3:
			for y := 0; y < s.h; y++ {
				s.eraseRow(y, 0, s.w)
			}
		}
	case 'K':
		switch n(0, 0) {
		case 0:
			s.eraseRow(s.y, s.x, s.w)
		case 1:
			s.eraseRow(s.y, 0, s.x+1)
		case 2:
			s.eraseRow(s.y, 0, s.w)
		}
	case 'X':
		s.eraseRow(s.y, s.x, s.x+n(0, 1))
	case 'P':
		row := (*s.cells)[s.y]
		k := min(n(0, 1), s.w-s.x)
		copy(row[s.x:], row[s.x+k:])
		s.eraseRow(s.y, s.w-k, s.w)
	case '@':
		row := (*s.cells)[s.y]
		k := min(n(0, 1), s.w-s.x)
		copy(row[s.x+k:], row[s.x:s.w-k])
		s.eraseRow(s.y, s.x, s.x+k)
	case 'S':
		s.scrollUp(n(0, 1))
	case 'T':
		s.scrollDown(n(0, 1))
	case 'L', 'M':
		// Insert or delete lines at the cursor (whole screen as region).
		rows := *s.cells
		k := min(n(0, 1), s.h-s.y)
		for range k {
			if cmd.Final() == 'L' {
				copy(rows[s.y+1:], rows[s.y:s.h-1])
				rows[s.y] = blankRow(s.w)
			} else {
				copy(rows[s.y:], rows[s.y+1:])
				rows[s.h-1] = blankRow(s.w)
			}
		}
	case 's':
		s.savedX, s.savedY = s.x, s.y
	case 'u':
		s.moveTo(s.savedX, s.savedY)
	case 'c':
		// Primary device attributes: a VT220 with ANSI colour.
		s.answer("\x1b[?62;22c")
	case 'n':
		switch n(0, 0) {
		case 5:
			s.answer("\x1b[0n")
		case 6:
			s.answer(fmt.Sprintf("\x1b[%d;%dR", s.y+1, s.x+1))
		}
	}
}

func (s *Screen) setAlt(on, saveCursor bool) {
	if on == s.inAlt {
		return
	}
	if on {
		if saveCursor {
			s.savedX, s.savedY = s.x, s.y
		}
		s.alt = blank(s.w, s.h)
		s.cells = &s.alt
	} else {
		s.cells = &s.main
		if saveCursor {
			s.moveTo(s.savedX, s.savedY)
		}
	}
	s.inAlt = on
}

func (s *Screen) esc(cmd ansi.Cmd) {
	if cmd.Intermediate() != 0 {
		return
	}
	switch cmd.Final() {
	case '7':
		s.savedX, s.savedY = s.x, s.y
	case '8':
		s.moveTo(s.savedX, s.savedY)
	case 'M': // reverse index
		if s.y > 0 {
			s.y--
		} else {
			s.scrollDown(1)
		}
	case 'D':
		s.lineFeed()
	case 'E':
		s.x = 0
		s.lineFeed()
	case 'c':
		s.main, s.alt = blank(s.w, s.h), blank(s.w, s.h)
		s.cells, s.inAlt = &s.main, false
		s.moveTo(0, 0)
	}
}

func (s *Screen) osc(cmd int, data []byte) {
	// data is the whole string, "11;?" for a background query.
	_, arg, _ := bytes.Cut(data, []byte(";"))
	if string(arg) != "?" {
		return
	}
	switch cmd {
	case 10:
		s.answer("\x1b]10;rgb:ffff/ffff/ffff\x1b\\")
	case 11:
		s.answer("\x1b]11;" + s.background + "\x1b\\")
	case 12:
		s.answer("\x1b]12;rgb:ffff/ffff/ffff\x1b\\")
	}
}

func (s *Screen) answer(a string) {
	if s.respond != nil {
		s.respond([]byte(a))
	}
}
