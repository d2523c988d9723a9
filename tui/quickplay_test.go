package tui

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// Quick play trusts the screen's copy of the lobby, which may be a moment
// old (updates are coalesced). A table that filled since the screen showed
// it is skipped, and with no other open table quick play creates one,
// instead of answering "Every seat is taken".
func TestQuickPlaySkipsATableThatFilled(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent()) // the golden tests' teatest programs may still be ending
	l := lobby.New(lobby.Config{Registry: games.Registry(), Bots: games.Baseline, Seed: 7})
	done := make(chan error, 1)
	go func() { done <- l.Run(context.Background()) }()
	defer func() {
		if err := l.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
		<-done
	}()
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "singularity", Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	stale, err := l.List() // the screen sees bob's table with two free seats
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"SHA256:carol", "SHA256:dave"} {
		if _, err := l.Join(tables.Player{ID: id, Name: id[7:]}, c.Info.ID, i+1); err != nil {
			t.Fatal(err)
		}
	}

	m := testModel(80, 24, Settings{})
	m.app = NewApp(l, games.Registry(), nil)
	m.lobbyU = stale
	msg, ok := m.quickPlay("singularity")().(satMsg)
	if !ok {
		t.Fatalf("quick play answered %T", msg)
	}
	if msg.err != nil {
		t.Fatalf("quick play with a stale list: %v", msg.err)
	}
	defer msg.sub.Close()
	if msg.t.ID() == c.Info.ID {
		t.Fatal("quick play joined the table that had filled")
	}
}

// Quick play passes over a waiting table whose host is not at it (dave
// went back to the lobby: his seat is kept, away): nobody eve would sit
// with could start it. It starts a new table with bots for her instead.
func TestQuickPlaySkipsATableWhoseHostIsAway(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	c := awayHostsTable(t, l, tables.Player{ID: "SHA256:dave", Name: "dave"}, "specialrounds")
	m := testModel(80, 24, Settings{})
	m.app = NewApp(l, games.Registry(), nil)
	info := c.Info
	info.HostHere, info.Free = false, info.Seats-1 // as the lobby lists it once dave is away
	m.lobbyU = lobby.Update{Version: 1, Tables: []lobby.TableInfo{info}}
	msg, ok := m.quickPlay("specialrounds")().(satMsg)
	if !ok || msg.err != nil {
		t.Fatalf("quick play: %T %v", msg, msg.err)
	}
	defer msg.sub.Close()
	if msg.t.ID() == c.Info.ID {
		t.Fatal("quick play sat eve at the table whose host is away")
	}
}

// A person who logs in while holding a seat sees where they are going
// until the table answers (a cluster node may be taking it over), then
// their seat; no lobby shows in between.
func TestBackToSeatSaysWhereItGoes(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	c := awayHostsTable(t, l, tables.Player{ID: "SHA256:test", Name: "alice"}, "singularity")
	m := testModel(80, 24, Settings{Lang: "de"})
	m.app = NewApp(l, games.Registry(), nil)
	m.backToSeat([]string{c.Info.ID})
	if scr := redrawn(m); !strings.Contains(scr, "Auf dem Weg zum Tisch") || strings.Contains(scr, "Schnellspiel") {
		t.Fatalf("before the table answers:\n%s", scr)
	}
	if m.wantsLobby() {
		t.Error("the session asks for the lobby while it goes to its table")
	}
	msg, ok := m.first().(satMsg)
	if !ok || msg.err != nil {
		t.Fatalf("the way back: %T %v", msg, msg.err)
	}
	m.Update(msg)
	defer m.subs.closeAll()
	if m.screen != tableScreen || m.table == nil || m.table.t.ID() != c.Info.ID {
		t.Fatalf("after the table answered: screen %v", m.screen)
	}
}

// awayHostsTable is a waiting table of ruleset that host created and then
// dropped from: their seat is kept, away.
func awayHostsTable(t *testing.T, l *lobby.Lobby, host tables.Player, ruleset string) lobby.Created {
	t.Helper()
	c, err := l.Create(lobby.CreateRequest{Host: host, Ruleset: ruleset})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Table.Disconnect(host); err != nil {
		t.Fatal(err)
	}
	return c
}
