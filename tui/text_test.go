package tui

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/tables"
)

// uiStrings returns every string literal the tui's sources (not its tests)
// pass to a text's get or f, with where it was seen.
func uiStrings(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	out := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "get" && sel.Sel.Name != "f") || !isText(sel.X) {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true // a computed key: see dynamicStrings
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			out[s] = fset.Position(lit.Pos()).String()
			return true
		})
	}
	if len(out) < 50 {
		t.Fatalf("found only %d UI strings: is the scanner still right?", len(out))
	}
	return out
}

// isText reports whether x looks like a *text: tx, m.tx, tm.m.tx, or the
// form's parameter t.
func isText(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name == "tx" || x.Name == "t"
	case *ast.SelectorExpr:
		return x.Sel.Name == "tx"
	}
	return false
}

// dynamicStrings are the keys the screens look up by value: table phases
// and Dou Dizhu combination types.
func dynamicStrings() []string {
	out := []string{tables.Waiting.String(), tables.Playing.String(), tables.Over.String()}
	for ty := doudizhu.Type(0); ty.String() != "?"; ty++ {
		out = append(out, ty.String())
	}
	return out
}

var verbRE = regexp.MustCompile(`%[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z%]`)

// verbs lists the format verbs of s in order.
func verbs(s string) []string { return verbRE.FindAllString(s, -1) }

func TestEveryUIStringIsTranslated(t *testing.T) {
	keys := uiStrings(t)
	for _, s := range dynamicStrings() {
		keys[s] = "(looked up by value)"
	}
	for _, lang := range []string{"de", "nl"} {
		cat := catalogues[lang]
		if len(cat) == 0 {
			t.Fatalf("no %s catalogue", lang)
		}
		for en, where := range keys {
			tr, ok := cat[en]
			if !ok {
				t.Errorf("%s: %s: no translation of %q", lang, where, en)
				continue
			}
			if tr == "" {
				t.Errorf("%s: empty translation of %q", lang, en)
			}
			if got, want := verbs(tr), verbs(en); !slices.Equal(got, want) {
				t.Errorf("%s: %q has verbs %v, the English %q has %v", lang, tr, got, en, want)
			}
		}
	}
}

// TestCataloguesHaveNoStaleStrings: every translation is of a string the
// UI still shows, so a reworded English string is noticed.
func TestCataloguesHaveNoStaleStrings(t *testing.T) {
	keys := uiStrings(t)
	for _, s := range dynamicStrings() {
		keys[s] = ""
	}
	for _, s := range optionDocs() {
		keys[s] = ""
	}
	for lang, cat := range catalogues {
		for en := range cat {
			if _, ok := keys[en]; !ok {
				t.Errorf("%s: %q is translated but not shown anywhere", lang, en)
			}
		}
	}
}

// TestCardNamesStay: Singularity and CLANKER keep their names in every language.
func TestCardNamesStay(t *testing.T) {
	for lang, cat := range catalogues {
		for en, tr := range cat {
			for _, name := range []string{"Singularity", "CLANKER"} {
				if strings.Count(en, name) != strings.Count(tr, name) {
					t.Errorf("%s: %q → %q changes the name %s", lang, en, tr, name)
				}
			}
		}
	}
}

// TestTranslationsFitTheirColumns: the lobby's column headers and the seat
// table's headers are padded to fixed widths; the help bar's words are
// short.
func TestTranslationsFitTheirColumns(t *testing.T) {
	widths := map[string]int{
		"TABLE": 8, "GAME": 15, "PEOPLE": 6, "BOTS": 5, "FREE": 5, "ROUND": 6, "WATCH": 6,
		"seat": 26, "tricks": 6, "score": 7, "role": 9, "cards": 5,
		"farmer": 9, "landlord": 9, "deal": 8, "total": 8, "round": 9,
		"GAME #": 6, "ENDED": 16, "PLACE": 5, "TOTAL": 7,
		"Game": 18, "Seats": 18, "Private": 18, "Turn timer": 18, "Bot pace": 18,
		"Language": 21, "Cards": 21, "Four-colour suits": 21, "Colour": 21, "Bell on your turn": 21, // padded to 22
	}
	for lang, cat := range catalogues {
		for en, w := range widths {
			if tr := cat[en]; len([]rune(tr)) > w {
				t.Errorf("%s: %q → %q is %d wide, the column %d", lang, en, tr, len([]rune(tr)), w)
			}
		}
	}
	// Help bar items: at most a little longer than the English.
	for _, en := range []string{"choose", "sit", "watch", "filter", "new table", "quick play", "code", "settings", "help", "quit",
		"bid", "confirm", "name trump", "no trump", "play", "pass", "type ranks", "mark", "hint", "score sheet", "last trick", "chat", "lobby",
		"field", "change", "edit / create", "back", "send", "cancel", "join", "done", "start with bots"} {
		for lang, cat := range catalogues {
			if tr, ok := cat[en]; ok && len([]rune(tr)) > len(en)+8 {
				t.Errorf("%s: help word %q → %q is too long for the help bar", lang, en, tr)
			}
		}
	}
}

// optionDocs are the create form's one-line explanations of the options.
func optionDocs() []string {
	var out []string
	for _, r := range games.Registry().All() {
		for _, o := range r.Options {
			out = append(out, o.Doc)
		}
	}
	return out
}

func TestMessagesFromOtherPackages(t *testing.T) {
	de, nl, en := newText("de"), newText("nl"), newText("en")
	cases := []struct {
		err    error
		de, nl string
	}{
		{tables.ErrNotYourTurn, "Du bist nicht am Zug.", "Je bent niet aan de beurt."},
		{fmt.Errorf("join: %w", lobby.ErrPrivate), "Dieser Tisch ist privat: Frag den Gastgeber nach dem Einladungscode.", "Deze tafel is privé: vraag de gastheer om de uitnodigingscode."},
		{engine.Illegal(1, engine.PlayCard(cards.New(cards.Two, cards.Spades)), "must follow %s", cards.Hearts), "Du musst Herz bedienen.", "Je moet harten bekennen."},
		{errors.New("must follow S"), "Du musst Pik bedienen.", "Je moet schoppen bekennen."},
		{errors.New("the bids would add up to 7, the number of cards (dealer hook)"), "Die Ansagen ergäben 7, so viele Karten wie ausgeteilt: Das darf der Geber nicht.", "De boden zouden samen 7 zijn, het aantal kaarten: dat mag de deler niet."},
		{errors.New("3334 does not beat 55567: your triple with single must have 5 cards too, or play a bomb or the rocket"), "3 3 3  4 schlägt 5 5 5 6 7 nicht: Es müssen auch 5 Karten sein (Drilling mit Einzelkarte), sonst eine Bombe oder die Rakete.", "3 3 3  4 verslaat 5 5 5 6 7 niet: het moeten ook 5 kaarten zijn (drietal met enkele), anders een bom of de raket."},
		{errors.New("3 (single) does not beat 2222 (bomb): play a higher bomb or the rocket"), "3 (Einzelkarte) schlägt die Bombe 2 2 2 2 nicht: Spiel eine höhere Bombe oder die Rakete.", "3 (enkele) verslaat de bom 2 2 2 2 niet: speel een hogere bom of de raket."},
		{fmt.Errorf("%w: 300 characters, at most 200", tables.ErrChatTooLong), "Diese Chatzeile ist zu lang: 300 Zeichen, höchstens 200.", "Deze chatregel is te lang: 300 tekens, hoogstens 200."},
		{&lobby.HoldsSeat{Table: "b85q9f"}, "Du hast einen Platz an b85q9f: Geh dorthin zurück oder gib ihn erst mit L auf.", "Je hebt een plaats aan b85q9f: ga daarheen terug of verlaat die eerst met L."},
		{fmt.Errorf("%w (at most 80 characters)", tables.ErrBadPenalty), "Eine Strafe: -1 bis -1000 Punkte mit Begründung (höchstens 80 Zeichen).", "Een straf is -1 tot -1000 punten met een reden (hoogstens 80 tekens)."},
	}
	for _, c := range cases {
		if got := de.err(c.err); got != c.de {
			t.Errorf("de: %v\n got %q\nwant %q", c.err, got, c.de)
		}
		if got := nl.err(c.err); got != c.nl {
			t.Errorf("nl: %v\n got %q\nwant %q", c.err, got, c.nl)
		}
	}
	// Seats count from 1 for players; phases become words.
	ill := engine.Illegal(0, engine.BidMove(2), "not your turn: seat %d is to %s", 2, "bid")
	if got, want := de.err(ill), "Du bist nicht am Zug: Platz 3 muss ansagen."; got != want {
		t.Errorf("de: got %q, want %q", got, want)
	}
	if got, want := en.err(ill), "Not your turn: seat 3 is to bid."; got != want {
		t.Errorf("en: got %q, want %q", got, want)
	}
	// A wrapped message is found behind its prefix.
	if got, want := nl.err(fmt.Errorf("deal: %w", tables.ErrNotYourTurn)), "Je bent niet aan de beurt."; got != want {
		t.Errorf("nl: got %q, want %q", got, want)
	}
	// A penalty out of range names the range, in 80 columns.
	bad := fmt.Errorf("%w (at most 80 characters)", tables.ErrBadPenalty)
	if got, want := en.err(bad), "A penalty is -1 to -1000 points with a reason (at most 80 characters)."; got != want {
		t.Errorf("en: got %q, want %q", got, want)
	}
	for _, tx := range []*text{en, de, nl} {
		if s := tx.err(bad); visibleWidth(s) > 80 {
			t.Errorf("%s: %q is wider than 80 columns", tx.lang, s)
		}
	}
	// A known English message becomes a sentence.
	if got, want := en.err(tables.ErrSeatTaken), "That seat is taken."; got != want {
		t.Errorf("en: got %q, want %q", got, want)
	}
	// Chat lines of the table and why it ended.
	for _, c := range []struct{ en, de, nl string }{
		{"marieke is back", "marieke ist zurück.", "marieke is terug."},
		{"Wolfgang_Amadeus_Mozart_ is now called eve", "Wolfgang_Amadeus_Mozart_ heißt jetzt eve.", "Wolfgang_Amadeus_Mozart_ heet nu eve."},
		{"marieke is away: their bot plays until they are back", "marieke ist nicht da: Ein Bot spielt, bis marieke zurück ist.", "marieke is er niet: een bot speelt tot marieke terug is."},
		{"marieke stepped away: their bot plays until they are back", "marieke ist kurz weg: Ein Bot spielt, bis marieke zurück ist.", "marieke is even weg: een bot speelt tot marieke terug is."},
		{"the host handed bob's seat 3 to a bot", "Der Gastgeber hat Platz 3 von bob an einen Bot gegeben.", "De gastheer heeft plaats 3 van bob aan een bot gegeven."},
		{"penalty: seat 2 (bob) -5 points: talked during the trick", "Strafe: Platz 2 (bob) -5 Punkte: talked during the trick", "Straf: plaats 2 (bob) -5 punten: talked during the trick"},
		{"the table was closed", "Der Tisch wurde geschlossen.", "De tafel is gesloten."},
		{"nobody was at the table", "Niemand war am Tisch.", "Er was niemand aan tafel."},
		{"everyone left the table", "Alle haben den Tisch verlassen.", "Iedereen heeft de tafel verlaten."},
		{"its players did not come back", "Die Spieler sind nicht zurückgekommen.", "De spelers zijn niet teruggekomen."},
		{"the server restarted: each seat's bot plays until its person is back", "Der Server wurde neu gestartet: Ein Bot spielt jeden Platz, bis sein Spieler zurück ist.", "De server is herstart: een bot speelt elke plaats tot de speler terug is."},
		{"the server restarted: the game goes on when its people are back, a bot playing for any who are not", "Der Server wurde neu gestartet: Das Spiel geht weiter, sobald seine Spieler zurück sind; ein Bot spielt für alle, die es noch nicht sind.", "De server is herstart: de partij gaat verder zodra de spelers terug zijn; een bot speelt voor wie er nog niet is."},
	} {
		if got := de.message(c.en); got != c.de {
			t.Errorf("de: %q: got %q, want %q", c.en, got, c.de)
		}
		if got := nl.message(c.en); got != c.nl {
			t.Errorf("nl: %q: got %q, want %q", c.en, got, c.nl)
		}
	}
	// English stays English, readable; an unknown message stays as it is.
	if got, want := en.err(errors.New("must follow H")), "You must follow hearts."; got != want {
		t.Errorf("en: got %q, want %q", got, want)
	}
	odd := errors.New("something nobody foresaw")
	for _, tx := range []*text{en, de, nl} {
		if got := tx.err(odd); got != odd.Error() {
			t.Errorf("unknown message: got %q", got)
		}
	}
	if got := de.err(nil); got != "" {
		t.Errorf("nil error: got %q", got)
	}
}

// TestEveryKnownMessageIsTranslated: each message pattern has a German and
// a Dutch form with the same arguments.
func TestEveryKnownMessageIsTranslated(t *testing.T) {
	for _, m := range messages {
		for _, lang := range []string{"de", "nl"} {
			tr, ok := m.tr[lang]
			if !ok || tr == "" {
				t.Errorf("%q: no %s translation", m.en, lang)
				continue
			}
			if got, want := countArgs(tr), m.re.NumSubexp(); got != want {
				t.Errorf("%s: %q uses %d arguments, the pattern %q has %d", lang, tr, got, m.en, want)
			}
		}
	}
}

// TestKnownMessagesMatchTheirSources: the exact error texts of tables and
// lobby are recognised, so a reworded one is noticed here.
func TestKnownMessagesMatchTheirSources(t *testing.T) {
	de := newText("de")
	for _, err := range []error{
		tables.ErrClosed, tables.ErrRunning, tables.ErrNotHost, tables.ErrNotSeated, tables.ErrSeatTaken,
		tables.ErrNoSeat, tables.ErrNoFreeSeat, tables.ErrNotWaiting, tables.ErrNotPlaying, tables.ErrNotYourTurn,
		tables.ErrSittingOut, tables.ErrTrickShown, tables.ErrChatEmpty, tables.ErrChatTooLong, tables.ErrChatTooFast, tables.ErrChatClosed,
		tables.ErrNoPenalty, tables.ErrBadPenalty, tables.ErrTableAborted,
		tables.ErrSavePaused, tables.ErrMoveHeld, lobby.ErrNameNotSaved, lobby.ErrRoomUnreachable,
		lobby.ErrClosed, lobby.ErrNoTable, lobby.ErrNoCode, lobby.ErrPrivate, lobby.ErrNotOnline, lobby.ErrNoIdentity,
		lobby.ErrBadSeats, lobby.ErrTooManyTabs, tables.ErrBotNameTaken, lobby.ErrBotNamePerson,
		tables.ErrNoBotSeat, tables.ErrBotConnected,
		&lobby.HoldsSeat{Table: "b85q9f"},
	} {
		if got := de.err(err); got == err.Error() {
			t.Errorf("%q is not translated", err)
		}
	}
}

// TestEngineReasonsAreKnown reads the engines' sources for the reasons they
// give with engine.Illegal and checks that each constant one is recognised.
func TestEngineReasonsAreKnown(t *testing.T) {
	call := regexp.MustCompile(`engine\.Illegal\(seat, m, "((?:[^"\\]|\\.)*)"`)
	found := 0
	for _, dir := range []string{"../engine/trick", "../engine/doudizhu"} {
		files, _ := filepath.Glob(dir + "/*.go")
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range call.FindAllStringSubmatch(string(src), -1) {
				format, _ := strconv.Unquote(`"` + m[1] + `"`)
				found++
				if format == "%s" || format == "%v" {
					continue // a message made elsewhere: covered by its own case
				}
				if findMessage(format) == nil && findMessage(sample(format)) == nil {
					t.Errorf("%s: reason %q is not translated", name, format)
				}
			}
		}
	}
	if found < 20 {
		t.Fatalf("found only %d engine.Illegal reasons: is the scanner still right?", found)
	}
}

// sample fills a format's verbs with plausible values.
func sample(format string) string {
	r := strings.NewReplacer("%d", "3", "%s", "H", "%v", "x", "%q", `"x"`)
	return r.Replace(format)
}

var argRE = regexp.MustCompile(`\{([0-9])(?:\|[a-z]+)?\}`)

func countArgs(s string) int {
	seen := map[string]bool{}
	for _, a := range argRE.FindAllStringSubmatch(s, -1) {
		seen[a[1]] = true
	}
	return len(seen)
}

// TestTranslatedScreensFit: every screen fits 80×24 in every language, and
// its help bar shows as many keys as the English one.
func TestTranslatedScreensFit(t *testing.T) {
	type view struct {
		name  string
		build func(m *model) *model
	}
	views := []view{
		{"lobby", func(m *model) *model { return withLobby(t, m) }},
		{"help", func(m *model) *model { m.showHelp = true; return m }},
		{"create", func(m *model) *model {
			m.form = newCreateForm(games.Registry().All(), "boerenbridge")
			m.screen = createScreen
			return m
		}},
		{"settings", func(m *model) *model { m.screen = settingsScreen; return m }},
	}
	for _, sc := range screens() {
		s := sc.snap(t)
		views = append(views,
			view{sc.name, func(m *model) *model { return onTable(m, s) }},
			view{sc.name + " sheet", func(m *model) *model {
				m = onTable(m, s)
				m.table.showSheet = true
				return m
			}})
	}
	keysShown := func(v string) int {
		lines := strings.Split(v, "\n")
		return strings.Count(lines[len(lines)-1], " · ") + 1
	}
	for _, v := range views {
		want := keysShown(v.build(testModel(80, 24, Settings{})).View())
		for _, lang := range []string{"de", "nl"} {
			view := v.build(testModel(80, 24, Settings{Lang: lang})).View()
			checkFits(t, lang+" "+v.name, view, 80, 24)
			if got := keysShown(view); got < want {
				lines := strings.Split(view, "\n")
				t.Errorf("%s %s: the help bar shows %d keys, the English %d:\n%s", lang, v.name, got, want, lines[len(lines)-1])
			}
		}
	}
}

// The reason a Dou Dizhu enter without cards gives is read whole on the
// status line at 80 columns, in every language.
func TestChooseCardsFirstFits80(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		s := newText(lang).get("Choose cards first: type ranks, mark with space, or press x for a hint.")
		if w := visibleWidth(s); w > 80 {
			t.Errorf("%s: %d columns, cut at 80: %q", lang, w, s)
		}
	}
}

// Dutch writes a Dou Dizhu deal as "spel" on every screen.
func TestDutchDealIsSpel(t *testing.T) {
	tx := newText("nl")
	for _, en := range []string{"Deal %d of %d", "Last deal:", "deal", "Deal %d is over:", "%.1f points per deal", "Go to deal %s (enter)", "go to a deal", "Last plays of deal %d:", "last deal"} {
		if s := tx.get(en); !strings.Contains(strings.ToLower(s), "spel") {
			t.Errorf("%q is %q in Dutch", en, s)
		}
	}
}

// The form's default marker is a word of its own, so a default value never
// reads "Standard (Standard)".
func TestDefaultMarkerIsNotAValue(t *testing.T) {
	for _, lang := range []string{"de", "nl"} {
		tx := newText(lang)
		if tx.get("default") == tx.get("standard") {
			t.Errorf("%s: the default marker and the scoring value are both %q", lang, tx.get("default"))
		}
	}
}

// A Dou Dizhu seat that passed is said in the third person in the bidding
// log and the last-play column: German "passt", not the key label "passen".
func TestPassedIsThirdPerson(t *testing.T) {
	for lang, want := range map[string]string{"en": "passed", "de": "passt", "nl": "past"} {
		if got := newText(lang).get("passed"); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// The table's own chat-closed error carries no rule ID, so a player who
// reads it untranslated (a bot program, a log) sees none either, and the
// screens translate it.
func TestChatClosedHasNoRuleID(t *testing.T) {
	if ruleID.MatchString(tables.ErrChatClosed.Error()) {
		t.Errorf("ErrChatClosed is %q", tables.ErrChatClosed)
	}
	for _, lang := range []string{"en", "de", "nl"} {
		if s := newText(lang).err(tables.ErrChatClosed); ruleID.MatchString(s) || s == tables.ErrChatClosed.Error() {
			t.Errorf("%s: %q", lang, s)
		}
	}
}

// German and Dutch write a decimal with a comma: the form's bot pace reads
// "0,5 s pro Zug", not "0.5 s".
func TestDecimalMark(t *testing.T) {
	for lang, want := range map[string]string{"en": "1.5", "de": "1,5", "nl": "1,5"} {
		if got := newText(lang).decimal(1.5); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// A string is translated in one catalogue of a language only: a second
// translation elsewhere would be silently overridden.
func TestNoStringInTwoCatalogues(t *testing.T) {
	for lang, cs := range map[string][]map[string]string{
		"de": {catalogueDE, tableDE, adminDE, seatsDE, commandsDE, cliDE},
		"nl": {catalogueNL, tableNL, adminNL, seatsNL, commandsNL, cliNL},
	} {
		for i := range cs {
			for j := i + 1; j < len(cs); j++ {
				for en := range cs[j] {
					if _, ok := cs[i][en]; ok {
						t.Errorf("%s: %q is in two catalogues", lang, en)
					}
				}
			}
		}
	}
}

// Dutch calls a game being played "partij" (a deal is "spel"), so "Spel
// afgelopen" never sits above "Spel 1 is voorbij".
func TestDutchGameIsPartij(t *testing.T) {
	tx := newText("nl")
	for _, en := range []string{"Game over", "The host starts the game; bots take the free seats.", "Every seat is taken: the host starts the game.", "1 game", "%d games", "%s set up a new game: press r to sit at it.", "%s set up a new game: find it in the lobby (esc)."} {
		if s := tx.get(en); !strings.Contains(strings.ToLower(s), "partij") {
			t.Errorf("%q is %q in Dutch", en, s)
		}
	}
	for _, err := range []error{tables.ErrNotWaiting, tables.ErrNotPlaying, tables.ErrSavePaused} {
		if s := tx.err(err); !strings.Contains(s, "partij") {
			t.Errorf("%q is %q in Dutch", err, s)
		}
	}
}

// The final line of a closed session (sshapp.Farewell) is in the player's
// language; English keeps the server's words.
func TestFarewellInThePlayersLanguage(t *testing.T) {
	for lang, want := range map[string]string{
		"en": "The card room is shutting down. See you soon!",
		"de": "Der Kartenraum schließt. Bis bald!",
		"nl": "De kaartzaal sluit. Tot gauw!",
	} {
		m := testModel(80, 24, Settings{Lang: lang})
		m.Update(sshapp.ClosingMsg{Cause: sshapp.CauseShutdown, Reason: "The card room is shutting down. See you soon!"})
		if got := m.Farewell(); got != want {
			t.Errorf("%s: farewell %q, want %q", lang, got, want)
		}
	}
	for lang, want := range map[string]string{ // a node of a cluster stops
		"en": "This server is stopping. Connect again: the card room and your table go on.",
		"de": "Dieser Server stoppt. Verbinde dich neu: Kartenraum und Tisch laufen weiter.",
		"nl": "Deze server stopt. Maak opnieuw verbinding: de kaartzaal en je tafel gaan door.",
	} {
		m := testModel(80, 24, Settings{Lang: lang})
		m.Update(sshapp.ClosingMsg{Cause: sshapp.CauseShutdown, Reason: "This server is stopping. Connect again: the card room and your table go on."})
		if got := m.Farewell(); got != want || len([]rune(got)) > 80 {
			t.Errorf("%s: farewell %q, want %q within 80 columns", lang, got, want)
		}
	}
	m := testModel(80, 24, Settings{Lang: "de"})
	m.Update(sshapp.ClosingMsg{Cause: sshapp.CauseIdle, Reason: "Disconnected after 30m0s without input."})
	if got, want := m.Farewell(), "Getrennt nach 30m0s ohne Eingabe."; got != want {
		t.Errorf("idle: farewell %q, want %q", got, want)
	}
}

// Formatted numbers with decimals (history, ratings) take the decimal mark
// too.
func TestFormattedDecimalMark(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "2.4 points per round · 17.0"},
		{"de", "2,4 Punkte pro Runde · 17,0"},
		{"nl", "2,4 punten per ronde · 17,0"},
	} {
		tx := newText(c.lang)
		if got := tx.f("%.1f points per round", 2.4) + " · " + tx.f("%4.1f", 17.0); got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
}

// Naming no trump where it is not allowed (a trump-choice round, a table
// without it) says so without blaming the table, names the keys, and fits
// 80 columns.
func TestNoTrumpRefusalFits80(t *testing.T) {
	for lang, keys := range map[string]string{"en": "(s h d c)", "de": "(p h k x)", "nl": "(s h r k)"} {
		s := newText(lang).err(errors.New("no trump may not be named: choose S, H, D or C"))
		if w := visibleWidth(s); w > 80 {
			t.Errorf("%s: %d columns, cut at 80: %q", lang, w, s)
		}
		if !strings.Contains(s, keys) || strings.Contains(strings.ToLower(s), "table") {
			t.Errorf("%s: %q should name the keys %s and not speak of the table", lang, s, keys)
		}
	}
}

// A round or a deal (one hand of cards) is "Runde" in German, in every
// game: "Spiel" names a whole game (or a kind of game) only, so "Spiel 1
// von 3" is never a deal beside "Spielende". Dutch keeps "partij" for a
// whole game (a deal is "spel", as in klaverjassen). Texts that speak of a
// game or of playing too may say so.
func TestARoundIsNoGame(t *testing.T) {
	roundish := regexp.MustCompile(`(?i)\b(deal|deals|round|rounds)\b`)
	gameish := regexp.MustCompile(`(?i)\b(game|games|match|play)\b`)
	for lang, c := range map[string]struct {
		cats []map[string]string
		game *regexp.Regexp
	}{
		"de": {[]map[string]string{catalogueDE, tableDE, adminDE, seatsDE}, regexp.MustCompile(`\bSpiel(e|en|s)?\b`)},
		"nl": {[]map[string]string{catalogueNL, tableNL, adminNL, seatsNL}, regexp.MustCompile(`(?i)\bpartij(en)?\b`)},
	} {
		for _, cat := range c.cats {
			for en, tr := range cat {
				if roundish.MatchString(en) && !gameish.MatchString(en) && c.game.MatchString(tr) {
					t.Errorf("%s: %q is %q: a round or deal is no game", lang, en, tr)
				}
			}
		}
		for _, m := range messages {
			if tr := m.tr[lang]; roundish.MatchString(m.en) && !gameish.MatchString(m.en+" "+m.tr["en"]) && c.game.MatchString(tr) {
				t.Errorf("%s: %q is %q: a round or deal is no game", lang, m.en, tr)
			}
		}
	}
	tx := newText("de")
	for _, en := range []string{"Deal %d of %d", "Deal %d is over:", "deal %s", "deals %s", "Last deal:", "deal", "Deals", "%.1f points per deal", "Last plays of deal %d:", "last deal"} {
		if s := tx.get(en); !strings.Contains(strings.ToLower(s), "runde") {
			t.Errorf("%q is %q in German, not a Runde", en, s)
		}
	}
}
