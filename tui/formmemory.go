package tui

import (
	"maps"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// formMemory is what the create form remembers of a key's last table: the
// game and every choice made for it.
type formMemory struct {
	game    string
	players int
	values  engine.Options
	private bool
	timer   time.Duration
	pace    time.Duration
	hold    time.Duration
	level   [6]int
}

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

// setTimers offers the turn timers of timerChoices with the server's
// default def (0 or less: off) first, chosen.
func (f *createForm) setTimers(def time.Duration) {
	def = max(def, 0)
	ts := slices.DeleteFunc(slices.Clone(timerChoices), func(d time.Duration) bool { return d == def })
	f.timers, f.timer = append([]time.Duration{def}, ts...), 0
}

// newForm opens the create form for game ("": the last game this key made
// a table of, or Singularity), with the server's bot pace as the default
// and the choices this key made last time for that game.
func (m *model) newForm(game string) *createForm {
	mem, ok := m.app.formOf(m.player.ID)
	if game == "" {
		game = "singularity"
		if ok {
			game = mem.game
		}
	}
	f := newCreateForm(m.app.reg.All(), game)
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
	if ok && mem.game == f.ruleset().Name {
		f.recall(mem)
	}
	return f
}

// recall takes the choices of mem, as far as they still fit the game.
func (f *createForm) recall(mem formMemory) {
	r := f.ruleset()
	if mem.players >= r.MinPlayers && mem.players <= r.MaxPlayers {
		f.players = mem.players
	}
	for k, v := range mem.values {
		if _, ok := f.values[k]; ok {
			f.values[k] = v
		}
	}
	f.private = mem.private
	if i := slices.Index(f.timers, mem.timer); i >= 0 {
		f.timer = i
	}
	if i := slices.Index(f.paces, mem.pace); i >= 0 {
		f.pace = i
	}
	if i := slices.Index(f.holds, mem.hold); i >= 0 {
		f.hold = i
	}
	f.level = mem.level
}

// memory is what the form remembers of its choices.
func (f *createForm) memory() formMemory {
	return formMemory{
		game: f.ruleset().Name, players: f.players, values: maps.Clone(f.values), private: f.private,
		timer: f.timers[f.timer], pace: f.paces[f.pace], hold: f.holds[f.hold], level: f.level,
	}
}

// rememberForm keeps the choices of the form a key made a table with.
func (a *App) rememberForm(id string, f *createForm) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.forms == nil {
		a.forms = map[string]formMemory{}
	}
	a.forms[id] = f.memory()
}

// formOf returns what the form remembers for key id.
func (a *App) formOf(id string) (formMemory, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	mem, ok := a.forms[id]
	return mem, ok
}
