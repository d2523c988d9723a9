package tui

import (
	"fmt"
	"github.com/cardroom/cardroom/engine/doudizhu"
	tea "github.com/charmbracelet/bubbletea"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// On a wide screen the table keeps its place from round to round: the
// blind round's long note goes on to the right instead of moving the
// table, and still fits the screen.
func TestTableStaysPutWhenTheNoteGrows(t *testing.T) {
	at := func(round int) engine.Game {
		return playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
			v := g.View(0).(*trick.View)
			return v.Round == round && v.Phase == trick.PhaseBid
		})
	}
	margin := func(g engine.Game, lang string) (int, int) {
		return wideMargin(t, onTable(testModel(200, 50, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0)))
	}
	for _, lang := range []string{"en", "de", "nl"} {
		plain, _ := margin(at(9), lang)
		blind, widest := margin(at(10), lang)
		if widest <= plain+maxWidth {
			t.Fatalf("%s: the blind round's note is not wider than the table: the test shows nothing", lang)
		}
		if plain != blind {
			t.Errorf("%s: the table starts at column %d in round 9 and at %d in the blind round", lang, plain, blind)
		}
	}
}

// The Dou Dizhu table keeps its place on a wide screen too: a long round
// of plays (.) goes on to the right instead of moving the table, and
// still fits the screen.
func TestDouDizhuTableStaysPutWhenALineGrows(t *testing.T) {
	start := playTo(t, "doudizhu", 3, 19, func(g engine.Game) bool {
		return g.View(0).(*doudizhu.View).Phase == doudizhu.Playing
	})
	long := playTo(t, "doudizhu", 3, 19, func(g engine.Game) bool {
		r := ddRounds(g.View(0).(*doudizhu.View).History)
		return len(r) > 0 && len(r[len(r)-1]) >= 9
	})
	margin := func(g engine.Game, lang string) (int, int) {
		s := snapshotOf(g, "Dou Dizhu", 0)
		for i := range s.Seats {
			s.Seats[i].Name = fmt.Sprintf("Bartholomew%d", i)
		}
		m := onTable(testModel(200, 50, Settings{Lang: lang}), s)
		m.table.showPlays = true
		return wideMargin(t, m)
	}
	for _, lang := range []string{"en", "de", "nl"} {
		plain, _ := margin(start, lang)
		grown, widest := margin(long, lang)
		if widest <= plain+maxWidth {
			t.Fatalf("%s: the round of plays is not wider than the table: the test shows nothing", lang)
		}
		if plain != grown {
			t.Errorf("%s: the table starts at column %d at the deal's start and at %d with a long round of plays", lang, plain, grown)
		}
	}
}

// A replay on a wide screen keeps the table in its place from move to
// move, as the table does: the blind round's long note goes on to the
// right.
func TestReplayStaysPutWhenTheNoteGrows(t *testing.T) {
	game := finishedOf(t, "specialrounds", engine.Options{})
	for _, lang := range []string{"en", "de", "nl"} {
		m := openReplayIn(t, game, Settings{Lang: lang})
		m.Update(tea.WindowSizeMsg{Width: 200, Height: 50})
		m.key(keyMsg("home"))
		margins := map[int]int{}
		for range len(m.replay.events) + 1 {
			first := strings.SplitN(redrawn(m), "\n", 2)[0]
			margins[len(first)-len(strings.TrimLeft(first, " "))] = m.replay.pos
			checkFits(t, "replay", m.View(), 200, 50)
			m.key(keyMsg("right"))
		}
		if len(margins) != 1 {
			t.Errorf("%s: the replay starts at these columns (and a move there): %v", lang, margins)
		}
	}
}

// A seat's name around the table stays in its column when the turn's mark
// comes before it: the mark hangs left of the centred name.
func TestSeatNamesStayPutWithTheTurnMark(t *testing.T) {
	for _, c := range []struct{ ruleset, title string }{{"singularity", "Singularity"}, {"doudizhu", "Dou Dizhu"}} {
		players := 4
		if c.ruleset == "doudizhu" {
			players = 3
		}
		snaps := snapSeries(t, c.ruleset, players, 1, c.title, 0, 24)
		cols := map[string]map[int]bool{}
		turns := map[string]map[bool]bool{}
		for _, s := range snaps {
			m := onTable(testModel(200, 50, Settings{}), s)
			for i, seat := range s.Seats {
				if i == s.You {
					continue
				}
				name := seat.Name + " ["
				for _, l := range strings.Split(stripANSI(m.View()), "\n") {
					if x := strings.Index(l, name); x >= 0 {
						if cols[seat.Name] == nil {
							cols[seat.Name], turns[seat.Name] = map[int]bool{}, map[bool]bool{}
						}
						cols[seat.Name][visibleWidth(l[:x])] = true
						turns[seat.Name][strings.HasSuffix(l[:x], cursorMark(m.st))] = true
						break
					}
				}
			}
		}
		for name, at := range cols {
			if len(turns[name]) != 2 {
				t.Errorf("%s: %s never had the turn's mark, or always had it: the test shows nothing", c.title, name)
			}
			if len(at) != 1 {
				t.Errorf("%s: %s's name is at these columns: %v", c.title, name, at)
			}
		}
		if len(cols) != players-1 {
			t.Errorf("%s: found the names of %d seats around the table", c.title, len(cols))
		}
	}
}

// wideMargin is the column where m's 200×50 screen starts (its first
// line's indent) and the width of its widest line; the screen must fit.
func wideMargin(t *testing.T, m *model) (int, int) {
	t.Helper()
	checkFits(t, "table", m.View(), 200, 50)
	widest := 0
	lines := strings.Split(stripANSI(m.View()), "\n")
	for _, l := range lines {
		widest = max(widest, visibleWidth(l))
	}
	first := lines[0]
	return len(first) - len(strings.TrimLeft(first, " ")), widest
}
