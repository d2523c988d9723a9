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

// A game held at the end of a round still deals the next one, so its
// spectator sees whose turn waits (ON-2): ada plays the last card of
// round 1 and goes to the lobby while its trick is on screen; once the
// trick pause ends, bob, watching, sees round 2 dealt, the ▸ turn marker,
// the bids line and that the bot to bid moves once a player is back.
func TestE2EHoldAtARoundsEndShowsWhoseTurnWaits(t *testing.T) {
	clock := tables.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	s := startServer(t, 0, withClock(clock), withLobbyInterval(0), withTrickPause(time.Second))
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})
	ada.typ("3") // quick play: Boerenbridge against three bots
	bob.waitTable()
	bob.typ("w")
	bob.waitFor("You are watching")
	var g game
	for g.plays == 0 { // round 1 deals one card: her play is the round's last
		ada.turn(ada.waitUntil("ada's turn", func(s string) bool { return prompt(s) != "" }), &g)
	}
	ada.typ(sshtest.KeyEsc) // at once, while the round's trick is on screen
	ada.waitFor("your seat")
	bob.waitFor("The game waits for its players to come back.")
	clock.Advance(time.Second) // the trick pause ends: round 2 is dealt, its first bid waits
	scr := bob.waitUntil("round 2's first turn on hold", func(s string) bool {
		return strings.Contains(s, "moves once a player is back.")
	})
	if r, _ := roundOf(scr); r != 2 || !strings.Contains(scr, "▸ ") || !strings.Contains(scr, "bids 0 of 2") {
		t.Fatalf("the spectator's screen of a game held at round 2's start, want its turn and bids:\n%s", scr)
	}
	ada.typ("\r") // back: the game goes on
	ada.waitUntil("ada's turn or the bots' bids in round 2", func(s string) bool {
		r, _ := roundOf(s)
		return r == 2 && (prompt(s) != "" || !strings.Contains(s, "bids 0 of 2"))
	})
}

// A player who leaves their turn for the lobby and watches another table
// meanwhile finds, back at their seat, the time they left with, and the
// countdown they see is the one the table keeps: alice leaves her bid
// with 20 s left, watches bob's game, comes back to "⏱ 20 s", and runs
// out of time when it shows 0 and not before (ON-3), on an injected clock.
func TestE2EClockAfterWatchingAnotherTable(t *testing.T) {
	clock := tables.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	s := startServer(t, 30*time.Second, withClock(clock), withLobbyInterval(0), withTrickPause(time.Second))
	ctx := testCtx(t)
	alice := s.lobby(ctx, t, "alice", sshtest.Options{})
	alice.typ("1") // quick play: singularity against bots
	alice.waitUntil("alice's first bid", func(s string) bool { return prompt(s) == promptBid && strings.Contains(s, "⏱ 30 s") })
	clock.Advance(10 * time.Second)
	alice.waitFor("⏱ 20 s")
	alice.typ(sshtest.KeyEsc)
	alice.waitFor("on hold")

	bob := s.lobby(ctx, t, "bob", sshtest.Options{})
	bob.typ("3") // quick play: boerenbridge against bots
	bob.waitUntil("bob's first bid", func(s string) bool { return prompt(s) == promptBid })
	alice.waitFor("Boerenbridge")
	alice.typ(sshtest.KeyDown)
	alice.typ("w")
	alice.waitFor("bob's table")
	clock.Advance(5 * time.Second) // bob's clock runs; alice's game is held
	bob.waitFor("⏱ 25 s")
	alice.typ(sshtest.KeyEsc)
	alice.waitFor("your seat — choose it, then enter to return")
	alice.typ(sshtest.KeyUp)
	alice.waitFor("your seat — enter to return")
	alice.typ("\r")
	alice.waitUntil("her bid, back with the time she left", func(s string) bool { return prompt(s) == promptBid && strings.Contains(s, "⏱ 20 s") })
	clock.Advance(19 * time.Second)
	scr := alice.waitUntil("one second left", func(s string) bool { return strings.Contains(s, "⏱ 1 s") })
	if strings.Contains(scr, "Time ran out") {
		t.Fatalf("alice ran out of time with a second left on her screen:\n%s", scr)
	}
	clock.Advance(time.Second)
	alice.waitFor("Time ran out")
}
