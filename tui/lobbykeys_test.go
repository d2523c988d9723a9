package tui

import (
	"strings"
	"testing"
)

// At 80 columns the lobby's key bar shows every key of the lobby, on at
// most three lines, in every language: with the history and ratings of a server that
// keeps games, and an admin's key too. The screen keeps its 24 lines.
func TestLobbyBarShowsEveryKeyAt80Columns(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, admin := range []bool{false, true} {
			m := testModel(80, 24, Settings{Lang: lang})
			m.app.SetArchive(&fakeArchive{})
			if admin {
				m.app.SetAdmins([]string{m.player.ID})
			}
			m = withLobby(t, m)
			v := plainView(m)
			lines := strings.Split(v, "\n")
			if len(lines) != 24 {
				t.Fatalf("%s: %d lines, want 24:\n%s", lang, len(lines), v)
			}
			bar := strings.Join(lines[24-lobbyKeyRows:], " · ")
			for _, k := range m.lobbyKeys() {
				if want := k.keys + " " + k.does; !strings.Contains(bar, want) {
					t.Errorf("%s (admin %v): the key bar has no %q:\n%s", lang, admin, want, bar)
				}
			}
			for _, l := range lines {
				if w := visibleWidth(l); w > 80 {
					t.Errorf("%s: a line of %d columns: %q", lang, w, l)
				}
			}
		}
	}
}
