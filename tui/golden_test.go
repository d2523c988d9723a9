package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// The golden screens: testdata/TestGolden/<screen>/<size>.golden, written
// with `go test ./tui -run Golden -update`. Goldens are plain text (the
// Ascii profile) except the one named ansi256, which keeps the colours.

// harness runs a model in a tea.Program for teatest. Its Init does
// nothing: the model's own subscribes to a lobby, which the goldens do
// without.
type harness struct{ m *model }

func (h harness) Init() tea.Cmd { return nil }

func (h harness) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := h.m.Update(msg)
	return h, cmd
}

func (h harness) View() string { return h.m.View() }

// goldenModel is a model on a fake session with colour profile p.
func goldenModel(w, h int, p termenv.Profile, set Settings) *model {
	app := NewApp(nil, games.Registry(), func() time.Time { return fixedNow })
	if set.Lang == "" {
		set.Lang = "en"
	}
	return newModel(app, newFakeSession(w, h, p), lobby.Entry{Player: tables.Player{ID: "SHA256:test", Name: "alice"}}, set)
}

// requireGolden drives m through a tea.Program at w×h, presses keys, and
// compares the last screen with its golden.
func requireGolden(t *testing.T, m *model, w, h int, keys ...string) {
	t.Helper()
	tm := teatest.NewTestModel(t, harness{m}, teatest.WithInitialTermSize(w, h))
	for _, k := range keys {
		tm.Send(goldenKey(k))
	}
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(harness)
	golden.RequireEqual(t, []byte(final.View()))
}

func goldenKey(k string) tea.KeyMsg {
	switch k {
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// goldenCase is one screen: how to build it and the keys to press.
type goldenCase struct {
	name    string
	set     Settings
	profile termenv.Profile
	build   func(t *testing.T, m *model) *model
	keys    []string
	sizes   [][2]int // default: 80×24 and 120×40
}

func TestGolden(t *testing.T) {
	snaps := map[string]func(testing.TB) tables.Snapshot{}
	for _, sc := range screens() {
		snaps[sc.name] = sc.snap
	}
	game := func(name string) func(t *testing.T, m *model) *model {
		return func(t *testing.T, m *model) *model { return onTable(m, snaps[name](t)) }
	}
	sheet := func(name string) func(t *testing.T, m *model) *model {
		return func(t *testing.T, m *model) *model {
			m = onTable(m, snaps[name](t))
			m.table.showSheet = true
			return m
		}
	}
	cases := []goldenCase{
		{name: "lobby", build: withLobby, sizes: [][2]int{{80, 24}, {120, 40}, {200, 50}}},
		{name: "lobby-empty", build: func(_ *testing.T, m *model) *model { return m }},
		{name: "create", build: func(_ *testing.T, m *model) *model {
			m.form = newCreateForm(games.Registry().All(), "specialrounds")
			m.screen = createScreen
			return m
		}},
		{name: "settings", build: func(_ *testing.T, m *model) *model { m.screen = settingsScreen; return m }},
		{name: "help", build: withLobby, keys: []string{"?"}},
		{name: "singularity", build: game("singularity"), sizes: [][2]int{{80, 24}, {120, 40}, {200, 50}}},
		{name: "specialrounds", build: game("specialrounds")},
		{name: "boerenbridge", build: game("boerenbridge")},
		{name: "doudizhu", build: game("doudizhu")},
		{name: "doudizhu-hint", build: game("doudizhu"), keys: []string{"x"}},
		{name: "sheet-singularity", build: sheet("singularity")},
		{name: "sheet-boerenbridge", build: sheet("boerenbridge")},
		{name: "sheet-doudizhu", build: sheet("doudizhu")},
		{name: "forehead", build: foreheadRound},
		{name: "ascii", set: Settings{Glyphs: ASCII}, build: game("singularity")},
		{name: "ascii-doudizhu", set: Settings{Glyphs: ASCII}, build: game("doudizhu")},
		{name: "cjk-safe", set: Settings{Glyphs: CJKSafe}, build: game("specialrounds")},
		{name: "ansi256", profile: termenv.ANSI256, build: game("singularity")},
		{name: "de-specialrounds", set: Settings{Lang: "de"}, build: game("specialrounds")},
		{name: "de-lobby", set: Settings{Lang: "de"}, build: withLobby},
		{name: "de-turned-singularity", set: Settings{Lang: "de"}, build: func(t *testing.T, m *model) *model {
			return onTable(m, snapshotOf(turnedSingularity(t), "Singularity", 0))
		}},
		{name: "nl-boerenbridge", set: Settings{Lang: "nl"}, build: game("boerenbridge")},
		{name: "nl-doudizhu", set: Settings{Lang: "nl"}, build: game("doudizhu"), keys: []string{"x"}},
		{name: "too-small", build: withLobby, sizes: [][2]int{{60, 20}}},
		{name: "wide-names", build: func(t *testing.T, m *model) *model { return onTable(m, wideNames(snaps["singularity"](t))) }},
	}
	for _, c := range cases {
		sizes := c.sizes
		if sizes == nil {
			sizes = [][2]int{{80, 24}, {120, 40}}
		}
		profile := c.profile
		if profile == 0 {
			profile = termenv.Ascii
		}
		for _, size := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := c.build(t, goldenModel(size[0], size[1], profile, c.set))
				requireGolden(t, m, size[0], size[1], c.keys...)
			})
		}
	}
}

// wideNames gives seats and chat CJK and emoji names and lines too long
// for the screen: they are cut with "…" at the column.
func wideNames(s tables.Snapshot) tables.Snapshot {
	s.Seats[1].Name = "日本語の名前です長い"
	s.Seats[3].Name = "🃏🃏🃏🃏🃏🃏🃏🃏"
	s.Chat = append(s.Chat,
		tables.ChatLine{From: "日本語の名前です長い", Seat: 1, Text: strings.Repeat("漢字とかなの文章", 30)},
		tables.ChatLine{From: "🃏🃏🃏🃏🃏🃏🃏🃏", Seat: 3, Text: strings.Repeat("🂡🃑 ", 100)},
	)
	return s
}

// withLobby fills the lobby with a few tables and people.
func withLobby(_ *testing.T, m *model) *model {
	table := func(id, ruleset, title string, seats, humans, bots, round, watching int, private bool, phase tables.Phase) lobby.TableInfo {
		return lobby.TableInfo{Summary: tables.Summary{
			ID: id, Name: id, Ruleset: ruleset, Title: title, Seats: seats, Humans: humans, Bots: bots,
			Free: seats - humans - bots, Round: round, Spectators: watching, Private: private, Phase: phase,
		}}
	}
	m.lobbyU = lobby.Update{
		Version: 3,
		Online: []lobby.Online{
			{ID: "a", Name: "alice", Sessions: 1}, {ID: "b", Name: "bob", Sessions: 1},
			{ID: "g", Name: "guest7", Guest: true, Sessions: 1}, {ID: "m", Name: "marieke", Sessions: 2},
		},
		Tables: []lobby.TableInfo{
			table("t1", "singularity", "Singularity", 4, 2, 2, 7, 1, false, tables.Playing),
			table("t2", "boerenbridge", "Boerenbridge", 5, 1, 0, 0, 0, false, tables.Waiting),
			table("t3", "doudizhu", "Dou Dizhu", 3, 1, 2, 2, 3, true, tables.Playing),
			table("t4", "specialrounds", "Special Rounds", 4, 3, 1, 19, 0, false, tables.Over),
		},
	}
	// The private table is the viewer's (its host sees it), and they hold
	// a seat at the first.
	m.lobbyU.Tables[2].HostID = m.player.ID
	m.lobbyU.Tables[0].Owners[1] = m.player.ID
	return m
}

// foreheadRound is Special Rounds' round 19 (SR-9) as seat 0 sees it when
// it must play: every card but its own.
func foreheadRound(t *testing.T, m *model) *model {
	g := midGame(t, "specialrounds", 4, nil, 5, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Modifier == trick.Forehead && g.Next() == 0 && v.Phase == trick.PhasePlay
	})
	return onTable(m, snapshotOf(g, "Special Rounds", 0))
}
