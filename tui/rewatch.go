package tui

import (
	"encoding/json"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// A person whose session ends while they watch a table, without their
// leaving it (the connection dropped, the terminal closed, the server
// closed the session; esc, :leave and ctrl+c are leaving), watches it
// again when they log in within rewatchWithin. The table and the moment
// are kept under watchKey in their saved settings, so it works after a
// restart and on any node of a cluster.

// watchKey is the saved settings' key of the table a session watched when
// it ended.
const watchKey = "watching"

// rewatchWithin is how soon after a watcher's session ended a login takes
// them back to the table.
const rewatchWithin = 5 * time.Minute

// watchMark is what watchKey holds: the table, and when the session ended.
type watchMark struct {
	Table string    `json:"table"`
	At    time.Time `json:"at"`
}

// rewatchMsg is a watched table the login could not go back to: closed
// when it is gone or its game over (it closes then), else the player may
// not see it, and nothing is said.
type rewatchMsg struct{ closed bool }

// noteWatching keeps, at the end of key id's session, the table it watched
// ("": none) for takeWatched.
func (a *App) noteWatching(id, table string) {
	if table == "" || !a.keeps(id) {
		return
	}
	if b, err := json.Marshal(watchMark{Table: table, At: a.now()}); err == nil {
		a.saveParts(id, map[string]json.RawMessage{watchKey: b})
	}
}

// takeWatched reads and forgets the table key id's last session watched
// when it ended: "" when none, or when that was longer ago than
// rewatchWithin.
func (a *App) takeWatched(id string) string {
	if !a.keeps(id) {
		return ""
	}
	b, err := a.saved.Settings(id)
	var obj map[string]json.RawMessage
	if err != nil || json.Unmarshal(b, &obj) != nil || len(obj[watchKey]) == 0 || string(obj[watchKey]) == "null" {
		return ""
	}
	a.saveParts(id, map[string]json.RawMessage{watchKey: json.RawMessage("null")})
	var w watchMark
	if json.Unmarshal(obj[watchKey], &w) != nil {
		return ""
	}
	if d := a.now().Sub(w.At); d > rewatchWithin || d < -rewatchWithin {
		return ""
	}
	return w.Table
}

// backToWatch sends a new session back to the table its player watched
// when their last session ended, or watches in the session it replaces
// (replaced, nil for none: a dropped connection the server has not noticed
// yet), unless it goes elsewhere: to a seat (backToSeat) or where the
// command line says.
func (m *model) backToWatch(replaced *subscriptions) {
	if m.app.lobby == nil {
		return
	}
	id := m.app.takeWatched(m.player.ID)
	if replaced != nil {
		if _, watching := replaced.shownAt(); watching != "" {
			id = watching
		}
	}
	if id == "" || m.entering || len(m.sess.Args()) > 0 {
		return
	}
	m.entering = true // no lobby subscription, and the screen says so
	m.first = m.rewatch(id)
}

// rewatch watches table id again if it is still there, its game not over,
// and the player may see it (as when they watch it by its id).
func (m *model) rewatch(id string) tea.Cmd {
	p, l := m.player, m.app.lobby
	return func() tea.Msg {
		u, err := l.List()
		if err != nil {
			return rewatchMsg{}
		}
		i := slices.IndexFunc(u.Tables, func(t lobby.TableInfo) bool { return t.ID == id })
		switch {
		case i < 0 || u.Tables[i].Phase == tables.Over && u.Tables[i].Admits(p.ID):
			return rewatchMsg{closed: true}
		case !u.Tables[i].Admits(p.ID):
			return rewatchMsg{}
		}
		msg := m.watch(id)()
		if s, ok := msg.(satMsg); ok && s.sub != nil && m.sess.Context().Err() != nil { // gone while the table answered
			s.sub.Close()
			return nil
		}
		return msg
	}
}

// rewatched lands in the lobby after rewatch could not go back, saying why
// when it can.
func (m *model) rewatched(msg rewatchMsg) {
	m.entering = false
	if msg.closed {
		m.say(m.tx.get("The table you were watching has closed."), false)
	}
}
