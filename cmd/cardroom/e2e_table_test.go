package main

import (
	"slices"
	"strings"
	"testing"

	"cardroom/sshserver/sshtest"
)

// Two people at one table: bob joins ada's private table with its invite
// code, each sees the other's name, and both play their own turns to the end.
func TestE2ETwoPeopleAtOneTable(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})

	ada.createTable("Boerenbridge", "max_cards", "2", "Private", "yes, by invite code")
	m := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))
	code := m[1]
	// The lobby lists the private table as private, and will not seat bob
	// at it by its id.
	bob.waitTable()
	bob.waitFor("private")
	bob.typ("\r")
	bob.waitFor("that table is private")

	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(strings.ToLower(code) + "\r") // codes are not case sensitive
	bob.waitFor("bob (you)")
	if got := bob.screen(); !strings.Contains(got, "1  ada") || !strings.Contains(got, "The host starts the game") {
		t.Errorf("bob's waiting screen does not show ada as the host in seat 1:\n%s", got)
	}
	ada.waitFor("2  bob")

	ada.typ("S")
	gs := playTogether(t, nil, ada, bob)
	for _, p := range []*term{ada, bob} {
		g := gs[p]
		if g.bids == 0 || g.plays == 0 {
			t.Errorf("%s did not bid and play: %+v", p.name, g)
		}
	}
	// Each sees the other's name at the table.
	for _, c := range []struct{ p, other *term }{{ada, bob}, {bob, ada}} {
		if !strings.Contains(c.p.c.Output(), c.other.name+" ") {
			t.Errorf("%s never saw %s's name", c.p.name, c.other.name)
		}
	}
	bobLast := bob.waitUntil("the end of the game", atEnd)
	ada.endOfGame(gs[ada].last, "ada", "bob")
	bob.endOfGame(bobLast, "ada", "bob")

	rep := s.record(t)
	if !rep.Ended || !slices.Equal(rep.Header.Seats[:2], []string{"ada", "bob"}) {
		t.Errorf("record: ended %v, seats %q; want ended, ada and bob in seats 1 and 2", rep.Ended, rep.Header.Seats)
	}
}
