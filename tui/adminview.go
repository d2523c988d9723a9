package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// The admin screen: who is online, the tables, the bans; ":" runs kick,
// ban, unban and announce. Only admins reach it (a in the lobby).

func (m *model) adminKeys() []binding {
	if m.cmdIn != nil {
		return []binding{{"enter", m.tx.get("run")}, {"esc", m.tx.get("cancel")}}
	}
	return []binding{{":", m.tx.get("command")}, {"r", m.tx.get("refresh")}, {"esc", m.tx.get("back")}}
}

func (m *model) adminKey(k tea.KeyMsg) tea.Cmd {
	if m.cmdIn != nil {
		return m.typeCommand(k)
	}
	switch k.String() {
	case ":":
		m.cmdIn = newLineInput("", 300, nil)
	case "r":
		return m.openAdmin()
	case "esc", "q":
		m.screen, m.adminD = lobbyScreen, nil
	}
	return nil
}

func (m *model) adminView() string {
	st, tx, d := m.st, m.tx, m.adminD
	w := m.width
	var b strings.Builder
	title := tx.get("Admin")
	hint := fit(tx.get(":kick NAME · :ban NAME|KEY|IP [2h|7d] · :unban NAME|KEY|IP · :announce TEXT"), w-visibleWidth(title)-2)
	b.WriteString(st.Title.Render(title) + st.Subtle.Render("  "+hint) + "\n\n")
	// The three lists share the rows there are: each gets a third at least.
	room := max(3, (m.height-12)/3)
	section := func(title string, n int, lines []string) {
		b.WriteString(st.Bold.Render(title) + "\n")
		if n == 0 {
			b.WriteString(st.Subtle.Render("  "+tx.get("none")) + "\n")
		}
		for i, l := range lines {
			if i == room-1 && len(lines) > room {
				b.WriteString(st.Subtle.Render("  "+tx.f("… and %d more", len(lines)-i)) + "\n")
				break
			}
			b.WriteString("  " + fit(l, w-2) + "\n")
		}
		b.WriteString("\n")
	}
	var lines []string
	for _, s := range d.sessions {
		kind := s.id
		if s.guest {
			kind = tx.get("guest")
		}
		lines = append(lines, fmt.Sprintf("%s %s %s %s", cell(s.name, 16), cell(s.ip, 15), s.since.UTC().Format("15:04"), kind))
	}
	section(tx.f("Sessions (%d)", len(d.sessions)), len(d.sessions), lines)
	lines = lines[:0]
	for _, t := range d.tables {
		lines = append(lines, fmt.Sprintf("%s %s %s", cell(t.ID, 8), cell(gameTitle(tx, t.Title), 15), tx.f("people %d · bots %d · watching %d · %s", t.Humans, t.Bots, t.Spectators, tx.get(t.Phase.String()))))
	}
	section(tx.f("Tables (%d)", len(d.tables)), len(d.tables), lines)
	lines = lines[:0]
	for _, bn := range d.bans {
		until := tx.get("for good")
		if !bn.Expires.IsZero() {
			until = tx.f("until %s", bn.Expires.UTC().Format("2006-01-02 15:04"))
		}
		lines = append(lines, fmt.Sprintf("%s %s · %s · %s", cell(bn.Name, 16), until, tx.f("by %s", bn.By), bn.Value))
	}
	section(tx.f("Bans (%d)", len(d.bans)), len(d.bans), lines)
	if d.err != nil {
		b.WriteString(st.Err.Render(fit(tx.err(d.err), w)) + "\n")
	}
	b.WriteString(m.commandLine(m.width))
	return b.String()
}
