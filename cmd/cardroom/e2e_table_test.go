package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// Two people at one table: bob joins ada's private table with its invite
// code, each sees the other's name, they chat, and both play their own
// turns to the end.
func TestE2ETwoPeopleAtOneTable(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})

	ada.createTable("Boerenbridge", "Most cards", "2", "Private", "unlisted, by invite code")
	m := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))
	code := m[1]
	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(strings.ToLower(code) + "\r") // codes are not case sensitive
	bob.waitFor("bob (you)")
	if got := bob.screen(); !strings.Contains(got, "1  ada") || !strings.Contains(got, "The host starts the game") {
		t.Errorf("bob's waiting screen does not show ada as the host in seat 1:\n%s", got)
	}
	ada.waitFor("2  bob")

	// They talk before the game.
	ada.typ("/hello bob\r")
	bob.waitFor("ada: hello bob")
	bob.typ("/hi ada\r")
	ada.waitFor("bob: hi ada")

	ada.typ("S")
	// At the table each sees the other's seat row.
	for _, c := range []struct{ p, other *term }{{ada, bob}, {bob, ada}} {
		row := regexp.MustCompile(`(?m)^\s*(▸ )?` + c.other.name + `\s+(-|\d)`)
		c.p.waitUntil(c.other.name+"'s seat at the table", row.MatchString)
	}
	gs := playTogether(t, nil, ada, bob)
	for _, p := range []*term{ada, bob} {
		g := gs[p]
		if g.bids == 0 || g.plays == 0 {
			t.Errorf("%s did not bid and play: %+v", p.name, g)
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

// publicState is what every seat and every spectator of a trick-taking
// table sees alike: the round line, the seats with their bids, tricks and
// scores, and the trick. Whitespace is collapsed and "(you)" dropped.
func publicState(s string, height int) string {
	var keep []string
	for i, l := range lines(body(s, height)) {
		t := strings.TrimSpace(l)
		switch {
		case i == 0, t == "", prompt(t) != "", strings.Contains(t, textWaitingFor),
			strings.Contains(t, "You are watching"), strings.ContainsAny(t, "╭│╰▲"):
			continue
		}
		keep = append(keep, strings.Join(slices.DeleteFunc(strings.Fields(t), func(f string) bool { return f == "(you)" }), " "))
	}
	return strings.Join(keep, "\n")
}

// A spectator never sees a hand: two of them (one from the lobby with w,
// one with `ssh -t host watch TABLE`) follow a whole game, and at every turn
// of the player they show the same table as the player's screen, no hand
// frame, the "hands stay hidden" line, and none of the player's cards.
func TestE2ESpectatorNeverSeesAHand(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	carol := s.lobby(ctx, t, "carol", sshtest.Options{})

	ada.createTable("Boerenbridge", "Most cards", "3")
	id := carol.waitTable()
	carol.typ("w")
	carol.waitFor("The host starts the game")
	dave := s.connect(ctx, t, "dave", sshtest.Options{Command: "watch " + id})
	dave.waitFor("The host starts the game")
	ada.waitFor("Watching: carol, dave")
	for _, sp := range []*term{carol, dave} {
		if got := sp.screen(); strings.Contains(got, "(you)") {
			t.Errorf("%s watches but has a seat:\n%s", sp.name, got)
		}
	}

	ada.typ("S")
	var g game
	checked := 0
	for {
		s := ada.waitUntil("ada's turn or the end of the game", func(s string) bool { return atEnd(s) || prompt(s) != "" })
		if atEnd(s) {
			g.last = s
			break
		}
		h := hand(s)
		want := publicState(s, ada.h)
		for _, sp := range []*term{carol, dave} {
			got := sp.waitUntil("the table as ada sees it", func(s string) bool { return publicState(s, sp.h) == want })
			if hasHandFrame(got) || !strings.Contains(got, "You are watching: hands stay hidden.") || prompt(got) != "" {
				t.Fatalf("%s's screen shows a hand or a prompt, or not the hidden-hands line:\n%s", sp.name, got)
			}
			fields := strings.Fields(got)
			for _, c := range h {
				if slices.Contains(fields, c) {
					t.Fatalf("%s sees %s from ada's hand %q:\n%s", sp.name, c, h, got)
				}
			}
			checked++
		}
		ada.turn(s, &g)
	}
	if checked < 2*9 { // 1+2+3+2+1 cards to play, at least
		t.Errorf("checked the spectators' screens %d times, want at least 18", checked)
	}
	for _, sp := range []*term{carol, dave} {
		sp.waitUntil("the end of the game", atEnd)
	}
	ada.endOfGame(g.last, "ada")
}

// trickCards is the cards of the trick on the screen.
func trickCards(s string) []string {
	var out []string
	for _, l := range lines(s) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "Trick:"); ok {
			for _, f := range strings.Fields(rest) {
				if faceRE.MatchString(f) {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// A player who goes back to the lobby (esc) or drops keeps the seat: while
// they are away their bot plays for them and the others see them marked
// away; when they sit down again (ada: after logging in again with the same
// key), their hand is back and they play on.
func TestE2EReconnectToTheSameSeat(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	key := sshtest.NewKey()
	ada := s.lobby(ctx, t, "ada", sshtest.Options{Key: key})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})

	ada.createTable("Boerenbridge", "Most cards", "3")
	bob.waitTable()
	bob.typ("\r") // sit at the table under the cursor
	bob.waitFor("bob (you)")
	ada.waitFor("2  bob")
	ada.typ("S")

	// esc at his first turn takes bob back to the lobby; his seat is kept
	// and his bot plays it, until he sits down again.
	playTogether(t, func(who *term, s string) bool { return who == bob }, ada, bob)
	bob.typ(sshtest.KeyEsc)
	bob.waitForFold("your seat is kept")
	ada.waitFor("bob [away]")
	bob.waitFor("your seat — enter to return")
	bob.typ("\r")
	if s := bob.waitUntil("bob's hand again", func(s string) bool { return hand(s) != nil }); !strings.Contains(s, "bob (you)") {
		t.Errorf("bob is not back in his seat:\n%s", s)
	}
	ada.waitUntil("bob back in his seat on ada's screen", func(s string) bool { return !strings.Contains(s, "bob [away]") })

	// Play until ada is to play in round 3 (3 cards), holding two or more,
	// and not as the last of the trick: bob, who sits after her, is to play
	// next, so her bot plays exactly one card for her.
	var before string
	gs := playTogether(t, func(who *term, s string) bool {
		r, _ := roundOf(s)
		if who == ada && r == 3 && prompt(s) == promptPlay && len(hand(s)) >= 2 && len(trickCards(s)) < 3 {
			before = s
			return true
		}
		return false
	}, ada, bob)
	if before == "" {
		t.Fatalf("the game ended before ada's turn in round 3:\n%s", gs[ada].last)
	}
	held := hand(before)

	// ada drops at her turn. Her bot plays her card, the game moves on to
	// bob, and bob's screen shows her away.
	ada.c.Close()
	bob.waitFor("ada [away]")
	bs := bob.waitUntil("bob's turn after ada's bot played", func(s string) bool { return prompt(s) != "" || atEnd(s) })
	if atEnd(bs) {
		t.Fatalf("the game ended while ada was away:\n%s", bs)
	}

	// Same key, same seat: she lands in it at once.
	ada = s.connect(ctx, t, "ada", sshtest.Options{Key: key})
	back := ada.waitUntil("ada's hand again", func(s string) bool { return hand(s) != nil })
	if !strings.Contains(back, "ada (you)") || strings.Contains(back, "ada [away]") {
		t.Errorf("ada is not back in her seat:\n%s", back)
	}
	now := hand(back)
	if len(now) != len(held)-1 {
		t.Errorf("ada holds %q after her bot played one card from %q", now, held)
	}
	for _, c := range now {
		if !slices.Contains(held, c) {
			t.Errorf("ada holds %s, which was not in her hand %q", c, held)
		}
	}
	bob.waitUntil("ada back in her seat on bob's screen", func(s string) bool { return !strings.Contains(s, "ada [away]") })

	// ada plays on by keys to the end.
	gs = playTogether(t, nil, ada, bob)
	if gs[ada].plays == 0 {
		t.Errorf("ada made no move after she came back: %+v", gs[ada])
	}
	ada.endOfGame(gs[ada].last, "ada", "bob")
	rep := s.record(t)
	if !rep.Ended || rep.Header.Seats[0] != "ada" {
		t.Errorf("record: ended %v, seats %q; want ended with ada in seat 1", rep.Ended, rep.Header.Seats)
	}
}

// A game against bots whose person went back to the lobby holds still for
// them, also while someone watches: the lobby lists it as on hold, the
// spectator reads why and that the turn is on hold (not waited for), and it
// goes on once its person sits again.
func TestE2EAGameWaitsForItsPlayers(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})

	ada.typ("3") // quick play: Boerenbridge against three bots
	ada.waitFor(promptBid)
	ada.typ(sshtest.KeyEsc)
	ada.waitForFold("the game waits for you")
	bob.waitFor("on hold")
	bob.typ("w")
	held := bob.waitUntil("the line that the game waits", func(s string) bool {
		return strings.Contains(s, "The game waits for its players to come back.")
	})
	if !strings.Contains(held, "ada [away]") || !strings.Contains(held, "ada is away: the game is on hold.") || strings.Contains(held, textWaitingFor) {
		t.Errorf("the spectator's screen of the held game:\n%s", held)
	}

	ada.waitFor("your seat — enter to return")
	ada.typ("\r")
	ada.waitFor(promptBid)
	bob.waitUntil("the game going on", func(s string) bool {
		return !strings.Contains(s, "The game waits for its players") && !strings.Contains(s, "ada [away]")
	})
}

// Deep links: `ssh -t host new GAME` opens the create form for that game,
// and `ssh -t host join CODE` sits at the private table with that code.
func TestE2EDeepLinks(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.connect(ctx, t, "ada", sshtest.Options{Command: "new doudizhu"})
	ada.waitFor("◂ Dou Dizhu ▸")
	ada.fillForm("Dou Dizhu", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))[1]

	bob := s.connect(ctx, t, "bob", sshtest.Options{Command: "join " + code})
	bob.waitFor("2  bob (you)")
	ada.waitFor("2  bob")
	if got := bob.screen(); !strings.Contains(got, "1  ada") {
		t.Errorf("bob does not see ada at the table:\n%s", got)
	}
}
