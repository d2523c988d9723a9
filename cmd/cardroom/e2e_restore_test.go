package main

import (
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
