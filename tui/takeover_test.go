package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/tables"
)

// A seat taken over part-way is credited but unrated (ON-6): the end screen
// says so, to the one who took it over as "unrated for you" and to the
// others by name, in every language and in 80 columns; a game without one
// says nothing of it.
func TestEndScreenSaysATakeoverIsUnrated(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, you := range []int{2, 0} {
			tm := newTableModel(testModel(80, 24, Settings{Lang: lang}), nil, nil)
			tm.snap = tables.Snapshot{
				Version: 1, Ruleset: "boerenbridge", Phase: tables.Over, You: you,
				Seats:     []tables.SeatInfo{{Name: "bob", Kind: tables.Human}, {Name: "carol", Kind: tables.Human}, {Name: "eve", Kind: tables.Away}, {Name: "Claude", Kind: tables.Bot}},
				Standings: []tables.Standing{{Seat: 2, Name: "eve", Place: 1, Total: 40}, {Seat: 0, Name: "bob", Place: 2, Total: 30}, {Seat: 1, Name: "carol", Place: 3, Total: 20}, {Seat: 3, Name: "Claude", Place: 4, Total: 10}},
				Credits:   []tables.Credit{{Name: "bob"}, {Name: "carol"}, {Name: "eve", From: 2}, {Name: "Claude"}},
			}
			v := tm.gameOverView()
			want := tm.m.tx.f("%s took over seat %d in round %d: unrated for %s.", "eve", 3, 2, "eve")
			if you == 2 {
				want = tm.m.tx.f("You took the seat over in round %d: unrated for you.", 2)
			}
			if !strings.Contains(v, want) {
				t.Errorf("%s, seat %d: the end screen does not say %q:\n%s", lang, you+1, want, v)
			}
			for _, l := range strings.Split(v, "\n") {
				if visibleWidth(l) > 80 {
					t.Errorf("%s: wider than 80 columns: %q", lang, l)
				}
			}
			tm.snap.Credits[2].From = 0
			if v := tm.gameOverView(); strings.Contains(v, want) {
				t.Errorf("%s: a takeover named in a game without one:\n%s", lang, v)
			}
		}
	}
}

// The history says it under the chosen game too: the game stays listed for
// the one who took the seat over, unrated for them; another's takeover
// names its seat and its taker as the one unrated, never the reader.
func TestHistorySaysATakeoverIsUnrated(t *testing.T) {
	for _, lang := range []string{"", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		g := finishedGame(t)
		g.Seats[0].From = 3 // the reader's seat
		m.app.SetArchive(&fakeArchive{game: g})
		m.Update(m.lobbyKey(keyMsg("h"))())
		v := m.View()
		checkFits(t, "history", v, 80, 24)
		if want := m.tx.f("You took the seat over in round %d: unrated for you.", 3); !strings.Contains(v, want) {
			t.Errorf("%q: history does not say %q:\n%s", lang, want, v)
		}
		g.Seats[0].From, g.Seats[1].From = 0, 4
		m = testModel(80, 24, Settings{Lang: lang})
		m.app.SetArchive(&fakeArchive{game: g})
		m.Update(m.lobbyKey(keyMsg("h"))())
		if want := m.tx.f("%s took over seat %d in round %d: unrated for %s.", "Alan", 2, 4, "Alan"); !strings.Contains(m.View(), want) {
			t.Errorf("%q: history does not say %q:\n%s", lang, want, m.View())
		}
	}
}

// Another's takeover reads as theirs in every language: the note names the
// seat and says whom it leaves unrated.
func TestAnothersTakeoverNamesWhoIsUnrated(t *testing.T) {
	for lang, want := range map[string]string{
		"en": "Ada took over seat 3 in round 6: unrated for Ada.",
		"de": "Ada hat Platz 3 in Runde 6 übernommen: für Ada ohne Wertung.",
		"nl": "Ada nam plaats 3 over in ronde 6: voor Ada zonder rating.",
	} {
		if got := takeoverNote(newText(lang), "boerenbridge", "Ada", 2, 6, false); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}
