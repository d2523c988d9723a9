package main

import (
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// A person who drops mid-game and logs in again with the same key lands at
// their table, in their seat, before anything else is drawn, and their bot
// stops: they make the seat's next move themselves (ON-2). Once plainly
// (`ssh host`), once through `ssh -t host join TABLE`.
func TestE2EBackInYourSeatAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name, title string
		fields      []string
		join        bool // bob comes back with `join TABLE`
	}{
		{"trick game", "Boerenbridge", []string{"Most cards", "3"}, false},
		{"dou dizhu", "Dou Dizhu", []string{"Deals", "2"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startServer(t, 0)
			ctx := testCtx(t)
			bobKey := sshtest.NewKey()
			ada := s.lobby(ctx, t, "ada", sshtest.Options{})
			bob := s.lobby(ctx, t, "bob", sshtest.Options{Key: bobKey})
			ada.createTable(tc.title, tc.fields...)
			id := bob.waitTable()
			bob.typ("\r")
			bob.waitFor("bob (you)")
			ada.waitFor("2  bob")
			ada.typ("S")

			// bob drops at his first turn: his bot plays it, then the
			// game waits for ada.
			playTogether(t, func(who *term, s string) bool { return who == bob }, ada, bob)
			bob.c.Close()
			ada.waitFor("bob [away]")

			opts := sshtest.Options{Key: bobKey}
			if tc.join {
				opts.Command = "join " + id
			}
			bob = s.connect(ctx, t, "bob", opts)
			back := bob.waitUntil("bob in his seat", func(s string) bool { return strings.Contains(s, "bob (you)") && hand(s) != nil })
			if strings.Contains(back, "bob [away]") {
				t.Errorf("bob is back but marked away:\n%s", back)
			}
			if out := plainText(bob.c.Output()); strings.Contains(out, "Quick play:") {
				t.Errorf("bob saw the lobby before his seat:\n%s", out)
			}
			ada.waitUntil("bob back on ada's screen", func(s string) bool { return !strings.Contains(s, "bob [away]") })

			// His bot has stopped: the seat's moves are his again.
			gs := playTogether(t, nil, ada, bob)
			if g := gs[bob]; g.bids+g.plays+g.passes == 0 {
				t.Errorf("bob made no move after he came back: his bot played on: %+v", g)
			}
		})
	}
}

// A private table lets its own people in and nobody else: its host leaves
// it (the next person seated becomes the host), finds it in the lobby and
// comes back by its id without the code; the new host starts the game. A
// third key without the code neither sees the table (lobby, list) nor gets
// in by its id.
func TestE2EPrivateTableLetsItsOwnPeopleIn(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})
	ada.createTable("Boerenbridge", "Most cards", "2", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))[1]
	if inv := ada.screen(); strings.Contains(inv, "HOST") {
		t.Errorf("the invite text does not give the server's address:\n%s", inv)
	}
	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(code + "\r")
	bob.waitFor("2  bob (you)")

	// carol logs in after the table was made: her first lobby holds
	// every table there is, and shows her none.
	carolKey := sshtest.NewKey()
	carol := s.lobby(ctx, t, "carol", sshtest.Options{Key: carolKey})
	if got := carol.screen(); !strings.Contains(got, "No tables yet") {
		t.Errorf("carol's lobby shows the private table:\n%s", got)
	}
	out, _, _, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "carol", Key: carolKey}, "list")
	if err != nil {
		t.Fatal(err)
	}
	adaList, _, _, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "ada2"}, "list")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "No tables yet") || !strings.Contains(adaList, "No tables yet") {
		t.Errorf("list shows the private table to keys without its code:\n%s\n%s", out, adaList)
	}

	// ada, the host, leaves: bob is the host now, and the chat says so.
	ada.typ("L")
	ada.waitFor("y leave for good") // a waiting table asks first too
	ada.typ("y")
	ada.waitFor("You left the table")
	bob.waitForFold("ada left; bob is the host now")
	bob.waitFor("Press S to start")

	// The lobby shows ada the table she made; she comes back by its id.
	id := ada.waitTable()
	ada.typ("c")
	ada.waitFor("Invite code or table id:")
	ada.typ(id + "\r")
	ada.waitFor("ada (you)")
	bob.waitUntil("ada back at the table", func(s string) bool { return strings.Contains(s, "  ada") })

	// carol, with the table's id but not its code, stays out.
	carol.typ("c")
	carol.waitFor("Invite code or table id:")
	carol.typ(id + "\r")
	carol.waitForFold("that table is private")
	if got := carol.screen(); !strings.Contains(got, "Quick play:") {
		t.Errorf("carol is not in the lobby:\n%s", got)
	}

	// The new host starts the game, and both play it.
	bob.typ("S")
	gs := playTogether(t, nil, bob, ada)
	if gs[ada].bids == 0 || gs[bob].bids == 0 {
		t.Errorf("ada and bob did not both play: %+v %+v", gs[ada], gs[bob])
	}
}

// A private table restored after a restart lets in the people it let in
// before: bob, who came in with the code and gave his seat up, sees it in
// his lobby and watches it without the code; carol, who never had the
// code, neither sees it nor gets in by its id. The clock stands still, so
// the table's bots (one second a move) wait while the test looks.
func TestE2ERestoredPrivateTableLetsItsOwnPeopleIn(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	clock := tables.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
	adaKey, bobKey := sshtest.NewKey(), sshtest.NewKey()
	srv := startHost(t, dir, withClock(clock), withLobbyInterval(0))
	ada := srv.lobby(ctx, t, "ada", sshtest.Options{Key: adaKey})
	bob := srv.lobby(ctx, t, "bob", sshtest.Options{Key: bobKey})
	ada.createTable("Boerenbridge", "Most cards", "2", "Bot pace", "1.0 s per move", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))[1]
	bob.typ("c")
	bob.waitFor("Invite code or table id:")
	bob.typ(code + "\r")
	bob.waitFor("2  bob (you)")
	bob.typ("L")
	bob.waitFor("y leave for good") // a waiting table asks first too
	bob.typ("y")
	bob.waitFor("You left the table")
	id := bob.waitTable()
	ada.waitFor("Press S to start")
	ada.typ("S")
	ada.waitUntil("the game started", func(s string) bool { return !strings.Contains(s, "Waiting for players") })
	srv.stop()

	srv = startHost(t, dir, withClock(clock), withLobbyInterval(0))
	bob = srv.lobby(ctx, t, "bob", sshtest.Options{Key: bobKey})
	if got := bob.waitTable(); got != id {
		t.Fatalf("bob's lobby after the restart lists %s, want %s", got, id)
	}
	bob.typ("w")
	bob.waitFor("You are watching")

	carol := srv.lobby(ctx, t, "carol", sshtest.Options{})
	if got := carol.screen(); !strings.Contains(got, "No tables yet") {
		t.Errorf("carol's lobby shows the restored private table:\n%s", got)
	}
	carol.typ("c")
	carol.waitFor("Invite code or table id:")
	carol.typ(id + "\r")
	carol.waitForFold("that table is private")
}

// Back in the lobby from her running game, ada's cursor is on her own
// table though another game is listed first; enter on that other running
// game (a bot's seat to take over) is refused, naming hers, so she never
// holds two; logging in again she lands in her own game.
func TestE2EBackInTheLobbyOnYourOwnTable(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	adaKey := sshtest.NewKey()
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})
	ada := s.lobby(ctx, t, "ada", sshtest.Options{Key: adaKey})
	bob.typ("1") // quick play: Singularity against bots
	bob.waitFor("bob's table")
	bobs := ada.waitTable()
	ada.typ("1") // bob's game runs: a table of her own
	ada.waitUntil("ada's turn at her table", func(s string) bool { return strings.Contains(s, "ada's table") && prompt(s) != "" })
	ada.typ(sshtest.KeyEsc)
	scr := ada.waitUntil("her table in the lobby, chosen", func(s string) bool {
		return len(lobbyTables(s)) == 2 && strings.Contains(s, "your seat — enter to return")
	})
	hers := lobbyTables(scr)[1]
	if ids := lobbyTables(scr); ids[0] != bobs || !strings.Contains(scr, "▸ "+hers) {
		t.Fatalf("the lobby lists %q with the cursor not on her table %s:\n%s", ids, hers, scr)
	}
	ada.typ(sshtest.KeyUp)
	ada.waitFor("▸ " + bobs)
	ada.typ(sshtest.KeyEnter)
	ada.waitForFold("You hold a seat at " + hers + ": return there, or leave it first with L.")
	if scr := ada.screen(); !strings.Contains(scr, "Quick play:") {
		t.Fatalf("ada left the lobby for bob's game:\n%s", scr)
	}
	ada.c.Close()
	ada = s.connect(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.waitUntil("ada back at her own table", func(s string) bool { return strings.Contains(s, "ada's table") && strings.Contains(s, "ada (you)") })
}
