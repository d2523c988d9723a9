package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
)

// sheetView is the score sheet: every round (or deal) with what each seat
// bid, took and scored, so a player can check the totals by hand.
func (tm *tableModel) sheetView() string {
	switch v := tm.snap.View.(type) {
	case *trick.View:
		return tm.trickSheet(v)
	case *doudizhu.View:
		return tm.ddSheet(v)
	}
	return ""
}

// sheetCell is one seat's entry in one row of a trick game's sheet.
type sheetCell struct{ bt, pts, total string }

// sheetRow is a line of the trick sheet: a round with a cell per seat, or
// a penalty (line set, cells nil).
type sheetRow struct {
	label string
	cells []sheetCell
	line  string
	note  bool // line is no penalty but a seat changing hands
	now   bool // the round being played
}

// dealsVary reports whether some round of v's game deals other than its
// number of cards (Boerenbridge on the way down): then the sheet gives
// each round's cards in brackets after it, and a line says so.
func (tm *tableModel) dealsVary(v *trick.View) bool {
	for i, p := range trick.Schedule(v.Ruleset, v.Players, tm.snap.Options) {
		if p.Cards != i+1 {
			return true
		}
	}
	for _, r := range v.Sheet { // a schedule not known: the rounds played
		if r.Cards != r.Round {
			return true
		}
	}
	return false
}

// trickSheetRows lays out the sheet: each finished round (bid/took, the
// round's points, the running total), each penalty on its own line after
// the round it was given in, then the round being played. The running
// totals include the penalties given so far, so the last one is the total.
// It also returns the running totals after each finished round, for the
// chart, and the totals now when penalties came after the last round.
func (tm *tableModel) trickSheetRows(v *trick.View) (rows []sheetRow, totals [][]int, satOut bool) {
	tx := tm.m.tx
	run := make([]int, v.Players)
	// penalties adds the lines of the penalties given while round was next
	// or in play (from round on, when last).
	penalties := func(round int, last bool) {
		for _, p := range v.Penalties {
			if p.Round == round || last && p.Round > round {
				if p.Seat >= 0 && p.Seat < v.Players {
					run[p.Seat] += p.Points
				}
				rows = append(rows, sheetRow{line: tx.f("penalty: %s %+d, %s", tm.holderIn(p.Seat, p.Round), p.Points, clipText(p.Reason, 40))})
			}
		}
	}
	// handovers adds the lines of the seats that changed hands after the
	// last round it was called for, up to round (all later ones, when last).
	label := func(round, cards int) string { return strconv.Itoa(round) }
	if tm.dealsVary(v) {
		label = func(round, cards int) string { return fmt.Sprintf("%d (%d)", round, cards) }
	}
	done := 0
	handovers := func(round int, last bool) {
		for _, l := range tm.handovers(false, done, round, last) {
			rows = append(rows, sheetRow{line: l, note: true})
		}
		done = round
	}
	for _, r := range v.Sheet {
		handovers(r.Round, false)
		penalties(r.Round, false)
		row := sheetRow{label: label(r.Round, r.Cards), cells: make([]sheetCell, v.Players)}
		for i := range v.Players {
			run[i] += r.Scores[i]
			c := sheetCell{bt: fmt.Sprintf("%d/%d", r.Bids[i], r.Took[i]), pts: fmt.Sprintf("%+d", r.Scores[i]), total: strconv.Itoa(run[i])}
			if r.SatOut != nil && r.SatOut[i] {
				c.bt, c.pts, satOut = tx.get("out"), "~"+c.pts, true
			}
			row.cells[i] = c
		}
		rows = append(rows, row)
		totals = append(totals, append([]int(nil), run...))
	}
	next := v.Round
	if n := len(v.Sheet); n > 0 && v.Sheet[n-1].Round >= next {
		next = v.Sheet[n-1].Round + 1
	}
	handovers(next, true)
	penalties(next, true)
	if n := len(totals); n > 0 && !slices.Equal(totals[n-1], run) { // penalties since the last round: the chart ends at the totals
		totals = append(totals, append([]int(nil), run...))
	}
	scored := len(v.Sheet) > 0 && v.Sheet[len(v.Sheet)-1].Round >= v.Round // its last trick held, the next round not dealt
	if !v.Over && !scored {
		row := sheetRow{label: label(v.Round, v.Cards), cells: make([]sheetCell, v.Players), now: true}
		for i := range v.Players {
			bid := "·"
			if v.Bids[i] != trick.NoBid {
				bid = strconv.Itoa(v.Bids[i])
			}
			c := sheetCell{bt: bid + "/" + strconv.Itoa(v.Tricks[i]), pts: "…"}
			if v.SatOut != nil && v.SatOut[i] {
				c.bt = tx.get("out")
			}
			row.cells[i] = c
		}
		rows = append(rows, row)
	}
	return rows, totals, satOut
}

func (tm *tableModel) trickSheet(v *trick.View) string {
	st, tx := tm.m.st, tm.m.tx
	rows, totals, satOut := tm.trickSheetRows(v)
	bw, pw, tw := 1, 1, 1
	lw := max(visibleWidth(tx.get("round")), visibleWidth(tx.get("total"))) + 1
	for _, r := range rows {
		lw = max(lw, len(r.label))
		for _, c := range r.cells {
			bw, pw, tw = max(bw, visibleWidth(c.bt)), max(pw, visibleWidth(c.pts)), max(tw, len(c.total))
		}
	}
	for _, t := range v.Totals {
		tw = max(tw, len(strconv.Itoa(t)))
	}
	// A column per seat: bid/took, points, total; the points go when there
	// is no room for them (the totals show them too).
	showPts := true
	col := bw + 1 + pw + 1 + tw + 2
	if lw+v.Players*col > tm.m.width {
		showPts, col = false, bw+1+tw+2
	}
	col = max(col, (tm.m.width-lw)/v.Players)
	col = min(col, 20)
	cell := func(c sheetCell) string {
		s := padLeft(c.bt, bw)
		if showPts {
			s += " " + padLeft(c.pts, pw)
		}
		return padLeft(s+" "+padLeft(c.total, tw), col)
	}
	var b strings.Builder
	explain := tx.get("per seat: bid/took, the round's points, the running total")
	if !showPts {
		explain = tx.get("per seat: bid/took and the running total")
	}
	b.WriteString(tm.sheetTitle(explain))
	names := make([]string, v.Players)
	for i := range names {
		names[i] = tm.plainName(i)
	}
	marks := chartMarks(names)
	head := padRight(tx.get("round"), lw)
	for i := range v.Players {
		head += padLeft(clipText(tm.plainName(i), col-4)+" "+marks[i], col)
	}
	b.WriteString(st.Subtle.Render(head) + "\n")

	// The rows come first; the chart (a gap, the plot, its legend) takes
	// the lines they leave, if there are enough.
	var specials []string // wrapped: 19 rounds' names outgrow 80 columns
	if sp := specialRounds(tx, v, trick.Schedule(v.Ruleset, v.Players, tm.snap.Options)); sp != "" {
		specials = strings.Split(ansi.Wordwrap(sp, tm.m.width, ""), "\n")
	}
	vary := tm.dealsVary(v)
	free := tm.height() - 6 - boolInt(vary) - boolInt(satOut) - len(specials) // header, title, names, total, help bar, chat; the legend
	chartH := 0
	if len(totals) > 1 && free-len(rows)-4 >= 4 { // and two lines of chat
		chartH = min(10, free-len(rows)-4)
	}
	if len(rows) > free {
		rows = sheetWindow(tm, &b, rows, free-1)
	}
	for _, r := range rows {
		switch {
		case r.cells == nil && r.note:
			b.WriteString(st.Subtle.Render(fit("  "+r.line, tm.m.width)) + "\n")
		case r.cells == nil:
			b.WriteString(st.Err.Render(fit("  "+r.line, tm.m.width)) + "\n")
		default:
			line := padRight(r.label, lw)
			for _, c := range r.cells {
				line += cell(c)
			}
			if r.now {
				line = st.Turn.Render(line)
			}
			b.WriteString(line + "\n")
		}
	}
	total := padRight(tx.get("total"), lw)
	for i := range v.Players {
		total += padLeft(strconv.Itoa(v.Totals[i]), col)
	}
	b.WriteString(st.Bold.Render(total) + "\n")
	if vary {
		b.WriteString(st.Subtle.Render(fit(tx.get("n (c): round n, in which each seat was dealt c cards"), tm.m.width)) + "\n")
	}
	if satOut {
		b.WriteString(st.Subtle.Render(fit(tx.get("out ~: sat the round out and scored the others' average"), tm.m.width)) + "\n")
	}
	for _, l := range specials {
		b.WriteString(st.Subtle.Render(fit(l, tm.m.width)) + "\n")
	}
	if chartH > 0 {
		plot, shared := st.chart(totals, marks, chartH)
		b.WriteString("\n" + plot)
		extra := ""
		if shared {
			extra = chartShared + " " + tx.get("more than one")
		}
		b.WriteString(st.chartLegend(marks, names, extra, tm.m.width) + "\n")
	}
	return b.String()
}

// specialRounds names the special rounds played so far and the one being
// played, then those still to come in the schedule ("special rounds: 5
// trump choice, 7 no trump · to come: 13 no trump"), "" if there are none.
// Without a schedule it names only the rounds reached.
func specialRounds(tx *text, v *trick.View, schedule []trick.Planned) string {
	name := func(round int, m trick.Modifier) string {
		return strconv.Itoa(round) + " " + modifierName(tx, m.String())
	}
	var reached, toCome []string
	for _, r := range v.Sheet {
		if r.Modifier != trick.Ordinary {
			reached = append(reached, name(r.Round, r.Modifier))
		}
	}
	last := 0 // the last round reached
	if n := len(v.Sheet); n > 0 {
		last = v.Sheet[n-1].Round
	}
	if !v.Over && v.Round > last {
		if v.Modifier != trick.Ordinary {
			reached = append(reached, name(v.Round, v.Modifier))
		}
		last = v.Round
	}
	for i, p := range schedule {
		if round := i + 1; round > last && p.Modifier != trick.Ordinary {
			toCome = append(toCome, name(round, p.Modifier))
		}
	}
	switch {
	case len(reached) > 0 && len(toCome) > 0:
		return tx.get("special rounds:") + " " + strings.Join(reached, ", ") + " · " + tx.get("to come:") + " " + strings.Join(toCome, ", ")
	case len(reached) > 0:
		return tx.get("special rounds:") + " " + strings.Join(reached, ", ")
	case len(toCome) > 0:
		return tx.get("special rounds to come:") + " " + strings.Join(toCome, ", ")
	}
	return ""
}

// sheetWindow is the n lines of rows shown when not all fit: the last
// ones, or earlier ones as the player scrolls up (tm.sheetUp), after a line
// saying which are shown.
func sheetWindow[R any](tm *tableModel, b *strings.Builder, rows []R, n int) []R {
	n = max(1, n)
	up := min(tm.sheetUp, len(rows)-n)
	tm.sheetUp = up
	end := len(rows) - up
	b.WriteString(tm.m.st.Subtle.Render(tm.m.tx.f("lines %d–%d of %d · ↑↓ scroll", end-n+1, end, len(rows))) + "\n")
	return rows[end-n : end]
}

// sheetTitle is the sheet's first line: its title and what it shows.
func (tm *tableModel) sheetTitle(explain string) string {
	title := tm.m.tx.get("Score sheet")
	return tm.m.st.Title.Render(title) + tm.m.st.Subtle.Render(fit("  "+explain, tm.m.width-visibleWidth(title))) + "\n"
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// chartMarks gives each seat a letter of its name for the chart, no two
// alike: the first letter not yet taken, else a digit.
func chartMarks(names []string) []string {
	marks := make([]string, len(names))
	used := map[rune]bool{}
	for i, name := range names {
		for _, r := range name {
			r = unicode.ToUpper(r)
			if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) && !used[r] {
				marks[i], used[r] = string(r), true
				break
			}
		}
		if marks[i] == "" {
			for d := '1'; d <= '9'; d++ {
				if !used[d] {
					marks[i], used[d] = string(d), true
					break
				}
			}
		}
	}
	return marks
}

// chartLegend is the line under the chart naming each seat's mark, in the
// seat's colour, then extra ("" for none), which always gets its room.
func (s *Styles) chartLegend(marks, names []string, extra string, width int) string {
	inks := s.chartInks()
	var parts []string
	w := 0
	if extra != "" {
		w = visibleWidth(extra) + 2
	}
	for i, m := range marks {
		p := m + " " + names[i]
		if w+visibleWidth(p)+2 > width {
			break
		}
		w += visibleWidth(p) + 2
		parts = append(parts, inks[i%len(inks)].Render(p))
	}
	if extra != "" {
		parts = append(parts, s.Bold.Render(extra))
	}
	return strings.Join(parts, "  ")
}

func (tm *tableModel) ddSheet(v *doudizhu.View) string {
	st, tx := tm.m.st, tm.m.tx
	var b strings.Builder
	b.WriteString(tm.sheetTitle(tx.get("per deal: landlord, bid, doublings, points")) + "\n")
	labels := []string{tx.get("deal"), tx.get("landlord"), tx.get("bid"), tx.get("bombs"), tx.get("rocket"), tx.get("spring"), "×"}
	rows := [][]string{}
	notes := map[int][]string{} // by row: the lines of seats that changed hands before it
	for d, sc := range v.Scores {
		notes[len(rows)] = tm.handovers(true, d, d+1, d == len(v.Scores)-1)
		row := []string{strconv.Itoa(d + 1), "", "", "", "", "", ""}
		if d < len(v.Sums) {
			sum := v.Sums[d]
			bombs := sum.Bombs
			rocket := ""
			if sum.Rocket {
				bombs--
				rocket = tx.get("yes")
			}
			spring := ""
			switch {
			case sum.Spring:
				spring = tx.get("spring")
			case sum.AntiSpring:
				spring = tx.get("reverse")
			}
			row = []string{strconv.Itoa(d + 1), clipText(tm.holderIn(sum.Landlord, d+1), 9), strconv.Itoa(sum.Bid), strconv.Itoa(bombs), rocket, spring, "×" + strconv.Itoa(sum.Multiplier)}
		}
		for _, x := range sc {
			row = append(row, fmt.Sprintf("%+d", x))
		}
		rows = append(rows, row)
	}
	for i := range doudizhu.Players {
		labels = append(labels, clipText(tm.plainName(i), 8))
	}
	total := []string{tx.get("total"), "", "", "", "", "", ""}
	for i := range doudizhu.Players {
		total = append(total, strconv.Itoa(v.Totals[i]))
	}
	rows = append(rows, total)
	widths := make([]int, len(labels))
	for c, l := range labels {
		widths[c] = visibleWidth(l)
		for _, r := range rows {
			if c < len(r) {
				widths[c] = max(widths[c], visibleWidth(r[c]))
			}
		}
	}
	line := func(cells []string) string {
		var l strings.Builder
		for c, s := range cells {
			if c > 0 {
				l.WriteString("  ")
			}
			if c <= 1 || c == 5 { // names and words left, numbers right
				l.WriteString(padRight(s, widths[c]))
			} else {
				l.WriteString(padLeft(s, widths[c]))
			}
		}
		return l.String()
	}
	b.WriteString(st.Subtle.Render(line(labels)) + "\n")
	room := max(2, tm.height()-10)
	var shown []string // the rows and the notes before them, drawn
	for i, r := range rows[:len(rows)-1] {
		for _, n := range notes[i] {
			shown = append(shown, st.Subtle.Render(fit("  "+n, tm.m.width)))
		}
		shown = append(shown, line(r))
	}
	if len(shown) > room {
		shown = sheetWindow(tm, &b, shown, room-1)
	}
	for _, l := range shown {
		b.WriteString(l + "\n")
	}
	b.WriteString(st.Bold.Render(line(total)) + "\n") // tab back: the key bar says it
	return b.String()
}
