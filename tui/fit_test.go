package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/lobby"
)

// fit cuts by terminal cells, not runes: a CJK character or an emoji takes
// two, and a cut text ends with "…" at or just before the column.
func TestFitCountsCells(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"alice", 10, "alice"},
		{"alice", 5, "alice"},
		{"alexandria", 5, "alex…"},
		{"日本語の名前です", 8, "日本語…"},         // 3×2 + 1: a fourth would need 9
		{"日本語の名前です", 7, "日本語…"},         // exactly 7
		{"日本語", 6, "日本語"},               // fits exactly
		{"🃏🃏🃏🃏🃏", 6, "🃏🃏…"},             // emoji are two cells
		{"👩‍👩‍👧 family", 5, "👩‍👩‍👧 f…"}, // one grapheme, two cells
		{"Grüße an alle", 6, "Grüße…"},
		{"e\u0301e\u0301e\u0301e\u0301", 3, "e\u0301e\u0301…"},
		{"anything", 1, ""},
		{"anything", 0, ""},
	} {
		got := fit(c.in, c.w)
		if got != c.want {
			t.Errorf("fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
		if w := ansi.StringWidth(got); w > c.w {
			t.Errorf("fit(%q, %d) is %d cells wide", c.in, c.w, w)
		}
	}
}

// fit keeps escape sequences whole and does not count them.
func TestFitKeepsStyles(t *testing.T) {
	s := "\x1b[1m日本語の名前\x1b[0m"
	got := fit(s, 5)
	if w := ansi.StringWidth(got); w > 5 {
		t.Fatalf("fit(%q, 5) = %q, %d cells", s, got, w)
	}
	if !strings.HasPrefix(got, "\x1b[1m日本") || !strings.Contains(got, "…") {
		t.Fatalf("fit(%q, 5) = %q", s, got)
	}
}

// cell makes columns line up whatever the script: exactly w cells.
func TestCellPadsToTheColumn(t *testing.T) {
	for _, s := range []string{"bob", "日本語の名前です", "🃏🃏🃏🃏🃏🃏🃏", "Zoë", "a-very-long-ascii-name"} {
		for _, w := range []int{5, 8, 10} {
			if got := ansi.StringWidth(cell(s, w)); got != w {
				t.Errorf("cell(%q, %d) is %d cells wide", s, w, got)
			}
		}
	}
}

// Wide names are cut and chat wraps at the terminal's edge (or the
// table's, 120 columns centred on a wider terminal): no line of the table
// screen is wider than the terminal, and a long chat line goes on below its
// first line, so the whole of it can be read.
func TestWideNamesAndChatFit(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := onTable(testModel(size[0], size[1], Settings{}), wideNames(screens()[0].snap(t)))
		view := m.View()
		checkFits(t, "wide names", view, size[0], size[1])
		more := 0 // lines a chat line goes on in
		for _, l := range strings.Split(view, "\n") {
			plain := strings.TrimLeft(ansi.Strip(l), " ")
			if strings.HasPrefix(plain, "漢字") || strings.HasPrefix(plain, "🂡") {
				more++
			}
		}
		if more == 0 {
			t.Errorf("%dx%d: no long chat line goes on below its first\n%s", size[0], size[1], view)
		}
	}
}

// wrapText keeps every line within the width and marks text it leaves out.
func TestWrapTextMarksWhatIsLeft(t *testing.T) {
	got := wrapText("one two three four five six", 9, 2)
	if len(got) != 2 || !strings.HasSuffix(got[1], "…") {
		t.Fatalf("wrapText = %q", got)
	}
	for _, l := range got {
		if w := ansi.StringWidth(l); w > 9 {
			t.Fatalf("line %q is %d cells wide", l, w)
		}
	}
	for _, l := range wrapText("日本語の名前です日本語の名前です", 5, 4) {
		if w := ansi.StringWidth(l); w > 5 {
			t.Fatalf("line %q is %d cells wide", l, w)
		}
	}
	if got := wrapText("short", 9, 2); len(got) != 1 || got[0] != "short" {
		t.Fatalf("wrapText(short) = %q", got)
	}
}

// The lobby's online line counts names in cells: CJK names fill the line
// to the width, and the rest are counted.
func TestOnlineLineCountsCells(t *testing.T) {
	m := testModel(80, 24, Settings{})
	for i := range 30 {
		m.lobbyU.Online = append(m.lobbyU.Online, lobby.Online{Name: "名前" + string(rune('あ'+i))})
	}
	line := m.onlineLine(70)
	if w := ansi.StringWidth(line); w > 70 || w < 55 {
		t.Errorf("online line %d cells wide, want 55–70: %q", w, line)
	}
	if !strings.Contains(line, "more") {
		t.Errorf("online line does not count the rest: %q", line)
	}
	checkFits(t, "lobby with CJK names", m.View(), 80, 24)
}

// A message too long for the status line goes on in the help bar's place,
// whole, and the help bar comes back with the next key.
func TestLongMessageTakesTheHelpBar(t *testing.T) {
	m := testModel(80, 24, Settings{})
	help := strings.Split(redrawn(m), "\n")[23]
	msg := strings.Repeat("long ", 25) + "the end"
	m.say(msg, true)
	ls := strings.Split(redrawn(m), "\n")
	if got := strings.Join(strings.Fields(ls[22]+" "+ls[23]), " "); got != strings.Join(strings.Fields(msg), " ") {
		t.Fatalf("the message reads %q over its two lines, want %q", got, msg)
	}
	for _, l := range ls {
		if visibleWidth(l) > 80 {
			t.Fatalf("a line is wider than 80: %q", l)
		}
	}
	m.Update(tea.KeyMsg{Type: tea.KeyDown})
	if got := strings.Split(redrawn(m), "\n")[23]; got != help {
		t.Errorf("after a key the last line is %q, want the help bar %q", got, help)
	}
}
