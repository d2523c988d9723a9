package tui

import (
	"cmp"
	"encoding/json"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// formMemory is what the create form remembers of a key's last table: the
// game and every choice made for it. It is kept under "form" in the key's
// saved settings (saveParts), so it outlives the server.
type formMemory struct {
	Game    string         `json:"game"`
	Players int            `json:"players"`
	Values  engine.Options `json:"options"`
	Private bool           `json:"private"`
	Timer   time.Duration  `json:"turn_timer_ns"`
	Pace    time.Duration  `json:"bot_pace_ns"`
	Hold    time.Duration  `json:"trick_pause_ns"`
	Level   [6]string      `json:"bot_levels"` // by seat, the level's name
}

// formKey is formMemory's key in the saved settings object.
const formKey = "form"

// setPaces offers the bot paces of paceChoices and the server's default
// def (lobby.Off or 0: at once), fastest first, the default chosen.
func (f *createForm) setPaces(def time.Duration) {
	if def <= 0 {
		def = lobby.Off
	}
	ps := slices.Clone(paceChoices)
	if !slices.Contains(ps, def) {
		ps = append(ps, def)
	}
	slices.Sort(ps) // lobby.Off (negative) first
	f.paces, f.paceDef = ps, slices.Index(ps, def)
	f.pace = f.paceDef
}

// setHolds offers the trick pauses of holdChoices and the server's default
// def (0: none), shortest first, the default chosen.
func (f *createForm) setHolds(def time.Duration) {
	if def <= 0 {
		def = lobby.Off
	}
	hs := slices.Clone(holdChoices)
	if !slices.Contains(hs, def) {
		hs = append(hs, def)
	}
	slices.Sort(hs) // lobby.Off (negative) first
	f.holds, f.holdDef = hs, slices.Index(hs, def)
	f.hold = f.holdDef
}

// setTimers offers the turn timers of timerChoices and the server's
// default def (0 or less: off) in one cycle, shortest to longest then off,
// starting at def, chosen.
func (f *createForm) setTimers(def time.Duration) {
	def = max(def, 0)
	ts := slices.Clone(timerChoices)
	if !slices.Contains(ts, def) {
		ts = append(ts, def)
	}
	last := func(d time.Duration) time.Duration { // off (0) sorts after every timer
		if d == 0 {
			return math.MaxInt64
		}
		return d
	}
	slices.SortFunc(ts, func(a, b time.Duration) int { return cmp.Compare(last(a), last(b)) })
	i := slices.Index(ts, def)
	f.timers, f.timer = append(ts[i:len(ts):len(ts)], ts[:i]...), 0
}

// newForm opens the create form for game ("": the last game this key made
// a table of, or Singularity), with the server's bot pace as the default
// and the choices this key made last time for that game.
func (m *model) newForm(game string) *createForm {
	mem, ok := m.app.formOf(m.player.ID)
	if game == "" {
		game = "singularity"
		if ok {
			game = mem.Game
		}
	}
	f := newCreateForm(m.app.reg.All(), game)
	f.tx = m.tx
	def := tables.DefaultBotPace
	if m.app.lobby != nil {
		def = m.app.lobby.BotPace()
	}
	f.setPaces(def)
	hold := tables.DefaultTrickPause
	if m.app.lobby != nil {
		hold = m.app.lobby.TrickPause()
	}
	f.setHolds(hold)
	timer := tables.DefaultTurnTimer
	if m.app.lobby != nil {
		timer = m.app.lobby.TurnTimer()
	}
	f.setTimers(timer)
	if ok && mem.Game == f.ruleset().Name {
		f.recall(mem)
	}
	return f
}

// recall takes the choices of mem, as far as they still fit the game (a
// saved memory may be from an older server, or damaged).
func (f *createForm) recall(mem formMemory) {
	r := f.ruleset()
	if mem.Players >= r.MinPlayers && mem.Players <= r.MaxPlayers {
		f.players = mem.Players
	}
	for k, v := range mem.Values {
		if _, ok := f.values[k]; !ok {
			continue
		}
		if got, err := r.Resolve(engine.Options{k: v}); err == nil {
			f.values[k] = got[k]
		}
	}
	f.fitOptions()
	f.private = mem.Private
	if i := slices.Index(f.timers, mem.Timer); i >= 0 {
		f.timer = i
	}
	if i := slices.Index(f.paces, mem.Pace); i >= 0 {
		f.pace = i
	}
	if i := slices.Index(f.holds, mem.Hold); i >= 0 {
		f.hold = i
	}
	for i, name := range mem.Level {
		if j := slices.Index(f.levels, name); j >= 0 {
			f.level[i] = j
		}
	}
}

// memory is what the form remembers of its choices.
func (f *createForm) memory() formMemory {
	mem := formMemory{
		Game: f.ruleset().Name, Players: f.players, Values: maps.Clone(f.values), Private: f.private,
		Timer: f.timers[f.timer], Pace: f.paces[f.pace], Hold: f.holds[f.hold],
	}
	for i, j := range f.level {
		mem.Level[i] = f.levels[j]
	}
	return mem
}

// rememberForm keeps the choices of the form a key made a table with, in
// memory and in the key's saved settings.
func (a *App) rememberForm(id string, f *createForm) {
	mem := f.memory()
	a.mu.Lock()
	if a.forms == nil {
		a.forms = map[string]formMemory{}
	}
	a.forms[id] = mem
	a.mu.Unlock()
	if b, err := json.Marshal(mem); err == nil {
		a.saveParts(id, map[string]json.RawMessage{formKey: b})
	}
}

// formOf returns what the form remembers for key id: from this run, or
// else from the key's saved settings.
func (a *App) formOf(id string) (formMemory, bool) {
	a.mu.Lock()
	mem, ok := a.forms[id]
	a.mu.Unlock()
	if ok || !a.keeps(id) {
		return mem, ok
	}
	b, err := a.saved.Settings(id)
	if err != nil {
		return mem, false
	}
	var saved struct {
		Form *formMemory `json:"form"` // formKey
	}
	if json.Unmarshal(b, &saved) != nil || saved.Form == nil || saved.Form.Game == "" {
		return mem, false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.forms == nil {
		a.forms = map[string]formMemory{}
	}
	if cur, ok := a.forms[id]; ok { // remembered meanwhile: newer
		return cur, true
	}
	a.forms[id] = *saved.Form
	return *saved.Form, true
}
