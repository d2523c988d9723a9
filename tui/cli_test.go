package tui

import (
	"bytes"
	"context"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/tables"
)

// cliSession is a session without a pty whose client sent env.
type cliSession struct {
	sshapp.Session
	env []string
}

func (s cliSession) Environ() []string { return s.env }
func (s cliSession) Identity() sshapp.Identity {
	return sshapp.Identity{ID: "SHA256:carol", Name: "carol"}
}
func (s cliSession) Context() context.Context { return context.Background() }
func (s cliSession) RemoteAddr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000}
}

// cliEnvs are the environments of a German, a Dutch and an English client.
var cliEnvs = map[string][]string{
	"de": {"TERM=xterm", "LANG=de_DE.UTF-8"},
	"nl": {"LANG=en_US.UTF-8", "LC_ALL=nl_NL.UTF-8"},
	"en": {"LANG=fr_FR.UTF-8"},
}

// runCLI runs the command line args for a client with env and returns its
// stdout, stderr and exit status.
func runCLI(a *App, env []string, args ...string) (stdout, stderr string, code int) {
	var out, errOut bytes.Buffer
	code = a.Command(cliSession{env: env}, args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// cliApp is an app over a running lobby, with a table of bob's when
// withTable.
func cliApp(t *testing.T, withTable bool) *App {
	l, stop := runLobby(t)
	t.Cleanup(stop)
	a := NewApp(l, games.Registry(), nil)
	if withTable {
		if _, err := l.Create(lobby.CreateRequest{Host: tables.Player{ID: "SHA256:bob", Name: "bob"}, Ruleset: "singularity", Seats: 4,
			TurnTimer: lobby.Off, BotPace: lobby.Off}); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// Every plain command answers in the client's language, English when its
// locale is none of the catalogues', keeps its exit status, and writes
// lines of at most 80 columns on stdout.
func TestCLISpeaksTheClientsLanguage(t *testing.T) {
	empty, full := cliApp(t, false), cliApp(t, true)
	cases := []struct {
		app  *App
		args []string
		code int
		out  map[string]string // a line stdout holds, by language
		err  map[string]string // stderr whole, by language
	}{
		{empty, []string{"help"}, 0, map[string]string{
			"en": "cardroom — a card room over SSH", "de": "cardroom — ein Kartenraum über SSH", "nl": "cardroom — een kaartzaal via SSH"}, nil},
		{empty, []string{"list"}, 0, map[string]string{
			"en": "No tables yet.", "de": "Noch keine Tische.", "nl": "Nog geen tafels."}, nil},
		{full, []string{"list"}, 0, map[string]string{
			"en": "TABLE   GAME         PEOPLE  BOTS  FREE  ROUND  WATCHING  STATE",
			"de": "TISCH   SPIEL        LEUTE  BOTS  FREI  RUNDE  ZUSCHAUER  STATUS",
			"nl": "TAFEL   SPEL         MENSEN  BOTS  VRIJ  RONDE  TOESCHOUWERS  STATUS"}, nil},
		{empty, nil, 0, map[string]string{"en": "  ssh -p 2222 localhost", "de": "  ssh -p 2222 localhost", "nl": "  ssh -p 2222 localhost"}, map[string]string{
			"en": "cardroom: the lobby needs a terminal: use ssh -p 2222 -t localhost\n",
			"de": "cardroom: Die Lobby braucht ein Terminal: Verwende ssh -p 2222 -t localhost\n",
			"nl": "cardroom: De lobby vraagt om een terminal: gebruik ssh -p 2222 -t localhost\n"}},
		{empty, []string{"frobnicate"}, 2, nil, map[string]string{
			"en": "cardroom: unknown command \"frobnicate\" (see ssh -p 2222 localhost help)\n",
			"de": "cardroom: Unbekannter Befehl \"frobnicate\" (siehe ssh -p 2222 localhost help)\n",
			"nl": "cardroom: Onbekend commando \"frobnicate\" (zie ssh -p 2222 localhost help)\n"}},
		{empty, []string{"help", "me"}, 2, nil, map[string]string{
			"en": "cardroom: help takes no arguments, got \"me\" (see ssh -p 2222 localhost help)\n",
			"de": "cardroom: help kennt keine Argumente, nicht \"me\" (siehe ssh -p 2222 localhost help)\n",
			"nl": "cardroom: help neemt geen argumenten, niet \"me\" (zie ssh -p 2222 localhost help)\n"}},
		{empty, []string{"list", "bogus"}, 2, nil, map[string]string{
			"en": "cardroom: list takes only --json, got \"bogus\" (see ssh -p 2222 localhost help)\n",
			"de": "cardroom: list kennt nur --json, nicht \"bogus\" (siehe ssh -p 2222 localhost help)\n",
			"nl": "cardroom: list kent alleen --json, niet \"bogus\" (zie ssh -p 2222 localhost help)\n"}},
		{empty, []string{"export", "1", "2"}, 2, nil, map[string]string{
			"en": "cardroom: export takes one game number, got \"2\" too (see ssh -p 2222 localhost help)\n",
			"de": "cardroom: export nimmt eine Spielnummer, nicht auch noch \"2\" (siehe ssh -p 2222 localhost help)\n",
			"nl": "cardroom: export neemt één partijnummer, niet ook nog \"2\" (zie ssh -p 2222 localhost help)\n"}},
		{empty, []string{"export", "1"}, 1, nil, map[string]string{
			"en": "cardroom: this server keeps no game history\n",
			"de": "cardroom: Dieser Server speichert keine Spiele.\n",
			"nl": "cardroom: Deze server bewaart geen partijen.\n"}},
		{empty, []string{"join"}, 2, nil, map[string]string{
			"en": "cardroom: join takes one table id or invite code (see ssh -p 2222 localhost help)\n",
			"de": "cardroom: join braucht eine Tischkennung oder einen Einladungscode (siehe ssh -p 2222 localhost help)\n",
			"nl": "cardroom: join wil één tafel-id of uitnodigingscode (zie ssh -p 2222 localhost help)\n"}},
		{empty, []string{"watch", "abc"}, 2, nil, map[string]string{
			"en": "cardroom: \"watch\" needs a terminal: use ssh -p 2222 -t localhost watch abc\n",
			"de": "cardroom: \"watch\" braucht ein Terminal: ssh -p 2222 -t localhost watch abc\n",
			"nl": "cardroom: \"watch\" vraagt om een terminal: ssh -p 2222 -t localhost watch abc\n"}},
		{empty, []string{"new", "chess"}, 2, nil, map[string]string{
			"en": "cardroom: unknown game \"chess\" (games: singularity, specialrounds, boerenbridge, doudizhu)\n",
			"de": "cardroom: Unbekanntes Spiel \"chess\" (Spiele: singularity, specialrounds, boerenbridge, doudizhu).\n",
			"nl": "cardroom: Onbekend spel \"chess\" (spellen: singularity, specialrounds, boerenbridge, doudizhu).\n"}},
	}
	for _, c := range cases {
		for lang, env := range cliEnvs {
			name := lang + " " + strings.Join(c.args, " ")
			out, errOut, code := runCLI(c.app, env, c.args...)
			if code != c.code {
				t.Errorf("%s: exit %d, want %d", name, code, c.code)
			}
			if want, ok := c.out[lang]; ok && !slices.Contains(strings.Split(out, "\n"), want) {
				t.Errorf("%s: stdout has no line %q:\n%s", name, want, out)
			}
			if c.out == nil && out != "" {
				t.Errorf("%s: stdout %q, want none", name, out)
			}
			if want := c.err[lang]; errOut != want {
				t.Errorf("%s: stderr\n%q, want\n%q", name, errOut, want)
			}
			for _, l := range strings.Split(out, "\n") { // error lines name what was typed: as wide as it is
				if w := visibleWidth(l); w > 80 {
					t.Errorf("%s: a line %d columns wide: %q", name, w, l)
				}
			}
		}
	}
}

// Every line of the German and the Dutch help is translated: none is a
// line of the English one but the commands to type, whose placeholders are
// in the language too (watch TISCH, export PARTIJ).
func TestCLIHelpIsTranslatedEveryLine(t *testing.T) {
	a := cliApp(t, false)
	en, _, _ := runCLI(a, cliEnvs["en"], "help")
	english := map[string]bool{}
	for _, l := range strings.Split(en, "\n") {
		if l != "" && !strings.HasPrefix(l, "  ssh ") {
			english[l] = true
		}
	}
	if len(english) < 10 {
		t.Fatalf("the English help has only %d lines of text:\n%s", len(english), en)
	}
	for _, lang := range []string{"de", "nl"} {
		help, _, _ := runCLI(a, cliEnvs[lang], "help")
		if strings.Count(help, "\n  ssh ") != strings.Count(en, "\n  ssh ") {
			t.Errorf("%s: the help does not give the commands the English one gives:\n%s", lang, help)
		}
		for _, w := range map[string][]string{"de": {"new SPIEL\n", "watch TISCH\n", "export SPIEL\n", "bot TISCH\n"}, "nl": {"new SPEL\n", "watch TAFEL\n", "export PARTIJ\n", "bot TAFEL\n"}}[lang] {
			if !strings.Contains(help, w) {
				t.Errorf("%s: the help has no %q:\n%s", lang, strings.TrimSpace(w), help)
			}
		}
		for _, l := range strings.Split(help, "\n") {
			if strings.Contains(l, "GAME") || strings.Contains(l, "TABLE") {
				t.Errorf("%s: the help line %q keeps an English placeholder", lang, l)
			}
			if english[l] {
				t.Errorf("%s: the help line %q is English", lang, l)
			}
			if w := visibleWidth(l); w > 80 {
				t.Errorf("%s: the help line %q is %d columns wide", lang, l, w)
			}
		}
	}
}

// list --json is for programs: the same bytes whatever the client's
// language.
func TestCLIListJSONIsTheSameInEveryLanguage(t *testing.T) {
	a := cliApp(t, true)
	want, errOut, code := runCLI(a, cliEnvs["en"], "list", "--json")
	if code != 0 || errOut != "" || !strings.Contains(want, `"state": "waiting"`) {
		t.Fatalf("list --json: exit %d, stderr %q, stdout %s", code, errOut, want)
	}
	for _, lang := range []string{"de", "nl"} {
		if got, _, _ := runCLI(a, cliEnvs[lang], "list", "--json"); got != want {
			t.Errorf("%s: list --json differs from the English one:\n%s\nvs\n%s", lang, got, want)
		}
	}
}

// export takes a game's number, the whole argument and nothing but digits;
// a table's id or invite code, as list shows them, is told apart and the
// player pointed at the history, where game numbers are; every answer is
// in the client's language.
func TestCLIExportTakesAGameNumberOnly(t *testing.T) {
	a := cliApp(t, false)
	a.SetArchive(&fakeArchive{game: finishedGame(t)}) // game 7, alice's: not carol's
	which := map[string]string{
		"en": "cardroom: export which game? give its number, e.g. export 12 (your games: ssh -p 2222 -t localhost, then h)\n",
		"de": "cardroom: Welches Spiel? Gib seine Nummer an, z. B. export 12 (deine Spiele: ssh -p 2222 -t localhost, dann h)\n",
		"nl": "cardroom: Welke partij? Geef het nummer, bv. export 12 (je partijen: ssh -p 2222 -t localhost, dan h)\n",
	}
	table := func(arg string) map[string]string {
		return map[string]string{
			"en": `cardroom: "` + arg + `" names a table: export takes the number of one of your finished games, as your history lists them (ssh -p 2222 -t localhost, then h)` + "\n",
			"de": `cardroom: "` + arg + `" bezeichnet einen Tisch: export nimmt die Nummer eines deiner beendeten Spiele, wie dein Verlauf sie zeigt (ssh -p 2222 -t localhost, dann h)` + "\n",
			"nl": `cardroom: "` + arg + `" is een tafel: export neemt het nummer van een van je afgelopen partijen, zoals je historie ze toont (ssh -p 2222 -t localhost, dan h)` + "\n",
		}
	}
	notYours := map[string]string{
		"en": "cardroom: you have no game 7 on this server\n",
		"de": "cardroom: Du hast auf diesem Server kein Spiel 7.\n",
		"nl": "cardroom: Je hebt op deze server geen spel 7.\n",
	}
	for _, c := range []struct {
		arg  string
		want map[string]string
	}{
		{"7abc", which}, {"7 ", which}, {"+7", which}, {"0", which}, {"-7", which}, {"7.0", which}, {"99999999999999999999", which},
		{"8nmrp7", table("8nmrp7")}, {"3Q6QWX", table("3Q6QWX")},
		{"7", notYours}, {"007", notYours},
	} {
		for lang, env := range cliEnvs {
			out, errOut, code := runCLI(a, env, "export", c.arg)
			if code != 1 || out != "" || errOut != c.want[lang] {
				t.Errorf("%s export %q: exit %d, stdout %q, stderr\n%q, want\n%q", lang, c.arg, code, out, errOut, c.want[lang])
			}
		}
	}
}
