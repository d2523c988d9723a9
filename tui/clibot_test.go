package tui

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/lobby"
)

// `ssh host bot` answers a person as the other commands do: its usage and
// refusals go to stderr in the client's language (German and Dutch here
// differ from the English), while the protocol line on stdout, for the
// program, is the same in every language.
func TestCLIBotSpeaksTheClientsLanguage(t *testing.T) {
	cases := []struct {
		name   string
		botKey bool // carol's key is a bot key
		args   []string
		code   int
		say    func(a *App, tx *text) string // the start of stderr's line after "cardroom: "
	}{
		{"a key that may not", false, []string{"bot", "abcdef"}, 1, func(a *App, tx *text) string {
			return tx.f("this key may not seat a bot; ask a private table's host to invite it (:invitebot NAME KEY) or the admin to add it to the bot keys (key %s)", "SHA256:carol")
		}},
		{"no table", true, []string{"bot", "abcdef"}, 1, func(a *App, tx *text) string {
			return cliError(tx, lobby.ErrNoTable)
		}},
		{"no argument", true, []string{"bot"}, 2, func(a *App, tx *text) string {
			return tx.f("usage: %s (TABLE: a waiting table's id, or a private table's invite code; with a key a host invited, just bot)", a.sshCommand(false, "bot", tx.get("TABLE")))
		}},
	}
	for _, c := range cases {
		a := cliApp(t, false)
		if c.botKey {
			a.SetBotKeys([]string{"SHA256:carol"})
		}
		enOut, enErr, _ := runCLI(a, cliEnvs["en"], c.args...)
		for _, lang := range []string{"en", "de", "nl"} {
			out, errOut, code := runCLI(a, cliEnvs[lang], c.args...)
			if code != c.code {
				t.Errorf("%s, %s: exit %d, want %d", c.name, lang, code, c.code)
			}
			if out != enOut || !strings.HasPrefix(out, `{"type":"error"`) {
				t.Errorf("%s, %s: the protocol line is not the English one:\n%s\nvs\n%s", c.name, lang, out, enOut)
			}
			want := "cardroom: " + c.say(a, newText(lang))
			if !strings.HasPrefix(errOut, want) {
				t.Errorf("%s, %s: stderr %q, want %q", c.name, lang, errOut, want)
			}
			if lang != "en" && errOut == enErr {
				t.Errorf("%s, %s: stderr is the English one: %q", c.name, lang, errOut)
			}
		}
	}
}
