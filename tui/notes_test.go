package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// The line under the round shows the bids and the round's rule whole at 80
// columns in every language: the rule in a few words when the bids share
// the line, never cut off.
func TestRoundNoteLineNotCut(t *testing.T) {
	atBids := func(round int) func(g engine.Game) bool {
		return func(g engine.Game) bool {
			v := g.View(0).(*trick.View)
			if v.Round != round || v.Phase != trick.PhaseBid {
				return false
			}
			for _, b := range v.Bids {
				if b != trick.NoBid {
					return true
				}
			}
			return false
		}
	}
	for _, round := range []int{4, 5, 7, 10} { // the hook, trump choice, no trump, blind
		g := playTo(t, "specialrounds", 3, 2, atBids(round))
		for _, lang := range []string{"en", "de", "nl"} {
			m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0))
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			if len(lines) < 3 || strings.Contains(lines[2], "…") || !strings.Contains(lines[2], "·") {
				t.Errorf("round %d, %s: the notes line is %q", round, lang, lines[2])
			}
			if v := g.View(0).(*trick.View); v.Hook && !strings.Contains(lines[2], m.table.hookNote(v, v.Modifier != trick.Ordinary)) {
				t.Errorf("round %d, %s: the notes line %q does not say the dealer's hook holds", round, lang, lines[2])
			}
		}
	}
}

// The bot that made one move for a player who timed out did not play the
// round for them: the away and welcome-back lines say it moved for them in
// that round.
func TestAwayLinesSayTheBotMoved(t *testing.T) {
	for lang, want := range map[string][2]string{
		"en": {"moved for you in round 2", "moved for you in round 2"},
		"de": {"in Runde 2 für dich gezogen", "zog in Runde 2"},
		"nl": {"in ronde 2 voor je gezet", "zette in ronde 2"},
	} {
		tx := newText(lang)
		tm := &tableModel{m: &model{tx: tx}}
		for i, s := range []string{
			tx.f("Welcome back: your bot moved for you in %s.", tm.roundList([]int{2})),
			tx.f("You are away: press any key to play. Your bot moved for you in %s.", tm.roundList([]int{2})),
		} {
			if !strings.Contains(s, want[i]) || strings.Contains(s, "gespeeld") {
				t.Errorf("%s: %q, want it to say %q", lang, s, want[i])
			}
		}
	}
}

// The score sheet says which rounds were special, in the player's language.
func TestSheetNamesTheSpecialRounds(t *testing.T) {
	g := playTo(t, "specialrounds", 3, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 10 && v.Phase == trick.PhaseBid
	})
	for lang, want := range map[string]string{
		"en": "special rounds: 5 trump choice, 7 no trump, 10 blind",
		"de": "Sonderrunden: 5 Trumpfwahl, 7 ohne Trumpf, 10 blind",
	} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0))
		m.Update(tea.KeyMsg{Type: tea.KeyTab})
		screen := ansi.Strip(m.View())
		if !strings.Contains(screen, want) {
			t.Errorf("%s: the sheet does not say %q:\n%s", lang, want, screen)
		}
		checkFits(t, "sheet", m.View(), 80, 24)
	}
	// In the last round every special round is named, on as many lines as
	// 80 columns need.
	g = playTo(t, "specialrounds", 3, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 19 && v.Phase == trick.PhaseBid
	})
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Special Rounds", 0))
	m.Update(tea.KeyMsg{Type: tea.KeyTab})
	screen := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(screen, "19 forehead") || strings.Contains(ansi.Strip(m.View()), "special rounds: … ") {
		t.Errorf("round 19: the sheet does not name every special round:\n%s", ansi.Strip(m.View()))
	}
	checkFits(t, "sheet", m.View(), 80, 24)
}

// The away line at 80 columns keeps how to come back whole in every
// language, however many rounds the bot moved in: the instruction comes
// first and a run of rounds is one range.
func TestAwayLineKeepsTheInstruction(t *testing.T) {
	for lang, want := range map[string][2]string{
		"en": {"press any key to play", "rounds 6–13"},
		"de": {"Drück eine Taste zum Spielen", "Runden 6–13"},
		"nl": {"druk op een toets om te spelen", "rondes 6–13"},
	} {
		s := screens()[0].snap(t)
		s.Seats = append([]tables.SeatInfo(nil), s.Seats...)
		s.Seats[0].Kind = tables.Away
		s.BotRounds = []int{6, 7, 8, 9, 10, 11, 12, 13}
		m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
		line := lineWith(ansi.Strip(m.View()), want[1])
		if !strings.Contains(line, want[0]) || !strings.Contains(line, want[1]) || strings.Contains(line, "…") {
			t.Errorf("%s: the away line is %q, want %q and %q whole", lang, line, want[0], want[1])
		}
	}
	for lang, want := range map[string]string{"en": "1, 2, 4–7 and 9", "de": "1, 2, 4–7 und 9", "nl": "1, 2, 4–7 en 9"} {
		if got := roundRanges(newText(lang), []int{1, 2, 4, 5, 6, 7, 9}); got != want {
			t.Errorf("%s: roundRanges: %q, want %q", lang, got, want)
		}
	}
	if got := roundRanges(newText("de"), []int{5, 6}); got != "5 und 6" {
		t.Errorf("de: roundRanges: %q, want %q", got, "5 und 6")
	}
}

// While the blind round is bid, the hand's place says when the cards come
// rather than that there are none.
func TestBlindBiddingSaysWhenTheCardsCome(t *testing.T) {
	g := playTo(t, "specialrounds", 3, 2, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Modifier == trick.Blind && v.Phase == trick.PhaseBid
	})
	for lang, want := range map[string]string{
		"en": "The cards are dealt once everyone has bid.",
		"de": "Die Karten werden ausgeteilt, sobald alle angesagt haben.",
		"nl": "De kaarten worden gedeeld zodra iedereen heeft geboden.",
	} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", 0))
		if out := ansi.Strip(m.View()); !strings.Contains(out, want) {
			t.Errorf("%s: no %q in\n%s", lang, want, out)
		}
	}
}

// After one timeout the player's turns are still theirs (the table waits
// for them): their line says their bot made that move, not that they are
// away, and their seat carries no [away] tag; once gone for good it does.
func TestOneTimeoutIsNotAway(t *testing.T) {
	g := playTo(t, "singularity", 4, 5, func(g engine.Game) bool { return g.View(0).(*trick.View).Round == 2 })
	for lang, want := range map[string]string{
		"en": "Time ran out: your bot moved for you in round 1. Your next turn is yours.",
		"de": "Zeit um: Dein Bot zog für dich in Runde 1. Den nächsten Zug machst du.",
		"nl": "Tijd om: je bot heeft in ronde 1 voor je gezet. Je volgende zet doe je zelf.",
	} {
		s := snapshotOf(g, "Singularity", 0)
		s.Seats[0].Kind, s.Seats[0].TimedOut, s.BotRounds = tables.Away, true, []int{1}
		m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
		tag := "[" + m.tx.get("away") + "]"
		if got := m.table.awayLine(); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
		if out := ansi.Strip(m.View()); strings.Contains(out, "alice "+tag) || !strings.Contains(out, want) {
			t.Errorf("%s: after one timeout the screen shows %s or not %q:\n%s", lang, tag, want, out)
		}
		s.Seats[0].TimedOut = false // gone for good: the bot plays on
		m = onTable(testModel(80, 24, Settings{Lang: lang}), s)
		if got := m.table.awayLine(); got == want {
			t.Errorf("%s: an away player reads %q", lang, got)
		}
		if out := ansi.Strip(m.View()); !strings.Contains(out, "alice "+tag) {
			t.Errorf("%s: an away player's seat has no %s:\n%s", lang, tag, out)
		}
	}
}

// In the forehead round the table plays the player's card for them, as
// the turn line says: the key bar offers no key to play it.
func TestForeheadBarOffersNoPlay(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := foreheadRound(t, testModel(80, 24, Settings{Lang: lang}))
		out := ansi.Strip(m.View())
		if !strings.Contains(out, m.tx.get("Your turn: the card on your forehead is played for you.")) {
			t.Fatalf("%s: not the forehead round's turn:\n%s", lang, out)
		}
		if bar := ansi.Strip(m.st.helpBar(80, m.table.keys())); strings.Contains(bar, "enter") {
			t.Errorf("%s: the key bar offers %q", lang, bar)
		}
	}
}

// The score sheet's footer names the special rounds still to come as well
// as those reached, from the table's schedule, and a line explains the
// cards in brackets after each round, in every language at 80 columns.
func TestSheetNamesTheWholeSchedule(t *testing.T) {
	g := playTo(t, "specialrounds", 3, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 10 && v.Phase == trick.PhaseBid
	})
	opts := engine.Options{"special_rounds": "2:trump_choice,3:blind,4:no_trump,5:forehead", "max_cards": "3"}
	bb := playWith(t, "boerenbridge", 4, opts, 3, nil, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 1 && v.Phase == trick.PhaseBid
	})
	bbSnap := snapshotOf(bb, "Boerenbridge", 0)
	bbSnap.Options = opts
	for lang, want := range map[string][3]string{
		"en": {"special rounds: 5 trump choice, 7 no trump, 10 blind · to come: 13 no trump, 15 trump choice, 19 forehead",
			"special rounds to come: 2 trump choice, 3 blind, 4 no trump, 5 forehead", "n (c): round n,"},
		"de": {"Sonderrunden: 5 Trumpfwahl, 7 ohne Trumpf, 10 blind · noch offen: 13 ohne Trumpf, 15 Trumpfwahl, 19 Stirn",
			"kommende Sonderrunden: 2 Trumpfwahl, 3 blind, 4 ohne Trumpf, 5 Stirn", "n (k): Runde n,"},
		"nl": {"speciale rondes: 5 troefkeuze, 7 zonder troef, 10 blind · nog te gaan: 13 zonder troef, 15 troefkeuze, 19 voorhoofd",
			"komende speciale rondes: 2 troefkeuze, 3 blind, 4 zonder troef, 5 voorhoofd", "n (k): ronde n,"},
	} {
		for i, snap := range []tables.Snapshot{snapshotOf(g, "Special Rounds", 0), bbSnap} {
			m := onTable(testModel(80, 24, Settings{Lang: lang}), snap)
			m.Update(tea.KeyMsg{Type: tea.KeyTab})
			screen := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
			for _, w := range []string{want[i], want[2]} {
				if !strings.Contains(screen, w) {
					t.Errorf("%s: the sheet does not say %q:\n%s", lang, w, ansi.Strip(m.View()))
				}
			}
			checkFits(t, "sheet", m.View(), 80, 24)
		}
	}
}
