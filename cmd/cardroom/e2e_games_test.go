package main

import (
	"slices"
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// Each rule set, played to the end by keystrokes against bots: the table is
// made with the create form, started with S, and every turn of the person is
// answered from what the screen shows.
func TestE2EWholeGameAgainstBots(t *testing.T) {
	for _, tc := range []struct {
		ruleset, title string
		fields         []string // create-form rows to set, in form order
		seats, rounds  int
		dd             bool
	}{
		// 6 seats: 60 cards / 6 = 10 rounds of 1..10 cards.
		{"singularity", "Singularity", []string{"Seats", "6"}, 6, 10, false},
		// 19 rounds of 1..10..1 cards with every special round (SR-6..SR-9).
		{"specialrounds", "Special Rounds", nil, 4, 19, false},
		// max_cards 2: rounds of 1, 2, 1 cards.
		{"boerenbridge", "Boerenbridge", []string{"Seats", "3", "Most cards", "2"}, 3, 3, false},
		// One deal.
		{"doudizhu", "Dou Dizhu", []string{"Deals", "1"}, 3, 1, true},
	} {
		t.Run(tc.ruleset, func(t *testing.T) {
			s := startServer(t, 0)
			ctx := testCtx(t)
			p := s.lobby(ctx, t, "ada", sshtest.Options{})
			p.createTable(tc.title, tc.fields...)
			p.typ("S")
			g := p.playGame()
			t.Logf("%s: %d bids, %d trumps, %d plays (%d typed as ranks), %d passes, %d refused", tc.ruleset, g.bids, g.trumps, g.plays, g.typed, g.passes, g.refused)
			if !tc.dd {
				t.Run("cursor starts on a playable card", func(t *testing.T) {
					if g.cursorOff > 0 {
						t.Errorf("on %d of %d turns to play the cursor started on a card that may not be played, e.g.:\n%s", g.cursorOff, g.plays, g.cursorOffScreen)
					}
				})
			}
			p.endOfGame(g.last, "ada")

			rep := s.record(t)
			if rep.Ruleset != tc.ruleset || !rep.Ended {
				t.Errorf("record: ruleset %q, ended %v; want %q, ended", rep.Ruleset, rep.Ended, tc.ruleset)
			}
			if len(rep.Header.Seats) != tc.seats || !slices.Contains(rep.Header.Seats, "ada") {
				t.Errorf("record seats = %q, want %d seats with ada", rep.Header.Seats, tc.seats)
			}
			if len(rep.Result.Rounds) != tc.rounds {
				t.Errorf("record has %d rounds, want %d", len(rep.Result.Rounds), tc.rounds)
			}
			if g.plays == 0 && !tc.dd || g.plays+g.passes == 0 {
				t.Errorf("ada never played a card: %+v", g)
			}
		})
	}
}
