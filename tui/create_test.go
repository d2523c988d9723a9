package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// The create form offers the trick pause as a table option: the server's
// default chosen, shortest first, none the first; the choice goes into the
// request and is remembered for the next form.
func TestCreateFormTrickPause(t *testing.T) {
	m := testModel(80, 24, Settings{})
	f := m.newForm("singularity")
	if !slices.IsSorted(f.holds) || f.holds[f.holdDef] != tables.DefaultTrickPause || f.hold != f.holdDef {
		t.Fatalf("trick pauses %v, default %d, chosen %d", f.holds, f.holdDef, f.hold)
	}
	if !strings.Contains(ansi.Strip(f.view(m.st, m.tx, 80, 22)), "Trick pause        1.5 s (default)") {
		t.Fatalf("no trick pause in the form:\n%s", ansi.Strip(f.view(m.st, m.tx, 80, 22)))
	}
	f.cursor = f.rows() - 4 // the trick pause
	for range f.holdDef {
		f.update(keyMsg("left"))
	}
	if got := f.request().TrickPause; got != lobby.Off {
		t.Fatalf("none asks for a trick pause of %v, want lobby.Off", got)
	}
	if !strings.Contains(ansi.Strip(f.view(m.st, m.tx, 80, 22)), "Trick pause        ◂ none ▸") {
		t.Fatalf("the form does not say none:\n%s", ansi.Strip(f.view(m.st, m.tx, 80, 22)))
	}
	m.app.rememberForm(m.player.ID, f)
	if g := m.newForm(""); g.holds[g.hold] != lobby.Off {
		t.Errorf("the next form's trick pause %v, want none", g.holds[g.hold])
	}
}

// The create form's turn timer starts at the server's --turn-timer, not at
// a fixed 60 s, and offers each value once.
func TestCreateFormTurnTimerDefault(t *testing.T) {
	f := newCreateForm(testModel(80, 24, Settings{}).app.reg.All(), "singularity")
	for _, def := range []time.Duration{20 * time.Second, 90 * time.Second, 0} {
		f.setTimers(def)
		if got := f.request().Timer; got != def {
			t.Errorf("server default %v: the form asks for %v", def, got)
		}
		seen := map[time.Duration]bool{}
		for _, d := range f.timers {
			if seen[d] {
				t.Errorf("server default %v: %v offered twice in %v", def, d, f.timers)
			}
			seen[d] = true
		}
	}
	f.setTimers(20 * time.Second)
	m := testModel(80, 24, Settings{})
	if v := ansi.Strip(f.view(m.st, m.tx, 80, 22)); !strings.Contains(v, "Turn timer         20 s (default)") {
		t.Errorf("the form does not show the server's timer:\n%s", v)
	}
}

// The turn timer's line says what happens when it runs out only when there
// is one: with the timer off nothing runs out.
func TestCreateFormTimerOffSaysNothingOfRunningOut(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		doc := m.tx.get("when it runs out, a bot moves for you")
		f := m.newForm("singularity")
		for _, def := range []time.Duration{0, 30 * time.Second} {
			f.setTimers(def)
			v := ansi.Strip(f.view(m.st, m.tx, 80, 22))
			if got := strings.Contains(v, doc); got != (def > 0) {
				t.Errorf("%s, timer %v: the form says %q: %v, want %v:\n%s", lang, def, doc, got, def > 0, v)
			}
		}
	}
}

// The turn timers cycle in order, shortest to longest then off, from the
// server's default, also when the default is not one of the form's own.
func TestCreateFormTimersInOrder(t *testing.T) {
	f := newCreateForm(testModel(80, 24, Settings{}).app.reg.All(), "singularity")
	s := time.Second
	for def, want := range map[time.Duration][]time.Duration{
		45 * s: {45 * s, 60 * s, 90 * s, 120 * s, 0, 15 * s, 30 * s},
		60 * s: {60 * s, 90 * s, 120 * s, 0, 15 * s, 30 * s},
		0:      {0, 15 * s, 30 * s, 60 * s, 90 * s, 120 * s},
	} {
		f.setTimers(def)
		if !slices.Equal(f.timers, want) {
			t.Errorf("server default %v: timers %v, want %v", def, f.timers, want)
		}
	}
}

// The German form writes its paces with a decimal comma.
func TestCreateFormDecimalComma(t *testing.T) {
	m := testModel(80, 24, Settings{Lang: "de"})
	f := m.newForm("singularity")
	if v := ansi.Strip(f.view(m.st, m.tx, 80, 22)); !strings.Contains(v, "Stichpause         1,5 s") || !strings.Contains(v, "1,0 s pro Zug") {
		t.Errorf("no decimal comma in the German form:\n%s", v)
	}
}

// On the special rounds field, a text field, enter creates the table as
// the help bar says, and e (shown in the bar) edits the field.
func TestCreateFormEnterCreatesFromTheTextField(t *testing.T) {
	m := testModel(80, 24, Settings{})
	m.form = m.newForm("singularity")
	f := m.form
	for f.cursor = 0; !f.onText(); f.cursor++ {
		if f.cursor >= f.rows() {
			t.Fatal("the form has no special rounds field")
		}
	}
	keys := ansi.Strip(m.st.helpBar(80, m.formKeys()))
	if !strings.Contains(keys, "e edit") || !strings.Contains(keys, "enter create") {
		t.Errorf("help bar on the text field: %q", keys)
	}
	if r := f.update(keyMsg("enter")); r != formSubmit || f.editing {
		t.Fatalf("enter on the text field: %v, editing %v; want the table created", r, f.editing)
	}
	if f.update(keyMsg("e")); !f.editing {
		t.Fatal("e on the text field does not edit it")
	}
}

// An option's error names every value it takes, in the player's words, on
// a second line when it needs one, instead of being cut at 80 columns.
func TestCreateFormErrorIsNotCut(t *testing.T) {
	for lang, last := range map[string]string{"en": "forehead", "de": "Stirn."} {
		m := testModel(80, 24, Settings{Lang: lang})
		f := m.newForm("singularity")
		for f.cursor = 0; !f.onText(); f.cursor++ {
		}
		f.update(keyMsg("e"))
		for _, r := range "5:foo" {
			f.update(keyMsg(string(r)))
		}
		f.update(keyMsg("enter"))
		if f.err == "" {
			t.Fatalf("%s: 5:foo as special rounds gives no error", lang)
		}
		view := ansi.Strip(f.view(m.st, m.tx, 80, 22))
		if !strings.Contains(strings.Join(strings.Fields(view), " "), last) {
			t.Errorf("%s: the error does not name every value:\n%s", lang, view)
		}
	}
}

// The form offers only the numbers the seats allow: Boerenbridge's most
// cards goes up to 13 with 4 seats, 17 with 3 (← from as many as possible
// wraps to the most), and comes down to what the seats allow when they
// change; → from the most wraps to as many as possible.
func TestCreateFormOffersOnlyWhatTheSeatsAllow(t *testing.T) {
	m := testModel(80, 24, Settings{})
	f := m.newForm("boerenbridge")
	row := 2 + slices.IndexFunc(f.ruleset().Options, func(s engine.OptionSpec) bool { return s.Name == "max_cards" })
	most := func(players int) string {
		f.cursor = 1
		for f.players != players {
			f.change(players - f.players)
		}
		f.cursor = row
		f.values["max_cards"] = "0"
		f.update(keyMsg("left"))
		return f.values["max_cards"]
	}
	if got := most(4); got != "13" {
		t.Errorf("4 seats: most cards goes up to %s, want 13", got)
	}
	if got := most(3); got != "17" {
		t.Errorf("3 seats: most cards goes up to %s, want 17", got)
	}
	f.cursor = 1
	f.update(keyMsg("right"))
	if f.players != 4 || f.values["max_cards"] != "13" {
		t.Errorf("3 to %d seats: most cards %s, want 13", f.players, f.values["max_cards"])
	}
	if f.update(keyMsg("enter")) != formSubmit {
		t.Errorf("the form refuses what it offered: %s", f.err)
	}
	f.cursor = row
	f.update(keyMsg("right"))
	if got := f.values["max_cards"]; got != "0" {
		t.Errorf("→ from 13 cards goes to %s, want 0", got)
	}
}

// A refused option's error keeps both its lines on the screen, with the
// most seats and the explanation of the field under the cursor.
func TestCreateFormErrorFitsTheScreen(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		f := m.newForm("boerenbridge")
		m.form, m.screen = f, createScreen
		f.players = f.ruleset().MaxPlayers
		f.values["max_cards"] = "17" // as a form of an older server could hold
		f.cursor = 2 + slices.IndexFunc(f.ruleset().Options, func(s engine.OptionSpec) bool { return s.Name == "max_cards" })
		m.Update(keyMsg("enter"))
		if f.err == "" {
			t.Fatalf("%s: 17 cards with %d seats gives no error", lang, f.players)
		}
		want := strings.Join(strings.Fields(m.tx.message(f.err)), " ")
		view := ansi.Strip(m.View())
		if got := strings.Join(strings.Fields(view), " "); !strings.Contains(got, want) {
			t.Errorf("%s: the error %q is cut:\n%s", lang, want, view)
		}
	}
}

// The row under the cursor shows ◂ ▸ (ASCII < >) around a value ← and →
// change, the seats' too unless they are fixed; editing the special
// rounds' text keeps the (default) marks of the other rows.
func TestCreateFormMarksTheValueUnderTheCursor(t *testing.T) {
	m := testModel(80, 24, Settings{})
	f := m.newForm("singularity")
	view := func(st *Styles) string { return ansi.Strip(f.view(st, m.tx, 80, 22)) }
	f.cursor = 1
	if v := view(m.st); !strings.Contains(v, "Seats              ◂ 4 ▸") || strings.Contains(v, "◂ Singularity") {
		t.Errorf("the seats under the cursor:\n%s", v)
	}
	am := testModel(80, 24, Settings{Glyphs: ASCII})
	if v := view(am.st); !strings.Contains(v, "Seats              < 4 >") {
		t.Errorf("the seats under the cursor, ASCII:\n%s", v)
	}
	for i, spec := range f.ruleset().Options {
		if spec.Name == "special_rounds" {
			f.cursor = i + 2
		}
	}
	f.update(keyMsg("e"))
	if !f.editing {
		t.Fatal("e does not edit the special rounds")
	}
	v := view(m.st)
	if !strings.Contains(v, "Scoring            standard (default)") || !strings.Contains(v, "Turn timer         60 s (default)") {
		t.Errorf("editing the special rounds drops the other rows' (default):\n%s", v)
	}
	if strings.Contains(v, "◂") {
		t.Errorf("a text being edited has arrows:\n%s", v)
	}
	f.update(keyMsg("esc"))
	d := m.newForm("doudizhu")
	d.cursor = 1
	if v := ansi.Strip(d.view(m.st, m.tx, 80, 22)); strings.Contains(v, "◂ 3") || !strings.Contains(v, "3 (fixed)") {
		t.Errorf("Dou Dizhu's fixed seats:\n%s", v)
	}
}

// On the special rounds field, text typed before e goes into the field:
// its first key starts editing with it typed, so "1:forehead" typed at
// once reads 1:forehead, and a paste goes in whole. The form's own keys
// there still move, change or leave.
func TestCreateFormTypingOnTheTextFieldEditsIt(t *testing.T) {
	m := testModel(80, 24, Settings{})
	m.screen, m.form = createScreen, m.newForm("singularity")
	f := m.form
	for f.cursor = 0; !f.onText(); f.cursor++ {
	}
	field := f.cursor
	for _, r := range "1:forehead" {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	if !f.editing || f.input.value() != "1:forehead" {
		t.Fatalf("typed 1:forehead, the field reads %q (editing %v)", f.input.value(), f.editing)
	}
	m.Update(keyMsg("enter"))
	spec, _ := f.optionAt(field)
	if got := f.values[spec.Name]; got != "1:forehead" || f.editing {
		t.Fatalf("the field holds %q after enter (editing %v), want 1:forehead", got, f.editing)
	}

	f.values[spec.Name] = ""
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("5:blind"), Paste: true})
	if !f.editing || f.input.value() != "5:blind" {
		t.Fatalf("pasted 5:blind, the field reads %q (editing %v)", f.input.value(), f.editing)
	}
	m.Update(keyMsg("esc"))

	for key, want := range map[string]int{"j": field + 1, "k": field - 1} {
		f.cursor = field
		if m.Update(keyMsg(key)); f.cursor != want || f.editing {
			t.Errorf("%s on the text field: row %d (editing %v), want row %d", key, f.cursor, f.editing, want)
		}
	}
	f.cursor = field
	if f.update(keyMsg("q")) != formCancel {
		t.Error("q on the text field does not leave the form")
	}
}

// The special rounds field takes each kind in the player's words as well as
// the option words, in any case, with or without spaces or a word for
// round, and keeps the option words; editing shows the player's words, and
// a kind it does not know is refused with the words it takes.
func TestCreateFormSpecialRoundsInThePlayersWords(t *testing.T) {
	for _, c := range []struct{ lang, typed, want, shown string }{
		{"de", "1:stirnrunde,2:Trumpfwahl,3:ohneTrumpf,4:blind", "1:forehead,2:trump_choice,3:no_trump,4:blind", "1:Stirn,2:Trumpfwahl,3:ohne Trumpf,4:blind"},
		{"de", "5:no_trump, 7:OHNE TRUMPF", "5:no_trump,7:no_trump", "5:ohne Trumpf,7:ohne Trumpf"},
		{"de", "5:blind,5:Blindrunde", "", ""},
		{"de", "2:trump_choice,7:Ohne Trumpf", "2:trump_choice,7:no_trump", "2:Trumpfwahl,7:ohne Trumpf"},
		{"nl", "1:voorhoofdronde,2:Troefkeuze,3:zondertroef,5:zonder troef", "1:forehead,2:trump_choice,3:no_trump,5:no_trump", "1:voorhoofd,2:troefkeuze,3:zonder troef,5:zonder troef"},
		{"nl", "1:voorhoofd,2:troef keuze,3:Zonder Troef,6:blinde ronde", "1:forehead,2:trump_choice,3:no_trump,6:blind", "1:voorhoofd,2:troefkeuze,3:zonder troef,6:blind"},
		{"de", "2:Trumpfwahlrunde,3:Runde ohne Trumpf,4:stirn", "2:trump_choice,3:no_trump,4:forehead", "2:Trumpfwahl,3:ohne Trumpf,4:Stirn"},
		{"en", "1:forehead round,2:Trump Choice,3:no_trump", "1:forehead,2:trump_choice,3:no_trump", "1:forehead,2:trump_choice,3:no_trump"},
	} {
		m := testModel(80, 24, Settings{Lang: c.lang})
		f := m.newForm("singularity")
		for f.cursor = 0; !f.onText(); f.cursor++ {
		}
		f.update(keyMsg("e"))
		f.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(c.typed), Paste: true})
		f.update(keyMsg("enter"))
		if c.want == "" { // round 5 twice: the rule set's refusal, not the words'
			if !strings.Contains(f.err, "given twice") {
				t.Errorf("%s %q: error %q, want round 5 given twice", c.lang, c.typed, f.err)
			}
			continue
		}
		if got := f.values["special_rounds"]; got != c.want || f.err != "" {
			t.Errorf("%s %q: holds %q (error %q), want %q", c.lang, c.typed, got, f.err, c.want)
		}
		if f.update(keyMsg("e")); f.input.value() != c.shown {
			t.Errorf("%s: editing %q shows %q, want %q", c.lang, f.values["special_rounds"], f.input.value(), c.shown)
		}
	}
	for lang, want := range map[string]string{
		"de": `Runde 3: "Stirnrund" gibt es nicht, nur Trumpfwahl, ohne Trumpf, blind, Stirn.`,
		"nl": `ronde 3: "hoofd" is niet een van troefkeuze, zonder troef, blind, voorhoofd.`,
	} {
		m := testModel(80, 24, Settings{Lang: lang})
		f := m.newForm("singularity")
		for f.cursor = 0; !f.onText(); f.cursor++ {
		}
		f.update(keyMsg("e"))
		typed := map[string]string{"de": "2:blind,3:Stirnrund", "nl": "2:blind,3:hoofd"}[lang]
		f.update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(typed), Paste: true})
		f.update(keyMsg("enter"))
		if got := m.tx.message(f.err); !strings.Contains(got, want) || f.values["special_rounds"] != "" {
			t.Errorf("%s %q: error %q, want %q, the field unchanged", lang, typed, got, want)
		}
	}
	m := testModel(80, 24, Settings{Lang: "de"})
	if doc := optionDoc(m.tx, "singularity", engine.OptionSpec{Name: "special_rounds"}); !strings.Contains(doc, "z. B. 5:Trumpfwahl,7:ohne Trumpf") {
		t.Errorf("the German hint: %q", doc)
	}
}

// ← and → wrap on every row of choices: past the first value to the last
// and past the last to the first, so either key comes round to the start.
func TestCreateFormChoicesWrap(t *testing.T) {
	m := testModel(80, 24, Settings{Lang: "nl"})
	for _, game := range []string{"singularity", "boerenbridge", "specialrounds", "doudizhu"} {
		f := m.newForm(game)
		for f.cursor = 0; f.cursor < f.rows()-1; f.cursor++ {
			if f.onText() || f.cursor == f.rows()-3 { // a text; private is yes or no
				continue
			}
			start := f.view(m.st, m.tx, 80, 22)
			for _, key := range []string{"left", "right"} {
				for i := 0; ; i++ {
					v := f.view(m.st, m.tx, 80, 22)
					if i > 0 && v == start {
						break
					}
					if i > 200 {
						t.Fatalf("%s row %d: %s does not come round", game, f.cursor, key)
					}
					f.update(keyMsg(key))
				}
				if f.err != "" {
					t.Errorf("%s row %d: %s gives %q", game, f.cursor, key, f.err)
				}
			}
		}
	}
	f := m.newForm("boerenbridge")
	f.cursor = 2 + slices.IndexFunc(f.ruleset().Options, func(s engine.OptionSpec) bool { return s.Name == "max_cards" })
	if v := ansi.Strip(f.view(m.st, m.tx, 80, 22)); !strings.Contains(v, "◂ zoveel mogelijk ▸") {
		t.Fatalf("most cards does not start at as many as possible:\n%s", v)
	}
	f.update(keyMsg("left"))
	if v := ansi.Strip(f.view(m.st, m.tx, 80, 22)); !strings.Contains(v, "◂ 13 ▸") {
		t.Errorf("← from as many as possible with %d seats:\n%s", f.players, v)
	}
	f.cursor = 1
	for _, want := range []int{f.ruleset().MaxPlayers, f.ruleset().MinPlayers} {
		f.players = f.ruleset().MinPlayers + f.ruleset().MaxPlayers - want
		if f.update(keyMsg(map[int]string{f.ruleset().MaxPlayers: "left", f.ruleset().MinPlayers: "right"}[want])); f.players != want {
			t.Errorf("seats past %d: %d, want %d", f.ruleset().MinPlayers+f.ruleset().MaxPlayers-want, f.players, want)
		}
	}
}
