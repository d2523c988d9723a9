package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// App serves the card room to SSH sessions: it implements sshapp.App.
type App struct {
	lobby      *lobby.Lobby
	reg        *engine.Registry
	now        func() time.Time
	archive    Archive       // nil: no history, ratings or export
	saved      SettingsStore // nil: settings last while the server runs
	styles     stylesCache   // the sessions' styles, shared per colour profile and settings
	publicAddr string        // host:port players type (SetPublicAddr)
	admin      admins        // admin keys, bans, the message of the day
	bots       botKeys       // who may seat a program as a bot over SSH (bot.go)
	log        *log.Logger   // the server's log, for admin actions; nil: none (SetLogger)

	saveMu sync.Mutex // one read-modify-write of saved settings at a time (saveParts)

	mu       sync.Mutex
	live     map[string]sshapp.Session // the interactive session per player id; guarded by mu
	settings map[string]Settings       // per player id, while the server runs; guarded by mu
	forms    map[string]formMemory     // the create form's last choices per player id (also saved: formOf); guarded by mu
	who      map[string]liveInfo       // what the admin screen shows of each live session; guarded by mu
}

// NewApp returns the app over a running lobby. now reads the clock the
// screens count turn timers down with.
func NewApp(l *lobby.Lobby, reg *engine.Registry, now func() time.Time) *App {
	if now == nil {
		now = time.Now
	}
	return &App{lobby: l, reg: reg, now: now, live: map[string]sshapp.Session{}, settings: map[string]Settings{},
		who: map[string]liveInfo{}, admin: admins{bans: map[[2]string]store.Ban{}}}
}

// SettingsStore keeps players' settings across restarts (*store.Store).
type SettingsStore interface {
	Settings(id string) (json.RawMessage, error)
	SaveSettings(id string, v json.RawMessage) error
}

// SetSettingsStore makes settings outlive the server process. Guests'
// settings are never saved. Call it before serving.
func (a *App) SetSettingsStore(s SettingsStore) { a.saved = s }

// SetArchive gives the app the finished games and ratings to show (history,
// leaderboard, replays, export). Call it before serving.
func (a *App) SetArchive(ar Archive) { a.archive = ar }

// NewSession enters the player into the lobby and returns their model. A
// second interactive session of the same key takes over: the older one is
// told and closed.
func (a *App) NewSession(s sshapp.Session) tea.Model {
	id := s.Identity()
	entry, err := a.lobby.Login(lobby.Login{ID: id.ID, Name: id.Name, Guest: id.Guest, Replaced: id.Replaced, Addr: hostOf(s.RemoteAddr())})
	if err != nil {
		switch {
		case errors.Is(err, lobby.ErrNameNotSaved):
			set := a.loadSettings(id.ID, id.Guest, s.Environ())
			s.Close(newText(set.Lang).err(err))
		case errors.Is(err, lobby.ErrRoomUnreachable): // the saved settings are as far out of reach
			s.Close(newText(langOf(s.Environ())).err(err))
		}
		return nil
	}
	a.mu.Lock()
	set, ok := a.settings[id.ID]
	a.mu.Unlock()
	if !ok {
		set = a.loadSettings(id.ID, id.Guest, s.Environ())
	}
	m := newModel(a, s, entry, set)
	a.mu.Lock()
	old, prev := a.live[id.ID], a.who[id.ID]
	a.live[id.ID] = s
	a.who[id.ID] = liveInfo{name: entry.Player.Name, ip: hostOf(s.RemoteAddr()), since: a.now(), guest: id.Guest, subs: m.subs}
	a.mu.Unlock()
	if old != nil {
		old.Close("You logged in again from another terminal; this session was closed.")
	}
	m.backToSeat(entry.Seated)
	m.backToWatch(prev.subs)
	context.AfterFunc(s.Context(), m.cleanup) // no goroutine waits for the session's end
	return m
}

// ended is called by a session's model when its program ends, playing the
// running game it sat at on the table screen and watching the table it
// watched there ("" when none). The session stays live until what it
// leaves behind is written: a login meanwhile finds the table it watches by
// replacing it (backToWatch).
func (a *App) ended(s session, p tables.Player, playing, watching string) {
	last := func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		cur, ok := a.live[p.ID]
		return ok && session(cur) == s // not replaced by a newer session
	}
	if last() {
		a.noteLeftGames(p.ID, playing)
		a.noteWatching(p.ID, watching)
		a.mu.Lock()
		if cur, ok := a.live[p.ID]; ok && session(cur) == s {
			delete(a.live, p.ID)
			delete(a.who, p.ID)
		}
		a.mu.Unlock()
	}
	_ = a.lobby.Exit(p.ID)
}

func (a *App) saveSettings(id string, set Settings) {
	a.mu.Lock()
	a.settings[id] = set
	a.mu.Unlock()
	var parts map[string]json.RawMessage
	if b, err := json.Marshal(set); err == nil && json.Unmarshal(b, &parts) == nil {
		a.saveParts(id, parts)
	}
}

// keeps reports whether key id's settings are saved (not a guest's, and
// only with a settings store).
func (a *App) keeps(id string) bool {
	return a.saved != nil && !strings.HasPrefix(id, "guest-")
}

// saveParts writes parts into key id's saved settings object and keeps its
// other keys: the display settings and the create form's memory share it.
// When the saved object cannot be read nothing is written (the parts are
// kept in memory anyway).
func (a *App) saveParts(id string, parts map[string]json.RawMessage) {
	if !a.keeps(id) {
		return
	}
	a.saveMu.Lock()
	defer a.saveMu.Unlock()
	b, err := a.saved.Settings(id)
	if err != nil {
		return
	}
	obj := map[string]json.RawMessage{}
	if len(b) > 0 && json.Unmarshal(b, &obj) != nil || obj == nil {
		obj = map[string]json.RawMessage{} // not an object: written afresh
	}
	maps.Copy(obj, parts)
	if b, err := json.Marshal(obj); err == nil {
		_ = a.saved.SaveSettings(id, b)
	}
}

// loadSettings reads a player's saved settings, or the defaults, whose
// language follows the client's locale (env: the session's environment).
func (a *App) loadSettings(id string, guest bool, env []string) Settings {
	set := Settings{Lang: langOf(env), Glyphs: Unicode}
	if a.saved == nil || guest {
		return set
	}
	b, err := a.saved.Settings(id)
	if err != nil || len(b) == 0 {
		return set
	}
	var got Settings
	if json.Unmarshal(b, &got) != nil {
		return set
	}
	if _, ok := catalogues[got.Lang]; !ok {
		got.Lang = set.Lang
	}
	if got.Glyphs < Unicode || got.Glyphs > CJKSafe {
		got.Glyphs = Unicode
	}
	return got
}

// commandHelp lists what a session can ask for on the command line, in
// tx's language: each command on a line of its own (its placeholders
// translated, the words to type not), what it does indented under it, so
// that every line fits 80 columns.
func (a *App) commandHelp(tx *text) string {
	var games []string
	for _, r := range a.reg.All() {
		games = append(games, r.Name)
	}
	var b strings.Builder
	b.WriteString(tx.get("cardroom — a card room over SSH") + "\n\n")
	for _, c := range []struct {
		tty  bool
		args string
		what string
	}{
		{false, "", tx.get("open the lobby")},
		{true, tx.get("new GAME"), tx.f("create a table (%s)", strings.Join(games, ", "))},
		{true, tx.get("join CODE"), tx.get("sit at a table by its id or invite code")},
		{true, tx.get("watch TABLE"), tx.get("watch a table")},
		{false, "list", tx.get("list the tables (plain text; list --json for programs)")},
		{false, tx.get("export GAME"), tx.get("write a finished game's record to stdout")},
		{false, "bot", tx.get("seat your program as a bot at the private table that invited its key")},
		{false, tx.get("bot TABLE"), tx.get("seat your program as a bot at a table (with one of the admin's bot keys)")},
		{false, "help", tx.get("this help")},
	} {
		b.WriteString("  " + a.sshCommand(c.tty, strings.Fields(c.args)...) + "\n")
		for _, l := range wrapText(c.what, 80-6, 5) {
			b.WriteString("      " + l + "\n")
		}
	}
	return b.String()
}

// plainCommands answer in plain text, with a pty or without one.
var plainCommands = map[string]bool{"help": true, "--help": true, "-h": true, "list": true, "ls": true, "export": true}

// PlainCommand reports whether args ask for list, help or export, which
// answer the same with `ssh -t` as without.
func (a *App) PlainCommand(args []string) bool {
	return len(args) > 0 && plainCommands[args[0]]
}

// Command answers a session without a pty, or a plain command, with plain
// text on stdout; errors go to stderr with a non-zero exit status (2 for
// wrong usage). The text is in the language of the client's locale, as the
// refusals before a session are (Translate); list --json and an export's
// record are for programs and the same in every language.
func (a *App) Command(s sshapp.Session, args []string, stdout, stderr io.Writer) int {
	tx := newText(langOf(s.Environ()))
	if len(args) == 0 { // the lobby, without a pty: say so above the help
		fmt.Fprintln(stderr, "cardroom: "+tx.f("the lobby needs a terminal: use %s", a.sshCommand(true)))
		args = []string{"help"}
	}
	usage := func(line string) int {
		fmt.Fprintln(stderr, "cardroom: "+line+" "+tx.f("(see %s)", a.sshCommand(false, "help")))
		return 2
	}
	fail := func(err error, code int) int {
		fmt.Fprintln(stderr, "cardroom: "+cliError(tx, err))
		return code
	}
	switch args[0] {
	case "help", "--help", "-h":
		if len(args) > 1 {
			return usage(tx.f("help takes no arguments, got %q", clipText(args[1], 20)))
		}
		fmt.Fprint(stdout, a.commandHelp(tx))
		return 0
	case "list", "ls":
		asJSON := false
		for _, arg := range args[1:] {
			if arg != "--json" && arg != "-json" {
				return usage(tx.f("list takes only --json, got %q", clipText(arg, 20)))
			}
			asJSON = true
		}
		u, err := a.lobby.List()
		if err != nil {
			return fail(err, 1)
		}
		if asJSON {
			return writeListJSON(stdout, stderr, u, s.Identity().ID)
		}
		writeList(stdout, tx, u, s.Identity().ID, a.sshCommand(true))
		return 0
	case "export":
		if len(args) > 2 {
			return usage(tx.f("export takes one game number, got %q too", clipText(args[2], 20)))
		}
		var buf bytes.Buffer
		arg := ""
		if len(args) > 1 {
			arg = args[1]
		}
		if err := a.export(tx, s.Identity().ID, arg, &buf); err != nil {
			return fail(err, 1)
		}
		stdout.Write(buf.Bytes())
		return 0
	case "bot":
		return a.botCommand(s, tx, args[1:], stdout, stderr)
	case "new", "join", "watch":
		if args[0] != "new" && len(args) != 2 {
			return usage(tx.f("%s takes one table id or invite code", args[0]))
		}
		if args[0] == "new" && len(args) > 1 {
			if _, err := a.reg.Lookup(args[1]); err != nil {
				return fail(err, 2)
			}
		}
		fmt.Fprintln(stderr, "cardroom: "+tx.f("%q needs a terminal: use %s", args[0], a.sshCommand(true, args...)))
		return 2
	}
	return usage(tx.f("unknown command %q", clipText(args[0], 20)))
}

// cliError is an error as a command's error line says it: as it is in
// English, else translated as the screens translate it.
func cliError(tx *text, err error) string {
	if tx.lang == "en" {
		return err.Error()
	}
	return tx.err(err)
}

// listedTable is one table of `list --json`.
type listedTable struct {
	ID       string `json:"id"`
	Game     string `json:"game"`
	Title    string `json:"title"`
	Seats    int    `json:"seats"`
	People   int    `json:"people"`
	Bots     int    `json:"bots"`
	Free     int    `json:"free"`
	Round    int    `json:"round"`
	Watching int    `json:"watching"`
	State    string `json:"state"`
	Held     bool   `json:"held"` // the game waits for its people, all away: on hold
	Private  bool   `json:"private"`
}

// writeListJSON writes what writeList shows as one JSON object.
func writeListJSON(stdout, stderr io.Writer, u lobby.Update, id string) int {
	out := struct {
		Tables []listedTable `json:"tables"`
		Online int           `json:"online"`
	}{Tables: []listedTable{}, Online: u.OnlineCount()}
	for _, t := range u.For(id) {
		out.Tables = append(out.Tables, listedTable{
			ID: t.ID, Game: t.Ruleset, Title: t.Title, Seats: t.Seats, People: t.Humans,
			Bots: t.Bots, Free: t.Free, Round: t.Round, Watching: t.Spectators,
			State: t.Phase.String(), Held: t.Held, Private: t.Private,
		})
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "cardroom: %v\n", err)
		return 1
	}
	stdout.Write(append(b, '\n'))
	return 0
}

// writeList lists the tables the key id may see (lobby.Update.For), in
// tx's language. lobbyCmd is the command that opens the lobby, for the hint
// of an empty list.
func writeList(out io.Writer, tx *text, u lobby.Update, id, lobbyCmd string) {
	u.Tables = u.For(id)
	if len(u.Tables) == 0 {
		fmt.Fprintln(out, tx.get("No tables yet."))
		for _, l := range wrapText(tx.f("Open the lobby with %s and press n to create one.", lobbyCmd), 80, 3) {
			fmt.Fprintln(out, l)
		}
	} else {
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, strings.Join([]string{tx.get("TABLE"), tx.get("GAME"), tx.get("PEOPLE"), tx.get("BOTS"),
			tx.get("FREE"), tx.get("ROUND"), tx.get("WATCHING"), tx.get("STATE")}, "\t"))
		for _, t := range u.Tables {
			state := listState(tx, t)
			if t.Private {
				state += ", " + tx.get("private")
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", t.ID, gameTitle(tx, t.Title), t.Humans, t.Bots, t.Free, t.Round, t.Spectators, state)
		}
		tw.Flush()
	}
	fmt.Fprintln(out, tx.f("%d online", u.OnlineCount()))
}

// listState is a table's state as list writes it: on hold, as the lobby
// says, when its game waits for its people, else its phase.
func listState(tx *text, t lobby.TableInfo) string {
	if t.Held {
		return tx.get("on hold")
	}
	return tx.get(t.Phase.String())
}

// hostOf is the IP of a remote address ("" when there is none).
func hostOf(a net.Addr) string {
	if a == nil {
		return ""
	}
	if h, _, err := net.SplitHostPort(a.String()); err == nil {
		return h
	}
	return a.String()
}
