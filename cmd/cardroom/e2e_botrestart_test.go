package main

import (
	"slices"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// An invited remote bot's seat keeps the bot's name over restarts: ada
// invites robo to her private table and starts the game; the server stops,
// starts again (robo's seat is still robo's, its program gone) and stops
// again. Each stop saves the game's record naming robo, and the second
// replaces the first: one file for one game.
func TestE2ERemoteBotSeatOverRestarts(t *testing.T) {
	examplePython(t)
	ctx := testCtx(t)
	dir := t.TempDir()
	clock := tables.NewFakeClock(time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC))
	adaKey, botKey := sshtest.NewKey(), sshtest.NewKey()
	srv := startServerIn(t, dir, 30*time.Second, withClock(clock), withLobbyInterval(0))
	ada := srv.lobby(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.createTable("Singularity", "Seats", "3", "Private", "unlisted, by invite code")
	ada.waitUntil("the invite code", inviteRE.MatchString)
	ada.inviteBot("robo", botKey)
	startRemoteBot(t, srv, botKey, "whoever", "")
	ada.waitFor("robo [bot]")
	ada.typ("S")
	ada.waitUntil("ada's first bid", func(s string) bool { return prompt(s) == promptBid })
	srv.stop()
	seats := srv.record(t).Header.Seats

	srv = startServerIn(t, dir, 30*time.Second, withClock(clock), withLobbyInterval(0))
	ada = srv.connect(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.waitUntil("ada's bid again", func(s string) bool { return prompt(s) == promptBid })
	ada.waitFor("robo [bot]")
	srv.stop()
	if again := srv.record(t).Header.Seats; !slices.Equal(again, seats) || !slices.Contains(seats, "robo") {
		t.Fatalf("the records' seats %q, then %q: want robo's seat named robo both times", seats, again)
	}
}
