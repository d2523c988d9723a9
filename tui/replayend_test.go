package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/store"
)

// finishedOf is a finished seeded game of ruleset for three players, as
// the archive holds it.
func finishedOf(t *testing.T, ruleset string, opts engine.Options) store.Game {
	t.Helper()
	return playedGame(t, ruleset, opts, [2]string{"Alan", "Grace"}, -1, nil)
}

// openReplay opens the replay of game from the history.
func openReplay(t *testing.T, game store.Game) *model {
	t.Helper()
	return openReplayIn(t, game, Settings{})
}

// openReplayIn opens the replay of game from the history with settings set.
func openReplayIn(t *testing.T, game store.Game, set Settings) *model {
	t.Helper()
	m := testModel(80, 24, set)
	m.app.SetArchive(&fakeArchive{game: game})
	m.Update(m.lobbyKey(keyMsg("h"))())
	m.Update(m.key(keyMsg("enter"))())
	if m.screen != replayScreen {
		t.Fatalf("no replay: %q", m.status)
	}
	return m
}

// In a Dou Dizhu replay the end of a deal shows at its end only: back at
// the start, after End, the first moves show no deal as over.
func TestDouDizhuReplayBackFromTheEndShowsNoDealOver(t *testing.T) {
	m := openReplay(t, finishedOf(t, "doudizhu", engine.Options{"deals": "1"}))
	m.key(keyMsg("end"))
	if scr := redrawn(m); !strings.Contains(scr, "Deal 1 is over") {
		t.Fatalf("the end of the replay does not show the deal's end:\n%s", scr)
	}
	m.key(keyMsg("home"))
	for n := 0; n < 3; n++ {
		if scr := redrawn(m); strings.Contains(scr, "is over") {
			t.Fatalf("move %d after End, Home still shows a deal over:\n%s", n, scr)
		}
		m.key(keyMsg("right"))
	}
}

// A replay shows no live lines ("Waiting for …") at any step.
func TestReplayWaitsForNobody(t *testing.T) {
	for _, ruleset := range []string{"doudizhu", "boerenbridge"} {
		m := openReplay(t, finishedOf(t, ruleset, engine.Options{}))
		m.key(keyMsg("home")) // before the first deal
		for n := 0; n < len(m.replay.events); n++ {
			if scr := redrawn(m); strings.Contains(scr, "Waiting for") {
				t.Fatalf("%s: move %d of the replay waits for someone:\n%s", ruleset, n, scr)
			}
			m.key(keyMsg("right"))
		}
	}
}

// The last position of a replay shows the game's end: its last trick,
// not an empty round.
func TestReplayEndShowsTheLastRound(t *testing.T) {
	m := openReplay(t, finishedGame(t))
	m.key(keyMsg("home"))
	m.key(keyMsg("end"))
	scr := redrawn(m)
	if strings.Contains(scr, "0 cards") || strings.Contains(scr, "trump not known yet") || !strings.Contains(scr, "Last trick:") {
		t.Fatalf("the end of the replay is not the last round:\n%s", scr)
	}
}

// The end of a replay shows the final standings as the game's end did
// (places, totals, the replayed seat marked), in every game and language,
// within 80×24, with nothing of the live end screen (playing again, the
// lobby); a step back, the table again.
func TestReplayEndShowsTheStandings(t *testing.T) {
	for _, ruleset := range []string{"boerenbridge", "specialrounds", "singularity", "doudizhu"} {
		game := finishedOf(t, ruleset, engine.Options{})
		for _, lang := range []string{"en", "de", "nl"} {
			m := openReplayIn(t, game, Settings{Lang: lang})
			m.key(keyMsg("end"))
			scr := redrawn(m)
			checkFits(t, ruleset, m.View(), 80, 24)
			g, err := m.replay.at(m.app.reg, len(m.replay.events))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(scr, m.tx.get("Game over")) {
				t.Fatalf("%s %s: the end of the replay shows no standings:\n%s", ruleset, lang, scr)
			}
			for i, total := range g.Result().Totals {
				sd := m.replay.tm.snap.Standings
				if !strings.Contains(scr, fmt.Sprintf("%d.  %s", sd[i].Place, m.replay.header.Seats[sd[i].Seat])) || !strings.Contains(scr, fmt.Sprint(total)) {
					t.Errorf("%s %s: seat %d's place or total %d is not shown:\n%s", ruleset, lang, i, total, scr)
				}
			}
			for _, live := range []string{m.tx.get("play again"), m.tx.get("Press tab for the score sheet, esc for the lobby.")} {
				if strings.Contains(scr, live) {
					t.Errorf("%s %s: the replay's end says %q:\n%s", ruleset, lang, live, scr)
				}
			}
			m.key(keyMsg("left"))
			if scr := redrawn(m); strings.Contains(scr, m.tx.get("Game over")) {
				t.Errorf("%s %s: a step before the end shows the standings:\n%s", ruleset, lang, scr)
			}
		}
	}
}

// redrawn is the screen drawn afresh (keys sent to m.key do not redraw).
func redrawn(m *model) string {
	m.drawn = ""
	return plainView(m)
}

// [ and ] step a replay from round start to round start: each lands on
// the round's first step with its cards dealt (its trump drawn or its
// blind bids aside), ] from the start reaches every round in order and [
// from the end every round back, and [ in the middle of a round goes to
// its start.
func TestReplayRoundKeysLandOnRoundStarts(t *testing.T) {
	for _, ruleset := range []string{"boerenbridge", "specialrounds", "singularity"} {
		m := openReplay(t, finishedOf(t, ruleset, engine.Options{}))
		r := m.replay
		m.key(keyMsg("end"))
		rounds := len(r.tm.snap.Result.Rounds)
		m.key(keyMsg("home"))
		var fwd []int
		for range rounds + 2 {
			m.key(keyMsg("]"))
			if r.pos == len(r.events) {
				break
			}
			v := r.tm.snap.View.(*trick.View)
			if v.Round != len(fwd)+1 || r.tm.snap.Paused {
				t.Fatalf("%s: ] number %d lands on round %d (held %v) at step %d", ruleset, len(fwd)+1, v.Round, r.tm.snap.Paused, r.pos)
			}
			if v.Modifier != trick.Blind && v.Modifier != trick.TrumpChoice && v.HandSizes[0] == 0 {
				t.Errorf("%s: round %d starts before its deal (step %d)", ruleset, v.Round, r.pos)
			}
			fwd = append(fwd, r.pos)
		}
		if len(fwd) != rounds {
			t.Fatalf("%s: ] reached %d rounds of %d", ruleset, len(fwd), rounds)
		}
		m.key(keyMsg("end"))
		for i := rounds - 1; i >= 0; i-- {
			m.key(keyMsg("["))
			if r.pos != fwd[i] {
				t.Fatalf("%s: [ from round %d's end lands on step %d, want round %d's start %d", ruleset, i+2, r.pos, i+1, fwd[i])
			}
		}
		m.showReplay(fwd[1] + 3)
		if m.key(keyMsg("[")); r.pos != fwd[1] {
			t.Errorf("%s: [ in round 2 lands on step %d, want its start %d", ruleset, r.pos, fwd[1])
		}
	}
}

// With the score sheet open in a replay, ↑↓ scroll the sheet and leave
// the replay's step alone.
func TestReplaySheetScrolls(t *testing.T) {
	m := openReplay(t, finishedOf(t, "boerenbridge", engine.Options{}))
	pos := m.replay.pos
	m.key(keyMsg("tab"))
	for range 40 {
		m.key(keyMsg("up"))
	}
	if m.replay.pos != pos || m.replay.tm.sheetUp == 0 {
		t.Fatalf("↑ with the sheet open: step %d (was %d), sheet scrolled %d", m.replay.pos, pos, m.replay.tm.sheetUp)
	}
	if scr := redrawn(m); !strings.Contains(scr, "\n1 (") {
		t.Errorf("scrolled up, the sheet does not show round 1:\n%s", scr)
	}
	m.key(keyMsg("tab"))
	if m.key(keyMsg("up")); m.replay.pos == pos {
		t.Errorf("↑ with the sheet closed did not step back a trick")
	}
}

// In a Dou Dizhu replay ] goes from deal to deal with the cards dealt, and
// [ comes back the same way.
func TestDouDizhuReplayDealKeys(t *testing.T) {
	m := openReplay(t, finishedOf(t, "doudizhu", engine.Options{"deals": "3"}))
	r := m.replay
	m.key(keyMsg("home"))
	var fwd []int
	for m.key(keyMsg("]")); r.pos < len(r.events); m.key(keyMsg("]")) {
		v := r.tm.snap.View.(*doudizhu.View)
		if len(fwd) > 0 && r.pos <= fwd[len(fwd)-1] || v.Counts[0] == 0 {
			t.Fatalf("] number %d lands on step %d (deal %d, %d cards in seat 1's hand)", len(fwd)+1, r.pos, v.Deal, v.Counts[0])
		}
		fwd = append(fwd, r.pos)
	}
	if len(fwd) < 3 {
		t.Fatalf("] reached %d deals of at least 3: %v", len(fwd), fwd)
	}
	for i := len(fwd) - 1; i >= 0; i-- {
		if m.key(keyMsg("[")); r.pos != fwd[i] {
			t.Fatalf("[ number %d lands on step %d, want %d", len(fwd)-i, r.pos, fwd[i])
		}
	}
}

// Typing a round's number and enter shows that round on screen, its
// header saying so, at its first move as ] reaches it; a number past the
// last round goes to the last one. In every language.
func TestReplayGoesToTheRoundTyped(t *testing.T) {
	for _, lang := range []string{"", "nl", "de"} {
		for _, ruleset := range []string{"boerenbridge", "specialrounds", "singularity", "doudizhu"} {
			opts := engine.Options{}
			if ruleset == "doudizhu" {
				opts["deals"] = "3"
			}
			m := openReplayIn(t, finishedOf(t, ruleset, opts), Settings{Lang: lang})
			r := m.replay
			var want []int // the first step of each round, as ] reaches it
			m.key(keyMsg("home"))
			for m.key(keyMsg("]")); r.pos < len(r.events); m.key(keyMsg("]")) {
				if round := roundOfView(r.tm.snap.View); round > len(want) {
					want = append(want, r.pos)
				}
			}
			for n := 1; n <= len(want)+1; n++ {
				for _, d := range fmt.Sprint(n) {
					m.key(keyMsg(string(d)))
				}
				m.key(keyMsg("enter"))
				round := min(n, len(want))
				header := m.tx.f("Round %d of %d", round, len(want))
				if dealsGame(ruleset) {
					header = m.tx.f("Deal %d of %d", round, len(want))
				}
				if scr := redrawn(m); r.pos != want[round-1] || r.tm.snap.Paused || !strings.Contains(scr, header) {
					t.Fatalf("%s %s: %d enter lands on step %d (held %v), want %d, %q:\n%s", lang, ruleset, n, r.pos, r.tm.snap.Paused, want[round-1], header, scr)
				}
			}
		}
	}
}

// A replay opens at the start of the game, its first round dealt: the
// first → plays its first move.
func TestReplayOpensAtTheStart(t *testing.T) {
	for _, ruleset := range []string{"boerenbridge", "doudizhu"} {
		m := openReplay(t, finishedOf(t, ruleset, engine.Options{}))
		r := m.replay
		if r.pos != r.starts[0] || r.pos == 0 || r.events[r.pos].E != engine.EvMove {
			t.Fatalf("%s: the replay opens at step %d of %d (rounds begin at %v)", ruleset, r.pos, len(r.events), r.starts)
		}
		header := "Round 1 of"
		if dealsGame(ruleset) {
			header = "Deal 1 of"
		}
		if scr := redrawn(m); !strings.Contains(scr, header) || !strings.Contains(scr, fmt.Sprintf("move %d of %d", r.pos, len(r.events))) {
			t.Fatalf("%s: the replay does not open at round 1:\n%s", ruleset, scr)
		}
	}
}
