package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"
	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// A person who leaves a running game for good (L, then y) is said to have
// left, and only that: their screen's subscription closes after the seat
// is given up, so the others are not told first that they stepped away.
func TestLeavingForGoodIsNotSteppingAway(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	carol := tables.Player{ID: "SHA256:carol", Name: "carol"}
	c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "singularity", Seats: 3, TurnTimer: lobby.Off})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Table.Sit(carol, 1); err != nil {
		t.Fatal(err)
	}
	cs, err := c.Table.Subscribe(carol)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if err := c.Table.Start(bob); err != nil {
		t.Fatal(err)
	}
	var seen tables.Snapshot
	sees := func(what string, cond func(tables.Snapshot) bool) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for !cond(seen) {
			select {
			case seen = <-cs.C:
			case <-timeout:
				t.Fatalf("carol never saw %s; chat %+v", what, seen.Chat)
			}
		}
	}
	said := func(s tables.Snapshot, text string) bool {
		for _, c := range s.Chat {
			if c.System && strings.Contains(c.Text, text) {
				return true
			}
		}
		return false
	}

	e, err := l.Enter(bob.ID, bob.Name, false)
	if err != nil {
		t.Fatal(err)
	}
	m := newModel(NewApp(l, games.Registry(), nil), newFakeSession(120, 40, termenv.ANSI256), e, Settings{Lang: "en"})
	defer m.cleanup()
	m.backToSeat(e.Seated)
	p := newPump(t, m)
	p.run(m.Init())
	p.until("table screen", func() bool { return m.screen == tableScreen && m.table.snap.Phase == tables.Playing })
	sees("bob at his seat", func(s tables.Snapshot) bool { return len(s.Seats) > 0 && s.Seats[0].Connected })

	p.send(keyMsg("L"))
	_, cmd := m.Update(keyMsg("y"))
	// Whatever the screen started on its own goroutine reaches the table
	// before the key's command runs.
	sees("bob off his seat", func(s tables.Snapshot) bool { return !s.Seats[0].Connected })
	p.run(cmd)
	sees("that bob left", func(s tables.Snapshot) bool { return said(s, "bob left") })
	if said(seen, "stepped away") {
		t.Errorf("carol was told bob stepped away before he left; chat %+v", seen.Chat)
	}
	p.until("the lobby", func() bool { return m.screen == lobbyScreen })
}
