package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/cardroom/cardroom/botproto"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver"
)

// `ssh HOST bot TABLE`: a program of the user's own plays a seat as a bot,
// speaking the bot protocol (botproto, docs/BOT-PROTOCOL.md) over the
// session's stdin and stdout. Only keys the admin listed (--bot-keys) may;
// the bot takes a free seat of a waiting table, is a bot there like the
// table's own (shown and rated as one, decided under the table's budget
// with the rule-based bot as its fallback), and sees its seat's view only.

// botKeys is the set of key fingerprints that may seat a bot.
type botKeys struct {
	mu  sync.Mutex
	fps map[string]bool // guarded by mu
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

const botUsage = "usage: ssh -p PORT HOST bot TABLE (TABLE: a waiting table's id, or a private table's invite code)"

// botCommand seats the session's program at a table and plays until the
// table ends or the program leaves. Its refusals are protocol lines too
// (an error with id 0), so the program reads them like any other.
func (a *App) botCommand(s *sshserver.Session, args []string, out io.Writer) int {
	refuse := func(code int, format string, args ...any) int {
		b, _ := json.Marshal(botproto.ErrorMessage{Type: "error", Error: fmt.Sprintf(format, args...)})
		fmt.Fprintf(out, "%s\n", b)
		return code
	}
	id := s.Identity()
	if id.Guest || !a.bots.allowed(id.ID) {
		return refuse(1, "this key may not seat a bot; ask the host's admin to add it to the bot keys (key %s)", id.ID)
	}
	if len(args) != 1 {
		return refuse(2, "%s", botUsage)
	}
	t, err := a.lobby.Table(args[0])
	if errors.Is(err, lobby.ErrNoTable) || errors.Is(err, lobby.ErrPrivate) {
		if tc, cerr := a.lobby.FindCode(args[0]); cerr == nil {
			t, err = tc, nil
		}
	}
	if err != nil {
		return refuse(1, "%v", err)
	}
	rs := t.Ruleset()
	remote := botproto.NewRemote(s.Stdin(), out, botproto.Options{Name: id.Name, Fallback: games.Baseline(rs.Name, engine.Spectator)})
	seat, err := t.PlaceBot(remote, engine.Spectator)
	if err != nil {
		return refuse(1, "%v", err)
	}
	_ = remote.Hello(botproto.Hello{Game: rs.Name, Players: t.Seats(), Seat: seat, Table: t.ID(), Name: id.Name})
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
	_ = t.UnplaceBot(remote) // the program left: before the start its seat is free again; after it, the fallback plays
	return 0
}
