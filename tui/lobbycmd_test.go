package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/store"
)

// typeInLobby sends each key to m and fails when one of them answers with a
// command: a letter typed after ":" must not act as a lobby key (q quits, 1
// quick-plays).
func typeInLobby(t *testing.T, m *model, keys ...tea.KeyMsg) {
	t.Helper()
	for _, k := range keys {
		if _, cmd := m.Update(k); cmd != nil {
			t.Fatalf("%q in the lobby's command line acted as a lobby key", k.String())
		}
	}
}

// runLine types ":" and line in the lobby, key by key or (merged) as one
// message, presses enter and returns the answer.
func runLine(t *testing.T, m *model, line string, merged bool) doneMsg {
	t.Helper()
	if merged {
		typeInLobby(t, m, runes(":"+line))
	} else {
		typeInLobby(t, m, runes(":"))
		for _, r := range line {
			if r == ' ' {
				typeInLobby(t, m, space)
				continue
			}
			typeInLobby(t, m, runes(string(r)))
		}
	}
	if m.cmdIn == nil || m.cmdIn.value() != line {
		t.Fatalf("after :%s the command line is %v", line, m.cmdIn)
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if cmd == nil {
		t.Fatalf(":%s: no answer", line)
	}
	msg, ok := cmd().(doneMsg)
	if !ok {
		t.Fatalf(":%s: answered %T, want an error", line, msg)
	}
	if m.cmdIn != nil || m.screen != lobbyScreen {
		t.Fatalf(":%s: the command line is still open, or the screen changed", line)
	}
	return msg
}

// ":" in the lobby opens the command line for everyone, so that nothing
// typed after it acts as a lobby key (":quit" does not quit, ":bot 1" does
// not quick-play); a player who is no admin is told where commands work,
// in every language, in 80 columns.
func TestLobbyCommandLineForEveryone(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, c := range []struct{ line, want string }{
			{"quit", `"quit" is no lobby command`},
			{"bot 1", ":bot works at a table"},
			{"away", ":away works at a table"},
			{"kick bob", ":kick is for admins"},
			{"abcdefghijklmnopqrstuvwxyz", "is no lobby command"},
		} {
			for _, merged := range []bool{false, true} {
				m := testModel(80, 24, Settings{Lang: lang})
				msg := runLine(t, m, c.line, merged)
				if msg.err == nil {
					t.Fatalf("%s: :%s: no error", lang, c.line)
				}
				s := m.tx.err(msg.err)
				if lang == "en" && !strings.Contains(s, c.want) {
					t.Errorf(":%s answered %q, want %q", c.line, s, c.want)
				}
				if en := runLine(t, testModel(80, 24, Settings{}), c.line, merged).err.Error(); lang != "en" && s == en {
					t.Errorf("%s: :%s: the answer is not translated: %q", lang, c.line, s)
				}
				if visibleWidth(s) > 80 {
					t.Errorf("%s: :%s: the answer is wider than 80 columns: %q", lang, c.line, s)
				}
			}
		}
	}
	// esc closes the line: the next q quits again.
	m := testModel(80, 24, Settings{})
	typeInLobby(t, m, runes(":"), runes("q"), tea.KeyMsg{Type: tea.KeyEsc})
	if _, cmd := m.Update(runes("q")); cmd == nil {
		t.Fatal("after esc, q does not quit")
	} else if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("after esc, q does not quit")
	}
}

// An admin's ":" commands still run in the lobby.
func TestAdminCommandsStillRunInTheLobby(t *testing.T) {
	now := fixedNow
	bs := &memBans{bans: map[[2]string]store.Ban{}, owners: map[string]string{"mallory": "SHA256:mallory"}}
	m := adminModel(t, bs, &now)
	if msg := runLine(t, m, "ban mallory 2h", false); msg.err != nil || !strings.Contains(msg.note, "SHA256:mallory") {
		t.Fatalf(":ban mallory 2h answered %+v", msg)
	}
	if r := m.app.Refused("SHA256:mallory", "192.0.2.1", nil); r == "" {
		t.Error("the admin's :ban did not ban")
	}
	if msg := runLine(t, m, "dance", false); msg.err == nil || !strings.Contains(msg.err.Error(), ":kick, :ban") {
		t.Errorf(":dance answered %+v, want the admin commands", msg)
	}
	if msg := runLine(t, m, "away", false); msg.err == nil || !strings.Contains(msg.err.Error(), ":away works at a table") {
		t.Errorf(":away answered %+v", msg)
	}
}
