package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/tables"
)

// While the chat is closed (the forehead round), / is refused at once with
// the reason, in every language, and no chat line opens; : commands still
// open their line.
func TestSlashRefusedWhileChatIsClosed(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := foreheadRound(t, testModel(80, 24, Settings{Lang: lang}))
		s := m.table.snap
		s.ChatClosed = true
		m.table.snapshot(s)
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
		if m.table.chatIn != nil {
			t.Fatalf("%s: / opened the chat line while the chat is closed", lang)
		}
		if cmd == nil {
			t.Fatalf("%s: / is not refused", lang)
		}
		m.Update(cmd())
		if want := m.tx.err(tables.ErrChatClosed); !m.isErr || m.status != want {
			t.Errorf("%s: status %q (error %v), want %q", lang, m.status, m.isErr, want)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":")})
		if m.table.cmdIn == nil {
			t.Errorf("%s: : opens no command line while the chat is closed", lang)
		}
	}
}

// A system notice too long for its line goes on under its text, not under
// its "*", and breaks between words, in every language.
func TestWrappedSystemNoticeIsIndented(t *testing.T) {
	const notice = "the server restarted: the game goes on when its people are back, a bot playing for any who are not"
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		s := m.table.snap
		s.Chat = []tables.ChatLine{{Text: notice, System: true}}
		s.Version++
		m.table.snapshot(s)
		lines := m.table.chatLines()
		if len(lines) < 2 {
			t.Fatalf("%s: the notice takes %d line, want it wrapped: %q", lang, len(lines), lines)
		}
		var words []string
		for i, l := range lines {
			l = ansi.Strip(l)
			lead := "  "
			if i == 0 {
				lead = "* "
			}
			if !strings.HasPrefix(l, lead) || strings.HasPrefix(l, lead+" ") || visibleWidth(l) > 80 {
				t.Errorf("%s: line %d is %q, want it after %q within 80 columns", lang, i, l, lead)
			}
			words = append(words, strings.Fields(l[len(lead):])...)
		}
		if got, want := strings.Join(words, " "), m.table.systemLine(notice); got != want {
			t.Errorf("%s: the wrapped words read %q, want %q", lang, got, want)
		}
	}
}

// The line that refused a chat line while the chat was closed goes once
// the chat opens again: when the trick is complete, or the game is over
// (the help bar offers / chat again), in every language, for a spectator
// as for a player.
func TestChatClosedLineGoesWhenTheChatOpens(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, over := range []bool{false, true} {
			for _, you := range []int{0, -1} {
				m := foreheadRound(t, testModel(80, 24, Settings{Lang: lang}))
				s := m.table.snap
				s.ChatClosed, s.You = true, you
				m.table.snapshot(s)
				_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
				m.Update(cmd())
				closed := m.tx.err(tables.ErrChatClosed)
				if m.status != closed {
					t.Fatalf("%s: status %q, want %q", lang, m.status, closed)
				}
				s.ChatClosed = false
				s.Version++
				if over {
					s.Phase = tables.Over
				}
				m.table.snapshot(s)
				if out := ansi.Strip(m.View()); strings.Contains(out, closed) || m.status != "" {
					t.Errorf("%s, over %v, seat %d: the chat is open, but the screen still says %q:\n%s", lang, over, you, closed, out)
				}
			}
		}
	}
}

// When the chat has fewer rows than its lines (the key bar taking one at
// 80×24), whole messages are left out from the top: a message wrapped over
// two lines never shows without its first, which names the speaker, and
// the last message always shows.
func TestShortChatLeavesOutWholeMessages(t *testing.T) {
	long := func(k string) tables.ChatLine {
		return tables.ChatLine{From: "bob", Seat: 2, Text: "m" + k + " " + strings.Repeat("word ", 20) + "end" + k}
	}
	short := tables.ChatLine{From: "bob", Seat: 2, Text: "short one"}
	for _, sc := range screens() {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			for _, chat := range [][]tables.ChatLine{
				{long("1")}, {short, long("1")}, {long("1"), long("2")}, {long("1"), short, long("2")},
				{long("1"), long("2"), long("3")}, {short, long("1"), long("2"), long("3")},
				{long("1"), long("2"), long("3"), long("4"), long("5"), long("6"), long("7"), long("8")},
			} {
				s := sc.snap(t)
				s.Chat = chat
				m := onTable(testModel(size[0], size[1], Settings{}), s)
				scr := redrawn(m)
				checkFits(t, sc.name, m.View(), size[0], size[1])
				last := chat[len(chat)-1].Text
				if !strings.Contains(scr, last[len(last)-4:]) {
					t.Errorf("%s at %v: the last message does not show:\n%s", sc.name, size, scr)
				}
				for k := range 9 {
					n := string(rune('1' + k))
					if strings.Contains(scr, "end"+n) && !strings.Contains(scr, "bob: m"+n+" ") {
						t.Errorf("%s at %v: message %s shows without its first line:\n%s", sc.name, size, n, scr)
					}
				}
			}
		}
	}
}

// A last message longer than the chat's rows shows its first lines, with
// who wrote it; a line being typed shows its end, where the cursor is.
func TestLastMessageLongerThanTheRows(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	s := m.table.snap
	s.Chat = []tables.ChatLine{{From: "bob", Text: "m1 " + strings.Repeat("word ", 20) + "end1"}}
	s.Version++
	m.table.snapshot(s)
	if got := m.table.lastMessages(m.table.chatLines(), 1); len(got) != 1 || !strings.Contains(ansi.Strip(got[0]), "bob: m1") {
		t.Errorf("one row for a message of two: %q", got)
	}
	m.table.chatIn = newLineInput("/", tables.MaxChatRunes, nil)
	if got := m.table.lastMessages(m.table.chatLines(), 1); len(got) != 1 || !strings.Contains(ansi.Strip(got[0]), "say:") {
		t.Errorf("one row with a line being typed: %q", got)
	}
}
