package main

import (
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// A restart neither refills the turn clock nor empties the chat: alice,
// alone with bots at a quick-play table, says hello and spends 12 s of
// her 30 s bid; the server stops (SIGTERM: the game holds for her, her
// clock stopped) and starts again on the same data dir; back with her key
// she lands in her seat with 18 s on her clock and her line in the chat.
// The clock stands still across the restart.
func TestE2ERestartKeepsTheClockAndTheChat(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	clock := tables.NewFakeClock(time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC))
	key := sshtest.NewKey()
	srv := startServerIn(t, dir, 30*time.Second, withClock(clock), withLobbyInterval(0))
	alice := srv.lobby(ctx, t, "alice", sshtest.Options{Key: key})
	alice.typ("1") // quick play: singularity against bots
	alice.waitUntil("alice's first bid", func(s string) bool { return prompt(s) == promptBid })
	alice.typ("/hello from before\r")
	alice.waitFor("alice: hello from before")
	alice.waitFor("⏱ 30 s")
	clock.Advance(12 * time.Second)
	alice.waitFor("⏱ 18 s")
	srv.stop()

	srv = startServerIn(t, dir, 30*time.Second, withClock(clock), withLobbyInterval(0))
	alice = srv.connect(ctx, t, "alice", sshtest.Options{Key: key})
	alice.waitUntil("alice's bid again", func(s string) bool { return prompt(s) == promptBid })
	alice.waitFor("⏱ 18 s")
	alice.waitFor("alice: hello from before")
}

// With seats in two running games, a login after a restart lands in the
// one the person was at last, as one without a restart does: bob plays
// Singularity against bots, goes to the lobby, and a minute later quick
// plays Boerenbridge; the server stops (SIGTERM) and starts again on the
// same data dir; back with his key, he lands at the Boerenbridge table.
func TestE2ERestartLandsAtTheGameLastPlayed(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	clock := tables.NewFakeClock(time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC))
	key := sshtest.NewKey()
	srv := startServerIn(t, dir, 0, withClock(clock), withLobbyInterval(0))
	bob := srv.lobby(ctx, t, "bob", sshtest.Options{Key: key})
	bob.typ("1") // quick play: Singularity against bots
	bob.waitUntil("bob's first bid at Singularity", func(s string) bool { return prompt(s) == promptBid })
	bob.typ(sshtest.KeyEsc)
	bob.waitUntil("his game on hold in the lobby", func(s string) bool {
		return len(lobbyTables(s)) == 1 && strings.Contains(s, "on hold")
	})
	clock.Advance(time.Minute)
	bob.typ("3") // quick play: Boerenbridge against bots
	bob.waitUntil("bob's bid at Boerenbridge", func(s string) bool {
		return strings.HasPrefix(s, "Boerenbridge · ") && prompt(s) == promptBid
	})
	srv.stop()

	srv = startServerIn(t, dir, 0, withClock(clock), withLobbyInterval(0))
	bob = srv.connect(ctx, t, "bob", sshtest.Options{Key: key})
	scr := bob.waitUntil("bob at one of his tables", func(s string) bool { return prompt(s) == promptBid })
	if !strings.HasPrefix(scr, "Boerenbridge · ") {
		t.Fatalf("bob's login after the restart lands at the game he left first, not at Boerenbridge:\n%s", scr)
	}
}
