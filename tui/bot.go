package tui

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/botproto"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/names"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/tables"
)

// `ssh HOST bot TABLE`: a program of the user's own plays a seat as a bot,
// speaking the bot protocol (botproto, docs/BOT-PROTOCOL.md) over the
// session's stdin and stdout. Only keys the admin listed (--bot-keys) or a
// host invited may; the bot takes a free seat of a waiting table, is a bot
// there like the table's own (shown and rated as one, decided under the
// table's budget with the rule-based bot as its fallback), and sees its
// seat's view only. A key whose program left a running game takes its seat
// back the same way.

// botKeys is who may seat a bot: the admin's bot keys, and the keys a host
// invited to a private table (:invitebot NAME KEY), while the server runs
// or, in a cluster, in the cluster's store (shared), so that the bot finds
// its invitation on whichever node it connects to.
type botKeys struct {
	mu      sync.Mutex
	fps     map[string]bool   // guarded by mu
	invites map[string]invite // by key fingerprint; guarded by mu
	shared  BotInvites        // nil: invites holds the invitations
}

// invite is a host's invitation of a bot to a private table.
type invite struct {
	code, name string // the table's invite code; the bot's name there
}

// BotInvites keeps the hosts' bot invitations where every node of a
// cluster reads them (cluster.BotInvites), by the bot's key fingerprint.
type BotInvites interface {
	Invite(fp, code, name string) error
	Invited(fp string) (code, name string, ok bool, err error)
}

// SetBotInvites keeps bot invitations in s instead of this server's
// memory. Call it before serving.
func (a *App) SetBotInvites(s BotInvites) { a.bots.shared = s }

// invite records iv for the key fp, replacing the key's earlier one.
func (k *botKeys) invite(fp string, iv invite) error {
	if k.shared != nil {
		return k.shared.Invite(fp, iv.code, iv.name)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.invites == nil {
		k.invites = map[string]invite{}
	}
	k.invites[fp] = iv
	return nil
}

// invited is the key fp's invitation, if a host made one.
func (k *botKeys) invited(fp string) (invite, bool, error) {
	if k.shared != nil {
		code, name, ok, err := k.shared.Invited(fp)
		return invite{code: code, name: name}, ok, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	iv, ok := k.invites[fp]
	return iv, ok, nil
}

// SetBotKeys sets the fingerprints (SHA256:…) of the keys that may seat
// a bot with `ssh HOST bot TABLE`.
func (a *App) SetBotKeys(fingerprints []string) {
	a.bots.mu.Lock()
	defer a.bots.mu.Unlock()
	a.bots.fps = map[string]bool{}
	for _, fp := range fingerprints {
		a.bots.fps[fp] = true
	}
}

func (k *botKeys) allowed(fp string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.fps[fp]
}

// inviteBot is ":invitebot NAME KEY": the host of a private table lets the
// key (a public key as in authorized_keys, or its SHA256 fingerprint) seat
// a program as the bot NAME at this table with `ssh HOST bot`.
func (tm *tableModel) inviteBot(f []string) tea.Cmd {
	tx := tm.m.tx
	if len(f) < 3 {
		return tm.m.fail(errors.New(tx.get("usage: :invitebot NAME KEY (the line of the bot's .pub file, or its SHA256: fingerprint)")))
	}
	switch {
	case !tm.snap.YouHost || !tm.snap.Private:
		return tm.m.fail(errors.New(tx.get("only the host of a private table can invite a bot")))
	case !tm.mayInviteBot():
		return tm.m.fail(tables.ErrNotWaiting) // a bot sits down only at a waiting table
	}
	key := strings.Join(f[2:], " ")
	fp, ok := keyID(key)
	switch {
	case !ok && fingerprintOf(key) != "":
		return tm.m.fail(errors.New(tx.get("not a whole fingerprint: give SHA256: and 43 characters as ssh-keygen -lf prints them, or the bot's .pub line (ssh-ed25519 AAAA…)")))
	case !ok:
		return tm.m.fail(errors.New(tx.get("that is not a public key: give the line of the bot's .pub file (ssh-ed25519 AAAA…) or its fingerprint (SHA256:…)")))
	}
	name, _ := names.Clean(f[1]) // as a person's name
	if name == "" {
		return tm.m.fail(errors.New(tx.get("usage: :invitebot NAME KEY (the line of the bot's .pub file, or its SHA256: fingerprint)")))
	}
	if tm.nameAtTable(name) {
		return tm.m.fail(tables.ErrBotNameTaken)
	}
	iv := invite{code: tm.snap.Code, name: name}
	note := tx.f("%s may sit here as a bot: %s", name, tm.m.app.sshCommand(false, "bot"))
	failed := errors.New(tx.get("the invitation could not be saved: try :invitebot again in a moment"))
	app := tm.m.app
	return func() tea.Msg {
		if app.lobby != nil {
			if err := app.lobby.BotName(name, fp); err != nil {
				return doneMsg{err: err}
			}
		}
		if err := app.bots.invite(fp, iv); err != nil {
			return doneMsg{err: failed}
		}
		return doneMsg{note: note}
	}
}

// keyID is the id the server gives a typed key (a .pub line, or a fingerprint exactly as ssh-keygen -lf prints it).
func keyID(key string) (id string, ok bool) {
	if fp := fingerprintOf(key); fp != "" {
		b64 := strings.TrimPrefix(fp, "SHA256:")
		sum, err := base64.RawStdEncoding.Strict().DecodeString(b64)
		return fp, err == nil && len(b64) == 43 && len(sum) == sha256.Size
	}
	pub, _, _, _, err := gossh.ParseAuthorizedKey([]byte(key))
	if err != nil {
		return "", false
	}
	return hostkeys.Fingerprint(pub), true
}

// fingerprintOf is the SHA256: fingerprint in key, typed bare or as the
// whole line ssh-keygen -lf prints ("256 SHA256:… comment (ED25519)"); ""
// when key is neither.
func fingerprintOf(key string) string {
	if strings.HasPrefix(key, "SHA256:") {
		return key
	}
	f := strings.Fields(key)
	if len(f) < 3 || strings.Trim(f[0], "0123456789") != "" || !strings.HasPrefix(f[1], "SHA256:") {
		return ""
	}
	if last := f[len(f)-1]; !strings.HasPrefix(last, "(") || !strings.HasSuffix(last, ")") {
		return ""
	}
	return f[1]
}

// nameAtTable reports whether a seat at the table shows name, compared as
// people's names are (names.Key), as the table checks when the bot sits.
func (tm *tableModel) nameAtTable(name string) bool {
	key := names.Key(name)
	for _, s := range tm.snap.Seats {
		if s.Kind != tables.Free && names.Key(s.Name) == key {
			return true
		}
	}
	return false
}

// botCommand seats the session's program at a table and plays until the
// table ends or the program leaves. A key whose bot holds a seat in a
// running game takes that seat back first (rejoinBot). Its refusals are
// protocol lines too (an error with id 0, in English as every protocol
// line), so the program reads them like any other; the person who ran it
// reads them on stderr, in the language of the client's locale (tx) as the
// other commands say theirs.
func (a *App) botCommand(s sshapp.Session, tx *text, args []string, out, errOut io.Writer) int {
	en := newText("en")
	refuse := func(code int, why func(tx *text) string) int {
		b, _ := json.Marshal(botproto.ErrorMessage{Type: "error", Error: why(en)})
		fmt.Fprintf(out, "%s\n", b)
		line := why(tx)
		if code == 2 { // wrong usage: where the commands are, as the other commands say
			line += " " + tx.f("(see %s)", a.sshCommand(false, "help"))
		}
		fmt.Fprintln(errOut, "cardroom: "+line)
		return code
	}
	failed := func(err error) int {
		return refuse(1, func(tx *text) string { return cliError(tx, err) })
	}
	usage := func() int {
		return refuse(2, func(tx *text) string {
			return tx.f("usage: %s (TABLE: a waiting table's id, or a private table's invite code; with a key a host invited, just bot)", a.sshCommand(false, "bot", tx.get("TABLE")))
		})
	}
	id := s.Identity()
	name := id.Name
	if len(args) > 1 {
		return usage()
	}
	if !id.Guest {
		which := ""
		if len(args) == 1 {
			which = args[0]
		}
		here, elsewhere, err := a.lobby.BotSeats(id.ID, which)
		if err != nil {
			return failed(err)
		}
		switch {
		case len(here)+len(elsewhere) > 1:
			ids := elsewhere
			for _, t := range here {
				ids = append(ids, t.ID())
			}
			return refuse(2, func(tx *text) string {
				return tx.f("this key's bots hold seats at several tables (%s): name one with %s", strings.Join(ids, ", "), a.sshCommand(false, "bot", tx.get("TABLE")))
			})
		case len(here) == 1:
			return a.rejoinBot(s, here[0], out, failed)
		case len(elsewhere) == 1:
			return refuse(1, func(tx *text) string {
				return tx.f("this key's bot holds a seat at table %s, which runs on another server of this card room: connect to that server to take the seat back", elsewhere[0])
			})
		}
	}
	iv, invited, err := a.bots.invited(id.ID)
	if err != nil {
		return refuse(1, func(tx *text) string {
			return tx.f("the card room cannot read bot invitations now (%s): try again in a moment", cliError(tx, err))
		})
	}
	switch {
	case id.Guest || !invited && !a.bots.allowed(id.ID):
		return refuse(1, func(tx *text) string {
			return tx.f("this key may not seat a bot; ask a private table's host to invite it (:invitebot NAME KEY) or the admin to add it to the bot keys (key %s)", id.ID)
		})
	case invited && len(args) == 0:
		args, name = []string{iv.code}, iv.name
	case len(args) != 1:
		return usage()
	}
	t, err := a.findBotTable(s, args[0], invited && args[0] == iv.code)
	if err != nil {
		return failed(err)
	}
	if err := a.lobby.BotName(name, id.ID); err != nil {
		return refuse(1, func(tx *text) string {
			return tx.f("the bot's name %s: %s (a host names an invited bot with :invitebot NAME KEY; otherwise the name is your ssh user name)", name, cliError(tx, err))
		})
	}
	rs := t.Ruleset()
	remote := botproto.NewRemote(s.Stdin(), out, botproto.Options{Name: name, Fallback: games.Baseline(rs.Name, engine.Spectator)})
	seat, err := t.PlaceBot(remote, id.ID, engine.Spectator)
	if err != nil {
		return failed(err)
	}
	_ = remote.Hello(botproto.Hello{Game: rs.Name, Players: t.Seats(), Seat: seat, Table: t.ID(), Name: name})
	return playBot(s, t, remote)
}

// rejoinBot takes back the seat that a bot of the session's key holds in
// t's running game, its program gone: the program gets the hello of that
// seat, marked rejoined, and plays from the seat's next decision on, under
// the seat's name.
func (a *App) rejoinBot(s sshapp.Session, t *tables.Table, out io.Writer, failed func(error) int) int {
	key := s.Identity().ID
	seat, name, err := t.BotSeat(key)
	if err != nil {
		return failed(err)
	}
	rs := t.Ruleset()
	remote := botproto.NewRemote(s.Stdin(), out, botproto.Options{Name: name, Fallback: games.Baseline(rs.Name, engine.Spectator)})
	// The hello goes first: the table may ask for a move as soon as the seat is back.
	_ = remote.Hello(botproto.Hello{Game: rs.Name, Players: t.Seats(), Seat: seat, Table: t.ID(), Name: name, Rejoined: true})
	if _, err := t.RejoinBot(remote, key); err != nil {
		return failed(err)
	}
	return playBot(s, t, remote)
}

// playBot waits until t's game is over, the table closes or the program
// leaves, and tells the program which.
func playBot(s sshapp.Session, t *tables.Table, remote *botproto.Remote) int {
	select {
	case <-t.GameOver():
		_ = remote.End(botproto.End{Reason: "the game is over"})
		return 0
	case <-t.Done():
		_ = remote.End(botproto.End{Reason: "the table has closed"})
		return 0
	case <-remote.Done():
	case <-s.Context().Done():
	}
	_ = t.UnplaceBot(remote) // the program left: before the start its seat is free again; after it, the fallback plays until the key's program is back
	return 0
}

// findBotTable is the table a bot program asked for by id or invite code;
// byInvite: the code is its host's invitation, not a guess of the program.
func (a *App) findBotTable(s sshapp.Session, idOrCode string, byInvite bool) (*tables.Table, error) {
	if byInvite {
		t, err := a.lobby.FindCode(idOrCode)
		if errors.Is(err, lobby.ErrNoCode) {
			return nil, errors.New("the table that invited this bot has closed: ask its host for a new invitation")
		}
		return t, err
	}
	t, err := a.lobby.Table(idOrCode)
	if errors.Is(err, lobby.ErrNoTable) || errors.Is(err, lobby.ErrPrivate) {
		t, err = a.lobby.FindCodeFor(s.Identity().ID, hostOf(s.RemoteAddr()), idOrCode)
		if errors.Is(err, lobby.ErrNoCode) {
			err = lobby.ErrNoTable // neither an id nor a code
		}
	}
	return t, err
}
