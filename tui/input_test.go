package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/tables"
)

func typeKeys(in *lineInput, keys ...tea.KeyMsg) {
	for _, k := range keys {
		in.update(k)
	}
}

var space = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// The text inputs move the cursor, delete words and lines, and take pasted
// text, as a shell's line editor does.
func TestLineInputEdits(t *testing.T) {
	in := newLineInput("", 200, nil)
	typeKeys(in, runes("good"), space, runes("luck"))
	if got := in.value(); got != "good luck" {
		t.Fatalf("typed %q, want %q", got, "good luck")
	}
	typeKeys(in, tea.KeyMsg{Type: tea.KeyLeft}, tea.KeyMsg{Type: tea.KeyLeft}, tea.KeyMsg{Type: tea.KeyLeft}, tea.KeyMsg{Type: tea.KeyLeft}, runes("and "))
	if got := in.value(); got != "good and luck" {
		t.Fatalf("after ← and typing: %q", got)
	}
	typeKeys(in, tea.KeyMsg{Type: tea.KeyCtrlW})
	if got := in.value(); got != "good luck" {
		t.Fatalf("after ctrl+w: %q", got)
	}
	typeKeys(in, tea.KeyMsg{Type: tea.KeyEnd}, tea.KeyMsg{Type: tea.KeyBackspace})
	if got := in.value(); got != "good luc" {
		t.Fatalf("after end, backspace: %q", got)
	}
	typeKeys(in, tea.KeyMsg{Type: tea.KeyCtrlU})
	if got := in.value(); got != "" {
		t.Fatalf("after ctrl+u: %q", got)
	}
	// A terminal's paste: one message, tabs and line breaks made spaces,
	// other control characters dropped (the model takes escape sequences
	// out whole before: TestPastedEscapesAreLeftOutWhole).
	typeKeys(in, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a\tb\nc\x1b[31md"), Paste: true})
	if got := in.value(); got != "a b c[31md" {
		t.Fatalf("pasted: %q", got)
	}
	// ctrl+v does nothing: it would read the server's clipboard.
	typeKeys(in, tea.KeyMsg{Type: tea.KeyCtrlV})
	if got := in.value(); got != "a b c[31md" {
		t.Fatalf("after ctrl+v: %q", got)
	}
}

// An input takes at most its limit of runes, typed or pasted.
func TestLineInputLimit(t *testing.T) {
	in := newLineInput("", 5, nil)
	typeKeys(in, runes("日本語"), runes("の名前"), runes("x"))
	if got := in.value(); got != "日本語の名" {
		t.Fatalf("typed past the limit: %q", got)
	}
}

// The invite code input takes only what a code can hold.
func TestCodeInputFilters(t *testing.T) {
	m := testModel(80, 24, Settings{})
	m.Update(goldenKey("c"))
	for _, k := range []string{"ab", "1;", " ", "-Z", "日"} {
		m.Update(goldenKey(k))
	}
	if got := m.codeIn.value(); got != "ab1-Z" {
		t.Fatalf("code typed: %q, want ab1-Z", got)
	}
}

// A form field takes every character, ";" too: the rule set says at enter
// what it cannot read.
func TestFormFieldTakesEveryCharacter(t *testing.T) {
	f := newCreateForm(games.Registry().All(), "singularity")
	row := -1
	for i, spec := range f.ruleset().Options {
		if spec.Name == "special_rounds" {
			row = i + 2
		}
	}
	if row < 0 {
		t.Fatal("singularity has no special_rounds option")
	}
	f.cursor = row
	f.update(runes("e"))
	if !f.editing {
		t.Fatal("e on a round-map field does not edit it")
	}
	f.update(tea.KeyMsg{Type: tea.KeyCtrlU})
	f.update(runes("5:blind;7:no_trump"))
	if got := f.input.value(); got != "5:blind;7:no_trump" {
		t.Fatalf("field holds %q", got)
	}
	f.update(tea.KeyMsg{Type: tea.KeyEnter})
	if f.editing && f.err == "" {
		t.Fatal("enter neither took the value nor said what is wrong with it")
	}
}

// The input line shows the cursor where it is and, for a text longer than
// the room, the part around the cursor, within the width.
func TestLineInputView(t *testing.T) {
	in := newLineInput("", tables.MaxChatRunes, nil)
	typeKeys(in, runes("hello"))
	if got := in.view(20); got != "hello▏" {
		t.Fatalf("view = %q", got)
	}
	typeKeys(in, tea.KeyMsg{Type: tea.KeyHome})
	if got := in.view(20); got != "▏hello" {
		t.Fatalf("view at home = %q", got)
	}
	typeKeys(in, tea.KeyMsg{Type: tea.KeyCtrlK}, runes(strings.Repeat("漢字", 40)))
	for _, w := range []int{10, 11, 40} {
		for _, k := range []tea.KeyMsg{{Type: tea.KeyEnd}, {Type: tea.KeyHome}, {Type: tea.KeyRight}, {Type: tea.KeyCtrlF}} {
			in.update(k)
			v := in.view(w)
			if vw := ansi.StringWidth(v); vw > w {
				t.Errorf("view(%d) is %d cells: %q", w, vw, v)
			}
			if !strings.Contains(v, "▏") {
				t.Errorf("view(%d) hides the cursor: %q", w, v)
			}
		}
	}
}

// Chat typed at the table goes through the input: ctrl+w works there.
func TestChatLineEdits(t *testing.T) {
	m := onTable(testModel(80, 24, Settings{}), screens()[0].snap(t))
	m.Update(goldenKey("/"))
	m.Update(goldenKey("hi"))
	m.Update(space)
	m.Update(goldenKey("there"))
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	if got := m.table.chatIn.value(); got != "/hi " {
		t.Fatalf("chat line %q after ctrl+w", got)
	}
	if v := m.View(); !strings.Contains(v, "/hi ▏") {
		t.Fatalf("the chat line is not on screen:\n%s", v)
	}
}

// A paste longer than the chat line takes is cut, and the sender is told.
func TestLongPasteIsCutAndSaid(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(strings.Repeat("x", 3000)), Paste: true})
	if n := len(m.table.chatIn.value()); n != tables.MaxChatRunes {
		t.Fatalf("the chat line holds %d characters, want %d", n, tables.MaxChatRunes)
	}
	if !strings.Contains(m.status, "at most 200 characters") {
		t.Errorf("nothing tells the sender: status %q", m.status)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyBackspace})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")})
	if m.status != "" {
		t.Errorf("a key that fits still says %q", m.status)
	}
}

// An escape sequence typed or pasted into a text field (what alt+] sends,
// an OSC title) leaves the field open: its esc does not close the chat or
// the form's field, and the rest of the text goes on being typed there.
// Only a lone esc closes the field.
func TestEscapeSequenceKeepsTheTextFieldOpen(t *testing.T) {
	seq := []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune("hi")},
		{Type: tea.KeyRunes, Runes: []rune("]"), Alt: true}, // esc ] as one read
		{Type: tea.KeyRunes, Runes: []rune("0;t")},
		{Type: tea.KeyCtrlG}, // the BEL that ends an OSC
		{Type: tea.KeyRunes, Runes: []rune("["), Alt: true},
		{Type: tea.KeyRunes, Runes: []rune("RED")},
	}
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		m.Update(keyMsg("/"))
		for _, k := range seq {
			m.Update(k)
		}
		if in := m.table.chatIn; in == nil || !strings.HasPrefix(in.value(), "/hi") || !strings.HasSuffix(in.value(), "RED") {
			t.Fatalf("%s: after an escape sequence the chat is closed or lost its text", lang)
		}
		m.Update(keyMsg("esc"))
		if m.table.chatIn != nil || m.screen != tableScreen {
			t.Fatalf("%s: a lone esc does not close the chat", lang)
		}

		m = testModel(80, 24, Settings{Lang: lang})
		m.form, m.screen = m.newForm("singularity"), createScreen
		f := m.form
		for f.cursor = 0; !f.onText(); f.cursor++ {
		}
		f.update(keyMsg("e"))
		for _, k := range seq {
			m.Update(k)
		}
		if !f.editing || !strings.HasSuffix(f.input.value(), "hi0;tRED") {
			t.Fatalf("%s: the form's field after an escape sequence: editing %v", lang, f.editing)
		}
		m.Update(keyMsg("esc"))
		if f.editing {
			t.Fatalf("%s: a lone esc does not end editing the field", lang)
		}
	}
}

// A paste with escape sequences in it (colours, a title OSC, a bell) goes
// into the chat line without them, whole: none of their parameters is
// typed. In the Dou Dizhu play line their digits type no ranks either.
func TestPastedEscapesAreLeftOutWhole(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("hi \x1b[31mRED\x1b[0m there \a bell \x1b]0;title\a end \u009b1mx"), Paste: true})
	if got := m.table.chatIn.value(); got != "/hi RED there  bell  end x" {
		t.Errorf("the chat line after the paste: %q", got)
	}
}

// An input line never draws what a sent line loses (tables.Clean): a bidi
// override, another format character, a control character or an escape
// sequence is neither taken when typed nor drawn when the text holds it,
// and the cursor stays where it was; tabs and line breaks show as spaces.
func TestLineInputDrawsOnlyWhatIsSent(t *testing.T) {
	bad := []string{"\u202e", "\u202d", "\u2066", "\u200b", "\u00ad", "\x1b[31m", "\x1b]0;t\a", "\a", "\x7f", "\u009b1m", "\x00"}
	in := newLineInput("", 200, nil)
	for _, b := range bad {
		typeKeys(in, runes("x"+b+"y"))
	}
	if got := in.value(); strings.ContainsAny(got, "\u202e\u202d\u2066\u200b\u00ad\x1b\a\x7f\u009b\x00") {
		t.Errorf("typed, the input holds %q", got)
	}
	for _, b := range bad {
		in.ti.SetValue("ab" + b + "cd\tef")
		in.ti.SetCursor(2)
		for _, w := range []int{8, 80} {
			v := in.view(w)
			if strings.ContainsAny(v, "\u202e\u202d\u2066\u200b\u00ad\x1b\a\x7f\u009b\x00") || !strings.HasPrefix(v, "ab▏") {
				t.Errorf("%q in the text: view(%d) = %q", b, w, v)
			}
		}
	}
	in.ti.SetValue("a\tb\nc")
	in.ti.CursorEnd()
	if v := in.view(80); v != "a b c▏" {
		t.Errorf("tab and line break: view = %q", v)
	}
}

// The chat line, the : command line (at a table, in the lobby, on the
// admin screen) and a form's text field show no bidi override typed into
// them, at 80 columns and at 200.
func TestTextInputsShowNoBidiOverride(t *testing.T) {
	const rlo = "\u202e"
	typed := "abc" + rlo + "def"
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		w, h := size[0], size[1]
		for _, open := range []string{"/", ":"} {
			m := midTrick(t, testModel(w, h, Settings{}))
			m.Update(runes(open))
			m.Update(runes(typed))
			if v := m.View(); strings.Contains(v, rlo) || !strings.Contains(ansi.Strip(v), "abcdef▏") {
				t.Errorf("%s at the table, %dx%d: the line shows %q:\n%s", open, w, h, typed, ansi.Strip(v))
			}
		}
		m := testModel(w, h, Settings{})
		m.lobbyOpening = false
		m.Update(runes(":"))
		m.Update(runes(typed))
		if v := m.View(); strings.Contains(v, rlo) || !strings.Contains(ansi.Strip(v), "abcdef▏") {
			t.Errorf(": in the lobby, %dx%d: the line shows %q:\n%s", w, h, typed, ansi.Strip(v))
		}
		m = testModel(w, h, Settings{})
		m.form, m.screen = m.newForm("singularity"), createScreen
		for i, spec := range m.form.ruleset().Options {
			if spec.Name == "special_rounds" {
				m.form.cursor = i + 2
			}
		}
		m.Update(runes("e"))
		m.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
		m.Update(runes(typed))
		if v := m.View(); !m.form.editing || strings.Contains(v, rlo) || !strings.Contains(ansi.Strip(v), "abcdef▏") {
			t.Errorf("the form's text field, %dx%d: shows %q:\n%s", w, h, typed, ansi.Strip(v))
		}
	}
}
