package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
)

// previousOnDot is the screen's `.` answer: the line naming the previous
// trick ("" when none does).
func previousOnDot(m *model) string {
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
	m.drawn = ""
	defer m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")}) // closes it again
	for _, l := range strings.Split(plainView(m), "\n") {
		if strings.Contains(l, "Previous trick") || strings.Contains(l, "Last trick of round") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// From the forehead round's held trick through the next round's
// trump-choice draw, its deal, the naming of trump and the bids, `.` shows
// the forehead round's trick (the viewer's own card with it) until the
// new round's first trick is complete; a screen opened meanwhile (a
// reconnect) shows it too.
func TestPreviousTrickThroughATrumpChoiceDraw(t *testing.T) {
	r, err := games.Registry().Lookup("boerenbridge")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.Start(4, engine.Options{"special_rounds": "1:forehead,2:trump_choice"})
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(7)
	step := func() {
		t.Helper()
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			return
		}
		seat := g.Next()
		if err := g.Apply(seat, g.Legal(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	for g.View(0).(*trick.View).Round == 1 {
		step()
	}
	v := g.View(0).(*trick.View)
	mine := cards.None
	for _, p := range v.LastTrick {
		if p.Seat == 0 {
			mine = p.Card
		}
	}
	if v.Phase != trick.PhaseDraw || mine == cards.None {
		t.Fatalf("round 2 begins in phase %v with last trick %v", v.Phase, v.LastTrick)
	}
	m := testModel(80, 24, Settings{})
	s := snapshotOf(g, "Boerenbridge", 0)
	s.Paused = true // the table holds the forehead round's trick
	onTable(m, s)
	phases := map[trick.Phase]bool{}
	for steps := 0; ; steps++ {
		v := g.View(0).(*trick.View)
		if v.Round != 2 || len(v.LastTrick) > 0 && v.Phase == trick.PhasePlay || steps > 100 {
			break
		}
		phases[v.Phase] = true
		s := snapshotOf(g, "Boerenbridge", 0)
		s.Version += uint64(steps + 1)
		m.Update(snapMsg{s: s, ok: true})
		if line := previousOnDot(m); !strings.Contains(line, ansi.Strip(m.st.Card(mine))) {
			t.Fatalf("`.` in round 2's %v phase: %q; want the trick with %s", v.Phase, line, ansi.Strip(m.st.Card(mine)))
		}
		if v.Phase == trick.PhaseBid {
			fresh := onTable(testModel(80, 24, Settings{}), s)
			if line := previousOnDot(fresh); !strings.HasPrefix(line, "Last trick of round 1:") || !strings.Contains(line, ansi.Strip(m.st.Card(mine))) {
				t.Fatalf("`.` on a screen opened in round 2's bids: %q", line)
			}
		}
		step()
	}
	for _, p := range []trick.Phase{trick.PhaseDraw, trick.PhaseDeal, trick.PhaseTrump, trick.PhaseBid, trick.PhasePlay} {
		if !phases[p] {
			t.Errorf("never pressed `.` in phase %v (saw %v)", p, phases)
		}
	}
}
