package main

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// Escape sequences a hostile client puts where others will see them: its
// SSH user name (the display name), and a chat line pasted with raw escape
// bytes in it (a bracketed paste carries them past the key parser). None of
// them reaches another player's terminal: bob's raw bytes never hold them,
// while the chat line's words do arrive. The rest of the hostile-client
// suite is in sshserver/hostile_test.go.
func TestE2EEscapesNeverReachAnotherTerminal(t *testing.T) {
	// Each would do something to bob's terminal: set its title, write his
	// clipboard, resize it, colour it (C1 CSI), ask it to answer.
	hostile := []string{"\x1b]0;PWNED\a", "\x1b]52;c;UFdORUQ=\x1b\\", "\x1b[8;6;66t", "\u009b31m", "\x1b[6n"}
	s := startServer(t, 0)
	ctx := testCtx(t)
	mallory := s.lobby(ctx, t, strings.Join(hostile, "mal"), sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})

	mallory.createTable("Boerenbridge")
	bob.waitTable()
	bob.typ("w")
	bob.waitFor("The host starts the game")
	mallory.typ("/")
	mallory.typ("\x1b[200~hello " + strings.Join(hostile, "") + "world\x1b[201~")
	mallory.typ("\r")
	bob.waitUntil("mallory's chat line", func(s string) bool { return strings.Contains(s, "hello") && strings.Contains(s, "world") })

	raw := bob.c.Output()
	for _, h := range hostile {
		for _, part := range []string{h, strings.TrimSuffix(h, "\a")} {
			if strings.Contains(raw, part) {
				t.Errorf("bob's terminal got %q raw", part)
			}
		}
	}
	for _, seq := range []string{"\x1b]0;", "\x1b]52;", "\x1b[8;", "\u009b", "\x1b[6n"} {
		if strings.Contains(raw, seq) {
			t.Errorf("bob's terminal got the sequence %q", seq)
		}
	}
}
