package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
)

// ruleID is a rule ID or a document's name, which players never see.
var ruleID = regexp.MustCompile(`\b(?:SR|SI|TR|BB|DD|TT|SC|ON)-[0-9]+\b|\(A\.[0-9]+\)|[A-Z]+\.md\b`)

// Players see no rule IDs or file names: not in any string the screens
// show, their translations, or the messages of other packages as shown.
func TestNoRuleIDsInTheUI(t *testing.T) {
	for s, where := range uiStrings(t) {
		if ruleID.MatchString(s) && !strings.Contains(where, "app.go") { // app.go: the CLI's usage
			t.Errorf("%s: %q names a rule", where, s)
		}
	}
	for lang, cat := range catalogues {
		for en, tr := range cat {
			if ruleID.MatchString(tr) {
				t.Errorf("%s: the translation of %q names a rule: %q", lang, en, tr)
			}
		}
	}
	for _, m := range messages {
		for lang, tr := range m.tr {
			if ruleID.MatchString(tr) {
				t.Errorf("%s: %q names a rule", lang, tr)
			}
		}
		if ruleID.MatchString(m.en) && m.tr["en"] == "" {
			t.Errorf("%q names a rule and has no English rewording", m.en)
		}
	}
	for _, lang := range []string{"en", "de", "nl"} {
		for _, r := range games.Registry().All() {
			m := testModel(120, 40, Settings{Lang: lang})
			m.form = newCreateForm(games.Registry().All(), r.Name)
			m.screen = createScreen
			out := stripANSI(m.View())
			if ruleID.MatchString(out) {
				t.Errorf("%s create form of %s names a rule:\n%s", lang, r.Name, out)
			}
			for _, o := range r.Options {
				if strings.Contains(o.Name, "_") && strings.Contains(out, o.Name) {
					t.Errorf("%s create form of %s shows the option's internal name %s:\n%s", lang, r.Name, o.Name, out)
				}
			}
		}
	}
}

// German says Ansage for a bid throughout, Dutch bod.
func TestOneWordForABid(t *testing.T) {
	check := func(lang string, bad *regexp.Regexp, s string) {
		if bad.MatchString(s) {
			t.Errorf("%s: %q", lang, s)
		}
	}
	de := regexp.MustCompile(`(?i)gebot|biet|geboten|reiz`)
	nl := regexp.MustCompile(`(?i)bieding|inzet om|voorspel`)
	for _, tr := range catalogueDE {
		check("de", de, tr)
	}
	for _, tr := range catalogueNL {
		check("nl", nl, tr)
	}
	for _, m := range messages {
		check("de", de, m.tr["de"])
		check("nl", nl, m.tr["nl"])
	}
}

// The engine's option errors reach the create form in the player's
// language, the option named as the form names it.
func TestOptionErrorsTranslated(t *testing.T) {
	r, _ := games.Registry().Lookup("boerenbridge")
	_, _, err := r.Start(3, engine.Options{"max_cards": "30"})
	if err == nil {
		t.Fatal("max_cards 30 accepted")
	}
	for lang, want := range map[string]string{"en": "Most cards: ", "de": "Höchste Kartenzahl: ", "nl": "Meeste kaarten: "} {
		if got := newText(lang).message(err.Error()); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q reads %q", lang, err, got)
		}
	}
}

// Trump is named with the local initials as well as s h d c.
func TestLocalSuitKeys(t *testing.T) {
	for _, c := range []struct {
		lang, key string
		suit      cards.Suit
	}{
		{"de", "p", cards.Spades}, {"de", "k", cards.Diamonds}, {"de", "x", cards.Clubs}, {"de", "o", cards.NoSuit}, {"de", "d", cards.Diamonds}, {"de", "c", cards.Clubs},
		{"nl", "r", cards.Diamonds}, {"nl", "k", cards.Clubs}, {"nl", "z", cards.NoSuit}, {"nl", "d", cards.Diamonds},
		{"en", "s", cards.Spades}, {"en", "c", cards.Clubs},
	} {
		if su, ok := suitOfKey(c.lang, c.key); !ok || su != c.suit {
			t.Errorf("%s %q names %v (%v), want %v", c.lang, c.key, su, ok, c.suit)
		}
	}
	if _, ok := suitOfKey("en", "k"); ok {
		t.Error("k names a suit in English")
	}
	// At the table: a German player names trump with k, the prompt shows p h k x.
	g := playWith(t, "boerenbridge", 3, nil, 21, nil, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Phase == trick.PhaseTrump && v.Turn == 0
	})
	m := onTable(testModel(80, 24, Settings{Lang: "de"}), snapshotOf(g, "Boerenbridge", 0))
	if out := stripANSI(m.View()); !strings.Contains(out, "p♠ h♥ k♦ x♣") {
		t.Fatalf("the German trump prompt shows no local keys:\n%s", out)
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("k")})
	if cmd == nil {
		t.Fatal("k named no trump")
	}
}

// Card ranks read in the player's language in every glyph set: German
// B D K A and 10, Dutch B V H A and 10; Dou Dizhu keeps the notation its
// ranks are typed in.
func TestLocalRanks(t *testing.T) {
	c := func(r cards.Rank) cards.Card { return cards.New(r, cards.Spades) }
	for _, g := range []Glyphs{Unicode, ASCII, CJKSafe} {
		for lang, want := range map[string][5]string{
			"en": {"T", "J", "Q", "K", "A"}, "de": {"10", "B", "D", "K", "A"}, "nl": {"10", "B", "V", "H", "A"},
		} {
			st := NewStyles(0, Settings{Lang: lang, Glyphs: g})
			for i, r := range []cards.Rank{cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace} {
				if got := st.Face(c(r)); got != want[i]+st.SuitGlyph(cards.Spades) {
					t.Errorf("%s glyphs %v: %v reads %q", lang, g, c(r), got)
				}
				if got := st.notation.Face(c(r)); got != r.String()+st.SuitGlyph(cards.Spades) {
					t.Errorf("%s glyphs %v: %v in notation reads %q", lang, g, c(r), got)
				}
			}
		}
	}
	// Suits in letters are the letters that name trump in the language:
	// German As would read as the word for the ace.
	for _, c := range []struct {
		lang   string
		glyphs Glyphs
		want   string // spades, hearts, diamonds, clubs
	}{
		{"en", ASCII, "shdc"}, {"de", ASCII, "phkx"}, {"nl", ASCII, "shrk"},
		{"en", CJKSafe, "SHDC"}, {"de", CJKSafe, "PHKX"}, {"nl", CJKSafe, "SHRK"},
	} {
		st, got := NewStyles(0, Settings{Lang: c.lang, Glyphs: c.glyphs}), ""
		for _, su := range cards.Suits {
			got += st.SuitGlyph(su)
		}
		if got != c.want || st.notation.SuitGlyph(cards.Clubs) != c.want[3:] {
			t.Errorf("%s glyphs %v: suits read %q (Dou Dizhu's clubs %q), want %q", c.lang, c.glyphs, got, st.notation.SuitGlyph(cards.Clubs), c.want)
		}
	}
	// A ten is three columns wide: the frame, the cursor and clicks follow.
	st := NewStyles(0, Settings{Lang: "de"})
	hand := []cards.Card{c(cards.Nine), c(cards.Ten), c(cards.Jack)}
	row := st.cardRow(hand, nil, 2)
	if want := "╭──┬───┬──╮\n│9♠│10♠│B♠│\n╰──┴───┴──╯\n        ▲"; stripANSI(row) != want {
		t.Fatalf("row:\n%s\nwant:\n%s", stripANSI(row), want)
	}
	for x, want := range map[int]int{1: 0, 2: 0, 4: 1, 6: 1, 8: 2, 9: 2, 11: -1} {
		if got := st.cardAt(hand, x); got != want {
			t.Errorf("column %d: card %d, want %d", x, got, want)
		}
	}
}

// Every option's name fits the create form's column in every language.
func TestOptionLabelsFitTheColumn(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		tx := newText(lang)
		for _, r := range games.Registry().All() {
			for _, o := range r.Options {
				if l := optionLabel(tx, o.Name); visibleWidth(l) > 18 {
					t.Errorf("%s: %q is wider than 18", lang, l)
				}
			}
		}
	}
}

// The SSH server's refusals before a session opens read in the language
// the client sent; English stays as it is.
func TestServerRefusalsTranslated(t *testing.T) {
	a := NewApp(nil, games.Registry(), func() time.Time { return fixedNow })
	for _, c := range []struct{ line, de, nl string }{
		{"Too many sessions from your address (the limit is 3). Close one and try again.",
			"Zu viele Sitzungen von deiner Adresse (höchstens 3). Schließ eine und versuch es noch einmal.",
			"Te veel sessies vanaf je adres (hoogstens 3). Sluit er een en probeer het opnieuw."},
		{"The card room is full (500 sessions). Please try again later.",
			"Der Kartenraum ist voll (500 Sitzungen). Bitte versuch es später noch einmal.",
			"De kaartzaal is vol (500 sessies). Probeer het later opnieuw."},
		{"The card room is shutting down. Please come back in a minute.",
			"Der Kartenraum schließt. Bitte komm in einer Minute wieder.",
			"De kaartzaal sluit. Kom over een minuut terug."},
	} {
		for env, want := range map[string]string{"": c.line, "LANG=en_GB.UTF-8": c.line, "LANG=de_AT.UTF-8": c.de, "LANG=nl_NL.UTF-8": c.nl} {
			if got := a.Translate([]string{env}, c.line); got != want {
				t.Errorf("%s: %q, want %q", env, got, want)
			}
		}
	}
}
