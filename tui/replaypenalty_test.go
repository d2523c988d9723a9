package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/store"
)

// penaltyGame is a finished seeded game of Boerenbridge, its first round
// the forehead round, in which the scorekeeper gave bob (seat 2) a penalty
// of −5 with reason after the game's sixth step.
func penaltyGame(t *testing.T, reason string) store.Game {
	t.Helper()
	return playedGame(t, "boerenbridge", engine.Options{"max_cards": "2", "special_rounds": "1:forehead"}, [2]string{"bob", "carol"}, -1, func(n int) *engine.Event {
		if n != 6 {
			return nil
		}
		return &engine.Event{E: engine.EvPenalty, Seat: 1, Points: -5, Reason: reason}
	})
}

// Stepping through a replay, the step that is a scorekeeper's penalty
// says so on its move line, in every language, and the steps either side
// do not.
func TestReplaySaysThePenalty(t *testing.T) {
	game := penaltyGame(t, "late")
	for _, lang := range []string{"en", "de", "nl"} {
		m := openReplayIn(t, game, Settings{Lang: lang})
		m.key(keyMsg("home"))
		want := m.tx.f("penalty: %s %+d, %s", "bob", -5, "late")
		said := 0
		for range m.replay.events {
			scr := redrawn(m)
			checkFits(t, "replay", m.View(), 80, 24)
			first := strings.SplitN(scr, "\n", 2)[0]
			penalty := m.replay.pos > 0 && m.replay.events[m.replay.pos-1].E == engine.EvPenalty
			if strings.Contains(first, want) != penalty {
				t.Errorf("%s: move %d (a penalty: %v) reads %q", lang, m.replay.pos, penalty, first)
			}
			if penalty {
				said++
			}
			m.key(keyMsg("right"))
		}
		if said != 1 {
			t.Errorf("%s: the penalty showed at %d steps, want 1", lang, said)
		}
	}
}

// A penalty's long reason is cut on the move line at 80 columns, not
// pushed past the screen's edge.
func TestReplayPenaltyLineFits(t *testing.T) {
	m := openReplayIn(t, penaltyGame(t, strings.Repeat("talked during the trick ", 4)), Settings{Lang: "de"})
	m.key(keyMsg("home"))
	for range m.replay.events {
		m.key(keyMsg("right"))
		m.drawn = ""
		checkFits(t, "replay", m.View(), 80, 24)
	}
}

// At 80 columns the replay's key bar shows every key the replay answers,
// on two lines, and the screen still fits with every seat's hand on it.
func TestReplayKeyBarShowsEveryKey(t *testing.T) {
	for ruleset, opts := range map[string]engine.Options{"boerenbridge": {"max_cards": "2"}, "doudizhu": {"deals": "1"}} {
		game := finishedOf(t, ruleset, opts)
		for _, lang := range []string{"en", "de", "nl"} {
			for _, sheet := range []bool{false, true} {
				m := openReplayIn(t, game, Settings{Lang: lang})
				if sheet {
					m.key(keyMsg("tab"))
				}
				m.key(keyMsg("right"))
				view := redrawn(m)
				checkFits(t, ruleset+" replay", m.View(), 80, 24)
				lines := strings.Split(view, "\n")
				bar := strings.Join(lines[len(lines)-2:], "\n")
				for _, k := range []string{"←→", "↑↓", "[ ]", "0-9 enter", "home end", "tab", "esc"} {
					if !strings.Contains(bar, k) {
						t.Errorf("%s %s (sheet %v): no %q in the key bar:\n%s", ruleset, lang, sheet, k, bar)
					}
				}
				if !sheet && !strings.Contains(view, "Grace: ") {
					t.Errorf("%s %s: the last seat's hand is off the screen:\n%s", ruleset, lang, view)
				}
			}
		}
	}
}

// A replay at the start of the forehead round shows the card on each
// seat's forehead (every card is known once the game is over), and a
// seat's card is gone once played.
func TestReplayShowsTheForeheadCards(t *testing.T) {
	game := penaltyGame(t, "late")
	for _, lang := range []string{"en", "de", "nl"} {
		m := openReplayIn(t, game, Settings{Lang: lang})
		g, err := m.replay.at(m.app.reg, m.replay.pos)
		if err != nil {
			t.Fatal(err)
		}
		scr := redrawn(m)
		for i, name := range []string{"alice", "bob", "carol"} {
			c := g.View((i + 1) % 3).(*trick.View).Foreheads[i]
			if c == cards.None {
				t.Fatalf("%s: seat %d has no card on its forehead at the round's start", lang, i)
			}
			if want := name + ": " + m.tx.f("%s on the forehead", m.st.Face(c)); !strings.Contains(scr, want) {
				t.Errorf("%s: no %q at the forehead round's start:\n%s", lang, want, scr)
			}
		}
		m.key(keyMsg("down")) // the first trick played
		if scr := redrawn(m); strings.Contains(scr, m.tx.f("%s on the forehead", "")) {
			t.Errorf("%s: a card played still shows on its forehead:\n%s", lang, scr)
		}
	}
}

// While a round's last trick is held (the round scored, the next not
// dealt) the score sheet lists the round once, scored, not again as the
// round in play.
func TestSheetListsAScoredRoundOnce(t *testing.T) {
	m := openReplayIn(t, finishedGame(t), Settings{Lang: "en"})
	m.key(keyMsg("home"))
	seen := false
	for range m.replay.events {
		m.key(keyMsg("right"))
		g, err := m.replay.at(m.app.reg, m.replay.pos)
		if err != nil {
			t.Fatal(err)
		}
		held, _ := m.replayRoundEnd(g, m.replay.pos)
		v, ok := held.(*trick.View)
		if !ok || len(v.Sheet) == 0 || v.Sheet[len(v.Sheet)-1].Round != v.Round || v.Over {
			continue
		}
		seen = true
		m.key(keyMsg("tab"))
		m.drawn = ""
		label := fmt.Sprintf("%d (%d)", v.Round, v.Sheet[len(v.Sheet)-1].Cards)
		if n := strings.Count(ansi.Strip(m.View()), "\n"+label+" "); n != 1 {
			t.Fatalf("round %d listed %d times at move %d:\n%s", v.Round, n, m.replay.pos, ansi.Strip(m.View()))
		}
		m.key(keyMsg("tab"))
	}
	if !seen {
		t.Fatal("no step between a round's end and the next deal")
	}
}
