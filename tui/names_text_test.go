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
		{lobby.Login{ID: "K6", Name: "player-z", Replaced: names.Cut}, "zu lang (höchstens 24 Spalten breit; CJK-Zeichen und Emoji brauchen zwei)", "te lang (hoogstens 24 kolommen breed; CJK-tekens en emoji nemen er twee)"},
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
	for _, err := range []error{lobby.ErrNameNotSaved, lobby.ErrRoomUnreachable} {
		for _, lang := range []string{"de", "nl"} {
			if got := newText(lang).err(err); got == err.Error() {
				t.Errorf("%s: the refused login is not translated: %q", lang, got)
			}
		}
	}
}

// A name's limit is in columns: thirteen CJK characters (26 columns) are
// cut to twelve, and the note says so in columns in every language.
func TestWideNameNoteCountsColumns(t *testing.T) {
	l, stop := runLobby(t)
	defer stop()
	e, err := l.Enter("K1", strings.Repeat("漢", 13), false)
	if err != nil {
		t.Fatal(err)
	}
	if e.Player.Name != strings.Repeat("漢", 12) {
		t.Fatalf("name %q, want twelve of its thirteen characters (24 columns)", e.Player.Name)
	}
	for lang, want := range map[string]string{
		"en": "at most 24 columns wide; CJK characters and emoji take two",
		"de": "höchstens 24 Spalten breit; CJK-Zeichen und Emoji brauchen zwei",
		"nl": "hoogstens 24 kolommen breed; CJK-tekens en emoji nemen er twee",
	} {
		if got := newText(lang).message(e.Note); !strings.Contains(got, want) {
			t.Errorf("%s: note %q, want it to say %q", lang, got, want)
		}
	}
}
