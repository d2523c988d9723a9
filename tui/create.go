package tui

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// CreateRequest is what the create-table form asks the lobby for.
type CreateRequest struct {
	Ruleset string
	Players int
	Options engine.Options // every option of the rule set, as shown in the form
	Private bool
	Timer   time.Duration // 0: no turn timer
	BotPace time.Duration // how long a bot waits before moving; lobby.Default or lobby.Off
	// TrickPause is how long a completed trick stays on screen; lobby.Off: not at all.
	TrickPause time.Duration
	// BotLevels is the level of the bot of each seat, by seat.
	BotLevels []string
}

// timerChoices are the turn timer values the form cycles through (0 = off).
var timerChoices = []time.Duration{60 * time.Second, 90 * time.Second, 120 * time.Second, 0, 15 * time.Second, 30 * time.Second}

// paceChoices are the bot paces the form offers besides the server's
// default (paces), fastest first: lobby.Off moves at once.
var paceChoices = []time.Duration{lobby.Off, 500 * time.Millisecond, time.Second, 2 * time.Second, 3 * time.Second}

// holdChoices are the trick pauses the form offers besides the server's
// default, shortest first: lobby.Off holds no trick.
var holdChoices = []time.Duration{lobby.Off, time.Second, 1500 * time.Millisecond, 2 * time.Second, 3 * time.Second}

// createForm is the create-table screen: the game, the seats, every option of
// the rule set with its default and a one-line explanation, private, timer.
type createForm struct {
	rulesets []*engine.Ruleset
	game     int
	players  int
	values   engine.Options
	private  bool
	timer    int             // index into timers
	timers   []time.Duration // the turn timers offered (0: off), the server's default first
	pace     int             // index into paces
	paces    []time.Duration // the bot paces offered, fastest first (lobby.Off: at once)
	paceDef  int             // the index of the server's default pace in paces
	hold     int             // index into holds
	holds    []time.Duration // the trick pauses offered, shortest first (lobby.Off: none)
	holdDef  int             // the index of the server's default trick pause in holds
	levels   []string        // the bot levels there are, weakest first
	level    [6]int          // the level chosen for each seat's bot, an index into levels
	cursor   int
	editing  bool       // typing into a round-map field
	input    *lineInput // the text being typed
	err      string
	tx       *text // the player's language, for the words typed into a round-map field
}

func newCreateForm(rs []*engine.Ruleset, game string) *createForm {
	f := &createForm{rulesets: rs, levels: games.Levels(), tx: newText("en")}
	f.setPaces(tables.DefaultBotPace)
	f.setHolds(tables.DefaultTrickPause)
	f.setTimers(tables.DefaultTurnTimer)
	for i := range f.level {
		f.level[i] = slices.Index(f.levels, games.DefaultLevel)
	}
	for i, r := range rs {
		if r.Name == game {
			f.game = i
		}
	}
	f.resetGame()
	return f
}

func (f *createForm) ruleset() *engine.Ruleset { return f.rulesets[f.game] }

func (f *createForm) resetGame() {
	r := f.ruleset()
	f.values = engine.Options{}
	for _, s := range r.Options {
		f.values[s.Name] = s.Default
	}
	f.players = r.MinPlayers
	if r.MaxPlayers >= 4 && r.MinPlayers <= 4 {
		f.players = 4
	}
	f.err = ""
}

// field rows: 0 game, 1 players, 2.. options, the bot level of seats 2..n,
// then bot pace, trick pause, private, timer, create.
func (f *createForm) rows() int { return f.levelRow() + f.players - 1 + 5 }

// levelRow is the row of seat 2's bot level.
func (f *createForm) levelRow() int { return 2 + len(f.ruleset().Options) }

// seatAt is the seat whose bot level row is row, or -1.
func (f *createForm) seatAt(row int) int {
	if i := row - f.levelRow(); i >= 0 && i < f.players-1 {
		return i + 1
	}
	return -1
}

func (f *createForm) request() CreateRequest {
	opts := engine.Options{}
	for k, v := range f.values {
		opts[k] = v
	}
	levels := make([]string, f.players)
	for i := range levels {
		levels[i] = f.levels[f.level[i]]
	}
	return CreateRequest{Ruleset: f.ruleset().Name, Players: f.players, Options: opts, Private: f.private,
		Timer: f.timers[f.timer], BotPace: f.paces[f.pace], TrickPause: f.holds[f.hold], BotLevels: levels}
}

// formResult says what the form wants after a key.
type formResult int

const (
	formStay formResult = iota
	formCancel
	formSubmit
)

func (f *createForm) update(k tea.KeyMsg) formResult {
	if f.editing {
		return f.updateEditing(k)
	}
	n := f.rows()
	switch k.String() {
	case "esc", "q":
		return formCancel
	case "up", "k", "shift+tab":
		f.cursor = max(f.cursor-1, 0) // the first field stays the first: no silent wrap
	case "down", "j", "tab":
		f.cursor = min(f.cursor+1, n-1)
	case "left", "h":
		f.change(-1)
	case "right", "l", " ":
		if f.edit() {
			return formStay
		}
		f.change(+1)
	case "e": // edits a text field (→ too)
		f.edit()
	case "enter": // creates the table from any choice, a text field's too; it never changes one
		return f.validate()
	default: // other text typed on a text field starts editing it, typed: nothing is lost
		if k.Type == tea.KeyRunes && !k.Alt && f.edit() {
			f.input.update(k)
		}
	}
	return formStay
}

// edit starts editing the text field under the cursor, its value kept with
// the cursor after it; it reports false when the row is no text field.
func (f *createForm) edit() bool {
	spec, ok := f.optionAt(f.cursor)
	if !ok || spec.Kind != engine.RoundMap {
		return false
	}
	f.editing, f.input = true, newLineInput(roundsText(f.tx, f.values[spec.Name]), 80, nil)
	return true
}

func (f *createForm) validate() formResult {
	r := f.ruleset()
	if _, _, err := r.Start(f.players, f.values); err != nil {
		f.err = err.Error()
		return formStay
	}
	return formSubmit
}

func (f *createForm) updateEditing(k tea.KeyMsg) formResult {
	spec, _ := f.optionAt(f.cursor)
	switch k.Type {
	case tea.KeyEnter:
		typed, err := readRounds(f.tx, spec, f.input.value())
		if err != nil {
			f.err = err.Error()
			return formStay
		}
		v, err := f.ruleset().Resolve(engine.Options{spec.Name: typed})
		if err != nil {
			f.err = err.Error()
			return formStay
		}
		f.values[spec.Name], f.editing, f.err = v[spec.Name], false, ""
	case tea.KeyEsc:
		f.editing, f.err = false, ""
	default:
		f.input.update(k) // anything: the rule set says at enter what it cannot read
	}
	return formStay
}

func (f *createForm) optionAt(row int) (engine.OptionSpec, bool) {
	i := row - 2
	if i < 0 || i >= len(f.ruleset().Options) {
		return engine.OptionSpec{}, false
	}
	return f.ruleset().Options[i], true
}

func (f *createForm) change(d int) {
	f.err = ""
	r := f.ruleset()
	n := f.rows()
	switch row := f.cursor; {
	case row == 0:
		f.game = (f.game + len(f.rulesets) + d) % len(f.rulesets)
		f.resetGame()
	case row == 1:
		f.players = r.MinPlayers + wrap(f.players-r.MinPlayers+d, r.MaxPlayers-r.MinPlayers+1)
		f.fitOptions()
	case row == n-5:
		f.pace = wrap(f.pace+d, len(f.paces)) // in order, fastest to slowest
	case row == n-4:
		f.hold = wrap(f.hold+d, len(f.holds)) // in order, shortest to longest
	case row == n-3:
		f.private = !f.private
	case row == n-2:
		f.timer = wrap(f.timer+d, len(f.timers))
	case f.seatAt(row) > 0:
		i := f.seatAt(row)
		f.level[i] = wrap(f.level[i]+d, len(f.levels))
	default:
		spec, ok := f.optionAt(row)
		if !ok {
			return
		}
		v := f.values[spec.Name]
		switch spec.Kind {
		case engine.Bool:
			if v == "true" {
				v = "false"
			} else {
				v = "true"
			}
		case engine.Enum:
			i := 0
			for j, x := range spec.Values {
				if x == v {
					i = j
				}
			}
			v = spec.Values[wrap(i+d, len(spec.Values))]
		case engine.Int:
			n, _ := strconv.Atoi(v)
			size := spec.Max - spec.Min + 1
			for step := 1; step < size; step++ { // past one end on to the other
				next := strconv.Itoa(spec.Min + wrap(n-spec.Min+d*step, size))
				if !f.refused(spec.Name, next) { // the seats may narrow the range
					v = next
					break
				}
			}
		}
		f.values[spec.Name] = v
	}
}

// refused reports whether the game refuses value v of option name with the
// seats chosen, as Boerenbridge's most cards with more players.
func (f *createForm) refused(name, v string) bool {
	opts := maps.Clone(f.values)
	opts[name] = v
	_, _, err := f.ruleset().Start(f.players, opts)
	return err != nil && strings.HasPrefix(err.Error(), "option "+name+":")
}

// fitOptions brings each number the seats chosen no longer allow down to
// the largest they do.
func (f *createForm) fitOptions() {
	for _, spec := range f.ruleset().Options {
		if spec.Kind != engine.Int {
			continue
		}
		n, _ := strconv.Atoi(f.values[spec.Name])
		v := f.values[spec.Name]
		for n > spec.Min && f.refused(spec.Name, v) {
			n--
			v = strconv.Itoa(n)
		}
		f.values[spec.Name] = v
	}
}

func clamp(v, lo, hi int) int {
	return max(lo, min(hi, v))
}

// wrap is index i of a list of n values, past either end on at the other.
func wrap(i, n int) int {
	return (i%n + n) % n
}

// view draws the form in width columns and at most height lines: an error
// keeps its two lines, before the explanation below the form does.
func (f *createForm) view(s *Styles, t *text, width, height int) string {
	var b strings.Builder
	r := f.ruleset()
	b.WriteString(s.Title.Render(t.get("New table")) + "\n\n")
	focusDoc := "" // the explanation of the row under the cursor, in full below the form
	row := func(i int, label, value, doc string) {
		if i == f.cursor {
			focusDoc = doc
		}
		cursor := "  "
		if i == f.cursor {
			cursor = s.Key.Render("▸ ")
			if s.glyphs != Unicode {
				cursor = s.Key.Render("> ")
			}
		}
		line := cursor + padRight(label, 18) + " " + value
		if i == f.cursor {
			line = cursor + padRight(s.Bold.Render(label), 18) + " " + s.Bold.Render(value)
		}
		b.WriteString(line)
		if room := width - visibleWidth(line) - 2; doc != "" && room > 12 {
			b.WriteString("  " + s.Subtle.Render(fit(doc, room)))
		}
		b.WriteString("\n")
	}
	// arrows marks the value of the row under the cursor that ← and → change.
	arrows := func(i int, v string) string {
		switch {
		case i != f.cursor:
			return v
		case s.glyphs != Unicode:
			return "< " + v + " >"
		}
		return "◂ " + v + " ▸"
	}
	row(0, t.get("Game"), arrows(0, gameTitle(t, r.Title)), "")
	seats := strconv.Itoa(f.players)
	if r.MinPlayers == r.MaxPlayers {
		seats += " " + t.get("(fixed)")
	} else {
		seats = arrows(1, seats)
	}
	row(1, t.get("Seats"), seats, t.get("bots fill the seats nobody takes"))
	for i, spec := range r.Options {
		v := optionValue(t, spec, f.values[spec.Name])
		edited := f.editing && f.cursor == i+2
		switch {
		case edited:
			v = f.input.view(max(10, width-24))
		case spec.Kind != engine.RoundMap: // a text is edited, not stepped
			v = arrows(i+2, v)
		}
		if f.values[spec.Name] == spec.Default && !edited {
			v += s.Subtle.Render(" (" + t.get("default") + ")")
		}
		row(i+2, optionLabel(t, spec.Name), v, optionDoc(t, r.Name, spec))
	}
	n := f.rows()
	pace := t.get("at once")
	if d := f.paces[f.pace]; d > 0 {
		pace = t.f("%s s per move", t.decimal(d.Seconds()))
	}
	pace = arrows(n-5, pace)
	if f.pace == f.paceDef {
		pace += s.Subtle.Render(" (" + t.get("default") + ")")
	}
	for seat := 1; seat < f.players; seat++ {
		lvl := f.levels[f.level[seat]]
		v := arrows(f.levelRow()+seat-1, levelName(t, lvl))
		if lvl == games.DefaultLevel {
			v += s.Subtle.Render(" (" + t.get("default") + ")")
		}
		doc := ""
		if seat == 1 {
			doc = t.get("if nobody takes the seat, a bot of this level plays it")
		}
		row(f.levelRow()+seat-1, t.f("Seat %d bot", seat+1), v, doc)
	}
	row(n-5, t.get("Bot pace"), pace, t.get("how long a bot waits before its move"))
	hold := t.get("none")
	if d := f.holds[f.hold]; d > 0 {
		hold = t.f("%s s", t.decimal(d.Seconds()))
	}
	hold = arrows(n-4, hold)
	if f.hold == f.holdDef {
		hold += s.Subtle.Render(" (" + t.get("default") + ")")
	}
	row(n-4, t.get("Trick pause"), hold, t.get("how long a finished trick stays on screen before play goes on"))
	row(n-3, t.get("Private"), arrows(n-3, map[bool]string{true: t.get("unlisted, by invite code"), false: t.get("no, listed in the lobby")}[f.private]), "")
	timer := t.get("off")
	if d := f.timers[f.timer]; d > 0 {
		timer = fmt.Sprintf("%d s", int(d.Seconds()))
	}
	timer = arrows(n-2, timer)
	if f.timer == 0 {
		timer += s.Subtle.Render(" (" + t.get("default") + ")")
	}
	timerDoc := "" // off: nothing runs out
	if f.timers[f.timer] > 0 {
		timerDoc = t.get("when it runs out, a bot moves for you")
	}
	row(n-2, t.get("Turn timer"), timer, timerDoc)
	create := "[ " + t.get("Create table") + " ]"
	if f.cursor == n-1 {
		create = s.Selected.Render(create)
	} else {
		create = s.Bold.Render(create)
	}
	var errs []string
	if f.err != "" { // an option's error names the values it takes
		errs = wrapText(t.message(f.err), width, 2)
	}
	room := height - strings.Count(b.String(), "\n") - 1 - len(errs) // the create line and the error
	gap := func() bool {                                             // one blank line more, if the room is there
		room--
		return room >= 0
	}
	top := gap() // before the create line
	errGap := len(errs) > 0 && gap()
	if focusDoc != "" && room >= 2 {
		focusDoc = s.Subtle.Render(fit(focusDoc, width))
	} else {
		focusDoc = ""
	}
	if top {
		b.WriteString("\n")
	}
	b.WriteString(create + "\n")
	if focusDoc != "" {
		b.WriteString("\n" + focusDoc + "\n")
	}
	if errGap {
		b.WriteString("\n")
	}
	for _, l := range errs {
		b.WriteString(s.Err.Render(l) + "\n")
	}
	return b.String()
}

// levelName is a bot level for people.
func levelName(t *text, level string) string {
	switch level {
	case "easy":
		return t.get("easy")
	case "normal":
		return t.get("normal")
	case "strong":
		return t.get("strong")
	}
	return level
}

// onText reports whether the cursor is on a text field (e edits it).
func (f *createForm) onText() bool {
	spec, ok := f.optionAt(f.cursor)
	return ok && spec.Kind == engine.RoundMap
}
