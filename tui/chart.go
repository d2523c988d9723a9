package tui

import (
	"strconv"
	"strings"
)

// chart draws the running totals of each seat over the rounds as a small
// line chart: two columns per round, each seat's points marked with its
// mark (marks[seat], a letter of its name: see chartLegend) in its own colour
// and joined by / - \ to the next round's, the zero line dotted. h is the
// plot height in rows; the y axis labels take 7 columns, more when a total
// is wider. A point two or more seats share is marked chartShared; shared
// says whether any is.
func (s *Styles) chart(totals [][]int, marks []string, h int) (out string, shared bool) {
	players := len(marks)
	if len(totals) == 0 || players == 0 || h < 3 {
		return "", false
	}
	lo, hi := 0, 0
	for _, row := range totals {
		for _, v := range row[:players] {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if hi == lo {
		hi = lo + 1
	}
	y := func(v int) int { return (v - lo) * (h - 1) / (hi - lo) } // 0 at the bottom
	colW := 2
	grid := make([][]string, h)
	for r := range grid {
		grid[r] = make([]string, len(totals)*colW)
		for c := range grid[r] {
			grid[r][c] = " "
		}
	}
	zero := y(0)
	for c := range grid[0] {
		grid[h-1-zero][c] = s.Subtle.Render("·")
	}
	inks := s.chartInks()
	// The joins between rounds first, so that the points are drawn on top.
	for round := 0; round+1 < len(totals); round++ {
		for seat := 0; seat < players; seat++ {
			a, b := h-1-y(totals[round][seat]), h-1-y(totals[round+1][seat])
			join := "-"
			switch {
			case b < a:
				join = "/"
			case b > a:
				join = "\\"
			}
			grid[(a+b)/2][round*colW+1] = inks[seat%len(inks)].Render(join)
		}
	}
	for round, row := range totals {
		on := map[int]int{} // by row: the seats with a point there
		for seat := 0; seat < players; seat++ {
			on[h-1-y(row[seat])]++
		}
		for seat := 0; seat < players; seat++ {
			r := h - 1 - y(row[seat])
			if on[r] > 1 {
				grid[r][round*colW] = s.Bold.Render(chartShared)
				shared = true
				continue
			}
			grid[r][round*colW] = inks[seat%len(inks)].Render(marks[seat])
		}
	}
	lw := max(6, len(strconv.Itoa(hi)), len(strconv.Itoa(lo)))
	var b strings.Builder
	for r := range grid {
		label := ""
		switch r {
		case 0:
			label = strconv.Itoa(hi)
		case h - 1 - zero:
			label = "0"
		case h - 1:
			label = strconv.Itoa(lo)
		}
		b.WriteString(s.Subtle.Render(padLeft(label, lw)) + " " + strings.Join(grid[r], "") + "\n")
	}
	return b.String(), shared
}

// chartShared marks a point of the chart that two or more seats share.
const chartShared = "*"

// chartInks are the seats' colours in the chart and its legend.
func (s *Styles) chartInks() []ink { return []ink{s.Title, s.Err, s.OK, s.Warn, s.Bot, s.Key} }
