package main

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// A watcher whose connection drops lands back watching the same table when
// they log in again with the same key: here a private table they came to
// by its invite code, which they need not type again. The host sees them
// watching again, and they watch the game when it starts.
func TestE2EBackToTheTableYouWatched(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.connect(ctx, t, "ada", sshtest.Options{Command: "new doudizhu"})
	ada.waitFor("◂ Dou Dizhu ▸")
	ada.fillForm("Dou Dizhu", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))[1]

	key := sshtest.NewKey()
	carol := s.connect(ctx, t, "carol", sshtest.Options{Key: key, Command: "watch " + code})
	carol.waitFor("The host starts the game")
	ada.waitFor("Watching: carol")
	carol.c.Close()
	ada.waitUntil("carol gone", func(s string) bool { return !strings.Contains(s, "Watching: carol") })

	carol = s.connect(ctx, t, "carol", sshtest.Options{Key: key})
	back := carol.waitUntil("carol back at the table", func(s string) bool {
		return strings.Contains(s, "The host starts the game") || strings.Contains(s, "Quick play:")
	})
	if !strings.Contains(back, "The host starts the game") || strings.Contains(back, "(you)") {
		t.Fatalf("carol did not land watching ada's table:\n%s", back)
	}
	ada.waitFor("Watching: carol")
	ada.typ("S")
	carol.waitFor("You are watching: hands stay hidden.")
}
