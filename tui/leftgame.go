package tui

import (
	"bytes"
	"encoding/json"
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// A person whose session ends while they hold a seat in a running game is
// told, when they next log in, how that game ended if it ended without
// them: the tables are kept under leftKey in their saved settings, so the
// news outlives the server and reaches them on any node.

// leftKey is the saved settings' key of the running games a person left.
const leftKey = "left_games"

// leftGameMsg is the end of a game its person left, found at login.
type leftGameMsg struct {
	ruleset  string
	place    int // 0: the game was not played to its end
	of       int // seats
	total    int
	finished bool
}

// noteLeftGames keeps, at the end of player id's session, the running
// games where they hold a seat, for leftGameNews at their next login:
// playing, the one the session sat at (it may have ended with the bots
// playing on the moment the person dropped), and those the lobby lists.
func (a *App) noteLeftGames(id, playing string) {
	if a.lobby == nil || !a.keeps(id) {
		return
	}
	var ids []string
	if playing != "" {
		ids = append(ids, playing)
	}
	u, err := a.lobby.List()
	if err != nil {
		u.Tables = nil
	}
	for _, t := range u.Tables {
		if t.ID == playing {
			continue
		}
		if t.Phase == tables.Playing && t.Holds(id) {
			ids = append(ids, t.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	if b, err := json.Marshal(ids); err == nil {
		a.saveParts(id, map[string]json.RawMessage{leftKey: b})
	}
}

// leftGameNews looks, at login, for a game the player left running (kept
// by noteLeftGames) that has ended since, and forgets the ones it looked
// at; nil when there is nothing to look for.
func (m *model) leftGameNews() tea.Cmd {
	a, id := m.app, m.player.ID
	if a.lobby == nil || a.archive == nil || !a.keeps(id) {
		return nil
	}
	return func() tea.Msg {
		b, err := a.saved.Settings(id)
		var obj map[string]json.RawMessage
		if err != nil || json.Unmarshal(b, &obj) != nil || len(obj[leftKey]) == 0 || string(obj[leftKey]) == "null" {
			return nil
		}
		var left []string
		_ = json.Unmarshal(obj[leftKey], &left)
		a.saveParts(id, map[string]json.RawMessage{leftKey: json.RawMessage("null")})
		u, err := a.lobby.List()
		if err != nil {
			return nil
		}
		for _, t := range u.Tables { // still running: the player goes back to it
			if t.Phase == tables.Playing && t.Holds(id) {
				left = slices.DeleteFunc(left, func(s string) bool { return s == t.ID })
			}
		}
		if len(left) == 0 {
			return nil
		}
		gs, err := a.archive.Games(id, historyLimit)
		if err != nil {
			return nil
		}
		for _, g := range gs { // newest first
			if !slices.Contains(left, g.Table) {
				continue
			}
			msg := leftGameMsg{ruleset: g.Ruleset, of: len(g.Seats)}
			for _, s := range g.Seats {
				if s.PlayerID == id {
					msg.place, msg.total = s.Place, s.Total
				}
			}
			if full, err := a.archive.Game(g.ID); err == nil {
				if rep, err := engine.Replay(a.reg, bytes.NewReader(full.Record)); err == nil {
					msg.finished = rep.Game.Done()
				}
			}
			return msg
		}
		return nil
	}
}

// leftGameNote is what the status line says of a game the player left
// that ended without them: their place and points, as the history has them.
func (m *model) leftGameNote(msg leftGameMsg) string {
	tx := m.tx
	title := msg.ruleset
	if r, err := m.app.reg.Lookup(msg.ruleset); err == nil {
		title = gameTitle(tx, r.Title)
	}
	if !msg.finished || msg.place <= 0 {
		return tx.f("Your %s game ended without you before it was played out: unrated.", title)
	}
	return tx.f("Your %s game ended without you: place %d of %d, %d points.", title, msg.place, msg.of, msg.total)
}

// setShown keeps, from snapshot snap of the table screen, the running game
// the person sits at (none when snap is no running game of theirs) and the
// table they watch (none when they sit, or its game is over); once the
// session has ended they stay as it left them.
func (s *subscriptions) setShown(snap tables.Snapshot) {
	playing, watching := "", ""
	if snap.Phase == tables.Playing && snap.You >= 0 {
		playing = snap.TableID
	}
	if snap.Phase != tables.Over && snap.You < 0 {
		watching = snap.TableID
	}
	s.mu.Lock()
	if !s.done {
		s.playing, s.watching = playing, watching
	}
	s.mu.Unlock()
}

// shownAt is the running game and the watched table setShown kept.
func (s *subscriptions) shownAt() (playing, watching string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.playing, s.watching
}
