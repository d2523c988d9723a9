package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// ON-6 over SSH: four people play a game to its end, and at its last round
// alice leaves (her bot finishes), the host bob hands carol's seat to a bot
// and goes away himself, and gus, a guest, plays on. The standings, the
// record, alice's history and the ratings name the same four: each seat's
// person, with the bot that finished beside alice and carol; gus is not
// rated.
func TestE2EON6CreditAgreesEverywhere(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	aliceKey := sshtest.NewKey()
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})
	alice := s.lobby(ctx, t, "alice", sshtest.Options{Key: aliceKey})
	carol := s.lobby(ctx, t, "carol", sshtest.Options{})
	gus := s.lobby(ctx, t, "gus", sshtest.Options{Guest: true})
	bob.createTable("Boerenbridge", "Most cards", "2")
	for i, p := range []*term{alice, carol, gus} {
		p.waitTable()
		p.typ("\r")
		p.waitFor(p.name + " (you)")
		bob.waitFor([]string{"2  alice", "3  carol", "4  gus"}[i])
	}
	bob.typ("S")

	// Rounds 1 and 2 are everyone's own; round 3 (one card) goes to bots.
	playTogether(t, func(who *term, s string) bool {
		r, _ := roundOf(s)
		return r == 3
	}, bob, alice, carol, gus)
	bob.typ(":bot 3\r")
	bob.waitFor("Give carol's seat 3 to a bot?")
	bob.typ("y")
	bob.waitForFold("the host handed carol's seat 3 to a bot")
	alice.typ("L")
	alice.waitFor("y leave for good")
	alice.typ("y")
	alice.waitFor("You left the table")
	bob.waitForFold("alice left: a bot plays seat 2")
	bob.typ(":away\r")
	bob.waitFor("bob [away]")
	last := gus.playGame().last

	names := []string{"bob", "alice", "carol", "gus"}
	for _, n := range names {
		if !regexp.MustCompile(`(?m)^\s+\d\.\s+` + n + `\s`).MatchString(last) {
			t.Errorf("the standings do not name %s:\n%s", n, last)
		}
	}
	if got := strings.Count(last, "finished)"); got != 2 {
		t.Errorf("the standings name %d finishing bots, want 2 (alice's and carol's):\n%s", got, last)
	}
	// The lobby drops the table once it has kept the game (archived and
	// rated): from then on the history and the ratings have it.
	gus.typ(sshtest.KeyEsc)
	gus.waitFor("No tables yet")
	rep := s.record(t)
	if !slices.Equal(rep.Header.Seats, names) {
		t.Errorf("the record names %q, want %q", rep.Header.Seats, names)
	}

	// alice's history has the game with the four names, and the
	// Boerenbridge ratings list the three people, not the guest.
	alice.waitFor("No tables yet")
	alice.typ("h")
	alice.waitFor("bob, alice, carol, gus")
	// and, under the list, the bots that finished alice's and carol's seats.
	alice.waitUntil("the history's finishers", func(s string) bool {
		return strings.Contains(s, "alice (") && strings.Contains(s, "carol (") && strings.Count(s, "finished)") == 2
	})
	alice.typ(sshtest.KeyEsc)
	alice.waitFor("Quick play:")
	alice.typ("r")
	alice.waitFor("Leaderboard")
	alice.typ("ll")
	board := alice.waitUntil("the Boerenbridge ratings", func(s string) bool {
		return strings.Contains(s, "alice") && strings.Contains(s, "bob") && strings.Contains(s, "carol")
	})
	if strings.Contains(board, "gus") {
		t.Errorf("the guest is rated:\n%s", board)
	}
}
