package tui

import (
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// BenchmarkLogin measures what the tui does for a login: the session's model
// (its styles and text) and its first frame, the lobby, on a 120×40
// xterm-256color terminal as the load's sessions have. The app is shared, as
// in the server; the fake session (its renderer, which sshserver makes) is
// part of each login.
func BenchmarkLogin(b *testing.B) {
	for _, p := range []termenv.Profile{termenv.ANSI256, termenv.TrueColor} {
		b.Run(p.Name(), func(b *testing.B) {
			app := NewApp(nil, games.Registry(), func() time.Time { return fixedNow })
			e := lobby.Entry{Player: tables.Player{ID: "SHA256:test", Name: "alice"}}
			set := Settings{Lang: "en", Glyphs: Unicode}
			b.ReportAllocs()
			for b.Loop() {
				m := newModel(app, newFakeSession(120, 40, p), e, set)
				_ = m.View()
			}
		})
	}
}
