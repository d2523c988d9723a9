package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine/cards"
)

// sampleCards show the chosen glyphs and colours on the settings screen.
var sampleCards = []cards.Card{
	cards.New(cards.Ace, cards.Spades), cards.New(cards.Ten, cards.Hearts), cards.New(cards.Seven, cards.Diamonds),
	cards.New(cards.Queen, cards.Clubs), cards.Singularity, cards.Clanker, cards.RedJoker,
}

// Languages the UI speaks, in the order the settings screen cycles them.
var languages = []struct{ code, name string }{
	{"en", "English"}, {"de", "Deutsch"}, {"nl", "Nederlands"},
}

// settingsForm edits a player's Settings; every change applies at once.
type settingsForm struct {
	cursor int
}

const settingsRows = 5

func (m *model) settingsKey(k tea.KeyMsg) tea.Cmd {
	f := &m.settings
	switch k.String() {
	case "esc", "q", "enter":
		m.screen = lobbyScreen
		return nil
	case "up", "k":
		f.cursor = (f.cursor + settingsRows - 1) % settingsRows
	case "down", "j", "tab":
		f.cursor = (f.cursor + 1) % settingsRows
	case "left", "h":
		m.changeSetting(-1)
	case "right", "l", " ":
		m.changeSetting(+1)
	}
	return nil
}

func (m *model) changeSetting(d int) {
	s := m.set
	switch m.settings.cursor {
	case 0:
		i := 0
		for j, l := range languages {
			if l.code == s.Lang {
				i = j
			}
		}
		s.Lang = languages[(i+len(languages)+d)%len(languages)].code
	case 1:
		s.Glyphs = Glyphs((int(s.Glyphs) + 3 + d) % 3)
	case 2:
		s.FourColour = !s.FourColour
	case 3:
		s.NoColour = !s.NoColour
	case 4:
		s.Bell = !s.Bell
	}
	m.set = s
	m.restyle()
	if m.app != nil {
		m.app.saveSettings(m.player.ID, s)
	}
}

func (m *model) settingsView() string {
	st, tx := m.st, m.tx
	var b strings.Builder
	kept := tx.get("remembered for your key")
	if m.player.Guest { // a guest's id is new on every connection
		kept = tx.get("for this session only")
	}
	b.WriteString(st.Title.Render(tx.get("Settings")) + st.Subtle.Render("  "+kept) + "\n\n")
	onOff := func(v bool) string {
		if v {
			return tx.get("on")
		}
		return tx.get("off")
	}
	lang := ""
	for _, l := range languages {
		if l.code == m.set.Lang {
			lang = l.name
		}
	}
	glyphs := []string{tx.get("Unicode (♠ ♥ ♦ ♣)"), tx.get("ASCII only"), tx.get("CJK-safe (letters, no wide glyphs)")}[m.set.Glyphs]
	rows := []struct{ label, value string }{
		{tx.get("Language"), lang},
		{tx.get("Cards"), glyphs},
		{tx.get("Four-colour suits"), onOff(m.set.FourColour)},
		{tx.get("Colour"), onOff(!m.set.NoColour)},
		{tx.get("Bell on your turn"), onOff(m.set.Bell)},
	}
	for i, r := range rows {
		cur := "  "
		label, value := r.label, r.value
		if i == m.settings.cursor {
			cur = st.Key.Render(cursorMark(st))
			label, value = st.Bold.Render(label), st.Bold.Render("◂ "+value+" ▸")
			if st.glyphs != Unicode {
				value = st.Bold.Render("< " + r.value + " >")
			}
		}
		b.WriteString(cur + padRight(label, 22) + value + "\n")
	}
	b.WriteString("\n" + tx.get("Preview:") + "\n")
	b.WriteString(st.cardRow(sampleCards, nil, -1) + "\n")
	b.WriteString(fmt.Sprintf("\n%s\n", st.Subtle.Render(tx.get("Singularity and CLANKER keep their names in every language."))))
	return b.String()
}

func (m *model) settingsKeys() []binding {
	return []binding{{"↑↓", m.tx.get("choose")}, {"←→", m.tx.get("change")}, {"esc", m.tx.get("back")}}
}
