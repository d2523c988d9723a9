package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/names"
)

// The lobby's notes on a replaced or look-alike name read in the player's
// language.
func TestNameNotesTranslated(t *testing.T) {
	l, stop := runLobby(t)
	defer stop()
	if _, err := l.Enter("K1", "alice", false); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in     lobby.Login
		de, nl string
	}{
		{lobby.Login{ID: "K2", Name: "\u0430lice"}, "sieht dem Namen eines anderen zu ähnlich", "lijkt te veel op die van iemand anders"},
		{lobby.Login{ID: "K3", Name: "player-x", Replaced: names.Escapes}, "Escape-Sequenzen", "escape-reeksen"},
		{lobby.Login{ID: "K4", Name: "player-y", Replaced: names.Invisible}, "unsichtbare Zeichen", "onzichtbare tekens"},
		{lobby.Login{ID: "K5", Name: "e\u0301\u0301\u0301"}, "zu viele Akzente", "te veel accenten"},
		{lobby.Login{ID: "K6", Name: "player-z", Replaced: names.Cut}, "zu lang (höchstens 24 Zeichen)", "te lang (hoogstens 24 tekens)"},
		{lobby.Login{ID: "K7", Name: "player-w", Replaced: names.Symbols}, "nur Buchstaben, Ziffern und - _ .", "alleen letters, cijfers en - _ ."},
	} {
		e, err := l.Login(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := newText("de").message(e.Note); !strings.Contains(got, c.de) || !strings.HasSuffix(got, e.Player.Name+".") {
			t.Errorf("de: %q → %q", e.Note, got)
		}
		if got := newText("nl").message(e.Note); !strings.Contains(got, c.nl) || !strings.HasSuffix(got, e.Player.Name+".") {
			t.Errorf("nl: %q → %q", e.Note, got)
		}
	}
	if got := newText("de").err(lobby.ErrNameNotSaved); got == lobby.ErrNameNotSaved.Error() {
		t.Errorf("the refused login is not translated: %q", got)
	}
}
