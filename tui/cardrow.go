package tui

import (
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/engine/cards"
)

// frame holds the characters of a row of small framed cards.
type frame struct {
	tl, tm, tr, bl, bm, br, h, v string // h: one column of edge
}

func (s *Styles) frame() frame {
	if s.glyphs == Unicode {
		return frame{"╭", "┬", "╮", "╰", "┴", "╯", "─", "│"}
	}
	return frame{"+", "+", "+", "+", "+", "+", "-", "|"}
}

// cardRow draws cards as a row of small framed cards sharing their edges,
// three columns each:
//
//	╭──┬──┬──╮
//	│A♠│K♠│T♥│
//	╰──┴──┴──╯
//
// state says how each card is drawn; cursor ≥ 0 puts a marker under that
// card (a fourth line). A nil card list draws an empty frame.
func (s *Styles) cardRow(cs []cards.Card, state func(i int) cardState, cursor int) string {
	return s.cardRowMarked(cs, state, cursor, nil)
}

// cardRowMarked is cardRow with the top edge of the cards
// drawn thick where thickTop[i] (━━, ASCII ==): the bottom cards in the landlord's hand.
func (s *Styles) cardRowMarked(cs []cards.Card, state func(i int) cardState, cursor int, thickTop []bool) string {
	f := s.frame()
	thick := "━"
	if s.glyphs != Unicode {
		thick = "="
	}
	var top, mid, bot strings.Builder
	n := len(cs)
	if n == 0 {
		return ""
	}
	top.WriteString(f.tl)
	mid.WriteString(f.v)
	bot.WriteString(f.bl)
	for i, c := range cs {
		st := cardNormal
		if state != nil {
			st = state(i)
		}
		w := s.faceWidth(c)
		if i < len(thickTop) && thickTop[i] {
			top.WriteString(s.Warn.Render(strings.Repeat(thick, w)))
		} else {
			top.WriteString(strings.Repeat(f.h, w))
		}
		bot.WriteString(strings.Repeat(f.h, w))
		mid.WriteString(s.cached(st, c))
		mid.WriteString(f.v)
		if i < n-1 {
			top.WriteString(f.tm)
			bot.WriteString(f.bm)
		}
	}
	top.WriteString(f.tr)
	bot.WriteString(f.br)
	out := top.String() + "\n" + mid.String() + "\n" + bot.String()
	if cursor >= 0 && cursor < n {
		out += "\n" + s.cursorLine(cs, state, cursor)
	}
	return out
}

// cursorLine is the line under a row of cards: ▲ under the cursor's card,
// and • under each other card drawn hot (marked), so that marks show
// without colour too.
func (s *Styles) cursorLine(cs []cards.Card, state func(i int) cardState, cursor int) string {
	mark, hot := "▲", "•"
	if s.glyphs != Unicode {
		mark, hot = "^", "*"
	}
	var b strings.Builder
	x := 0
	for i := range cs {
		m := hot
		switch {
		case i == cursor:
			m = mark
		case state == nil || state(i) != cardHot:
			continue
		}
		cx := s.cardX(cs, i)
		b.WriteString(strings.Repeat(" ", cx-x) + s.Key.Render(m))
		x = cx + 1
	}
	return b.String()
}

// backRow draws n face-down cards, at most max of them then "+k".
func (s *Styles) backRow(n, max int) string {
	if n <= 0 {
		return ""
	}
	shown := min(n, max)
	var b strings.Builder
	for range shown {
		b.WriteString(s.back)
	}
	if n > shown {
		b.WriteString(s.Subtle.Render("+" + strconv.Itoa(n-shown)))
	}
	return b.String()
}

// faceWidth is the columns card c's face takes: two, three for a ten
// written 10.
func (s *Styles) faceWidth(c cards.Card) int {
	if c.IsSuitCard() && c.Rank() == cards.Ten && s.lang != "en" {
		return 3
	}
	return 2
}

// cardX is the column where card i of a row of cs starts (inside its frame).
func (s *Styles) cardX(cs []cards.Card, i int) int {
	x := 1
	for _, c := range cs[:min(i, len(cs))] {
		x += s.faceWidth(c) + 1
	}
	return x
}

// rowWidth is the columns a row of cs takes, frame included.
func (s *Styles) rowWidth(cs []cards.Card) int { return s.cardX(cs, len(cs)) }

// cardAt is the card of a row of cs at column x (0 the frame's left edge;
// an edge between two cards counts as the left one's), or -1.
func (s *Styles) cardAt(cs []cards.Card, x int) int {
	for i := range cs {
		if start := s.cardX(cs, i); x >= start && x <= start+s.faceWidth(cs[i]) {
			return i
		}
	}
	return -1
}
