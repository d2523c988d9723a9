package main

import (
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// The client's locale (LANG or LC_ALL, which many ssh configurations send)
// chooses the language a new key starts in.
func TestE2ELocaleChoosesTheFirstLanguage(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	de := s.connect(ctx, t, "dora", sshtest.Options{Env: map[string]string{"LANG": "de_DE.UTF-8"}})
	de.waitFor("Noch keine Tische")
	nl := s.connect(ctx, t, "nina", sshtest.Options{Env: map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "nl_NL.UTF-8"}})
	nl.waitFor("Nog geen tafels")
	en := s.connect(ctx, t, "emma", sshtest.Options{Env: map[string]string{"LANG": "fr_FR.UTF-8"}})
	en.waitFor("No tables yet")
}
