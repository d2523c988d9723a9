package tui

import (
	"errors"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// The ":" line of the lobby (everyone's) and of the admin screen: admins
// run their commands there; anyone else is told where commands work.

// typeCommand edits the ":" line; enter runs it.
func (m *model) typeCommand(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEnter:
		line := m.cmdIn.value()
		m.cmdIn = nil
		if strings.TrimSpace(line) == "" {
			return nil
		}
		if cmd, ok := m.adminCommand(line); ok {
			return cmd
		}
		return m.fail(errors.New(m.noLobbyCommand(strings.Fields(line)[0])))
	case tea.KeyEsc:
		m.cmdIn = nil
	default:
		m.cmdIn.update(k)
	}
	return nil
}

// noLobbyCommand answers a ":" word that is no command here: a table's
// command works at a table, an admin's is for admins.
func (m *model) noLobbyCommand(word string) string {
	tx, w := m.tx, clipText(word, 12)
	switch {
	case slices.Contains(commandWords, word):
		return tx.f(":%s works at a table: sit down first (enter or 1-4).", w)
	case m.isAdmin():
		return tx.f("unknown command %q: try :kick, :ban, :unban, :announce", w)
	case slices.Contains(adminWords, word):
		return tx.f(":%s is for admins only.", w)
	}
	return tx.f("%q is no lobby command: :away, :bot … work at a table; q quits.", w)
}

// commandLine is the ":" line being typed, in w columns, or "".
func (m *model) commandLine(w int) string {
	if m.cmdIn == nil {
		return ""
	}
	return "\n" + m.st.Key.Render(":") + m.cmdIn.view(w-4) + "\n"
}
