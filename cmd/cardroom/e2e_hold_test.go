package main

import (
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// Going to the lobby holds a game its person left alone with bots, the
// same whether or not they were away (ON-2, ON-3), and a turn's clock
// resumes where it stopped when they come back (ON-3), over the real
// server and a real SSH client, on an injected clock: alice runs out of
// time twice in a row (away: her bot plays), presses esc — the key that
// takes her to the lobby, and the one key that does not say she is back —
// and the lobby shows her game on hold; later she leaves at her
// bid with 20 s left and, five minutes on, finds those 20 s again.
func TestE2ELobbyHoldsTheGameAndItsClock(t *testing.T) {
	clock := tables.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	s := startServer(t, 30*time.Second, withClock(clock), withLobbyInterval(0), withTrickPause(time.Second))
	ctx := testCtx(t)
	alice := s.lobby(ctx, t, "alice", sshtest.Options{})
	alice.typ("1") // quick play: singularity against bots
	alice.waitUntil("alice's first bid", func(s string) bool { return prompt(s) == promptBid && strings.Contains(s, "⏱ 30 s") })
	clock.Advance(30 * time.Second)
	alice.waitUntil("her card, after one timeout", func(s string) bool {
		return prompt(s) == promptPlay && strings.Contains(s, "Time ran out") && strings.Contains(s, "⏱ 30 s")
	})
	clock.Advance(30 * time.Second) // the second in a row: her bot plays until she is back
	alice.waitFor("You are away: press any key")
	alice.typ(sshtest.KeyEsc)
	alice.waitFor("your seat — enter to return")
	alice.waitFor("on hold")
	clock.Advance(5 * time.Minute)
	if scr := alice.screen(); !strings.Contains(scr, "on hold") {
		t.Fatalf("the game went on while alice was in the lobby:\n%s", scr)
	}

	alice.typ("\r") // back to her seat: the game goes on
	alice.waitUntil("her bid in round 2", func(s string) bool { return prompt(s) == promptBid && strings.Contains(s, "⏱ 30 s") })
	clock.Advance(10 * time.Second)
	alice.waitFor("⏱ 20 s")
	alice.typ(sshtest.KeyEsc)
	alice.waitFor("on hold")
	clock.Advance(5 * time.Minute)
	alice.typ("\r")
	scr := alice.waitUntil("her bid again", func(s string) bool { return prompt(s) == promptBid && strings.Contains(s, "⏱ ") })
	if !strings.Contains(scr, "⏱ 20 s") {
		t.Fatalf("alice's clock once back, want the 20 s she left it with:\n%s", scr)
	}
}
