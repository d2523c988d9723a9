package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// A person who drops from a game that then ends without them is told, when
// they log in again, that it ended and how it went for them, on the screen
// they land on. The next login says it no more. Once the bots play the
// game to its end (no seat hold) and the person lands at the waiting table
// where they keep a seat, once the game holds for them until it ends
// unfinished (on an injected clock), and they land in the lobby.
func TestE2ETheGameYouLeftEndedWithoutYou(t *testing.T) {
	for _, tc := range []struct {
		name string
		hold bool
		note *regexp.Regexp
	}{
		{"played out", false, regexp.MustCompile(`Your Dou Dizhu game ended without you: place [1-3] of 3, -?[0-9]+ points\.`)},
		{"held until it ended", true, regexp.MustCompile(`Your Dou Dizhu game ended without you before it was played out: unrated\.`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := tables.NewFakeClock(time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC))
			opts := []serveOption{withClock(clock), withLobbyInterval(0)}
			if !tc.hold {
				opts = append(opts, withSeatHold(lobby.Off))
			}
			s := startServer(t, 0, opts...)
			ctx := testCtx(t)
			key := sshtest.NewKey()
			bob := s.lobby(ctx, t, "bob", sshtest.Options{Key: key})
			landing := "Quick play:"
			if !tc.hold { // a waiting table would close in the held game's half hour
				bob.createTable("Special Rounds")
				bob.waitFor("bob (you)")
				bob.typ(sshtest.KeyEsc)
				bob.waitFor("Your seat is kept")
				landing = "Special Rounds · bob's table"
			}
			bob.typ("4") // quick play: Dou Dizhu against bots
			bob.waitFor("Deal 1 of 1")
			bob.c.Close()
			if tc.hold {
				ada := s.lobby(ctx, t, "ada", sshtest.Options{})
				ada.waitFor("on hold")
				clock.Advance(tables.DefaultSeatHold + time.Minute)
			}

			asBob := sshtest.Options{User: "bob", Key: key}
			for { // the game is archived as it ends
				if _, _, code := s.sshRun(ctx, t, asBob, false, "export 1"); code == 0 {
					break
				}
				if ctx.Err() != nil {
					t.Fatal("bob's game never ended")
				}
			}

			bob = s.connect(ctx, t, "bob", sshtest.Options{Key: key})
			scr := bob.waitUntil("the note of the game bob left", tc.note.MatchString)
			if !strings.Contains(scr, landing) {
				t.Errorf("bob did not land on %q:\n%s", landing, scr)
			}
			bob.c.Close()

			bob = s.connect(ctx, t, "bob", sshtest.Options{Key: key})
			bob.waitFor(landing)
			bob.typ("?") // one more frame: the note would have come by now
			if scr = bob.waitUntil("help", func(s string) bool { return strings.Contains(s, helpText) }); tc.note.MatchString(scr) {
				t.Errorf("the game bob left is news twice:\n%s", scr)
			}
		})
	}
}
