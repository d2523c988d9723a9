package main

import (
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// The turn clock counts and one timeout is forgiven (ON-3, SI-5), over the
// real server and a real SSH client, on an injected clock: alice's
// countdown changes between two frames while she waits; she runs out of
// time once in round 1 (her bot makes that move, and she is told that her
// next turn is hers), presses a key (no welcome back: she never went
// away), and plays the rest of round 1 and
// round 2 herself — no round sat out. The settings open over the table
// meanwhile: her seat stays hers and her countdown runs on.
func TestE2ETimeoutOnceThenPlayOn(t *testing.T) {
	clock := tables.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	s := startServer(t, 30*time.Second, withClock(clock), withLobbyInterval(0))
	ctx := testCtx(t)
	alice := s.lobby(ctx, t, "alice", sshtest.Options{})
	alice.typ("1") // quick play: singularity against bots
	scr := alice.waitUntil("alice's first bid", func(s string) bool { return prompt(s) == promptBid })
	if r, _ := roundOf(scr); r != 1 {
		t.Fatalf("first bid in round %d:\n%s", r, scr)
	}
	alice.waitFor("⏱ 30 s")
	clock.Advance(time.Second)
	alice.waitFor("⏱ 29 s") // the countdown moved while she waited
	clock.Advance(29 * time.Second)
	scr = alice.waitShows("Time ran out: your bot moved for you in round 1. Your next turn is yours.")
	if strings.Contains(scr, "You are away") {
		t.Errorf("one timeout shows her away, though her next turn is hers:\n%s", scr)
	}
	alice.typ("z") // any key (z means nothing at the table)
	scr = alice.waitUntil("the timeout line gone", func(s string) bool { return !strings.Contains(s, "Time ran out") })
	if strings.Contains(strings.ToLower(scr), "welcome back") { // she never went away
		t.Errorf("one timeout, then a key: she is welcomed back:\n%s", scr)
	}

	// Settings over the table: the seat stays hers, the countdown runs on.
	alice.typ("s")
	alice.waitFor("Settings")
	alice.waitFor("⏱ 30 s")
	clock.Advance(time.Second)
	alice.waitFor("⏱ 29 s")
	alice.typ("\x1b") // esc: back to the table, not the lobby
	scr = alice.waitUntil("the table again", func(s string) bool { return !strings.Contains(s, "Settings") && prompt(s) != "" })
	if !strings.Contains(scr, "alice (you)") || strings.Contains(scr, "alice [away]") {
		t.Fatalf("after the settings:\n%s", scr)
	}

	var g game
	for {
		scr := alice.waitUntil("alice's turn", func(s string) bool { return prompt(s) != "" || atEnd(s) })
		if atEnd(scr) {
			t.Fatalf("the game ended before round 3:\n%s", scr)
		}
		if r, _ := roundOf(scr); r >= 3 {
			break
		}
		if strings.Contains(scr, "sits out") || strings.Contains(scr, "You are away") {
			t.Fatalf("alice is away or sits out after one timeout:\n%s", scr)
		}
		alice.turn(scr, &g)
	}
	if g.bids != 1 || g.plays != 3 { // round 1: her card; round 2: her bid and two cards
		t.Errorf("alice bid %d times and played %d cards herself; want 1 bid (round 2) and 3 cards", g.bids, g.plays)
	}
}

// waitShows waits until the screen shows text and returns the screen.
func (p *term) waitShows(text string) string {
	p.t.Helper()
	return p.waitUntil("screen shows "+text, func(s string) bool { return strings.Contains(s, text) })
}

// The game-over screen offers to play again: alice finishes a Dou Dizhu
// deal, presses r, sits in her seat at a new table of the same game and
// starts it.
func TestE2EPlayAgain(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	alice := s.lobby(ctx, t, "alice", sshtest.Options{})
	alice.typ("4") // quick play: Dou Dizhu against bots
	alice.waitFor("Deal 1 of 1")
	g := alice.playGame()
	if !strings.Contains(g.last, "Game over") || !strings.Contains(g.last, "Press r to play again") {
		t.Fatalf("the game-over screen:\n%s", g.last)
	}
	alice.typ("r")
	alice.waitFor("Waiting for players")
	alice.waitFor("alice (you)")
	alice.typ("S")
	alice.waitFor("Deal 1 of 1")
}
