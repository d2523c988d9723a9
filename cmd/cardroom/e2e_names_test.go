package main

import (
	"regexp"
	"testing"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver/sshtest"
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
	cyr.waitForFold("the name \u0430lice looks too much like the name of someone else on this server; you are \u0430lice2")

	wide := s.lobby(ctx, t, "ａｌｉｃｅ", sshtest.Options{Width: 200})
	wide.waitForFold("looks too much like the name of someone else on this server; you are ａｌｉｃｅ3")

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
