package tui

import (
	"math"
	"sort"
	"strings"
)

// canvas places styled strings at cells of a fixed-size area and composes
// its lines. Items on one row must not overlap; a later item that would is
// moved right.
type canvas struct {
	w, h int
	rows [][]item
}

type item struct {
	x int
	s string // may hold escape sequences
	w int    // its width in cells
}

func newCanvas(w, h int) *canvas { return &canvas{w: w, h: h, rows: make([][]item, h)} }

// put writes s with its left edge at column x of row y (clipped to the area).
func (c *canvas) put(x, y int, s string) {
	if y < 0 || y >= c.h || s == "" {
		return
	}
	w := visibleWidth(s)
	x = max(0, min(x, c.w-w))
	c.rows[y] = append(c.rows[y], item{x, s, w})
}

// centred writes s centred on column x of row y.
func (c *canvas) centred(x, y int, s string) { c.put(x-visibleWidth(s)/2, y, s) }

func (c *canvas) lines() []string {
	out := make([]string, c.h)
	for y, row := range c.rows {
		sort.SliceStable(row, func(i, j int) bool { return row[i].x < row[j].x })
		var b strings.Builder
		col := 0
		for _, it := range row {
			if it.x < col {
				it.x = col
			}
			b.WriteString(strings.Repeat(" ", it.x-col))
			b.WriteString(it.s)
			col = it.x + it.w
		}
		out[y] = b.String()
	}
	return out
}

// around lays seats out around a table in play order: the viewer's seat at
// the bottom, then clockwise (left, top, right). Each seat has a block of
// lines drawn at its place and a play drawn between its place and the
// middle. you is the viewer's seat (0 for a spectator); clockwise says
// which way play goes.
func around(w, h int, blocks [][]string, plays []string, you int, clockwise bool) []string {
	c := newCanvas(w, h)
	n := len(blocks)
	cx, cy := float64(w)/2, float64(h)/2
	rx, ry := float64(w)/2-12, float64(h)/2-1.5
	for i := range blocks {
		k := (i - you + n) % n // 0 for the viewer
		if !clockwise {
			k = (n - k) % n
		}
		// From the bottom (90° in screen coordinates, y grows downwards)
		// clockwise on the screen: bottom, left, top, right.
		a := math.Pi/2 + 2*math.Pi*float64(k)/float64(n)
		sx, sy := cx+rx*math.Cos(a), cy+ry*math.Sin(a)
		block := blocks[i]
		top := int(math.Round(sy)) - len(block)/2
		if k == 0 {
			top = h - len(block)
		}
		for j, l := range block {
			c.centred(int(math.Round(sx)), top+j, l)
		}
		if i < len(plays) && plays[i] != "" {
			px, py := cx+0.45*rx*math.Cos(a), cy+0.45*ry*math.Sin(a)
			c.centred(int(math.Round(px)), int(math.Round(py)), plays[i])
		}
	}
	return c.lines()
}
