package tui

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// fakeSession is a session without SSH: a fixed window and colour profile.
type fakeSession struct {
	w, h int
	r    *lipgloss.Renderer
}

func newFakeSession(w, h int, p termenv.Profile) *fakeSession {
	r := lipgloss.NewRenderer(io.Discard, termenv.WithProfile(p))
	r.SetColorProfile(p)
	r.SetHasDarkBackground(true)
	return &fakeSession{w: w, h: h, r: r}
}

func (f *fakeSession) Window() (int, int)           { return f.w, f.h }
func (f *fakeSession) Renderer() *lipgloss.Renderer { return f.r }
func (f *fakeSession) Context() context.Context     { return context.Background() }
func (f *fakeSession) Args() []string               { return nil }

var fixedNow = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// testModel is a model on a fake session, without a lobby behind it.
func testModel(w, h int, set Settings) *model {
	app := NewApp(nil, games.Registry(), func() time.Time { return fixedNow })
	if set.Lang == "" {
		set.Lang = "en"
	}
	return newModel(app, newFakeSession(w, h, termenv.ANSI256), lobby.Entry{Player: tables.Player{ID: "SHA256:test", Name: "alice"}}, set)
}

// midGame plays a seeded game of ruleset with random legal moves until seat
// 0 must act in the wanted phase (or until moves have been made), and
// returns it.
func midGame(t testing.TB, ruleset string, players int, opts engine.Options, seed uint64, stop func(g engine.Game) bool) engine.Game {
	t.Helper()
	r, err := games.Registry().Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := r.Start(players, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(seed)
	for steps := 0; !g.Done() && steps < 10000; steps++ {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if stop(g) {
			return g
		}
		s := g.Next()
		legal := g.Legal(s)
		if err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: never reached the wanted position", ruleset)
	return nil
}

// snapshotOf is the snapshot seat you would get of g at a table.
func snapshotOf(g engine.Game, title string, you int) tables.Snapshot {
	n := g.Players()
	seats := make([]tables.SeatInfo, n)
	for i := range seats {
		seats[i] = tables.SeatInfo{Name: tables.BotName(i), Kind: tables.Bot}
	}
	if you >= 0 {
		seats[you] = tables.SeatInfo{Name: "alice", Kind: tables.Human, Connected: true}
	}
	if n > 2 {
		seats[2] = tables.SeatInfo{Name: "bob", Kind: tables.Away}
	}
	return tables.Snapshot{
		Version: 7, TableID: "t1", Name: "alice's table", Ruleset: g.Ruleset(), Title: title,
		Seats: seats, Host: "alice", YouHost: true, You: you, Phase: tables.Playing,
		View: g.View(you), Turn: g.Next(), Deadline: fixedNow.Add(42 * time.Second), TurnTimer: time.Minute,
		SeatHold: tables.DefaultSeatHold, Result: g.Result(),
		Chat: []tables.ChatLine{
			{From: "bob", Seat: 2, Text: "good luck all"},
			{Text: "carol left: a bot plays seat 4", System: true},
		},
	}
}

// onTable puts the model on the table screen with snapshot s.
func onTable(m *model, s tables.Snapshot) *model {
	m.table = newTableModel(m, nil, nil)
	m.screen = tableScreen
	m.table.snapshot(s)
	return m
}

type screenCase struct {
	name string
	snap func(t testing.TB) tables.Snapshot
}

func screens() []screenCase {
	trickMid := func(ruleset string, players int, opts engine.Options, seed uint64, title string) func(t testing.TB) tables.Snapshot {
		return func(t testing.TB) tables.Snapshot {
			g := midGame(t, ruleset, players, opts, seed, func(g engine.Game) bool {
				return g.Next() == 0 && g.Result().Rounds != nil && len(g.Result().Rounds) >= 3 && g.Legal(0)[0].Kind == engine.Play
			})
			return snapshotOf(g, title, 0)
		}
	}
	return []screenCase{
		{"singularity", trickMid("singularity", 4, nil, 1, "Singularity")},
		{"specialrounds", trickMid("specialrounds", 4, nil, 2, "Special Rounds")},
		{"boerenbridge", trickMid("boerenbridge", 5, nil, 3, "Boerenbridge")},
		{"doudizhu", func(t testing.TB) tables.Snapshot {
			g := midGame(t, "doudizhu", 3, nil, 4, func(g engine.Game) bool {
				if g.Next() != 0 {
					return false
				}
				l := g.Legal(0)
				return len(l) > 2 && slices.Contains(l, engine.PassMove()) // following, with plays to beat
			})
			return snapshotOf(g, "Dou Dizhu", 0)
		}},
	}
}

// TestScreensFit checks every game screen at 80×24 and 200×50: exactly the
// terminal's height, no line wider than the terminal.
func TestScreensFit(t *testing.T) {
	for _, sc := range screens() {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
			m := onTable(testModel(size[0], size[1], Settings{}), sc.snap(t))
			checkFits(t, sc.name, m.View(), size[0], size[1])
			m.table.showSheet, m.drawn = true, ""
			checkFits(t, sc.name+" sheet", m.View(), size[0], size[1])
		}
	}
	m := testModel(80, 24, Settings{})
	checkFits(t, "lobby", m.View(), 80, 24)
	m.form = newCreateForm(games.Registry().All(), "boerenbridge")
	m.screen = createScreen
	checkFits(t, "create form", m.View(), 80, 24)
}

func checkFits(t *testing.T, name, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("%s at %d×%d: %d lines, want %d\n%s", name, w, h, len(lines), h, view)
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Errorf("%s at %d×%d: line %d is %d wide:\n%s", name, w, h, i+1, lw, l)
		}
	}
}

// While the window is too small no key acts unseen: a quick play or the
// create form waits; q quits, as the screen says, in every language.
func TestTooSmallIgnoresKeysButQuit(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := testModel(30, 10, Settings{Lang: lang})
		for _, k := range []string{"4", "n", "1", "c", "s", "enter", "esc"} {
			if _, cmd := m.Update(keyMsg(k)); cmd != nil || m.screen != lobbyScreen || m.form != nil {
				t.Fatalf("%s: %q acted on the too-small screen: screen %v", lang, k, m.screen)
			}
		}
		if !strings.Contains(stripANSI(m.View()), "q") {
			t.Errorf("%s: the too-small screen does not say q quits", lang)
		}
		if _, cmd := m.Update(keyMsg("q")); cmd == nil {
			t.Fatalf("%s: q did not quit", lang)
		} else if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Errorf("%s: q did not quit", lang)
		}
		m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if m.Update(keyMsg("n")); m.screen != createScreen {
			t.Errorf("%s: n at 80×24 did not open the create form", lang)
		}
	}
}

func TestTooSmallSaysWhatIsNeeded(t *testing.T) {
	m := testModel(60, 20, Settings{})
	if v := m.View(); !strings.Contains(v, "80×24") || !strings.Contains(v, "60×20") {
		t.Fatalf("too-small screen: %q", v)
	}
}

// TestSpectatorScreenShowsNoHand: a spectator's screen draws no hand.
func TestSpectatorScreenShowsNoHand(t *testing.T) {
	for _, sc := range screens() {
		s := sc.snap(t)
		s.You = engine.Spectator
		s.YouHost = false
		s.Seats[0] = tables.SeatInfo{Name: "Ada", Kind: tables.Bot}
		// The spectator's snapshot carries the spectator view.
		s.View = spectatorView(t, sc)
		m := onTable(testModel(80, 24, Settings{Glyphs: ASCII}), s)
		v := m.View()
		if strings.Contains(v, "+--+") {
			t.Errorf("%s: a spectator sees a hand frame:\n%s", sc.name, v)
		}
		if !strings.Contains(v, "hands stay hidden") {
			t.Errorf("%s: no word that hands are hidden:\n%s", sc.name, v)
		}
	}
}

func spectatorView(t testing.TB, sc screenCase) engine.View {
	// Rebuild the same game and take its spectator view.
	switch sc.name {
	case "doudizhu":
		g := midGame(t, "doudizhu", 3, nil, 4, func(g engine.Game) bool {
			l := g.Legal(0)
			return g.Next() == 0 && len(l) > 2 && slices.Contains(l, engine.PassMove())
		})
		return g.View(engine.Spectator)
	}
	r, _ := games.Registry().Lookup(sc.name)
	players := 4
	if r.Name == "boerenbridge" {
		players = 5
	}
	g := midGame(t, sc.name, players, nil, map[string]uint64{"singularity": 1, "specialrounds": 2, "boerenbridge": 3}[sc.name], func(g engine.Game) bool {
		return g.Next() == 0 && len(g.Result().Rounds) >= 3 && g.Legal(0)[0].Kind == engine.Play
	})
	return g.View(engine.Spectator)
}

// BenchmarkView renders each full game screen at 120×40 (ARCHITECTURE.md
// Budgets: ≤ 100 µs).
func BenchmarkView(b *testing.B) {
	for _, sc := range screens() {
		b.Run(sc.name, func(b *testing.B) {
			m := onTable(testModel(120, 40, Settings{}), sc.snap(b))
			b.ReportAllocs()
			for b.Loop() {
				// A full draw from nothing: no frame, no parts kept from the
				// last draw (BenchmarkTableFrame measures frames as they come).
				m.drawn, m.table.parts, m.memo = "", tableParts{}, frameMemo{}
				_ = m.View()
			}
		})
	}
}

// A click on a card of the hand moves the cursor there; a second click on
// it plays it.
func TestClickOnACard(t *testing.T) {
	for _, w := range []int{80, 200} {
		m := onTable(testModel(w, 50, Settings{}), screens()[0].snap(t))
		_ = m.View()
		tm := m.table
		if tm.handY < 0 || !tm.myTurn {
			t.Fatalf("width %d: no hand on screen (handY %d, my turn %v)", w, tm.handY, tm.myTurn)
		}
		click := tea.MouseMsg{X: m.padX + tm.handX + 1 + 3*1, Y: tm.handY, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
		if cmd := tm.click(click); cmd != nil || tm.cursor != 1 {
			t.Fatalf("width %d: first click: cursor %d, cmd %v; want cursor 1, no move", w, tm.cursor, cmd != nil)
		}
		if cmd := tm.click(click); cmd == nil {
			t.Fatalf("width %d: a second click on the same card does not play it", w)
		}
	}
}

// Keys typed together arrive as one message; each one counts.
func TestMergedKeysAllCount(t *testing.T) {
	got := splitKeys(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("jjk")})
	if len(got) != 3 || got[0].String() != "j" || got[2].String() != "k" {
		t.Fatalf("splitKeys = %v", got)
	}
	if got := splitKeys(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("paste"), Paste: true}); len(got) != 1 {
		t.Fatalf("a paste was split: %v", got)
	}
	m := testModel(80, 24, Settings{})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("ss")}) // settings, then a key on it
	if m.screen != settingsScreen {
		t.Fatalf("screen %v after \"ss\"", m.screen)
	}
}

// Esc typed just before a letter reaches the app as alt+letter (the
// terminal sends both as esc and the letter); it counts as esc, then the
// letter. A text field keeps the alt keys it binds (alt+b, alt+f, alt+d).
func TestEscThenALetterCountsAsBoth(t *testing.T) {
	got := splitKeys(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s"), Alt: true})
	if len(got) != 2 || got[0].Type != tea.KeyEsc || got[1].String() != "s" {
		t.Fatalf("splitKeys(alt+s) = %v, want esc then s", got)
	}
	m := testModel(80, 24, Settings{})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")})
	if m.screen != settingsScreen {
		t.Fatalf("screen %v after s", m.screen)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s"), Alt: true}) // esc back to the lobby, then s again
	if m.screen != settingsScreen {
		t.Fatalf("screen %v after esc and s typed together, want the settings again", m.screen)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":")}) // the lobby's command line
	if !m.takingText() {
		t.Fatal("the lobby's command line does not take text")
	}
	if got := m.splitIfKeys(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("b"), Alt: true}); len(got) != 1 {
		t.Errorf("splitIfKeys(alt+b) = %v: a word key of a text field", got)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s"), Alt: true}) // esc closes the line, then s
	if m.takingText() || m.screen != settingsScreen {
		t.Errorf("after esc and s typed together on the command line: taking text %v, screen %v; want the settings", m.takingText(), m.screen)
	}
}

// visibleWidth agrees with lipgloss.Width on the text screens are made of.
func TestVisibleWidth(t *testing.T) {
	st := NewStyles(termenv.ANSI256, Settings{})
	for _, s := range []string{
		"", "plain", st.Card(cards.New(cards.Ace, cards.Spades)) + " · " + st.Bold.Render("Grüße ←→ ▸ ╭──╮ μ σ ⏱ 42 s"),
		st.cardRow([]cards.Card{cards.Singularity, cards.Clanker}, nil, 0), "日本語 names", "e\u0301", "tab\there", "\x1b]0;title\x07x",
	} {
		for _, line := range strings.Split(s, "\n") {
			if got, want := visibleWidth(line), lipgloss.Width(line); got != want {
				t.Errorf("visibleWidth(%q) = %d, lipgloss.Width = %d", line, got, want)
			}
		}
	}
}

// "/me waves" shows as an action, "* bob waves"; a bare "/me" is plain chat.
func TestChatActionLine(t *testing.T) {
	g := midGame(t, "singularity", 4, nil, 1, func(g engine.Game) bool { return g.Next() == 0 })
	s := snapshotOf(g, "Singularity", 0)
	s.Chat = append(s.Chat, tables.ChatLine{From: "bob", Seat: 2, Text: "/me waves"}, tables.ChatLine{From: "bob", Seat: 2, Text: "/me"})
	m := onTable(testModel(80, 24, Settings{}), s)
	got := stripANSI(strings.Join(m.table.chatLines(), "\n"))
	if !strings.Contains(got, "* bob waves") || strings.Contains(got, "/me waves") || !strings.Contains(got, "bob: /me") {
		t.Errorf("chat:\n%s\nwant \"* bob waves\" and a bare \"bob: /me\"", got)
	}
}
