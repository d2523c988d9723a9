package tui

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/tables"
)

// Display names keep their case in the table's system lines: "alice is
// back", never "Alice is back".
func TestSystemLinesKeepTheCaseOfNames(t *testing.T) {
	tx := newText("en")
	for in, want := range map[string]string{
		"alice is back":                         "alice is back.",
		"ada left; bob is the host now":         "ada left; bob is the host now.",
		"the host handed bob's seat 2 to a bot": "The host handed bob's seat 2 to a bot.",
	} {
		if got := tx.message(in); got != want {
			t.Errorf("message(%q) = %q, want %q", in, got, want)
		}
	}
}

// A chat line written as a command ("/away", ":bot 3") runs as the
// command; smileys, "/me" and plain words stay chat, and so do words after
// the chat key's "/" that only start with a command ("/back in a minute"),
// without that "/"; ":" and an unknown word is an unknown command.
func TestCommandsTypedInTheChat(t *testing.T) {
	m := testModel(80, 24, Settings{})
	for _, c := range []struct{ in, cmd, bad, chat string }{
		{in: "/away", cmd: "away"},
		{in: ":bot 3", cmd: "bot 3"},
		{in: "/leave", cmd: "leave"},
		{in: "/bot 2", cmd: "bot 2"},
		{in: "/leave it to me, partner", chat: "leave it to me, partner"},
		{in: "/back in a minute", chat: "back in a minute"},
		{in: "/away from keyboard soon", chat: "away from keyboard soon"},
		{in: "/bot 1 please play faster", chat: "bot 1 please play faster"},
		{in: "/bot please", chat: "bot please"},
		{in: ":leave now", cmd: "leave now"},
		{in: ":bot please", cmd: "bot please"},
		{in: ":dance", bad: "dance"},
		{in: ":D", chat: ":D"},
		{in: ":P", chat: ":P"},
		{in: ":)", chat: ":)"},
		{in: ":-D", chat: ":-D"},
		{in: "/me waves", chat: "/me waves"},
		{in: "/hello all", chat: "hello all"},
		{in: "/:)", chat: ":)"},
		{in: "/"},
		{in: "hello", chat: "hello"},
		{in: "/3", chat: "3"},
		{in: "/kick bob", chat: "kick bob"}, // no admin
	} {
		cmd, bad, chat := m.readChat(c.in)
		if cmd != c.cmd || bad != c.bad || chat != c.chat {
			t.Errorf("%q: command %q, unknown %q, chat %q; want %q, %q, %q", c.in, cmd, bad, chat, c.cmd, c.bad, c.chat)
		}
	}
}

// / at the table opens the chat with the "/" typed, so that "/away" typed
// there is the command.
func TestSlashOpensTheChatWithTheSlash(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("away")})
	if in := m.table.chatIn; in == nil || in.value() != "/away" {
		t.Fatal("after / and away the chat does not hold /away")
	}
}

// Chat that starts with a command word is sent as chat, in every language:
// it neither leaves nor comes back; /leave asks first, as L does.
func TestChatStartingWithACommandWordIsChat(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, line := range []string{"leave it to me, partner", "back in a minute", "away from keyboard soon", "bot 1 please play faster"} {
			m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
			m.Update(keyMsg("/"))
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(line)})
			_, cmd := m.Update(keyMsg("enter"))
			if m.screen != tableScreen || m.table.leaving || m.table.chatIn != nil || m.isErr || cmd == nil {
				t.Errorf("%s, %q: screen %v, leaving %v, error %v %q, chat sent %v", lang, line, m.screen, m.table.leaving, m.isErr, m.status, cmd != nil)
			}
		}
		for _, keys := range [][]string{{"/", "leave"}, {":", "leave"}} {
			m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
			m.Update(keyMsg(keys[0]))
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(keys[1])})
			m.Update(keyMsg("enter"))
			if m.screen != tableScreen || !m.table.leaving {
				t.Fatalf("%s, %v: screen %v, asking %v; want the question L asks", lang, keys, m.screen, m.table.leaving)
			}
			if out := stripANSI(m.View()); !strings.Contains(out, m.tx.get("leave for good")) {
				t.Errorf("%s, %v: the question is not shown:\n%s", lang, keys, out)
			}
			m.Update(keyMsg("n"))
			if m.screen != tableScreen || m.table.leaving {
				t.Errorf("%s, %v: n did not keep the seat", lang, keys)
			}
		}
	}
}

// :bot N on a seat a person holds asks the host first; any key but y
// keeps the seat. An unknown command names the ones there are.
func TestBotOnAPersonsSeatAsksFirst(t *testing.T) {
	m := goldenModel(80, 24, termenv.Ascii, Settings{})
	tm := newTableModel(m, nil, nil)
	tm.snap = tables.Snapshot{Version: 1, YouHost: true, You: 0, Phase: tables.Playing, Seats: []tables.SeatInfo{
		{Name: "alice", Kind: tables.Human}, {Name: "bob", Kind: tables.Away}, {Name: "Grace", Kind: tables.Bot},
	}}
	if cmd := tm.command("bot 2"); cmd != nil || tm.handing != 2 {
		t.Fatalf(":bot 2 on bob's seat: handing %d, want the question", tm.handing)
	}
	if q := tm.handQuestion(); !strings.Contains(q, "bob's seat 2 to a bot?") {
		t.Errorf("question %q", q)
	}
	if cmd := tm.confirmHand(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("n")}); cmd != nil || tm.handing != 0 {
		t.Errorf("n kept the question open or handed the seat over")
	}
	msg := tm.command("dance")().(doneMsg)
	if s := msg.err.Error(); !strings.Contains(s, `"dance" is no command`) || !strings.HasSuffix(s, ": :away :leave :bot") {
		t.Errorf("unknown command answered %q", s)
	}
}

// An unknown command is answered with the commands this person may give
// at this table now: :penalty only to the host of a game with penalties
// while it is played, :invitebot only to the host of a private table that
// waits, :bot only to the host; in every language, in 80 columns. The help
// (?) at the table lists the same ones.
func TestUnknownCommandListsTheUsableOnes(t *testing.T) {
	seats := []tables.SeatInfo{{Name: "alice", Kind: tables.Human}, {Name: "bob", Kind: tables.Human}, {Name: "Grace", Kind: tables.Bot}}
	cases := []struct {
		name string
		snap tables.Snapshot
		want string
	}{
		{"host of a private boerenbridge game", tables.Snapshot{Ruleset: "boerenbridge", Private: true, YouHost: true, You: 0, Phase: tables.Playing}, ":away :leave :bot :penalty"},
		{"host of a waiting private boerenbridge table", tables.Snapshot{Ruleset: "boerenbridge", Private: true, YouHost: true, You: 0, Phase: tables.Waiting}, ":leave :bot :invitebot"},
		{"host of a public boerenbridge game", tables.Snapshot{Ruleset: "boerenbridge", YouHost: true, You: 0, Phase: tables.Playing}, ":away :leave :bot :penalty"},
		{"host of a waiting boerenbridge table", tables.Snapshot{Ruleset: "boerenbridge", YouHost: true, You: 0, Phase: tables.Waiting}, ":leave :bot"},
		{"host of a private dou dizhu game", tables.Snapshot{Ruleset: "doudizhu", Private: true, YouHost: true, You: 0, Phase: tables.Playing}, ":away :leave :bot"},
		{"player at a waiting private dou dizhu table", tables.Snapshot{Ruleset: "doudizhu", Private: true, You: 1, Phase: tables.Waiting}, ":leave"},
		{"host of a public dou dizhu game", tables.Snapshot{Ruleset: "doudizhu", YouHost: true, You: 0, Phase: tables.Playing}, ":away :leave :bot"},
		{"player at a private boerenbridge game", tables.Snapshot{Ruleset: "boerenbridge", Private: true, You: 1, Phase: tables.Playing}, ":away :leave"},
		{"spectator", tables.Snapshot{Ruleset: "boerenbridge", You: engine.Spectator, Phase: tables.Playing}, ":leave"},
		{"host of an ended game", tables.Snapshot{Ruleset: "boerenbridge", Private: true, YouHost: true, You: 0, Phase: tables.Over}, ":leave"},
	}
	for _, c := range cases {
		for _, lang := range []string{"en", "de", "nl"} {
			tm := newTableModel(testModel(80, 24, Settings{Lang: lang}), nil, nil)
			tm.snap = c.snap
			tm.snap.Version, tm.snap.Seats = 1, seats
			s := tm.unknownCommand("abcdefghijklmnop")().(doneMsg).err.Error()
			if !strings.HasSuffix(s, ": "+c.want) {
				t.Errorf("%s, %s: answered %q, want the commands %q", c.name, lang, s, c.want)
			}
			if lang != "en" && strings.Contains(s, "is no command") {
				t.Errorf("%s, %s: the answer is not translated: %q", c.name, lang, s)
			}
			if visibleWidth(s) > 80 {
				t.Errorf("%s, %s: the answer is wider than 80 columns: %q", c.name, lang, s)
			}
			var help []string
			for _, h := range tm.commandHelp() {
				help = append(help, strings.Fields(h)[0])
			}
			if got := strings.Join(help, " "); got != c.want {
				t.Errorf("%s, %s: the help lists %q, want %q", c.name, lang, got, c.want)
			}
		}
	}
	tm := newTableModel(testModel(80, 24, Settings{}), nil, nil)
	tm.snap = tables.Snapshot{Version: 1, Ruleset: "doudizhu", Private: true, YouHost: true, You: 0, Phase: tables.Playing, Seats: seats}
	if err := tm.command("invitebot robo " + botKeyFP)().(doneMsg).err; !errors.Is(err, tables.ErrNotWaiting) {
		t.Errorf(":invitebot once the game runs: %v, want %v", err, tables.ErrNotWaiting)
	}
	tm.snap.Phase = tables.Waiting
	for _, name := range []string{tm.snap.Seats[0].Name, strings.ToUpper(tm.snap.Seats[0].Name)} {
		if err := tm.command("invitebot " + name + " " + botKeyFP)().(doneMsg).err; !errors.Is(err, tables.ErrBotNameTaken) {
			t.Errorf(":invitebot %s, the name of seat 1: %v, want %v", name, err, tables.ErrBotNameTaken)
		}
	}
	// A bot's name is cleaned as a person's: no invisible characters, NFC,
	// two marks on a letter at most.
	if msg := tm.command("invitebot ro\u200bbo\u0301\u0301\u0301\u0301 " + botKeyFP)().(doneMsg); msg.err != nil || !strings.HasPrefix(msg.note, "rob\u00f3\u0301 may sit here") {
		t.Errorf(":invitebot with invisible characters and marks in the name: %+v", msg)
	}
	if msg := tm.command("invitebot \u200b " + botKeyFP)().(doneMsg); msg.err == nil || !strings.Contains(msg.err.Error(), "usage") {
		t.Errorf(":invitebot with a name of invisible characters only: %+v", msg)
	}
}

// A bot's key as ssh-keygen made it: the line of its .pub file and the
// fingerprint `ssh-keygen -lf` printed for it.
const (
	botKeyLine = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICC5g8vL3lENDsPZSyfdjCC+PShGMqks35rqn0CBQ7pv bot@x"
	botKeyFP   = "SHA256:Y/86JGf4y7xjk6t1CYP9HxVyzVwCKlIFfwDKbDo9qe8"
)

// :invitebot takes a key as a .pub line or as the fingerprint ssh-keygen
// prints, bare or as its whole -lf line, and keeps the invitation under the id the server gives that key
// (hostkeys.Fingerprint, as sshserver's identity has it), so the bot finds
// it; anything else is refused, in the host's language, naming both forms.
func TestInviteBotTakesAKeyOrAWholeFingerprint(t *testing.T) {
	pub, _, _, _, err := gossh.ParseAuthorizedKey([]byte(botKeyLine))
	if err != nil {
		t.Fatal(err)
	}
	if id := hostkeys.Fingerprint(pub); id != botKeyFP {
		t.Fatalf("the server names the key %s, ssh-keygen %s", id, botKeyFP)
	}
	seats := []tables.SeatInfo{{Name: "alice", Kind: tables.Human}, {Name: "Grace", Kind: tables.Bot}, {Name: "Alan", Kind: tables.Bot}}
	snap := tables.Snapshot{Version: 1, Ruleset: "doudizhu", Private: true, YouHost: true, You: 0, Phase: tables.Waiting, Seats: seats, Code: "abcdef"}
	lf := []string{"256 " + botKeyFP + " bot@x (ED25519)", "256 " + botKeyFP + " no comment (ED25519)", "256  " + botKeyFP + "  root@vm  (ED25519)"} // ssh-keygen -lf's whole line
	for _, key := range append([]string{botKeyLine, strings.TrimSuffix(botKeyLine, " bot@x"), botKeyFP}, lf...) {
		m := onTable(testModel(80, 24, Settings{}), snap)
		if msg := m.table.command("invitebot robo " + key)().(doneMsg); msg.err != nil {
			t.Fatalf(":invitebot robo %s: %v", key, msg.err)
		}
		if iv, ok, _ := m.app.bots.invited(botKeyFP); !ok || iv.name != "robo" {
			t.Errorf(":invitebot robo %s: the invitation under %s is %+v (%v)", key, botKeyFP, iv, ok)
		}
	}
	fp := strings.TrimPrefix(botKeyFP, "SHA256:")
	bad := []string{
		"SHA256:abc",
		"SHA256:",
		"SHA256:" + fp[:42],
		"SHA256:" + fp + "A",
		"SHA256:" + fp + "=",
		"SHA256:" + fp + " bot@x",
		"SHA256:" + strings.ReplaceAll(fp, "/", "_"),
		"SHA256:" + fp[:42] + "9", // bits past the 32 bytes
		"sha256:" + fp,
		"MD5:" + fp,
		"256 SHA256:" + fp[:42] + " bot@x (ED25519)",
		"256 " + botKeyFP + " bot@x",
		"x256 " + botKeyFP + " bot@x (ED25519)",
		"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICC5g8vL3lENDsPZ",
	}
	english := map[string]string{}
	for _, lang := range []string{"en", "de", "nl"} {
		for _, key := range bad {
			m := onTable(testModel(80, 24, Settings{Lang: lang}), snap)
			msg := m.table.command("invitebot robo " + key)().(doneMsg)
			if msg.err == nil {
				t.Errorf("%s: :invitebot robo %s was taken: %q", lang, key, msg.note)
				continue
			}
			if lang == "en" {
				english[key] = msg.err.Error()
			} else if msg.err.Error() == english[key] {
				t.Errorf("%s: :invitebot robo %s: the answer is not translated: %q", lang, key, msg.err)
			}
			for _, want := range []string{".pub", "ssh-ed25519 AAAA…", "SHA256:"} {
				if !strings.Contains(msg.err.Error(), want) {
					t.Errorf("%s: :invitebot robo %s answers %q, which does not name %q", lang, key, msg.err, want)
				}
			}
			if _, ok, _ := m.app.bots.invited(key); ok {
				t.Errorf("%s: :invitebot robo %s was refused but kept", lang, key)
			}
		}
	}
}

// The replay of a finished game shows every seat's hand, no prompt, and
// jumps to a round typed by its number.
func TestReplayShowsEveryHandAndJumpsToARound(t *testing.T) {
	m := testModel(80, 24, Settings{})
	m.app.SetArchive(&fakeArchive{game: finishedGame(t)})
	m.Update(m.lobbyKey(keyMsg("h"))())
	m.Update(m.key(keyMsg("enter"))())
	if m.screen != replayScreen {
		t.Fatalf("no replay: %q", m.status)
	}
	m.key(keyMsg("home"))
	for n := 0; n < 6; n++ { // past the first deal, at the first bid
		m.key(keyMsg("right"))
	}
	v := m.View()
	for _, name := range []string{"alice:", "Alan:", "Grace:"} {
		if !strings.Contains(v, name) {
			t.Errorf("the replay does not show %s hand:\n%s", name, v)
		}
	}
	if strings.Contains(v, "Your bid") || strings.Contains(v, "Your turn") {
		t.Errorf("the replay prompts for a move:\n%s", v)
	}
	m.key(keyMsg("3"))
	m.key(keyMsg("enter"))
	g, err := m.replay.at(m.app.reg, m.replay.pos)
	if err != nil {
		t.Fatal(err)
	}
	if r := roundOfView(g.View(0)); r != 3 {
		t.Errorf("3 enter went to round %d", r)
	}
	checkFits(t, "replay", m.View(), 80, 24)
}

// The ratings name a bot by its level, not by a Go type.
func TestRatingsNameBotsByLevel(t *testing.T) {
	tx := newText("en")
	for name, want := range map[string]string{
		"trickbot-strong": "strong bot", "ddbot-easy": "easy bot", "trick.BaselineBot": "baseline bot",
		"ddbot.RLCardBot": "RLCard bot", "remote:carl": "carl (remote bot)",
	} {
		if got := botLabel(tx, name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

// The create form: enter creates from a choice and never changes it, the
// cursor stops at the first and last field, the bot paces go in order with
// the server's default shown, and a key's next form starts from its last
// choices.
func TestCreateForm(t *testing.T) {
	m := testModel(80, 24, Settings{})
	f := m.newForm("boerenbridge")
	f.cursor = 1 // players
	before := f.players
	if f.update(keyMsg("enter")) != formSubmit || f.players != before {
		t.Fatalf("enter on a choice: players %d → %d, want the table created", before, f.players)
	}
	f.cursor = 0
	if f.update(keyMsg("up")); f.cursor != 0 {
		t.Errorf("up from the game went to row %d", f.cursor)
	}
	f.cursor = f.rows() - 1
	if f.update(keyMsg("down")); f.cursor != f.rows()-1 {
		t.Errorf("down from the create button went to row %d", f.cursor)
	}
	if !slices.IsSorted(f.paces) || f.paces[f.paceDef] != tables.DefaultBotPace || f.pace != f.paceDef {
		t.Errorf("paces %v, default %d, chosen %d", f.paces, f.paceDef, f.pace)
	}
	f.private, f.players = true, 5
	f.pace = 0
	m.app.rememberForm(m.player.ID, f)
	g := m.newForm("")
	if g.ruleset().Name != "boerenbridge" || !g.private || g.players != 5 || g.paces[g.pace] != f.paces[0] {
		t.Errorf("the next form: %s private %v players %d pace %v", g.ruleset().Name, g.private, g.players, g.paces[g.pace])
	}
}

// Who watches a game shows under the seats at every size, in trick games
// and in Dou Dizhu, however little room the header has.
func TestSpectatorsShowUnderTheSeats(t *testing.T) {
	for _, c := range []struct {
		name string
		on   func(t *testing.T, m *model) *model
	}{{"trick", midTrick}, {"doudizhu", func(t *testing.T, m *model) *model {
		return onTable(m, screens()[len(screens())-1].snap(t))
	}}} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			m := c.on(t, testModel(size[0], size[1], Settings{}))
			s := m.table.snap
			s.Version++
			s.Spectators = []string{"carol", "dave"}
			s.Name, s.Code = "the long evening table of the card club", "KQ7Z9X"
			m.Update(snapMsg{s: s, ok: true})
			if scr := redrawn(m); !strings.Contains(scr, "watching: carol, dave") {
				t.Errorf("%s at %dx%d: no spectators:\n%s", c.name, size[0], size[1], scr)
			} else if !strings.Contains(scr, "Dou Dizhu") == (c.name == "doudizhu") {
				t.Errorf("%s at %dx%d: another game:\n%s", c.name, size[0], size[1], scr)
			}
		}
	}
}

// esc in the lobby does not end the session (one esc too many after a
// table would): it says q quits, which the help bar shows at 80 columns.
func TestEscInTheLobbyDoesNotQuit(t *testing.T) {
	m := testModel(80, 24, Settings{})
	if cmd := m.lobbyKey(keyMsg("esc")); cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("esc in the lobby quits")
		}
	}
	if !strings.Contains(m.status, "q quits") {
		t.Errorf("esc in the lobby says %q", m.status)
	}
	if cmd := m.lobbyKey(keyMsg("q")); cmd == nil {
		t.Fatal("q in the lobby does not quit")
	} else if _, quit := cmd().(tea.QuitMsg); !quit {
		t.Fatal("q in the lobby does not quit")
	}
}

// A person whose seat the host gave to a bot is told how to sit again;
// someone who only watches is told that hands stay hidden.
func TestUnseatedPersonIsToldHowToSitAgain(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	s := m.table.snap
	v := *s.View.(*trick.View)
	v.Seat, v.Hand = engine.Spectator, nil
	s.Version++
	s.You, s.View = engine.Spectator, &v
	watcher := onTable(testModel(80, 24, Settings{}), s)
	if scr := redrawn(watcher); !strings.Contains(scr, "hands stay hidden") || strings.Contains(scr, "sit again") {
		t.Errorf("a spectator's screen:\n%s", scr)
	}
	m.Update(snapMsg{s: s, ok: true})
	if scr := redrawn(m); !strings.Contains(scr, "To sit again: esc, then enter on this table.") {
		t.Errorf("the unseated person is not told how to sit again:\n%s", scr)
	}
}

// The default name of a table does not repeat the game's title in the
// header, and names its present host: the role passed on, or the host came
// back under another name. A name a host typed stays.
func TestDefaultTableNameAfterTheHostLeft(t *testing.T) {
	tx := testModel(80, 24, Settings{}).tx
	for _, c := range []struct{ name, host, want string }{
		{"alice's Boerenbridge", "alice", "alice's table"},
		{"alice's Boerenbridge", "bob", "bob's table"},
		{"alice's Boerenbridge", "", "alice's table"},
		{"Friday cards", "bob", "Friday cards"},
	} {
		if got := tableName(tx, c.name, c.host, "Boerenbridge"); got != c.want {
			t.Errorf("tableName(%q, host %q) = %q, want %q", c.name, c.host, got, c.want)
		}
	}
}

// The header's default table name follows the host role when it passes on.
func TestHeaderNamesTheNewHost(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	s := m.table.snap
	s.Name, s.Title, s.Host = "alice's Boerenbridge", "Boerenbridge", "alice"
	m.Update(snapMsg{s: s, ok: true})
	if scr := redrawn(m); !strings.Contains(scr, "Boerenbridge · alice's table") {
		t.Fatalf("before the role passed on:\n%s", scr)
	}
	s.Version++
	s.Host = "bob"
	m.Update(snapMsg{s: s, ok: true})
	if scr := redrawn(m); !strings.Contains(scr, "Boerenbridge · bob's table") {
		t.Errorf("the header does not name the new host:\n%s", scr)
	}
}

// A table whose node is gone says it is reconnecting, in the player's
// language and whole within 80 columns, until the next snapshot comes from
// the node that took it over.
func TestMovingTableSaysItReconnects(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := goldenModel(80, 24, termenv.Ascii, Settings{Lang: lang})
		tm := newTableModel(m, nil, nil)
		tm.snap = tables.Snapshot{Version: 1, You: 0, Phase: tables.Playing, Title: "Boerenbridge", Seats: []tables.SeatInfo{
			{Name: "alice", Kind: tables.Human}, {Name: "bob", Kind: tables.Human}, {Name: "Grace", Kind: tables.Bot},
		}, Moving: true}
		want := m.tx.get("Reconnecting the table: its server is gone, another one takes it over…")
		if h := tm.notice(); !strings.Contains(h, want) {
			t.Errorf("%s: the notice line does not say the table reconnects, whole:\n%s", lang, h)
		}
		tm.snap.Moving = false
		tm.snap.Version = 2
		if h := tm.notice(); strings.Contains(h, want[:30]) {
			t.Errorf("%s: the reconnect line stays after the table is back:\n%s", lang, h)
		}
	}
}

// A game that waits for its people says so to its spectators and in the
// lobby's list, in the viewer's language, within 80 columns.
func TestHeldGameSaysItWaitsForItsPlayers(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := goldenModel(80, 24, termenv.Ascii, Settings{Lang: lang})
		tm := newTableModel(m, nil, nil)
		tm.snap = tables.Snapshot{Version: 1, You: engine.Spectator, Phase: tables.Playing, Title: "Boerenbridge", Seats: []tables.SeatInfo{
			{Name: "alice", Kind: tables.Away}, {Name: "Grace", Kind: tables.Bot}, {Name: "Ada", Kind: tables.Bot},
		}, Held: true}
		want := m.tx.get("The game waits for its players to come back.")
		if h := tm.notice(); !strings.Contains(h, want) {
			t.Errorf("%s: the notice line does not say the game waits:\n%s", lang, h)
		}
		tm.snap.Held, tm.snap.Version = false, 2
		if h := tm.notice(); strings.Contains(h, want) {
			t.Errorf("%s: the line stays once the game goes on:\n%s", lang, h)
		}

		m = withLobby(t, m)
		m.lobbyU.Tables[0].Held = true
		scr := redrawn(m)
		if row := lineWith(scr, "t1"); !strings.Contains(row, m.tx.get("on hold")) || strings.Contains(row, m.tx.get("playing")) {
			t.Errorf("%s: the lobby's row of a held game: %q", lang, row)
		}
	}
}

// lineWith is the first line of scr that holds s ("" for none).
func lineWith(scr, s string) string {
	for l := range strings.Lines(scr) {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// A waiting table names the options it plays that are not its game's
// defaults, so that whoever sits down knows them; a table of defaults
// adds no line.
func TestWaitingTableNamesItsOptions(t *testing.T) {
	waiting := func(opts engine.Options) tables.Snapshot {
		return tables.Snapshot{
			Version: 1, TableID: "t1", Name: "alice's table", Ruleset: "doudizhu", Title: "Dou Dizhu",
			Options: opts, Host: "alice", You: 1, Phase: tables.Waiting, TurnTimer: tables.DefaultTurnTimer,
			BotPace: tables.DefaultBotPace, TrickPause: tables.DefaultTrickPause,
			Seats: []tables.SeatInfo{{Name: "alice", Kind: tables.Human, Connected: true}, {Name: "bob", Kind: tables.Human, Connected: true}, {}},
		}
	}
	for lang, want := range map[string]string{"en": "Not the usual rules: Deals 2", "de": "Abweichende Regeln: Runden 2", "nl": "Andere regels dan gewoonlijk: Spellen 2"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), waiting(engine.Options{"deals": "2"}))
		if out := stripANSI(m.View()); !strings.Contains(out, want) {
			t.Errorf("%s: no %q in\n%s", lang, want, out)
		}
	}
	m := onTable(testModel(80, 24, Settings{}), waiting(engine.Options{"deals": "1"}))
	if out := stripANSI(m.View()); strings.Contains(out, "usual rules") {
		t.Errorf("a table of defaults names its rules:\n%s", out)
	}
	// A turn timer other than the server's is a rule too.
	for timer, want := range map[time.Duration]string{15 * time.Second: "Not the usual rules: Turn timer 15 s", 0: "Not the usual rules: Turn timer off"} {
		snap := waiting(engine.Options{"deals": "1"})
		snap.TurnTimer = timer
		if out := stripANSI(onTable(testModel(80, 24, Settings{}), snap).View()); !strings.Contains(out, want) {
			t.Errorf("timer %v: no %q in\n%s", timer, want, out)
		}
	}
	// So are a bot pace and a trick pause other than the server's: who sits
	// down knows the bots will be slow, in every language.
	for lang, want := range map[string]string{
		"en": "Not the usual rules: Bot pace 3.0 s per move · Trick pause none",
		"de": "Abweichende Regeln: Bot-Tempo 3,0 s pro Zug · Stichpause keine",
		"nl": "Andere regels dan gewoonlijk: Bottempo 3,0 s per zet · Slagpauze geen",
	} {
		snap := waiting(engine.Options{"deals": "1"})
		snap.BotPace, snap.TrickPause = 3*time.Second, 0
		if out := strings.Join(strings.Fields(stripANSI(onTable(testModel(80, 24, Settings{Lang: lang}), snap).View())), " "); !strings.Contains(out, want) {
			t.Errorf("%s: no %q in\n%s", lang, want, out)
		}
	}
}

// The help at a table offers n (no trump) only where the table allows it.
func TestHelpOffersNoTrumpOnlyWhereAllowed(t *testing.T) {
	for _, c := range []struct {
		opts engine.Options
		want bool
	}{{engine.Options{}, false}, {engine.Options{"bb_allow_notrump": "true"}, true}} {
		snap := tables.Snapshot{Version: 1, TableID: "t1", Ruleset: "boerenbridge", Title: "Boerenbridge", Options: c.opts, You: 0, Phase: tables.Waiting,
			Seats: []tables.SeatInfo{{Name: "alice", Kind: tables.Human, Connected: true}, {}, {}}}
		m := onTable(testModel(80, 24, Settings{}), snap)
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		if got := strings.Contains(stripANSI(m.View()), "n for none"); got != c.want {
			t.Errorf("options %v: the help offers n for none: %v, want %v", c.opts, got, c.want)
		}
	}
}

// :bot N on the host's own seat hands nothing over: it says :away lets a
// bot play and keeps the seat, and L gives it up (in a waiting table, only
// L), in every language, in 80 columns.
func TestBotOnYourOwnSeatPointsToAwayAndLeave(t *testing.T) {
	for _, phase := range []tables.Phase{tables.Playing, tables.Waiting} {
		for _, lang := range []string{"en", "de", "nl"} {
			tm := newTableModel(testModel(80, 24, Settings{Lang: lang}), nil, nil)
			tm.snap = tables.Snapshot{Version: 1, YouHost: true, You: 1, Phase: phase, Seats: []tables.SeatInfo{
				{Name: "bob", Kind: tables.Human}, {Name: "alice", Kind: tables.Human}, {Name: "Grace", Kind: tables.Bot},
			}}
			cmd := tm.command("bot 2")
			if tm.handing != 0 || cmd == nil {
				t.Fatalf("%v, %s: :bot 2 on your own seat: handing %d", phase, lang, tm.handing)
			}
			msg, _ := cmd().(doneMsg)
			if msg.err == nil {
				t.Fatalf("%v, %s: :bot 2 on your own seat answered %+v", phase, lang, msg)
			}
			s := msg.err.Error()
			if !strings.Contains(s, "2") || !strings.Contains(s, "L") || strings.Contains(s, ":away") != (phase == tables.Playing) {
				t.Errorf("%v, %s: answered %q", phase, lang, s)
			}
			if lang == "en" && !strings.HasPrefix(s, "Seat 2 is yours") {
				t.Errorf("%v: answered %q", phase, s)
			}
			if visibleWidth(s) > 80 {
				t.Errorf("%v, %s: %q is wider than 80 columns", phase, lang, s)
			}
		}
	}
}

// A status belongs to the screen it was said on: esc's "q quits" is gone
// once the settings open, whether esc and s come apart or as one alt+s,
// and so is a notice kept against keys.
func TestLobbyStatusStaysOnItsScreen(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			for _, keys := range [][]tea.KeyMsg{
				{keyMsg("esc"), keyMsg("s")},
				{{Type: tea.KeyRunes, Runes: []rune{'s'}, Alt: true}},
			} {
				m := testModel(size[0], size[1], Settings{Lang: lang})
				quits := m.tx.get("You are in the lobby: q quits.")
				for _, k := range keys {
					m.Update(k)
				}
				if m.screen != settingsScreen {
					t.Fatalf("%s %v %v: not on the settings screen", lang, size, keys)
				}
				if out := stripANSI(m.View()); m.status != "" || strings.Contains(out, quits) {
					t.Fatalf("%s %v %v: the lobby's status %q stays on the settings screen:\n%s", lang, size, keys, m.status, out)
				}
			}
			m := testModel(size[0], size[1], Settings{Lang: lang})
			m.Update(sshapp.InputDroppedMsg{})
			m.Update(keyMsg("s"))
			if m.status != "" {
				t.Fatalf("%s %v: the kept notice %q stays on the settings screen", lang, size, m.status)
			}
			m.Update(keyMsg("esc"))
			if m.screen != lobbyScreen || m.status != "" {
				t.Fatalf("%s %v: back in the lobby with %q", lang, size, m.status)
			}
		}
	}
}

// :invitebot with a key that is none names both forms a key may take (the
// .pub line and the SHA256: fingerprint), whole on an 80-column screen.
func TestInviteBotHintNamesBothKeyForms(t *testing.T) {
	seats := []tables.SeatInfo{{Name: "alice", Kind: tables.Human}, {Name: "Grace", Kind: tables.Bot}, {Name: "Alan", Kind: tables.Bot}}
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		m = onTable(m, tables.Snapshot{Version: 1, Ruleset: "doudizhu", Private: true, YouHost: true, You: 0, Phase: tables.Waiting, Seats: seats})
		for _, line := range []string{"invitebot robo notakey", "invitebot robo", "invitebot robo SHA256:abc"} {
			msg := m.table.command(line)().(doneMsg)
			if msg.err == nil {
				t.Fatalf("%s: :%s was taken", lang, line)
			}
			m.Update(msg)
			v := ansi.Strip(m.View())
			for _, want := range []string{".pub", "SHA256:"} {
				if !strings.Contains(msg.err.Error(), want) || !strings.Contains(v, want) {
					t.Errorf("%s: :%s answers %q, which does not name %q on the screen:\n%s", lang, line, msg.err, want, v)
				}
			}
			if words := strings.Fields(msg.err.Error()); !strings.Contains(v, words[len(words)-1]) {
				t.Errorf("%s: :%s: the answer is cut on the screen:\n%s", lang, line, v)
			}
		}
	}
}

// A seat sitting the round out (SI-5) is marked so in the seat list while
// its person owns it; once they left and a bot took the seat for good, the
// bot's seat sits nothing out: in every language, narrow and wide.
func TestBotSeatDoesNotSitOut(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			m := midTrick(t, testModel(size[0], size[1], Settings{Lang: lang}))
			mark := m.tx.get("sits out")
			for _, c := range []struct {
				kind tables.SeatKind
				want int
			}{{tables.Away, 1}, {tables.Bot, 0}} {
				s := m.table.snap
				s.Seats = slices.Clone(s.Seats)
				s.Seats[1].Kind = c.kind
				v := *s.View.(*trick.View)
				v.SatOut = make([]bool, v.Players)
				v.SatOut[1] = true
				s.View, s.Version = &v, s.Version+1
				m.table.snapshot(s)
				m.drawn = ""
				if got := strings.Count(plainView(m), mark); got != c.want {
					t.Errorf("%s %dx%d, seat 2 %s: %q %d times, want %d:\n%s", lang, size[0], size[1], c.kind, mark, got, c.want, plainView(m))
				}
			}
		}
	}
}
