package tui

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/tables"
)

// tableCommands are the ":" commands of the table screen this person may
// give at this table now, as the answer to an unknown one lists them:
// short enough for one line of 80 columns (admins' own are in the help).
func (tm *tableModel) tableCommands() string {
	var ws []string
	if tm.mayGoAway() {
		ws = append(ws, ":away")
	}
	if tm.away() {
		ws = append(ws, ":back")
	}
	ws = append(ws, ":leave")
	if tm.mayHandToBot() {
		ws = append(ws, ":bot")
	}
	if tm.mayPenalty() {
		ws = append(ws, ":penalty")
	}
	if tm.mayInviteBot() {
		ws = append(ws, ":invitebot")
	}
	return strings.Join(ws, " ")
}

// commandHelp is tableCommands for the help: each command this person may
// give here now, with what it does.
func (tm *tableModel) commandHelp() []string {
	tx := tm.m.tx
	var cs []string
	if tm.mayGoAway() {
		cs = append(cs, tx.get(":away (a bot plays for you)"))
	}
	if tm.away() {
		cs = append(cs, tx.get(":back (you play again)"))
	}
	if tm.snap.You >= 0 {
		cs = append(cs, tx.get(":leave (give up your seat)"))
	} else { // a spectator has no seat: :leave ends the watching
		cs = append(cs, tx.get(":leave (stop watching)"))
	}
	if tm.mayHandToBot() {
		cs = append(cs, tx.get(":bot N (seat N to a bot)"))
	}
	if tm.mayPenalty() {
		cs = append(cs, tx.get(":penalty SEAT -5 REASON"))
	}
	if tm.mayInviteBot() {
		cs = append(cs, tx.get(":invitebot NAME KEY (a bot from outside)"))
	}
	return cs
}

// mayGoAway reports whether :away would hand the player's seat to their
// bot: they hold a seat of a game being played and are not away already.
func (tm *tableModel) mayGoAway() bool {
	s := tm.snap
	return s.Phase == tables.Playing && s.You >= 0 && !tm.away()
}

// mayHandToBot reports whether the player may give a seat to a bot (:bot):
// the host, until the game is over.
func (tm *tableModel) mayHandToBot() bool {
	return tm.snap.YouHost && tm.snap.Phase != tables.Over
}

// mayPenalty reports whether the player may give a penalty (:penalty): the
// host of a game with penalties, while it is played.
func (tm *tableModel) mayPenalty() bool {
	s := tm.snap
	return s.YouHost && s.Phase == tables.Playing && tables.GivesPenalties(s.Ruleset)
}

// mayInviteBot reports whether the player may invite a bot (:invitebot):
// the host of a private table that waits for its players (a bot sits
// down only then).
func (tm *tableModel) mayInviteBot() bool {
	return tm.snap.YouHost && tm.snap.Private && tm.snap.Phase == tables.Waiting
}

// commandWords are the words of the table's commands (command); admins
// have adminWords too.
var (
	commandWords = []string{"away", "back", "leave", "bot", "penalty", "invitebot"}
	adminWords   = []string{"kick", "ban", "unban", "announce"}
)

// isCommand reports whether word names a command this person may give.
func (m *model) isCommand(word string) bool {
	return slices.Contains(commandWords, word) || m.isAdmin() && slices.Contains(adminWords, word)
}

// unknownCommand answers a ":" command that does not exist with the ones
// that do.
func (tm *tableModel) unknownCommand(name string) tea.Cmd {
	return tm.m.fail(errors.New(tm.m.tx.f("%q is no command: %s", clipText(name, 12), tm.tableCommands())))
}

// chatOrCommand sends a chat line, unless it is a command written as one
// would in other programs ("/away", ":bot 3"): that runs as the command
// (readChat).
func (tm *tableModel) chatOrCommand(line string) tea.Cmd {
	cmd, bad, chat := tm.m.readChat(line)
	switch {
	case cmd != "":
		return tm.command(cmd)
	case bad != "":
		return tm.unknownCommand(bad)
	case chat == "":
		return nil
	}
	p := tm.m.player
	return tableCmd(func() error { return tm.t.Chat(p, chat) }, "")
}

// readChat sorts a chat line into a command to run, an unknown command (its
// word) or chat to send. The chat opens with the "/" its key typed: "/"
// and words that are no command written in its form ("/away", "/bot 3";
// not "/back in a minute") is chat without that "/" ("/me" and smileys
// stay as typed); ":" and a word of letters is a command, known or not.
func (m *model) readChat(line string) (cmd, bad, chat string) {
	s := strings.TrimSpace(line)
	rest, word, ok := cutCommandPrefix(s)
	switch {
	case ok && m.isCommand(word) && (s[0] == ':' || commandForm(strings.Fields(rest))):
		return rest, "", ""
	case ok && s[0] == ':' && !chatWord(word):
		return "", word, ""
	case strings.HasPrefix(s, "/") && !(ok && word == "me"):
		return "", "", strings.TrimSpace(s[1:])
	}
	return "", "", line
}

// commandForm reports whether f, a command's words, has the words its
// form asks for: "leave" alone, "bot" and a number, …; "leave it to me" is
// chat.
func commandForm(f []string) bool {
	number := func(i int) bool {
		_, err := strconv.Atoi(f[i])
		return err == nil
	}
	switch f[0] {
	case "away", "back", "leave":
		return len(f) == 1
	case "bot":
		return len(f) == 2 && number(1)
	case "penalty":
		return len(f) >= 4 && number(2) // the seat by its number or name
	case "invitebot":
		return len(f) >= 3
	case "kick", "unban":
		return len(f) == 2
	case "ban":
		return len(f) == 2 || len(f) == 3
	case "announce":
		return len(f) >= 2
	}
	return false
}

// chatWord reports whether a ":" or "/" word is chat: a smiley (":D",
// ":P") or the "/me" of other chats.
func chatWord(word string) bool {
	return utf8.RuneCountInString(word) == 1 || word == "me"
}

// cutCommandPrefix reports whether s is "/word …" or ":word …" (a word of
// letters: ":)" is chat), and returns it without the prefix, and the word.
func cutCommandPrefix(s string) (rest, word string, ok bool) {
	if len(s) < 2 || s[0] != '/' && s[0] != ':' {
		return "", "", false
	}
	rest = s[1:]
	word, _, _ = strings.Cut(rest, " ")
	for _, r := range word {
		if !unicode.IsLetter(r) {
			return "", "", false
		}
	}
	return rest, word, word != ""
}

// botCommand is ":bot N": seat N goes to a bot. A seat another person
// holds is handed over only once the host confirms; one's own seat is not:
// :away and L are the ways to let a bot play it or give it up.
func (tm *tableModel) botCommand(f []string) tea.Cmd {
	tx := tm.m.tx
	n := 0
	if len(f) == 2 {
		n, _ = strconv.Atoi(f[1])
	}
	if n < 1 {
		return tm.m.fail(errors.New(tx.get("usage: :bot SEAT (seats count from 1)")))
	}
	s := tm.snap
	if s.You >= 0 && n-1 == s.You {
		if s.Phase == tables.Playing {
			return tm.m.fail(errors.New(tx.f("Seat %d is yours: :away has a bot play it for you, L gives it up.", n)))
		}
		return tm.m.fail(errors.New(tx.f("Seat %d is yours: L gives it up.", n)))
	}
	if s.YouHost && n <= len(s.Seats) {
		if k := s.Seats[n-1].Kind; k == tables.Human || k == tables.Away {
			tm.handing = n
			return nil
		}
	}
	return tm.handToBot(n)
}

// handToBot asks the table to give seat n (from 1) to a bot.
func (tm *tableModel) handToBot(n int) tea.Cmd {
	p, t := tm.m.player, tm.t
	return tableCmd(func() error { return t.HandToBot(p, n-1) }, tm.m.tx.f("Seat %d is played by a bot now.", n))
}

// confirmHand takes the host's answer to the question of handing a
// person's seat to a bot: y hands it over, any other key keeps it.
func (tm *tableModel) confirmHand(k tea.KeyMsg) tea.Cmd {
	n := tm.handing
	tm.handing = 0
	if s := k.String(); s != "y" && s != "Y" && s != "j" && s != "J" {
		return nil
	}
	return tm.handToBot(n)
}

// handQuestion is the line asking the host to confirm a hand-over.
func (tm *tableModel) handQuestion() string {
	tx, n := tm.m.tx, tm.handing
	name := ""
	if n >= 1 && n <= len(tm.snap.Seats) {
		name = tm.snap.Seats[n-1].Name
	}
	return tm.m.st.Warn.Render(fit(tx.f("Give %s's seat %d to a bot? They may sit again. y: yes, other keys: no", clipText(name, 12), n), tm.width()))
}

// watchersLine is who watches the game, under the seat list at every size
// (the waiting screen lists them itself); an empty line when nobody does.
func (tm *tableModel) watchersLine() string {
	if tm.watching == "" {
		return "\n"
	}
	return tm.m.st.Subtle.Render(fit("   "+tm.m.tx.f("watching: %s", tm.watching), tm.width())) + "\n"
}

// watchLine is the line where a spectator's hand would be: to a person
// whose seat went to a bot, how to sit again (the lobby's enter sits at a
// running table in a seat a bot plays).
func (tm *tableModel) watchLine() string {
	tx := tm.m.tx
	if tm.unseated {
		return fit(tx.get("Your seat went to a bot. To sit again: esc, then enter on this table."), tm.width())
	}
	return tx.get("You are watching: hands stay hidden.")
}

// finisher names the bot that finished seat i for the person it is
// credited to (ON-6), beside them in the standings; "" when they did.
func (tm *tableModel) finisher(i int) string {
	if cs := tm.snap.Credits; i >= 0 && i < len(cs) && cs[i].Finisher != "" {
		return tm.m.st.Subtle.Render("  " + tm.m.tx.f("(%s finished)", clipText(cs[i].Finisher, 12)))
	}
	return ""
}
