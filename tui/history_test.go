package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/charmbracelet/x/ansi"

	"errors"
	tea "github.com/charmbracelet/bubbletea"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/store"
)

// fakeArchive holds one finished game of alice's.
type fakeArchive struct{ game store.Game }

func (f *fakeArchive) Games(id string, limit int) ([]store.Game, error) {
	g := f.game
	g.Record = nil
	return []store.Game{g}, nil
}
func (f *fakeArchive) Game(id int64) (store.Game, error) {
	if id != f.game.ID {
		return store.Game{}, errors.New("no such game")
	}
	return f.game, nil
}
func (f *fakeArchive) Leaderboard(family string, humans bool, n int) ([]store.PlayerRating, error) {
	if humans {
		return []store.PlayerRating{{PlayerID: "SHA256:test", Name: "alice", Family: family, Games: 3}}, nil
	}
	return nil, nil
}
func (f *fakeArchive) Rating(id, family string) (store.PlayerRating, error) {
	return store.PlayerRating{PlayerID: id, Family: family}, nil
}

func finishedGame(t *testing.T) store.Game {
	t.Helper()
	return archivedGame(t, -1)
}

// archivedGame is a Boerenbridge game of alice's as the archive keeps it,
// played to its end, or stopped after moves moves (moves >= 0).
func archivedGame(t *testing.T, moves int) store.Game {
	t.Helper()
	return playedGame(t, "boerenbridge", engine.Options{"max_cards": "2"}, [2]string{"Alan", "Grace"}, moves, nil)
}

// playedGame is a seeded game of ruleset for alice and two others, as the
// archive keeps it: played with random moves to its end, or stopped after
// moves steps (moves >= 0); event, when not nil, may give the game an
// event (a penalty) before step n.
func playedGame(t *testing.T, ruleset string, opts engine.Options, others [2]string, moves int, event func(n int) *engine.Event) store.Game {
	t.Helper()
	r, _ := games.Registry().Lookup(ruleset)
	g, opts, err := r.Start(3, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(5)
	for n := 0; !g.Done() && n != moves; n++ {
		if event != nil {
			if e := event(n); e != nil {
				if err := g.(interface{ Event(engine.Event) error }).Event(*e); err != nil {
					t.Fatal(err)
				}
			}
		}
		if g.Next() == engine.Chance {
			_ = g.Deal(rng)
			continue
		}
		s := g.Next()
		l := g.Legal(s)
		if err := g.Apply(s, l[rng.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := engine.MarshalRecord(r, engine.Header{Ruleset: ruleset, Options: opts, Seats: []string{"alice", others[0], others[1]}}, g)
	if err != nil {
		t.Fatal(err)
	}
	tot := g.Result().Totals
	return store.Game{ID: 7, Table: "t9", Ruleset: ruleset, Ended: fixedNow, Record: rec, Seats: []store.Seat{
		{PlayerID: "SHA256:test", Name: "alice", Total: tot[0], Place: 1},
		{PlayerID: store.BotID(others[0]), Name: others[0], Total: tot[1], Place: 2},
		{PlayerID: store.BotID(others[1]), Name: others[1], Total: tot[2], Place: 3},
	}}
}

// The history lists the game; enter replays it step by step.
func TestHistoryAndReplay(t *testing.T) {
	m := testModel(80, 24, Settings{})
	fa := &fakeArchive{game: finishedGame(t)}
	m.app.SetArchive(fa)
	cmd := m.lobbyKey(keyMsg("h"))
	m.Update(cmd())
	if v := m.View(); !strings.Contains(v, "Boerenbridge") || !strings.Contains(v, "7 ") || !strings.Contains(v, "won 1") || !strings.Contains(v, "bids exact") {
		t.Fatalf("history screen:\n%s", v)
	}
	cmd = m.key(keyMsg("enter"))
	m.Update(cmd())
	if m.screen != replayScreen {
		t.Fatalf("enter did not open the replay (screen %v, status %q)", m.screen, m.status)
	}
	end := len(m.replay.events)
	m.key(keyMsg("home"))
	if m.replay.pos != 0 {
		t.Fatalf("home: pos %d", m.replay.pos)
	}
	m.key(keyMsg("]")) // to the next round
	if p := m.replay.pos; p == 0 || p >= end {
		t.Fatalf("next round: pos %d of %d", p, end)
	}
	m.key(keyMsg("right"))
	m.key(keyMsg("left"))
	checkFits(t, "replay", m.View(), 80, 24)
	m.key(keyMsg("esc"))
	if m.screen != historyScreen {
		t.Fatalf("esc from the replay: screen %v", m.screen)
	}

	var out bytes.Buffer
	if err := m.app.export(m.tx, "SHA256:test", "7", &out); err != nil || !bytes.Equal(out.Bytes(), fa.game.Record) {
		t.Fatalf("export: %v", err)
	}
	// What export writes is a record cardroom replay accepts, to the totals
	// the store kept.
	rep, err := engine.Replay(games.Registry(), bytes.NewReader(out.Bytes()))
	if err != nil || !rep.Ended || fmt.Sprint(rep.Result.Totals) != fmt.Sprint(fa.game.Totals()) {
		t.Fatalf("the export does not replay to the kept totals: %v, %v vs %v", err, rep.Result.Totals, fa.game.Totals())
	}
	notYours := m.app.export(m.tx, "SHA256:other", "7", &out)
	if notYours == nil {
		t.Fatal("someone who did not play exported the game")
	}
	// Not yours and no such game read alike: game numbers give nothing away.
	if missing := m.app.export(m.tx, "SHA256:other", "99999", &out); missing == nil || strings.ReplaceAll(missing.Error(), "99999", "7") != notYours.Error() {
		t.Errorf("export of a missing game %q, of someone else's %q: want the same words", missing, notYours)
	}
}

// A seat finished by a bot for the one it is credited to (ON-6) is named
// under the list for the chosen game as the end screen names it, the bot
// beside them; the row keeps every player's name. Long names are clipped by
// cells and everything stays within the screen.
func TestHistoryNamesTheFinisher(t *testing.T) {
	for _, lang := range []string{"", "nl", "de"} {
		m := testModel(80, 24, Settings{Lang: lang})
		g := finishedGame(t)
		g.Seats[0].Finisher = "Grace"
		g.Seats[1].Name = "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		g.Seats[1].Finisher = "Bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
		m.app.SetArchive(&fakeArchive{game: g})
		cmd := m.lobbyKey(keyMsg("h"))
		m.Update(cmd())
		v := m.View()
		checkFits(t, "history", v, 80, 24)
		for _, want := range []string{
			"alice, Aaaaaaaaa…, Gra", // the row, cut at the screen edge as before
			"alice " + m.tx.f("(%s finished)", "Grace"),
			"Aaaaaaaaaaaaaaa… (Bbbbbbbbbbb…",
		} {
			if !strings.Contains(v, want) {
				t.Errorf("%q: history does not show %q:\n%s", lang, want, v)
			}
		}
	}
	// Nobody's seat finished by another: no such line.
	m := testModel(80, 24, Settings{})
	m.app.SetArchive(&fakeArchive{game: finishedGame(t)})
	m.Update(m.lobbyKey(keyMsg("h"))())
	if v := m.View(); strings.Contains(v, "(Grace ") {
		t.Errorf("a finisher named for a game without one:\n%s", v)
	}
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

type memSettings map[string]json.RawMessage

func (m memSettings) Settings(id string) (json.RawMessage, error) { return m[id], nil }
func (m memSettings) SaveSettings(id string, v json.RawMessage) error {
	m[id] = v
	return nil
}

// Settings outlive the server through the store; guests' do not.
func TestSettingsPersist(t *testing.T) {
	saved := memSettings{}
	a := NewApp(nil, games.Registry(), nil)
	a.SetSettingsStore(saved)
	want := Settings{Lang: "nl", Glyphs: CJKSafe, FourColour: true, Bell: true}
	a.saveSettings("SHA256:k", want)
	a.saveSettings("guest-3", want)
	if _, ok := saved["guest-3"]; ok {
		t.Fatal("a guest's settings were saved")
	}
	b := NewApp(nil, games.Registry(), nil) // a restarted server
	b.SetSettingsStore(saved)
	if got := b.loadSettings("SHA256:k", false, nil); got != want {
		t.Fatalf("loaded %+v, want %+v", got, want)
	}
	saved["SHA256:bad"] = json.RawMessage(`{"lang":"xx","glyphs":9}`)
	if got := b.loadSettings("SHA256:bad", false, nil); got.Lang != "en" || got.Glyphs != Unicode {
		t.Fatalf("bad saved settings loaded as %+v", got)
	}
}

// The leaderboard's tabs name the games in the player's language.
func TestGameTitlesTranslated(t *testing.T) {
	m := testModel(80, 24, Settings{Lang: "de"})
	m.app.SetArchive(&fakeArchive{game: finishedGame(t)})
	m.Update(m.lobbyKey(keyMsg("r"))())
	if v := m.View(); !strings.Contains(v, "Sonderrunden") || strings.Contains(v, "Special Rounds") {
		t.Fatalf("leaderboard:\n%s", v)
	}
}

// A game not played to its end (the table closed first) shows no place in
// the history, says so under the list, and its first place is no win.
func TestHistoryMarksAnUnfinishedGame(t *testing.T) {
	for _, lang := range []string{"", "de", "nl"} {
		m := testModel(80, 24, Settings{Lang: lang})
		m.app.SetArchive(&fakeArchive{game: archivedGame(t, 10)})
		m.Update(m.lobbyKey(keyMsg("h"))())
		v := m.View()
		checkFits(t, "history", v, 80, 24)
		if !strings.Contains(v, m.tx.get("Not played to its end: unrated.")) {
			t.Errorf("%q: no note of the unfinished game:\n%s", lang, v)
		}
		if !strings.Contains(v, m.tx.f("won %d", 0)) {
			t.Errorf("%q: an unfinished game counts as a win:\n%s", lang, v)
		}
	}
	m := testModel(80, 24, Settings{})
	m.app.SetArchive(&fakeArchive{game: finishedGame(t)})
	m.Update(m.lobbyKey(keyMsg("h"))())
	if v := m.View(); strings.Contains(v, "Not played to its end") || !strings.Contains(v, m.tx.f("won %d", 1)) {
		t.Errorf("a finished game:\n%s", v)
	}
}

// A profile line of the history too long for the screen leaves out whole
// figures from its end and says so with "…", in every language and width:
// never a figure cut short, which reads as another one.
func TestHistoryProfileLineDropsWholeFigures(t *testing.T) {
	f := familyStats{title: "Special Rounds", games: 1, rounds: 19, points: -270, bids: 19, exact: 4}
	for _, lang := range []string{"", "nl", "de"} {
		full := ""
		for w := 200; w >= minWidth; w-- {
			m := testModel(max(w, 80), 24, Settings{Lang: lang})
			m.width = w
			line := ansi.Strip(m.profileLine(f))
			if full == "" {
				full = line
				if !strings.Contains(full, m.tx.f("bids exact %d %%", 21)) {
					t.Fatalf("%q: the line lacks its last figure: %q", lang, full)
				}
			}
			if ansi.StringWidth(line) > w {
				t.Fatalf("%q at %d columns: %q is %d wide", lang, w, line, ansi.StringWidth(line))
			}
			if lang == "nl" && w == 80 && line != "Speciale rondes  1 partij · 0 gewonnen · -14,2 punten per ronde …" {
				t.Errorf("the Dutch line at 80 columns: %q", line)
			}
			kept, cut := strings.CutSuffix(line, " …")
			if line != full && (!cut || !strings.HasPrefix(full, kept+" · ")) && !strings.HasSuffix(line, "…") {
				t.Fatalf("%q at %d columns: %q is not %q with whole figures left out", lang, w, line, full)
			}
		}
	}
}

// A guest is told the truth: settings last this session, games are not kept;
// a player with a key is told they are, in every language.
func TestGuestIsNotPromisedWhatIsNotKept(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, guest := range []bool{true, false} {
			m := testModel(80, 24, Settings{Lang: lang})
			m.player.Guest = guest
			m.screen = settingsScreen
			settings := stripANSI(m.View())
			m.history, m.screen, m.drawn = &historyModel{ready: true}, historyScreen, ""
			history := stripANSI(m.View())
			wantSet, wantHist := m.tx.get("remembered for your key"), m.tx.get("No finished games yet. Play one: they are kept here.")
			if guest {
				wantSet, wantHist = m.tx.get("for this session only"), m.tx.get("Games played as a guest are not shown here: log in with an SSH key to keep yours.")
			}
			if !strings.Contains(settings, wantSet) {
				t.Errorf("%s, guest %v: settings do not say %q:\n%s", lang, guest, wantSet, settings)
			}
			if !strings.Contains(history, wantHist) {
				t.Errorf("%s, guest %v: history does not say %q:\n%s", lang, guest, wantHist, history)
			}
		}
	}
}

// The history's points per round count a scorekeeper's penalties (BB-7),
// as the game's total beside them does.
func TestHistoryPointsPerRoundCountPenalties(t *testing.T) {
	sum := playedGame(t, "boerenbridge", engine.Options{"max_cards": "2"}, [2]string{"Alan", "Grace"}, -1, func(n int) *engine.Event {
		if n != 6 {
			return nil
		}
		return &engine.Event{E: engine.EvPenalty, Seat: 0, Points: -7, Reason: "late"}
	})
	rep, err := engine.Replay(games.Registry(), bytes.NewReader(sum.Record))
	if err != nil {
		t.Fatal(err)
	}
	res, rounds := rep.Result, 0
	for _, rs := range res.Rounds {
		rounds += rs[0]
	}
	if res.Totals[0] != rounds-7 {
		t.Fatalf("total %d, rounds %d: the penalty is not in the total", res.Totals[0], rounds)
	}
	fs, _ := profileOf(&fakeArchive{game: sum}, games.Registry(), "SHA256:test", []store.Game{sum})
	if len(fs) != 1 || fs[0].points != res.Totals[0] || fs[0].rounds != len(res.Rounds) {
		t.Fatalf("profile %+v, want %d points over %d rounds", fs, res.Totals[0], len(res.Rounds))
	}
}
