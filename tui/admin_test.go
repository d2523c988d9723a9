package tui

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// memBans is a BanStore in memory.
type memBans struct {
	bans   map[[2]string]store.Ban
	owners map[string]string
}

func (s *memBans) AddBan(b store.Ban) error { s.bans[[2]string{b.Kind, b.Value}] = b; return nil }
func (s *memBans) RemoveBan(kind, value string) (bool, error) {
	_, ok := s.bans[[2]string{kind, value}]
	delete(s.bans, [2]string{kind, value})
	return ok, nil
}
func (s *memBans) Bans() ([]store.Ban, error) {
	var out []store.Ban
	for _, b := range s.bans {
		out = append(out, b)
	}
	return out, nil
}
func (s *memBans) NameOwner(name string) (string, error) {
	if id, ok := s.owners[name]; ok {
		return id, nil
	}
	return "", store.ErrNotFound
}

// adminModel is a model of the admin "root" on an app with bans in bs, at
// the clock *now.
func adminModel(t *testing.T, bs *memBans, now *time.Time) *model {
	t.Helper()
	app := NewApp(nil, games.Registry(), func() time.Time { return *now })
	app.SetAdmins([]string{"SHA256:root"})
	if err := app.SetBans(bs); err != nil {
		t.Fatal(err)
	}
	m := newModel(app, newFakeSession(80, 24, termenv.Ascii), lobby.Entry{Player: tables.Player{ID: "SHA256:root", Name: "root"}}, Settings{Lang: "en"})
	return m
}

func runAdmin(t *testing.T, m *model, line string) doneMsg {
	t.Helper()
	cmd, ok := m.adminCommand(line)
	if !ok {
		t.Fatalf("%q is not an admin command", line)
	}
	msg, _ := cmd().(doneMsg)
	return msg
}

// A ban by name bans the key that holds the name; a timed ban ends; an
// admin's key cannot be banned; bad durations and unknown names are told.
func TestAdminBans(t *testing.T) {
	now := fixedNow
	bs := &memBans{bans: map[[2]string]store.Ban{}, owners: map[string]string{"mallory": "SHA256:mallory", "root": "SHA256:root"}}
	m := adminModel(t, bs, &now)
	a := m.app
	if got := runAdmin(t, m, "ban mallory 2h"); got.err != nil || !strings.Contains(got.note, "SHA256:mallory") {
		t.Fatalf("ban mallory: %+v", got)
	}
	if r := a.Refused("SHA256:mallory", "192.0.2.1", nil); !strings.Contains(r, "until") {
		t.Errorf("mallory's key is let in (%q)", r)
	}
	if _, ok := bs.bans[[2]string{store.BanKey, "SHA256:mallory"}]; !ok {
		t.Error("the ban is not in the store")
	}
	now = now.Add(2 * time.Hour)
	if r := a.Refused("SHA256:mallory", "192.0.2.1", nil); r != "" {
		t.Errorf("a ban of 2h holds after 2h: %q", r)
	}
	if got := runAdmin(t, m, "ban 192.0.2.9"); got.err != nil {
		t.Fatal(got.err)
	}
	if r := a.Refused("SHA256:anyone", "192.0.2.9", nil); r != "You are banned from this card room for good." {
		t.Errorf("an IP ban for good: %q", r)
	}
	if got := runAdmin(t, m, "unban 192.0.2.9"); got.err != nil || a.Refused("SHA256:anyone", "192.0.2.9", nil) != "" {
		t.Errorf("unban: %+v", got)
	}
	// The ban made by a name is lifted by that name.
	if got := runAdmin(t, m, "ban mallory"); got.err != nil {
		t.Fatal(got.err)
	}
	if got := runAdmin(t, m, "unban Mallory"); got.err != nil || a.Refused("SHA256:mallory", "192.0.2.1", nil) != "" {
		t.Errorf("unban by name: %+v", got)
	}
	if _, ok := bs.bans[[2]string{store.BanKey, "SHA256:mallory"}]; ok {
		t.Error("the ban lifted by name is still in the store")
	}
	for line, want := range map[string]string{
		"ban root":          "admin's key",
		"ban SHA256:root":   "admin's key",
		"ban nobody":        "Nobody holds the name nobody",
		"unban 192.0.2.200": "No ban of 192.0.2.200",
		"kick nobody":       "Nobody called nobody is online",
	} {
		if got := runAdmin(t, m, line); got.err == nil || !strings.Contains(got.err.Error(), want) {
			t.Errorf("%s: %+v, want an error saying %q", line, got, want)
		}
	}
	for _, line := range []string{"ban mallory soon", "ban mallory -2h", "ban", "kick", "announce", "unban"} {
		cmd, ok := m.adminCommand(line)
		if !ok || cmd == nil {
			t.Fatalf("%q: not handled", line)
		}
		if msg, _ := cmd().(doneMsg); msg.err == nil {
			t.Errorf("%q: no error", line)
		}
	}
}

// :unban NAME finds bans as :ban finds people: the name folded for case
// and look-alikes, and a ban made by key lifted by its holder's name.
func TestUnbanFindsNamesAsBanDoes(t *testing.T) {
	now := fixedNow
	bs := &memBans{bans: map[[2]string]store.Ban{}, owners: map[string]string{"piet": "SHA256:piet"}}
	m := adminModel(t, bs, &now)
	a := m.app
	a.mu.Lock()
	a.who["SHA256:ann3"] = liveInfo{name: "аnn3"} // a Cyrillic а
	a.mu.Unlock()
	if got := runAdmin(t, m, "ban ann3 10m"); got.err != nil || !strings.Contains(got.note, "SHA256:ann3") {
		t.Fatalf("ban ann3: %+v", got)
	}
	if got := runAdmin(t, m, "unban ANN3"); got.err != nil || a.Refused("SHA256:ann3", "192.0.2.1", nil) != "" {
		t.Errorf("unban ANN3 of the ban of аnn3: %+v", got)
	}
	if got := runAdmin(t, m, "ban SHA256:piet"); got.err != nil {
		t.Fatal(got.err)
	}
	if got := runAdmin(t, m, "unban piet"); got.err != nil || a.Refused("SHA256:piet", "192.0.2.1", nil) != "" {
		t.Errorf("unban piet of the ban of piet's key: %+v", got)
	}
	if len(bs.bans) != 0 {
		t.Errorf("bans left in the store: %v", bs.bans)
	}
}

// Only admins have the commands, the admin key and the screen (":" opens
// the lobby's command line for everyone: TestLobbyCommandLineForEveryone).
func TestNoAdminNoCommands(t *testing.T) {
	m := testModel(80, 24, Settings{})
	if _, ok := m.adminCommand("ban mallory"); ok {
		t.Fatal("a player who is no admin may ban")
	}
	m.Update(goldenKey("a"))
	if m.screen != lobbyScreen || strings.Contains(m.View(), "admin") {
		t.Fatalf("a player who is no admin reaches the admin screen:\n%s", m.View())
	}
}

// The admin screen fits the terminal, in every language.
func TestAdminScreenFits(t *testing.T) {
	now := fixedNow
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			m := adminModel(t, &memBans{bans: map[[2]string]store.Ban{}}, &now)
			m.set.Lang = lang
			m.restyle()
			m.width, m.height = size[0], size[1]
			d := adminData{}
			for i := range 30 {
				d.sessions = append(d.sessions, adminSession{id: "SHA256:" + strings.Repeat("x", 43), liveInfo: liveInfo{name: "日本語の名前です長い" + string(rune('a'+i%26)), ip: "2001:db8::1", since: now}})
				d.bans = append(d.bans, store.Ban{Kind: store.BanKey, Value: "SHA256:" + strings.Repeat("y", 43), Name: "🃏🃏🃏🃏🃏🃏🃏🃏🃏", By: "root", Expires: now.Add(time.Hour)})
			}
			d.err = errors.New("the lobby has stopped")
			m.Update(adminMsg{d})
			m.Update(goldenKey(":"))
			m.Update(goldenKey(strings.Repeat("announce ", 30)))
			checkFits(t, "admin screen "+lang, m.View(), size[0], size[1])
			m.Update(tea.KeyMsg{Type: tea.KeyEsc})
			m.Update(tea.KeyMsg{Type: tea.KeyEsc})
			if m.screen != lobbyScreen {
				t.Errorf("esc esc leaves the admin screen on %v", m.screen)
			}
		}
	}
}

// The message of the day shows on the lobby, cleaned (escape sequences go
// whole) and cut to the width, three lines at most.
func TestMOTD(t *testing.T) {
	m := testModel(80, 24, Settings{})
	m.app.SetMOTD("Welcome!\x1b[31m red\x07\n" + strings.Repeat("日本語", 40) + "\nthree\nfour\n")
	v := m.View()
	checkFits(t, "lobby with a motd", v, 80, 24)
	if !strings.Contains(v, "Welcome! red") || !strings.Contains(v, "three") || strings.Contains(v, "four") || strings.Contains(v, "\x1b[31m") {
		t.Fatalf("lobby:\n%q", v)
	}
}

// A banned player is told, in the language their client sent (LANG), until
// when the ban holds and how long that is from now, or that it is for good.
func TestBanToldInTheClientsLanguage(t *testing.T) {
	now := fixedNow // 2026-11-30 12:00 UTC
	bs := &memBans{bans: map[[2]string]store.Ban{}, owners: map[string]string{"mallory": "SHA256:mallory"}}
	m := adminModel(t, bs, &now)
	a := m.app
	for _, cmd := range []string{"ban mallory 90m", "ban 192.0.2.9"} {
		if got := runAdmin(t, m, cmd); got.err != nil {
			t.Fatalf("%s: %v", cmd, got.err)
		}
	}
	for _, c := range []struct {
		env     []string
		id, ip  string
		want    string
		elapsed time.Duration
	}{
		{nil, "SHA256:mallory", "192.0.2.1", "You are banned from this card room until 2026-11-30 13:30 UTC, 90 minutes from now.", 0},
		{[]string{"LANG=de_DE.UTF-8"}, "SHA256:mallory", "192.0.2.1", "Du bist bis 2026-11-30 13:30 UTC aus diesem Kartenraum verbannt, also noch 31 Minuten.", 59*time.Minute + 30*time.Second},
		{[]string{"LANG=nl_NL.UTF-8"}, "SHA256:mallory", "192.0.2.1", "Je bent tot 2026-11-30 13:30 UTC uit deze kaartzaal verbannen, nog een minuut.", 89 * time.Minute},
		{[]string{"LANG=de_DE.UTF-8"}, "SHA256:anyone", "192.0.2.9", "Du bist für immer aus diesem Kartenraum verbannt.", 0},
		{[]string{"LC_ALL=nl_BE.UTF-8", "LANG=de_DE.UTF-8"}, "SHA256:anyone", "192.0.2.9", "Je bent voorgoed uit deze kaartzaal verbannen.", 0},
	} {
		now = fixedNow.Add(c.elapsed)
		if got := a.Refused(c.id, c.ip, c.env); got != c.want {
			t.Errorf("%v %s: %q, want %q", c.env, c.id, got, c.want)
		}
	}
}

// How long a ban has to run reads in days, hours or minutes, rounded up.
func TestBanLeft(t *testing.T) {
	tx := newText("en")
	for d, want := range map[time.Duration]string{
		7 * 24 * time.Hour:         "7 days",
		48*time.Hour + time.Second: "3 days",
		48 * time.Hour:             "48 hours",
		2*time.Hour + time.Minute:  "3 hours",
		2 * time.Hour:              "120 minutes",
		61 * time.Second:           "2 minutes",
		time.Minute:                "a minute",
		time.Second:                "a minute",
	} {
		if got := banLeft(tx, d); got != want {
			t.Errorf("banLeft(%v) = %q, want %q", d, got, want)
		}
	}
}

// :kick NAME finds people as :ban does: the name folded for case and
// look-alikes.
func TestKickFindsNamesAsBanDoes(t *testing.T) {
	now := fixedNow
	m := adminModel(t, &memBans{bans: map[[2]string]store.Ban{}}, &now)
	a := m.app
	var closed []string
	a.mu.Lock()
	a.who["SHA256:ann3"] = liveInfo{name: "аnn3"} // a Cyrillic а
	a.live["SHA256:ann3"] = closingSession{closed: &closed}
	a.mu.Unlock()
	if got := runAdmin(t, m, "kick ANN3"); got.err != nil || got.note != "ANN3 was kicked." {
		t.Fatalf("kick ANN3: %+v", got)
	}
	if len(closed) != 1 || closed[0] != "An admin closed your session." {
		t.Errorf("sessions closed: %q", closed)
	}
}

// closingSession is a live session that notes why it was closed.
type closingSession struct {
	sshapp.Session
	closed *[]string
}

func (s closingSession) Close(reason string) { *s.closed = append(*s.closed, reason) }

// :announce shows the notice to the admin who sent it too, after how many
// other sessions it went to; the count is of the others only.
func TestAnnounceShowsTheSenderTheNotice(t *testing.T) {
	now := fixedNow
	for _, others := range []int{0, 1, 2} {
		m := adminModel(t, &memBans{bans: map[[2]string]store.Ban{}}, &now)
		a := m.app
		var got []tea.Msg
		a.mu.Lock()
		a.live[m.player.ID] = updatingSession{m: m}
		for i := range others {
			a.live["SHA256:p"+string(rune('0'+i))] = sendingSession{got: &got}
		}
		a.mu.Unlock()
		m.Update(runAdmin(t, m, "announce Server restarts at six"))
		notice := m.tx.f("Notice: %s", "Server restarts at six")
		if !strings.Contains(m.status, notice) {
			t.Errorf("%d others: the admin's status is %q, without %q", others, m.status, notice)
		}
		count := map[int]string{0: "Nobody else is online", 1: "Announced to 1 other session.", 2: "Announced to 2 other sessions."}[others]
		if !strings.HasPrefix(m.status, count) {
			t.Errorf("%d others: the admin's status is %q, want it to start %q", others, m.status, count)
		}
		if len(got) != others {
			t.Errorf("%d others: they got %d notices", others, len(got))
		}
	}
}

// sendingSession is a live session that notes the messages sent to it.
type sendingSession struct {
	sshapp.Session
	got *[]tea.Msg
}

func (s sendingSession) Send(msg tea.Msg) { *s.got = append(*s.got, msg) }

// updatingSession is a live session whose messages go to its model.
type updatingSession struct {
	sshapp.Session
	m *model
}

func (s updatingSession) Send(msg tea.Msg) { s.m.Update(msg) }
