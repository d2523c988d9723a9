package main

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/store"
)

// A name that only looks like one reserved (a Cyrillic a for the Latin
// one, full-width letters, a zero-width joiner inside) is taken like it:
// the other key gets a variant and is told why, over a real SSH session.
// A name with escape sequences is replaced, and its owner told why.
func TestE2ENameLookAlikes(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	a := s.lobby(ctx, t, "alice", sshtest.Options{})
	a.waitFor("you are alice ")

	cyr := s.lobby(ctx, t, "\u0430lice", sshtest.Options{Width: 200})
	cyr.waitFor("you are \u0430lice2")
	cyr.waitForFold("the name \u0430lice looks too much like someone else's name; you are \u0430lice2")

	wide := s.lobby(ctx, t, "ａｌｉｃｅ", sshtest.Options{Width: 200})
	wide.waitForFold("looks too much like someone else's name; you are ａｌｉｃｅ3")

	zw := s.lobby(ctx, t, "ali\u200dce", sshtest.Options{Width: 200})
	zw.waitForFold("your name had invisible characters in it, so it was not used; you are player-")

	esc := s.lobby(ctx, t, "\x1b[31malice", sshtest.Options{Width: 200})
	esc.waitForFold("your name had control characters or escape sequences in it, so it was not used; you are player-")
}

// Guessing invite codes over SSH: after a few wrong ones, the lobby
// screen says how long to wait.
func TestE2ECodeGuessesBackOff(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	m := s.lobby(ctx, t, "mallory", sshtest.Options{Width: 120})
	for i := 0; i <= lobby.FreeGuesses; i++ {
		m.typ("c")
		m.waitFor("Invite code or table id:")
		m.typ("QQQQQQ\r")
		m.waitForFold("there is no such table")
	}
	m.typ("c")
	m.waitFor("Invite code or table id:")
	m.typ("QQQQQQ\r")
	// 10 seconds, less the moment between the two tries.
	m.waitUntil("the wait shown", func(s string) bool {
		return regexp.MustCompile(`Too many wrong invite codes: try again in (10|9) seconds`).MatchString(s)
	})
}

// export hands a game only to someone who held a seat in it, and tells
// everyone else the same words as for a game that does not exist; a
// guest's game has no owner, so no later guest is taken for them.
func TestE2EExportOnlyYourOwnGames(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	aliceKey := sshtest.NewKey()
	alice := s.lobby(ctx, t, "alice", sshtest.Options{Key: aliceKey})
	alice.typ("4") // quick play: Dou Dizhu against bots
	alice.waitFor("Deal 1 of 1")
	alice.playGame()
	g := s.lobby(ctx, t, "visitor", sshtest.Options{Guest: true})
	g.typ("4")
	g.waitFor("Deal 1 of 1")
	g.playGame()

	run := func(who string, opts sshtest.Options, cmd string) (string, int) {
		t.Helper()
		opts.User = who
		out, errOut, code, err := sshtest.Exec(ctx, s.addr, opts, cmd)
		if err != nil {
			t.Fatalf("%s: ssh host %s: %v", who, cmd, err)
		}
		return out + errOut, code
	}
	// The game is archived as it ends; wait (by asking, at most a bounded
	// number of times) until alice's export has it.
	var mine string
	for i := 0; ; i++ {
		out, code := run("alice", sshtest.Options{Key: aliceKey}, "export 1")
		if code == 0 {
			mine = out
			break
		}
		if i == 200 {
			t.Fatalf("alice's own game never became exportable: %s", out)
		}
	}
	if !strings.Contains(mine, `"ruleset":"doudizhu"`) {
		t.Fatalf("alice's export is not her record:\n%.300s", mine)
	}
	mal := sshtest.Options{Key: sshtest.NewKey()}
	theirs, code := run("mallory", mal, "export 1")
	missing, code2 := run("mallory", mal, "export 99999")
	if code == 0 || code2 == 0 || strings.ReplaceAll(missing, "99999", "1") != theirs {
		t.Errorf("someone else's game: exit %d %q; a missing game: exit %d %q; want the same refusal", code, theirs, code2, missing)
	}
	if !strings.Contains(theirs, "you have no game 1 on this server") {
		t.Errorf("refusal %q", theirs)
	}
	if out, code := run("visitor", sshtest.Options{Guest: true}, "export 2"); code == 0 || strings.Contains(out, "ruleset") {
		t.Errorf("a later guest exported a guest's game: exit %d\n%.300s", code, out)
	}
}

// One person hosts at most --max-tables-per-player tables (2 by default):
// the lobby says so when they ask for a third.
func TestE2EMaxTablesPerPlayer(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	p := s.lobby(ctx, t, "hoarder", sshtest.Options{})
	for range 2 {
		p.createTable("Boerenbridge")
		p.typ("\x1b") // back to the lobby; the waiting table stays
		p.waitFor("Quick play:")
	}
	p.typ("4") // quick play would make a third table
	p.waitForFold("you already host 2 tables, as many as one person may at once")
}

// A full disk (the store's writes fail) pauses the table over SSH: the
// move is refused and the player reads why; once the store can write again
// the game goes on to its end and is kept.
func TestE2EFullDiskPausesTheTable(t *testing.T) {
	opened := make(chan *store.Store, 1)
	s := startServer(t, 0, withStore(func(s *store.Store) { opened <- s }), withJournalRetry(50*time.Millisecond))
	st := <-opened
	ctx := testCtx(t)
	key := sshtest.NewKey()
	p := s.lobby(ctx, t, "alice", sshtest.Options{Key: key})
	p.typ("4") // quick play: Dou Dizhu against bots
	p.waitFor("Deal 1 of 1")
	p.waitUntil("alice's bid", func(s string) bool { return strings.Contains(s, "Your bid") })
	st.FailWrites(errors.New("no space left on device"))
	p.typ("p") // she passes: the move the table cannot save
	p.waitForFold("the server cannot save the game: paused; your move counts once it is saved")
	st.FailWrites(nil)
	p.waitForFold("the game is saved again: play on")
	p.playGame()
	for i := 0; ; i++ {
		out, _, code, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "alice", Key: key}, "export 1")
		if err == nil && code == 0 && strings.Contains(out, `"e":"end"`) {
			break
		}
		if i == 200 {
			t.Fatalf("the game played through a full disk was not kept: %v %s", err, out)
		}
	}
}

// A login whose name cannot be saved (a full disk) is refused with a
// message saying so; once the store writes again, the same key gets in.
func TestE2EFullDiskRefusesLogin(t *testing.T) {
	opened := make(chan *store.Store, 1)
	s := startServer(t, 0, withStore(func(s *store.Store) { opened <- s }))
	st := <-opened
	ctx := testCtx(t)
	st.FailWrites(errors.New("no space left on device"))
	key := sshtest.NewKey()
	c := s.connect(ctx, t, "carol", sshtest.Options{Key: key})
	if _, err := c.c.Wait(ctx); err != nil {
		t.Fatalf("the refused session did not end: %v", err)
	}
	if out := strings.ToLower(c.screen() + plainText(c.c.Output())); !strings.Contains(out, "cannot save your name right now") {
		t.Errorf("the refused login was not told why:\n%s", out)
	}
	st.FailWrites(nil)
	s.lobby(ctx, t, "carol", sshtest.Options{Key: key}).waitFor("you are carol ")
}
