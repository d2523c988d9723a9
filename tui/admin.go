package tui

import (
	"errors"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/names"
	"github.com/cardroom/cardroom/store"
)

// BanStore keeps bans across restarts (*store.Store) and says who holds a
// name, so that a ban by name bans the key behind it.
type BanStore interface {
	AddBan(b store.Ban) error
	RemoveBan(kind, value string) (bool, error)
	Bans() ([]store.Ban, error)
	NameOwner(name string) (string, error)
}

// admins is what the card room's admins have: their keys, the bans in
// force and the message of the day. It belongs to the App.
type admins struct {
	keys  map[string]bool // admins' key fingerprints; read-only once serving
	motd  []string        // the message of the day's lines, cleaned; read-only once serving
	store BanStore        // nil: bans last while the server runs
	// bans by kind and value, guarded by App.mu.
	bans map[[2]string]store.Ban
}

// liveInfo is what the admin screen shows of a session.
type liveInfo struct {
	name  string
	ip    string
	since time.Time
	guest bool
	subs  *subscriptions // the session's: what it shows (rewatch.go)
}

// SetAdmins makes the keys with these fingerprints ("SHA256:…") admins.
// Call it before serving.
func (a *App) SetAdmins(fingerprints []string) {
	a.admin.keys = map[string]bool{}
	for _, f := range fingerprints {
		a.admin.keys[f] = true
	}
}

// SetMOTD sets the message of the day shown on the lobby: at most
// motdLines lines, control characters removed. Call it before serving.
func (a *App) SetMOTD(s string) {
	a.admin.motd = nil
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if len(a.admin.motd) == motdLines {
			break
		}
		a.admin.motd = append(a.admin.motd, cleanLine(ansi.Strip(l))) // a coloured motd file shows its text
	}
	if len(a.admin.motd) == 1 && a.admin.motd[0] == "" {
		a.admin.motd = nil
	}
}

// motdLines is the most lines of the message of the day the lobby shows.
const motdLines = 3

// cleanLine is s without control characters (tabs become spaces).
func cleanLine(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			return -1
		}
		return r
	}, s)
}

// SetBans loads the bans in force from bs and keeps new ones there. Call it
// before serving.
func (a *App) SetBans(bs BanStore) error {
	bans, err := bs.Bans()
	if err != nil {
		return err
	}
	a.admin.store = bs
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, b := range bans {
		a.admin.bans[[2]string{b.Kind, b.Value}] = b
	}
	return nil
}

// Refused says why the player with id, from ip, may not come in (a ban),
// in the language of env (the environment the client sent), or "". The
// SSH server asks it before a session opens.
func (a *App) Refused(id, ip string, env []string) string {
	now := a.now()
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, k := range [][2]string{{store.BanKey, id}, {store.BanIP, ip}} {
		b, ok := a.admin.bans[k]
		if !ok {
			continue
		}
		if !b.Expires.IsZero() && !now.Before(b.Expires) {
			delete(a.admin.bans, k)
			continue
		}
		return banText(newText(langOf(env)), b.Expires, now)
	}
	return ""
}

// banText tells a banned player how long the ban lasts: until expires
// (and how long that is from now), or for good when expires is zero.
func banText(tx *text, expires, now time.Time) string {
	if expires.IsZero() {
		return tx.get("You are banned from this card room for good.")
	}
	return tx.f("You are banned from this card room until %s UTC, %s from now.", expires.UTC().Format("2006-01-02 15:04"), banLeft(tx, expires.Sub(now)))
}

// banLeft is how long a ban has to run, rounded up: in days from two days
// on, in hours from two hours on, else in minutes.
func banLeft(tx *text, d time.Duration) string {
	ceil := func(unit time.Duration) int { return int((d + unit - 1) / unit) }
	switch {
	case d > 48*time.Hour:
		return tx.f("%d days", ceil(24*time.Hour))
	case d > 2*time.Hour:
		return tx.f("%d hours", ceil(time.Hour))
	case d > time.Minute:
		return tx.f("%d minutes", ceil(time.Minute))
	}
	return tx.get("a minute")
}

func (m *model) isAdmin() bool { return m.app.admin.keys[m.player.ID] }

// SetLogger gives the app the server's log, for admin actions; call it before serving.
func (a *App) SetLogger(l *log.Logger) { a.log = l }

// adminWho is the admin giving a command: name and key fingerprint.
type adminWho struct{ name, key string }

// logAdmin logs an admin's action at info level: admin, key, then what was done to whom (kv).
func (a *App) logAdmin(by adminWho, action string, kv ...any) {
	if a.log == nil {
		return
	}
	a.log.Info("admin "+action, append([]any{"admin", by.name, "key", by.key}, kv...)...)
}

// noticeMsg is an admin's announcement, shown to every session.
type noticeMsg struct{ text string }

// adminCommand runs an admin's ":" command; ok is false when line is not
// one (the caller says so).
func (m *model) adminCommand(line string) (cmd tea.Cmd, ok bool) {
	if !m.isAdmin() {
		return nil, false
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil, false
	}
	tx, a, by := m.tx, m.app, adminWho{m.player.Name, m.player.ID}
	switch f[0] {
	case "kick":
		if len(f) != 2 {
			return m.fail(errors.New(tx.get("usage: :kick NAME"))), true
		}
		return func() tea.Msg {
			key := names.Key(f[1]) // as :ban: case and look-alikes folded
			n := a.kick(func(_ string, li liveInfo) bool { return names.Key(li.name) == key }, "An admin closed your session.")
			if n == 0 {
				a.logAdmin(by, "kick", "target", f[1], "err", "nobody of that name is online")
				return doneMsg{err: errors.New(tx.f("Nobody called %s is online.", clipText(f[1], 24)))}
			}
			a.logAdmin(by, "kick", "target", f[1], "sessions", n)
			return doneMsg{note: tx.f("%s was kicked.", clipText(f[1], 24))}
		}, true
	case "ban":
		if len(f) < 2 || len(f) > 3 {
			return m.fail(errors.New(tx.get("usage: :ban NAME|KEY|IP [DURATION, e.g. 2h or 7d]"))), true
		}
		var d time.Duration
		if len(f) == 3 {
			var err error
			if d, err = parseDuration(f[2]); err != nil || d <= 0 {
				return m.fail(errors.New(tx.f("%q is not a duration: write e.g. 30m, 2h or 7d.", clipText(f[2], 12)))), true
			}
		}
		return func() tea.Msg { return a.ban(tx, f[1], d, by) }, true
	case "unban":
		if len(f) != 2 {
			return m.fail(errors.New(tx.get("usage: :unban NAME|KEY|IP (the admin screen lists the bans)"))), true
		}
		return func() tea.Msg { return a.unban(tx, f[1], by) }, true
	case "announce":
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "announce"))
		if text == "" {
			return m.fail(errors.New(tx.get("usage: :announce TEXT"))), true
		}
		text = fit(cleanLine(text), 200)
		return func() tea.Msg {
			n := a.announce(text, by.key)
			a.logAdmin(by, "announce", "text", text, "sessions", n)
			return doneMsg{note: announced(tx, text, n)}
		}, true
	}
	return nil, false
}

// announced is the answer to :announce: the notice as the others see it,
// after how many other sessions it went to.
func announced(tx *text, notice string, n int) string {
	to := tx.f("Announced to %d other sessions.", n)
	switch n {
	case 0:
		to = tx.get("Nobody else is online to see it.")
	case 1:
		to = tx.get("Announced to 1 other session.")
	}
	return to + " " + tx.f("Notice: %s", notice)
}

// parseDuration reads a Go duration ("90m", "2h") or a number of days ("7d").
func parseDuration(s string) (time.Duration, error) {
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days > 3650 {
			return 0, errors.New("bad days")
		}
		return time.Duration(days) * 24 * time.Hour, nil
	}
	return time.ParseDuration(s)
}

// kick closes the live sessions that match; it returns how many.
func (a *App) kick(match func(id string, li liveInfo) bool, reason string) int {
	a.mu.Lock()
	var closers []func()
	for id, li := range a.who {
		if s := a.live[id]; s != nil && match(id, li) {
			closers = append(closers, func() { s.Close(reason) })
		}
	}
	a.mu.Unlock()
	for _, c := range closers {
		c() // outside the lock: a closing session's cleanup takes it
	}
	return len(closers)
}

// ban bans a key (a fingerprint), an IP address, or the key behind a name
// (a guest's IP address: a guest's id is new on every connection) for d (0:
// for good), and closes the sessions it covers.
func (a *App) ban(tx *text, target string, d time.Duration, by adminWho) tea.Msg {
	b := store.Ban{By: by.name, Created: a.now()}
	length := "for good"
	if d > 0 {
		length = d.String()
	}
	failed := func(why string, err error) tea.Msg {
		a.logAdmin(by, "ban", "target", target, "duration", length, "err", why)
		return doneMsg{err: err}
	}
	if d > 0 {
		b.Expires = b.Created.Add(d)
	}
	switch {
	case net.ParseIP(target) != nil:
		b.Kind, b.Value, b.Name = store.BanIP, net.ParseIP(target).String(), target
	case strings.HasPrefix(target, "SHA256:"):
		b.Kind, b.Value = store.BanKey, target
		b.Name = a.nameOf(target)
	default:
		b.Kind, b.Value, b.Name = a.holderOf(target)
		if b.Kind == "" {
			return failed("nobody holds the name", errors.New(tx.f("Nobody holds the name %s.", clipText(target, 24))))
		}
	}
	if b.Kind == store.BanKey && a.admin.keys[b.Value] {
		return failed("an admin's key", errors.New(tx.get("That is an admin's key: take it out of the admin keys file first.")))
	}
	if a.admin.store != nil {
		if err := a.admin.store.AddBan(b); err != nil {
			return failed(err.Error(), err)
		}
	}
	a.mu.Lock()
	a.admin.bans[[2]string{b.Kind, b.Value}] = b
	a.mu.Unlock()
	n := a.kick(func(id string, li liveInfo) bool {
		return b.Kind == store.BanKey && id == b.Value || b.Kind == store.BanIP && li.ip == b.Value
	}, "An admin has banned you from this card room.")
	until := "never"
	if !b.Expires.IsZero() {
		until = b.Expires.UTC().Format(time.RFC3339)
	}
	a.logAdmin(by, "ban", "target", target, "kind", b.Kind, "value", b.Value, "name", b.Name, "duration", length, "until", until, "sessions", n)
	return doneMsg{note: tx.f("Banned %s (%s).", clipText(b.Value, 60), clipText(b.Name, 24))}
}

// holderOf is what a ban of the name target covers, found as names are
// compared (names.Key: case and look-alikes folded): the key of the person
// online or holding the name, or a guest's IP address; kind "" if nobody.
func (a *App) holderOf(target string) (kind, value, name string) {
	key := names.Key(target)
	a.mu.Lock()
	for id, li := range a.who {
		if names.Key(li.name) == key {
			name = li.name
			if li.guest {
				kind, value = store.BanIP, li.ip
			} else {
				kind, value = store.BanKey, id
			}
		}
	}
	a.mu.Unlock()
	if kind == "" && a.admin.store != nil {
		if id, err := a.admin.store.NameOwner(target); err == nil {
			kind, value, name = store.BanKey, id, target
		}
	}
	return kind, value, name
}

// unban lifts the ban of a key, an IP address, or a name: the ban made
// for that name (names.Key), else the ban of whoever holds it (holderOf).
func (a *App) unban(tx *text, target string, by adminWho) tea.Msg {
	asked, kind := target, store.BanKey
	if ip := net.ParseIP(target); ip != nil {
		kind, target = store.BanIP, ip.String()
	} else if !strings.HasPrefix(target, "SHA256:") { // a name: the ban made for it
		found := false
		a.mu.Lock()
		for _, b := range a.admin.bans {
			if b.Name != "" && names.Key(b.Name) == names.Key(target) {
				kind, target, found = b.Kind, b.Value, true
				break
			}
		}
		a.mu.Unlock()
		if !found {
			if k, v, _ := a.holderOf(target); k != "" {
				kind, target = k, v
			}
		}
	}
	k := [2]string{kind, target}
	a.mu.Lock()
	_, had := a.admin.bans[k]
	delete(a.admin.bans, k)
	a.mu.Unlock()
	if a.admin.store != nil {
		ok, err := a.admin.store.RemoveBan(kind, target)
		if err != nil {
			a.logAdmin(by, "unban", "target", asked, "kind", kind, "value", target, "err", err.Error())
			return doneMsg{err: err}
		}
		had = had || ok
	}
	if !had {
		a.logAdmin(by, "unban", "target", asked, "kind", kind, "value", target, "err", "no such ban")
		return doneMsg{err: errors.New(tx.f("No ban of %s.", clipText(target, 60)))}
	}
	a.logAdmin(by, "unban", "target", asked, "kind", kind, "value", target)
	return doneMsg{note: tx.f("Lifted the ban of %s.", clipText(target, 60))}
}

// nameOf is the name of the live session of id, or "".
func (a *App) nameOf(id string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.who[id].name
}

// announce sends text to every live session but the one of the admin
// from, who sees it in the answer (announced); it returns how many.
func (a *App) announce(text, from string) int {
	a.mu.Lock()
	sessions := make([]interface{ Send(tea.Msg) }, 0, len(a.live))
	for id, s := range a.live {
		if id != from {
			sessions = append(sessions, s)
		}
	}
	a.mu.Unlock()
	for _, s := range sessions {
		s.Send(noticeMsg{text: text}) // waits for the session's Update, never for its client
	}
	return len(sessions)
}

// adminData is what the admin screen shows, taken when it opens.
type adminData struct {
	sessions []adminSession
	tables   []lobby.TableInfo
	bans     []store.Ban
	err      error
}

type adminSession struct {
	id string
	liveInfo
}

type adminMsg struct{ d adminData }

// openAdmin shows the admin screen once its data has come.
func (m *model) openAdmin() tea.Cmd {
	a := m.app
	return func() tea.Msg {
		var d adminData
		a.mu.Lock()
		for id, li := range a.who {
			if s := a.live[id]; s != nil && s.Context().Err() != nil {
				continue // closing (just kicked or banned): gone in a moment
			}
			d.sessions = append(d.sessions, adminSession{id, li})
		}
		for _, b := range a.admin.bans {
			d.bans = append(d.bans, b)
		}
		a.mu.Unlock()
		slices.SortFunc(d.sessions, func(x, y adminSession) int { return strings.Compare(strings.ToLower(x.name), strings.ToLower(y.name)) })
		slices.SortFunc(d.bans, func(x, y store.Ban) int { return x.Created.Compare(y.Created) })
		if a.lobby != nil {
			u, err := a.lobby.List()
			if err != nil {
				d.err = err
			}
			d.tables = u.Tables
		}
		return adminMsg{d}
	}
}
