package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/store"
)

// finishedOf is a finished seeded game of ruleset for three players, as
// the archive holds it.
func finishedOf(t *testing.T, ruleset string, opts engine.Options) store.Game {
	t.Helper()
	r, _ := games.Registry().Lookup(ruleset)
	g, opts, err := r.Start(3, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(5)
	for !g.Done() {
		if g.Next() == engine.Chance {
			_ = g.Deal(rng)
			continue
		}
		s := g.Next()
		l := g.Legal(s)
		if err := g.Apply(s, l[rng.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := engine.MarshalRecord(r, engine.Header{Ruleset: ruleset, Options: opts, Seats: []string{"alice", "Alan", "Grace"}}, g)
	if err != nil {
		t.Fatal(err)
	}
	tot := g.Result().Totals
	return store.Game{ID: 7, Table: "t9", Ruleset: ruleset, Ended: fixedNow, Record: rec, Seats: []store.Seat{
		{PlayerID: "SHA256:test", Name: "alice", Total: tot[0], Place: 1},
		{PlayerID: store.BotID("Alan"), Name: "Alan", Total: tot[1], Place: 2},
		{PlayerID: store.BotID("Grace"), Name: "Grace", Total: tot[2], Place: 3},
	}}
}

// openReplay opens the replay of game from the history.
func openReplay(t *testing.T, game store.Game) *model {
	t.Helper()
	m := testModel(80, 24, Settings{})
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
		m.key(keyMsg("home")) // a replay opens at its end
		for n := 0; n < len(m.replay.events); n++ {
			if scr := redrawn(m); strings.Contains(scr, "Waiting for") {
				t.Fatalf("%s: move %d of the replay waits for someone:\n%s", ruleset, n, scr)
			}
			m.key(keyMsg("right"))
		}
	}
}

// The last position of a replay shows the last round played: its bids and
// tricks, not an empty round.
func TestReplayEndShowsTheLastRound(t *testing.T) {
	m := openReplay(t, finishedGame(t))
	m.key(keyMsg("home"))
	m.key(keyMsg("end"))
	scr := redrawn(m)
	if strings.Contains(scr, "0 cards") || strings.Contains(scr, "trump not known yet") || !strings.Contains(scr, "Trick complete") && !strings.Contains(scr, "won the trick") {
		t.Fatalf("the end of the replay is not the last round:\n%s", scr)
	}
}

// redrawn is the screen drawn afresh (keys sent to m.key do not redraw).
func redrawn(m *model) string {
	m.drawn = ""
	return plainView(m)
}
