package tui

import (
	"math"
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

// reset empties c and sizes it w×h, keeping its storage for the next
// drawing.
func (c *canvas) reset(w, h int) {
	c.w, c.h = w, h
	if cap(c.rows) < h {
		c.rows = make([][]item, h)
	}
	c.rows = c.rows[:h]
	for y := range c.rows {
		clear(c.rows[y]) // drop the old strings
		c.rows[y] = c.rows[y][:0]
	}
}

// putW writes s, of width w cells, with its left edge at column x of row y
// (clipped to the area).
func (c *canvas) putW(x, y int, s string, w int) {
	if y < 0 || y >= c.h || s == "" {
		return
	}
	x = max(0, min(x, c.w-w))
	c.rows[y] = append(c.rows[y], item{x, s, w})
}

// centred writes s centred on column x of row y.
func (c *canvas) centred(x, y int, s string) { c.centredW(x, y, s, visibleWidth(s)) }

// centredW is centred for s of known width w.
func (c *canvas) centredW(x, y int, s string, w int) { c.putW(x-w/2, y, s, w) }

// centredLead is centredW for s whose first lead cells (a mark) hang left
// of the centred rest, which stays where it is with or without them.
func (c *canvas) centredLead(x, y int, s string, w, lead int) {
	c.putW(x-(w-lead)/2-lead, y, s, w)
}

// write writes the rows to b, each followed by a newline.
func (c *canvas) write(b *strings.Builder) {
	for y := range c.rows {
		c.writeRow(b, y)
		b.WriteByte('\n')
	}
}

func (c *canvas) writeRow(b *strings.Builder, y int) {
	row := c.rows[y]
	// A stable insertion sort by column: a row holds a few items.
	for i := 1; i < len(row); i++ {
		for j := i; j > 0 && row[j].x < row[j-1].x; j-- {
			row[j], row[j-1] = row[j-1], row[j]
		}
	}
	col := 0
	for _, it := range row {
		if it.x < col {
			it.x = col
		}
		writeSpaces(b, it.x-col)
		b.WriteString(it.s)
		col = it.x + it.w
	}
}

// seatBlock is the lines drawn at a seat's place around the table, with
// their widths.
type seatBlock struct {
	lines  []string
	widths []int
	lead   int // cells at the start of the first line left of its centred part: the turn's mark
}

func newSeatBlock(lines ...string) seatBlock {
	b := seatBlock{lines: lines, widths: make([]int, len(lines))}
	for i, l := range lines {
		b.widths[i] = visibleWidth(l)
	}
	return b
}

// around lays seats out around a table in play order: the viewer's seat at
// the bottom, then clockwise (left, top, right). Each seat has a block of
// lines drawn at its place and a play drawn between its place and the
// middle. you is the viewer's seat (0 for a spectator); clockwise says
// which way play goes. It writes the h lines of the w-wide area to b, each
// followed by a newline. c is the canvas to draw on, reset first.
func around(b *strings.Builder, c *canvas, w, h int, blocks []seatBlock, plays []string, you int, clockwise bool) {
	c.reset(w, h)
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
		top := int(math.Round(sy)) - len(block.lines)/2
		if k == 0 {
			top = h - len(block.lines)
		}
		for j, l := range block.lines {
			lead := 0
			if j == 0 {
				lead = block.lead
			}
			c.centredLead(int(math.Round(sx)), top+j, l, block.widths[j], lead)
		}
		if i < len(plays) && plays[i] != "" {
			px, py := cx+0.45*rx*math.Cos(a), cy+0.45*ry*math.Sin(a)
			c.centred(int(math.Round(px)), int(math.Round(py)), plays[i])
		}
	}
	c.write(b)
}

// centredLine writes s centred in a line of width w to b, then a newline:
// a canvas of one row with s alone on it.
func centredLine(b *strings.Builder, w int, s string) {
	if s != "" {
		sw := visibleWidth(s)
		writeSpaces(b, min(w/2-sw/2, w-sw))
		b.WriteString(s)
	}
	b.WriteByte('\n')
}

// spaces is a run of spaces to write from.
const spaces = "                                                                                                                                "

// writeSpaces writes n spaces to b (none for n ≤ 0).
func writeSpaces(b *strings.Builder, n int) {
	for n > 0 {
		k := min(n, len(spaces))
		b.WriteString(spaces[:k])
		n -= k
	}
}
