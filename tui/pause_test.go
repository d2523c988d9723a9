package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// `.` shows the previous trick beside the trick being played, labelled;
// it goes away on the next key, and on the next card played.
func TestPreviousTrickOverlay(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := midTrick(t, testModel(size[0], size[1], Settings{}))
		trickLine := func() string {
			m.drawn = ""
			return plainView(m)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
		screen := trickLine()
		if !strings.Contains(screen, "Previous trick:") || !strings.Contains(screen, "J♣") {
			t.Fatalf("%v: the overlay hides the trick or is not labelled:\n%s", size, screen)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRight})
		if strings.Contains(trickLine(), "Previous trick:") {
			t.Fatalf("%v: the overlay stayed after a key", size)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
		s := m.table.snap
		v := *s.View.(*trick.View)
		v.Played = append(v.Played[:len(v.Played):len(v.Played)], trick.Played{Seat: 0})
		s.View, s.Version = &v, s.Version+1
		m.Update(snapMsg{s: s, ok: true})
		if strings.Contains(trickLine(), "Previous trick:") {
			t.Fatalf("%v: the overlay stayed after a card was played", size)
		}
	}
}

// While the table holds a completed trick, it is the trick on screen: its
// winner named (around the table, in the winner's own block).
func TestHeldTrickShown(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := heldTrick(t, testModel(size[0], size[1], Settings{}))
		screen := plainView(m)
		if size[0] == 200 {
			v := m.table.snap.View.(*trick.View)
			for i, b := range m.table.trickBlocks(v) {
				if won := strings.Contains(stripANSI(strings.Join(b.lines, "\n")), "won the trick"); won != (i == v.LastWinner) {
					t.Errorf("seat %d's block %q; Claude, seat %d, won the trick", i, b.lines, v.LastWinner)
				}
			}
		} else if !strings.Contains(screen, "Claude took it") {
			t.Fatalf("%v: no winner named:\n%s", size, screen)
		}
		m.table.snap.Paused = false
		m.table.gen++
		m.drawn = ""
		if strings.Contains(plainView(m), "Claude won the trick") {
			t.Fatalf("%v: the held line stayed after the pause", size)
		}
	}
}

// plainView is the model's frame without its colours.
func plainView(m *model) string { return ansi.Strip(m.View()) }

// The end of a Dou Dizhu deal stays on screen through the next deal's
// bidding until a key, and goes when that deal's play begins.
func TestDealPanelUntilAKey(t *testing.T) {
	m := gameOver("doudizhu")(t, testModel(80, 24, Settings{}))
	tm := m.table
	if tm.endedDeal == nil || !strings.Contains(plainView(m), "Deal 1 is over") {
		t.Fatalf("no panel at the end of the deal:\n%s", plainView(m))
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("z")})
	if tm.endedDeal != nil {
		t.Fatal("the panel stayed after a key")
	}
	tm.noteDealEnd()
	if tm.endedDeal == nil {
		t.Fatal("the ended deal was not noted")
	}
	v := *tm.snap.View.(*doudizhu.View)
	v.Phase, v.History = doudizhu.Playing, nil
	tm.snap.View = &v
	tm.noteDealEnd()
	if tm.endedDeal != nil {
		t.Fatal("the panel stayed into the next deal's play")
	}
}

// The end-of-deal panel in the middle of a match fits 80×24 and 200×50.
func TestDealPanelFits(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		g := ddDealEnded(t)
		s := snapshotOf(g, "Dou Dizhu", 0)
		s.Paused = true
		m := onTable(testModel(size[0], size[1], Settings{}), s)
		screen := m.View()
		if !strings.Contains(ansi.Strip(screen), "Deal 1 is over") {
			t.Fatalf("%v: no panel:\n%s", size, ansi.Strip(screen))
		}
		checkFits(t, "deal panel", screen, size[0], size[1])
	}
}

// The end-of-deal panel writes cards the way the Dou Dizhu hand does, in
// the player's language: Dutch players see 10♣ and B♣, not T♣ and J♣.
func TestDealPanelNotationOfTheHand(t *testing.T) {
	local := regexp.MustCompile(`(?:10|[BVH])[♠♥♦♣]`)
	rules := regexp.MustCompile(`[TJQK][♠♥♦♣]`)
	m := gameOver("doudizhu")(t, testModel(80, 24, Settings{Lang: "nl"}))
	screen := plainView(m)
	if rules.MatchString(screen) {
		t.Fatalf("the panel writes cards in English ranks:\n%s", screen)
	}
	if !local.MatchString(screen) {
		t.Fatalf("no card in Dutch ranks:\n%s", screen)
	}
}

// With six long names at 80 columns the held trick, the last trick and the
// previous trick still name who won it: the winner comes before the cards.
func TestTrickLinesNameTheWinnerAt80(t *testing.T) {
	g := sixSeatsHeldTrick(t)
	for _, lang := range []string{"en", "de", "nl"} {
		m, s := heldWithLongNames(t, g, lang)
		winner := s.Seats[s.View.(*trick.View).LastWinner].Name
		tm := m.table
		v := tm.snap.View.(*trick.View)
		for name, line := range map[string]string{
			"held": ansi.Strip(m.View()), "last": tm.trickLine(tm.m.tx.get("Last trick:"), v.LastTrick, v.LastWinner),
			"previous": tm.previousLine(v),
		} {
			found := false
			for _, l := range strings.Split(line, "\n") {
				if strings.Contains(fit(l, 80), tm.m.tx.f("%s took it", winner)) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s, %s: no line of the trick names %s at 80 columns:\n%s", lang, name, winner, line)
			}
		}
	}
}

// A trick too wide for 80 columns goes on in the line below: the held
// trick shows every seat's card, in every language.
func TestHeldTrickShowsEveryCardAt80(t *testing.T) {
	g := sixSeatsHeldTrick(t)
	for _, lang := range []string{"en", "de", "nl"} {
		m, s := heldWithLongNames(t, g, lang)
		screen := m.View()
		checkFits(t, lang, screen, 80, 24)
		for _, p := range s.View.(*trick.View).LastTrick {
			if want := fmt.Sprintf("Longname%d %s", p.Seat, ansi.Strip(m.st.Card(p.Card))); !strings.Contains(ansi.Strip(screen), want) {
				t.Errorf("%s: %q is not on the screen:\n%s", lang, want, ansi.Strip(screen))
			}
		}
	}
}

// The game-over screen shows every card of the last trick at 80 columns.
func TestGameOverLastTrickWholeAt80(t *testing.T) {
	m := gameOver("singularity")(t, testModel(80, 24, Settings{Lang: "de"}))
	s := m.table.snap
	s.Seats = append([]tables.SeatInfo(nil), s.Seats...)
	for i := range s.Seats {
		s.Seats[i].Name = fmt.Sprintf("Longname%d", i)
	}
	s.Version++
	m.Update(snapMsg{s: s, ok: true})
	m.drawn = ""
	screen := m.View()
	checkFits(t, "game over", screen, 80, 24)
	for _, p := range s.View.(*trick.View).LastTrick {
		if want := fmt.Sprintf("Longname%d %s", p.Seat, ansi.Strip(m.st.Card(p.Card))); !strings.Contains(ansi.Strip(screen), want) {
			t.Errorf("%q is not on the screen:\n%s", want, ansi.Strip(screen))
		}
	}
}

// A seat sitting the round out is not asked to play when its turn comes
// (its bot plays): the screen says it sits out, in every language, whole
// within 80 columns, and a key gets the same reason.
func TestSittingOutIsNotYourTurn(t *testing.T) {
	for lang, want := range map[string]string{"en": "You sit this round out", "de": "Du setzt diese Runde aus", "nl": "Je zit deze ronde uit"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		s := m.table.snap
		v := *s.View.(*trick.View)
		v.SatOut = make([]bool, v.Players)
		v.SatOut[0] = true
		s.View, s.Version = &v, s.Version+1
		m.table.snapshot(s)
		screen := plainView(m)
		if m.table.myTurn || strings.Contains(screen, m.tx.get("Your turn: choose a card with ←→ and press enter.")) || !strings.Contains(screen, want) {
			t.Errorf("%s: sitting out, the screen says:\n%s", lang, screen)
		}
		if line := m.table.sitOutLine(); !strings.Contains(screen, line) || visibleWidth(line) > 80 {
			t.Errorf("%s: %q (%d wide) is not whole on the 80-column screen:\n%s", lang, line, visibleWidth(line), screen)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		if !strings.Contains(m.status, want) {
			t.Errorf("%s: enter while sitting out says %q", lang, m.status)
		}
	}
}

// The winner of a held trick, who leads next, is not told it is their turn
// while the trick is shown: the table refuses moves until the pause ends,
// and a key says why.
func TestHeldTrickIsNotYourTurn(t *testing.T) {
	m := heldTrick(t, testModel(80, 24, Settings{}))
	s := m.table.snap
	v := *s.View.(*trick.View)
	v.Turn, s.Turn = 0, 0
	s.View, s.Version = &v, s.Version+1
	m.table.snapshot(s)
	screen := plainView(m)
	if m.table.myTurn || strings.Contains(screen, "Your turn") || !strings.Contains(screen, "You lead next, once the trick is cleared.") {
		t.Fatalf("held, alice to lead:\n%s", screen)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if !strings.Contains(m.status, "The trick is being shown") {
		t.Fatalf("enter during the pause says %q", m.status)
	}
}

// The out-of-turn line names who was to move when the key was pressed; once
// the turn passes on, it goes, so it never names a seat the screen does
// not wait for.
func TestOutOfTurnNoteGoesWithTheTurn(t *testing.T) {
	m := heldTrick(t, testModel(80, 24, Settings{Lang: "nl"}))
	s := m.table.snap
	s.Paused = false
	s.Version++
	m.table.snapshot(s)
	m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if m.status == "" {
		t.Fatal("no out-of-turn line")
	}
	v := *s.View.(*trick.View)
	v.Turn = (v.Turn + 1) % v.Players
	if v.Turn == 0 {
		v.Turn = 1
	}
	s.View, s.Turn, s.Version = &v, v.Turn, s.Version+1
	m.Update(snapMsg{s: s, ok: true})
	if m.status != "" {
		t.Fatalf("the turn passed to %d, the line still says %q", v.Turn, m.status)
	}
}

// While the last trick of a round is held, the round line still says who
// named trump.
func TestHeldRoundEndKeepsWhoNamedTrump(t *testing.T) {
	prev := &trick.View{Round: 5, NamedBy: 1, Chooser: 1, Trump: cards.Hearts, TrumpKnown: true}
	v := &trick.View{Sheet: []trick.SheetRound{{Round: 5}}, NamedBy: -1, Chooser: -1}
	nv := heldRoundEnd(prev, v)
	if nv == nil || nv.NamedBy != 1 || nv.Chooser != 1 {
		t.Fatalf("held round end: %+v", nv)
	}
}

// The note :away left says the bot plays on; once the game is over it goes.
func TestAwayNoteGoesAtGameOver(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	m.say(m.tx.get("You are away: your bot plays until you press a key."), false)
	over := gameOver("singularity")(t, testModel(80, 24, Settings{})).table.snap
	over.Version = m.table.snap.Version + 1
	m.Update(snapMsg{s: over, ok: true})
	if strings.Contains(plainView(m), "You are away") {
		t.Fatalf("the away note stayed on the game-over screen:\n%s", plainView(m))
	}
}

// At the start of a round, before its first trick, `.` shows the last
// trick of the round before, named as such.
func TestPreviousTrickAtARoundsStart(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	s := m.table.snap
	v := *s.View.(*trick.View)
	want := v.LastTrick[len(v.LastTrick)-1].Card
	v.Round++
	v.PrevTrick, v.PrevWinner = v.LastTrick, v.LastWinner
	v.LastTrick, v.LastWinner, v.Trick, v.Played = nil, -1, nil, nil
	s.View, s.Version = &v, s.Version+1
	m.Update(snapMsg{s: s, ok: true})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
	m.drawn = ""
	screen := plainView(m)
	if !strings.Contains(screen, fmt.Sprintf("Last trick of round %d:", v.Round-1)) || !strings.Contains(screen, m.st.Card(want)) && !strings.Contains(screen, ansi.Strip(m.st.Card(want))) {
		t.Fatalf("`.` at the start of round %d:\n%s", v.Round, screen)
	}
}

// As the table sends it: the last trick of a round held while the engine
// has moved on to the next round, then the deal; `.` names the round the
// trick was played in.
func TestPreviousTrickAfterAHeldRoundEnd(t *testing.T) {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 4 && g.Next() == engine.Chance && len(v.LastTrick) > 0
	})
	want := g.View(0).(*trick.View).LastTrick[0].Card
	m := testModel(80, 24, Settings{})
	s := snapshotOf(g, "Singularity", 0)
	s.Paused = true
	onTable(m, s)
	if err := g.Deal(cards.NewRand(2)); err != nil {
		t.Fatal(err)
	}
	s = snapshotOf(g, "Singularity", 0)
	s.Version++
	m.Update(snapMsg{s: s, ok: true})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(".")})
	m.drawn = ""
	screen := plainView(m)
	if !strings.Contains(screen, "Last trick of round 3:") || !strings.Contains(screen, ansi.Strip(m.st.Card(want))) {
		t.Fatalf("`.` at the start of round 4:\n%s", screen)
	}
}

// sixSeatsHeldTrick is a six-seat Singularity game in round 3 just after a
// trick was completed.
func sixSeatsHeldTrick(t *testing.T) engine.Game {
	return playTo(t, "singularity", 6, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 3 && v.Phase == trick.PhasePlay && len(v.Trick) == 0 && len(v.LastTrick) == 6
	})
}

// heldWithLongNames is seat 0's table screen at 80×24 in lang with g's
// completed trick held on screen, every seat named Longname and its number.
func heldWithLongNames(t *testing.T, g engine.Game, lang string) (*model, tables.Snapshot) {
	s := snapshotOf(g, "Singularity", 0)
	s.Seats = append([]tables.SeatInfo(nil), s.Seats...)
	for i := range s.Seats {
		s.Seats[i].Name = fmt.Sprintf("Longname%d", i)
	}
	s.Paused = true
	return onTable(testModel(80, 24, Settings{Lang: lang}), s), s
}

// The previous trick shown with `.` at 80 columns names every seat's card,
// in every language, taking the trick's line above too when it needs two.
func TestPreviousTrickShowsEveryCardAt80(t *testing.T) {
	g := sixSeatsHeldTrick(t)
	for _, lang := range []string{"en", "de", "nl"} {
		m, s := heldWithLongNames(t, g, lang)
		m.table.showLast = true
		m.drawn = ""
		screen := ansi.Strip(m.View())
		checkFits(t, lang, m.View(), 80, 24)
		for _, p := range s.View.(*trick.View).LastTrick {
			if want := fmt.Sprintf("Longname%d %s", p.Seat, ansi.Strip(m.st.Card(p.Card))); !strings.Contains(screen, want) {
				t.Errorf("%s: %q is not on the screen:\n%s", lang, want, screen)
			}
		}
	}
}

// The last round's scores, shown while the next round is bid, name every
// seat at 80 columns: six seats go on in the line below.
func TestRoundSummaryShowsEverySeatAt80(t *testing.T) {
	g := playTo(t, "singularity", 6, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 2 && v.Phase == trick.PhaseBid && len(v.Sheet) == 1
	})
	for _, lang := range []string{"en", "de", "nl"} {
		s := snapshotOf(g, "Singularity", 0)
		s.Seats = append([]tables.SeatInfo(nil), s.Seats...)
		for i := range s.Seats {
			s.Seats[i].Name = fmt.Sprintf("Longname%d", i)
		}
		m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
		screen := ansi.Strip(m.View())
		checkFits(t, lang, m.View(), 80, 24)
		for i, sc := range s.View.(*trick.View).Sheet[0].Scores {
			if want := fmt.Sprintf("Longname%d %+d", i, sc); !strings.Contains(screen, want) {
				t.Errorf("%s: %q is not on the screen:\n%s", lang, want, screen)
			}
		}
	}
}

// Sitting a round out, a player reads one true line, in every language: an
// away player only the away line (they are not back next round unless they
// press a key), one who is back that they are back next round; in the last
// round neither promises a next round.
func TestSittingOutSaysOneTrueLine(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, c := range []struct {
			away, last bool
			want       string
		}{
			{true, false, "You are away: press any key to be back next round. Your bot plays this one."},
			{true, true, "You are away: your bot plays this last round for you."},
			{false, false, "You sit this round out: your bot plays it; you are back next round."},
			{false, true, "You sit this last round out: your bot plays it."},
		} {
			m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
			s := m.table.snap
			v := *s.View.(*trick.View)
			v.SatOut = make([]bool, v.Players)
			v.SatOut[0] = true
			if c.last {
				v.Round = v.Rounds
			}
			s.Seats = slices.Clone(s.Seats)
			if c.away {
				s.Seats[0].Kind = tables.Away
			}
			s.View, s.Version = &v, s.Version+1
			m.table.snapshot(s)
			m.drawn = ""
			screen := plainView(m)
			name := fmt.Sprintf("%s, away %v, last round %v", lang, c.away, c.last)
			if want := m.tx.get(c.want); !strings.Contains(screen, want) {
				t.Errorf("%s: the screen does not say %q:\n%s", name, want, screen)
			}
			for _, other := range []string{
				"You are away: press any key to be back next round. Your bot plays this one.",
				"You are away: your bot plays this last round for you.",
				"You sit this round out: your bot plays it; you are back next round.",
				"You sit this last round out: your bot plays it.",
			} {
				if other != c.want && strings.Contains(screen, m.tx.get(other)) {
					t.Errorf("%s: the screen says %q too:\n%s", name, m.tx.get(other), screen)
				}
			}
			if strings.Contains(screen, m.tx.get("You sit this round out: your bot plays it; you are back next round.")) && c.last {
				t.Errorf("%s: a next round promised in the last:\n%s", name, screen)
			}
		}
	}
}
