package tui

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// s and ? open settings and help over the table: the header keeps the
// countdown, a snapshot meanwhile does not close them, a change applies at
// once, and esc (help: any key) goes back to the table, not the lobby.
func TestSettingsAndHelpOverTheTable(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	press := func(k tea.KeyMsg) string {
		m.Update(k)
		return plainView(m)
	}
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	scr := press(runes("s"))
	if !strings.Contains(scr, "Settings") || !strings.Contains(scr, "⏱ 42 s") || m.screen != tableScreen {
		t.Fatalf("s at the table:\n%s", scr)
	}
	s := m.table.snap
	s.Version++
	m.Update(snapMsg{s: s, ok: true})
	m.drawn = ""
	if scr := plainView(m); !strings.Contains(scr, "Settings") {
		t.Fatalf("a snapshot closed the settings:\n%s", scr)
	}
	scr = press(tea.KeyMsg{Type: tea.KeyRight}) // the language
	if m.set.Lang != "de" || !strings.Contains(scr, "Einstellungen") {
		t.Fatalf("language %q after →:\n%s", m.set.Lang, scr)
	}
	scr = press(tea.KeyMsg{Type: tea.KeyEsc})
	if m.screen != tableScreen || m.table == nil || strings.Contains(scr, "Einstellungen") || !strings.Contains(scr, "Runde 4") {
		t.Fatalf("esc from the settings:\n%s", scr)
	}
	scr = press(runes("?"))
	if !strings.Contains(scr, "⏱ 42 s") || !strings.Contains(scr, "Dein Platz bleibt") {
		t.Fatalf("? at the table:\n%s", scr)
	}
	scr = press(runes("x"))
	if m.screen != tableScreen || strings.Contains(scr, "Dein Platz bleibt") {
		t.Fatalf("a key after the help:\n%s", scr)
	}
}

// The help over the table says the seat is kept and the turn timer runs
// only to a person seated in a running game: not to a spectator, nor once
// the game is over.
func TestOverlaySaysTheSeatIsKeptOnlyWhenItIs(t *testing.T) {
	const kept = "Your seat is kept while this is open"
	help := func(m *model) string {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		return plainView(m)
	}
	if scr := help(midTrick(t, testModel(80, 24, Settings{}))); !strings.Contains(scr, kept+"; your turn timer runs on.") {
		t.Errorf("seated in a running game, the help does not say the seat is kept:\n%s", scr)
	}
	watcher := midTrick(t, testModel(80, 24, Settings{}))
	s := watcher.table.snap
	s.Version++
	s.You = engine.Spectator
	watcher.Update(snapMsg{s: s, ok: true})
	if scr := help(watcher); strings.Contains(scr, kept) {
		t.Errorf("a spectator is told their seat is kept:\n%s", scr)
	}
	if scr := help(gameOver("singularity")(t, testModel(80, 24, Settings{}))); strings.Contains(scr, kept) {
		t.Errorf("after the game the help says the seat is kept:\n%s", scr)
	}
}

// The help over a Singularity table fits 80×24 in every language with the
// keys that work now and what its special cards do.
func TestHelpOverTheTableFits(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		scr := plainView(m)
		if !strings.Contains(scr, "SG Singularity") || !strings.Contains(scr, m.tx.get("Keys here:")) || !strings.Contains(scr, m.tx.get("tab")) {
			t.Errorf("%s: the help lacks the special cards or the keys:\n%s", lang, scr)
		}
		checkFits(t, lang+" help", m.View(), 80, 24)
	}
}

// esc from a running game says what happens to the seat: with no other
// person in a seat at the table the game waits (tables.Config.SeatHold),
// spectators or not; with one there the seat's bot plays on.
func TestBackNoteSaysWhoPlaysTheSeat(t *testing.T) {
	m := midTrick(t, testModel(80, 24, Settings{}))
	if got := m.table.backNote(); !strings.Contains(got, "the game waits for you") {
		t.Errorf("alone with bots: %q", got)
	}
	s := m.table.snap
	s.Version++
	s.Spectators = []string{"carol"}
	m.Update(snapMsg{s: s, ok: true})
	if got := m.table.backNote(); !strings.Contains(got, "the game waits for you") {
		t.Errorf("with a spectator: %q", got)
	}
	s.Version++
	s.Seats = slices.Clone(s.Seats)
	s.Seats[1] = tables.SeatInfo{Name: "bob", Kind: tables.Human, Connected: true}
	m.Update(snapMsg{s: s, ok: true})
	if got := m.table.backNote(); !strings.Contains(got, "a bot plays it until you sit again") {
		t.Errorf("with bob at the table: %q", got)
	}
	s.Version++
	s.Seats[1], s.SeatHold = tables.SeatInfo{Name: "Grace", Kind: tables.Bot}, 0
	m.Update(snapMsg{s: s, ok: true})
	if got := m.table.backNote(); !strings.Contains(got, "a bot plays it until you sit again") {
		t.Errorf("alone with bots on a server without a hold: %q", got)
	}
	for _, lang := range []string{"en", "de", "nl"} { // the status line holds them whole at 80 columns
		tx := newText(lang)
		for _, en := range []string{"Back in the lobby. Your seat is kept: the game waits for you.", "Back in the lobby. Your seat is kept: a bot plays it until you sit again."} {
			if w := visibleWidth(tx.get(en)); w > 80 {
				t.Errorf("%s: %q is %d columns wide", lang, tx.get(en), w)
			}
		}
	}
}

// esc's note stays true in the lobby: once the game left holds for its
// people (the last other person left too) it says the game waits, and once
// it goes on again (someone is back) that a bot plays the seat. A first
// update from before the hold does not turn "waits" into "plays".
func TestBackNoteFollowsTheGameLeft(t *testing.T) {
	m := withLobby(t, testModel(80, 24, Settings{Lang: "de"}))
	waits, plays := backNotes(m.tx)
	set := func(held bool) {
		m.lobbyU.Tables = slices.Clone(m.lobbyU.Tables)
		m.lobbyU.Tables[0].Held = held
		m.followBackNote()
	}
	m.backFrom, m.status = "t1", waits
	set(false)
	if m.status != waits {
		t.Errorf("a lobby update from before the hold changed the note to %q", m.status)
	}
	m.backFrom, m.backHeld, m.status = "t1", false, plays
	set(true)
	if m.status != waits {
		t.Errorf("the game holds, the note says %q", m.status)
	}
	set(false)
	if m.status != plays {
		t.Errorf("the game goes on without her, the note says %q", m.status)
	}
	m.lobbyU.Tables[0].Owners[1] = "" // the host gave her seat to a bot
	set(false)
	if m.status != m.tx.get("Back in the lobby.") || m.backFrom != "" {
		t.Errorf("her seat went to a bot, the note says %q", m.status)
	}
	m.backFrom, m.status = "t1", waits
	m.lobbyU.Tables[0].Owners[1] = m.player.ID
	m.lobbyU.Tables[0].Phase = tables.Over // the hold ran out
	set(false)
	if m.status != m.tx.get("Back in the lobby.") {
		t.Errorf("the game ended, the note says %q", m.status)
	}
	m.lobbyU.Tables[0].Phase = tables.Playing
	m.backFrom = "t1"
	m.say("Something else.", false)
	set(true)
	if m.status != "Something else." || m.backFrom != "" {
		t.Errorf("another status line was overwritten: %q", m.status)
	}
}

// The help over the table says s opens the settings there, and it does, in
// every language: s in the help opens them (its key bar names s), esc goes
// back to the table; any other key closes the help.
func TestSInTheHelpOpensTheSettings(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		m.Update(keyMsg("?"))
		scr := plainView(m)
		if !strings.Contains(scr, m.tx.get("s opens your settings here: language, cards, colours, bell.")) || !strings.Contains(scr, "s "+m.tx.get("settings")) {
			t.Fatalf("%s: the help does not name s:\n%s", lang, scr)
		}
		m.Update(keyMsg("s"))
		if m.table.overlay != settingsOverlay || m.screen != tableScreen {
			t.Fatalf("%s: s in the help: overlay %d, screen %d:\n%s", lang, m.table.overlay, m.screen, plainView(m))
		}
		if scr := plainView(m); !strings.Contains(scr, m.tx.get("Settings")) {
			t.Fatalf("%s: s in the help does not show the settings:\n%s", lang, scr)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyEsc})
		if m.table.overlay != noOverlay || m.screen != tableScreen {
			t.Fatalf("%s: esc from the settings opened from the help: overlay %d, screen %d", lang, m.table.overlay, m.screen)
		}
	}
}
