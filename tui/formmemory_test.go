package tui

import (
	"encoding/json"
	"testing"

	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// The create form's memory is kept in the store with the key's settings:
// a restarted server opens the form at the same game and choices, the
// display settings saved before and after it are kept beside it, and a
// damaged memory only loses what no longer fits.
func TestFormMemoryOutlivesARestart(t *testing.T) {
	dir := t.TempDir()
	key := tables.Player{ID: "SHA256:alice", Name: "alice"}
	run := func(f func(a *App, m *model, s *store.Store)) {
		s, err := store.Open(dir, store.WithSyncEvery(0))
		if err != nil {
			t.Fatal(err)
		}
		a := NewApp(nil, games.Registry(), nil)
		a.SetSettingsStore(s)
		f(a, newModel(a, newFakeSession(80, 24, termenv.ANSI256), lobby.Entry{Player: key}, Settings{Lang: "en"}), s)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	var want formMemory
	run(func(a *App, m *model, _ *store.Store) {
		a.saveSettings(key.ID, Settings{Lang: "nl"})
		f := m.newForm("boerenbridge")
		f.private, f.players, f.pace, f.level[1] = true, 5, 0, 2
		for _, spec := range f.ruleset().Options {
			if spec.Kind == engine.Bool {
				f.values[spec.Name] = map[bool]string{true: "false", false: "true"}[f.values[spec.Name] == "true"]
			}
		}
		a.rememberForm(key.ID, f)
		want = f.memory()
		a.saveSettings(key.ID, Settings{Lang: "nl", Bell: true}) // after the form: it stays
	})
	run(func(a *App, m *model, _ *store.Store) {
		if set := a.loadSettings(key.ID, false, nil); set.Lang != "nl" || !set.Bell {
			t.Errorf("settings after a restart: %+v", set)
		}
		g := m.newForm("")
		if got := g.memory(); !same(got, want) {
			t.Errorf("the form after a restart:\n got %+v\nwant %+v", got, want)
		}
	})
	run(func(a *App, m *model, s *store.Store) {
		bad := `{"lang":"de","form":{"game":"boerenbridge","players":99,"options":{"nope":"1"},"bot_levels":["godlike","strong"]}}`
		if err := s.SaveSettings(key.ID, json.RawMessage(bad)); err != nil {
			t.Fatal(err)
		}
		g := m.newForm("") // does not panic: what no longer fits takes its default
		if g.ruleset().Name != "boerenbridge" || g.players == 99 || g.levels[g.level[0]] != games.DefaultLevel || g.levels[g.level[1]] != "strong" {
			t.Errorf("a damaged memory: %+v", g.memory())
		}
		if _, ok := g.values["nope"]; ok {
			t.Error("an option the game does not have was taken")
		}
		g.view(m.st, m.tx, 80, 22)
	})
	run(func(a *App, m *model, s *store.Store) {
		a.rememberForm("guest-7", m.newForm("doudizhu"))
		if raw, _ := s.Settings("guest-7"); string(raw) != "{}" {
			t.Errorf("a guest's form was saved: %s", raw)
		}
	})
}

func same(a, b formMemory) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
