package tui

import (
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/engine/cards"
)

// frame holds the characters of a row of small framed cards.
type frame struct {
	tl, tm, tr, bl, bm, br, h, v string
}

func (s *Styles) frame() frame {
	if s.glyphs == Unicode {
		return frame{"╭", "┬", "╮", "╰", "┴", "╯", "──", "│"}
	}
	return frame{"+", "+", "+", "+", "+", "+", "--", "|"}
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
	thick := "━━"
	if s.glyphs != Unicode {
		thick = "=="
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
		if i < len(thickTop) && thickTop[i] {
			top.WriteString(s.Warn.Render(thick))
		} else {
			top.WriteString(f.h)
		}
		bot.WriteString(f.h)
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
		mark := "▲"
		if s.glyphs != Unicode {
			mark = "^"
		}
		out += "\n" + strings.Repeat(" ", 1+3*cursor) + s.Key.Render(mark)
	}
	return out
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
