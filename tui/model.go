package tui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshapp"
	"github.com/cardroom/cardroom/tables"
)

// session is what a model needs of its SSH session (sshapp.Session).
type session interface {
	Window() (width, height int)
	Renderer() *lipgloss.Renderer
	Context() context.Context
	Args() []string
}

// The smallest terminal the screens are laid out for.
const (
	minWidth  = 80
	minHeight = 24
)

// maxWidth is the widest a table or the lobby is drawn; a wider terminal
// centres it.
const maxWidth = 120

type screen int

const (
	lobbyScreen screen = iota
	createScreen
	tableScreen
	settingsScreen
	historyScreen
	boardScreen
	replayScreen
	adminScreen
)

// Messages the model gives itself.
type (
	lobbyMsg struct {
		u   lobby.Update
		sub *lobby.Subscription
		ok  bool // false: the lobby subscription ended
	}
	snapMsg struct {
		s   tables.Snapshot
		sub *tables.Subscription
		ok  bool // false: the table subscription ended
	}
	// satMsg: a table was joined (or created); subscribe to it.
	satMsg struct {
		t    tables.Handle
		sub  *tables.Subscription
		code string
		err  error
	}
	// doneMsg is the answer of a table or lobby action: an error to show, or
	// a note.
	doneMsg struct {
		err  error
		note string
	}
)

// model is one session's Bubble Tea model.
type model struct {
	app    *App
	sess   session
	player tables.Player
	set    Settings
	st     *Styles
	tx     *text
	width  int
	height int
	screen screen
	status string // one line: the answer to the last action
	isErr  bool
	// backFrom is the table whose running game esc left, backHeld whether
	// the lobby has shown that game holding since (followBackNote).
	backFrom string
	backHeld bool
	// keepStatus: keys do not clear the status before this (the notice of
	// dropped input outlives the keys that still get through)
	keepStatus time.Time
	// keepTillMove: keys do not clear the status before the player's next
	// move at the table (the welcome back after a reconnect, away.go)
	keepTillMove bool
	closed       string // the session is closing: why

	subs *subscriptions
	// The lobby subscription is open only while the lobby screen is shown
	// (syncLobby): elsewhere nothing shows its updates. lobbyU is the last
	// update, dropped with the subscription (a session at a table would keep
	// a version of every table's listing) and replaced as soon as a new one
	// opens (it starts with the lobby's state then).
	lobbySub     *lobby.Subscription // the open one; nil: none
	lobbyOpening bool                // a subscription is being opened
	lobbyGone    bool                // the lobby has stopped or refused one: no more
	entering     bool                // a join or watch from the command line is under way
	linked       bool                // the command line's join was done before the first frame (backToSeat)
	first        tea.Cmd             // what backToSeat's table screen starts with
	lobbyU       lobby.Update
	lobbySel     int
	lobbyPick    string     // the table the lobby's cursor goes to next (pickRow): the one just left, or a login's seat
	filter       string     // show only tables of this rule set ("": all)
	codeIn       *lineInput // typing an invite code in the lobby
	cmdIn        *lineInput // an admin typing a ":" command in the lobby or the admin screen
	adminD       *adminData // what the admin screen shows; nil: not open

	form     *createForm
	settings settingsForm
	profile  termenv.Profile // the terminal's own colour profile (the session renderer's)

	table *tableModel

	history *historyModel
	board   *boardModel
	replay  *replayModel

	showHelp bool
	padX     int    // columns the last frame was moved right by (centre)
	drawn    string // the last frame; "" when it must be drawn again
	memo     frameMemo
}

func newModel(a *App, s session, e lobby.Entry, set Settings) *model {
	w, h := s.Window()
	m := &model{app: a, sess: s, player: e.Player, set: set, width: w, height: h, subs: &subscriptions{}}
	m.profile = s.Renderer().ColorProfile()
	m.restyle()
	if e.Note != "" {
		m.status = m.tx.message(e.Note)
	}
	return m
}

// restyle takes the styles and text of the session's settings. The styles
// are the app's, shared with the other sessions of the same profile and
// settings; the session's renderer is only read (its profile, once).
func (m *model) restyle() {
	m.st = m.app.styles.get(m.profile, m.set)
	m.tx = newText(m.set.Lang)
}

// cleanup runs once the session has ended: the player leaves the lobby and
// their table keeps their seat for them (ON-2).
func (m *model) cleanup() {
	m.subs.closeAll()
	playing, watching := m.subs.shownAt()
	m.app.ended(m.sess, m.player, playing, watching)
}

// subscriptions holds the session's open subscriptions so they can be closed
// from the goroutine that sees the session end, while the program's own
// goroutine opens and swaps them.
type subscriptions struct {
	mu    sync.Mutex
	lobby *lobby.Subscription
	table *tables.Subscription
	done  bool
	// playing is the table of the running game the person sits at on the
	// table screen ("" elsewhere): told at their next login if it ends
	// without them (leftgame.go).
	playing string
	// watching is the table the person watches on the table screen (""
	// elsewhere, and once they chose to quit): their next login soon after
	// lands there again (rewatch.go).
	watching string
}

// setLobby records the lobby subscription; false if the session has ended
// (the caller must close it).
func (s *subscriptions) setLobby(sub *lobby.Subscription) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lobby = sub
	return !s.done
}

// dropLobby forgets the lobby subscription sub, if it is the one recorded:
// the caller closes it.
func (s *subscriptions) dropLobby(sub *lobby.Subscription) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lobby == sub {
		s.lobby = nil
	}
}

// setTable records the table subscription, returning the one it replaces;
// ok is false if the session has ended (the caller must close sub).
func (s *subscriptions) setTable(sub *tables.Subscription) (old *tables.Subscription, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, s.table = s.table, sub
	if sub != old && !s.done {
		s.playing, s.watching = "", ""
	}
	return old, !s.done
}

// quitting forgets the watched table: the person chose to end the session.
func (s *subscriptions) quitting() {
	s.mu.Lock()
	s.watching = ""
	s.mu.Unlock()
}

func (s *subscriptions) closeAll() {
	s.mu.Lock()
	s.done = true
	l, t := s.lobby, s.table
	s.mu.Unlock()
	if l != nil {
		l.Close()
	}
	if t != nil {
		t.Close()
	}
}

func (m *model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.EnterAltScreen, tea.EnableMouseCellMotion}
	args := m.sess.Args()
	if len(args) >= 1 && !m.linked {
		cmds = append(cmds, m.deepLink(args))
	}
	if m.first != nil {
		cmds = append(cmds, m.first)
		m.first = nil
	}
	cmds = append(cmds, m.syncLobby(), m.leftGameNews())
	return tea.Batch(cmds...)
}

// deepLink runs `new GAME`, `join CODE` or `watch TABLE` given on the ssh
// command line.
func (m *model) deepLink(args []string) tea.Cmd {
	arg := ""
	if len(args) > 1 {
		arg = args[1]
	}
	switch args[0] {
	case "new":
		name := arg
		if name == "" {
			name = "singularity"
		}
		if _, err := m.app.reg.Lookup(name); err != nil {
			return m.fail(err)
		}
		m.form = m.newForm(name)
		m.screen = createScreen
		return nil
	case "join":
		m.entering = true // no lobby subscription for a screen that is not shown
		return m.join(arg, -1)
	case "watch":
		m.entering = true
		return m.watch(arg)
	case "bot":
		return m.fail(errors.New("bot speaks the bot protocol, not to a terminal: leave out -t"))
	}
	return m.fail(fmt.Errorf("unknown command %q: use new GAME, join CODE or watch TABLE", clipText(args[0], 20)))
}

func (m *model) fail(err error) tea.Cmd {
	return func() tea.Msg { return doneMsg{err: err} }
}

// wantsLobby says whether the session should hear from the lobby now: only
// the lobby screen shows its updates (its list, who is online; quick play
// picks from that list). An app without a lobby (the screens' tests) has
// none to hear from.
func (m *model) wantsLobby() bool {
	shown := m.screen == lobbyScreen || m.playingAgainShown()
	return shown && !m.entering && !m.lobbyGone && m.app.lobby != nil
}

// playingAgainShown reports whether the screen is a game-over screen whose r
// plays again, or that a spectator watched to its end: the lobby tells it
// when one of its people has started the new table.
func (m *model) playingAgainShown() bool {
	return m.screen == tableScreen && m.table != nil && (m.table.canPlayAgain() || m.table.watchedToEnd())
}

// syncLobby opens the lobby subscription when the session wants one and
// has none, and closes it when it no longer wants it. Update calls it after
// every message, so that every way into or out of the lobby screen does.
func (m *model) syncLobby() tea.Cmd {
	want := m.wantsLobby()
	switch {
	case want && m.lobbySub == nil && !m.lobbyOpening:
		m.lobbyOpening = true
		return m.subscribeLobby()
	case !want && m.lobbySub != nil:
		m.closeLobby()
	}
	return nil
}

// closeLobby closes the open lobby subscription. Closing its channel ends
// the waitLobby command reading it, whose lobbyMsg is then ignored. It is
// closed on a goroutine of its own, not as a tea.Cmd: a Cmd may never run
// once the program ends, and the subscription would outlive the session.
func (m *model) closeLobby() {
	sub := m.lobbySub
	m.lobbySub, m.lobbyU = nil, lobby.Update{}
	m.subs.dropLobby(sub)
	go sub.Close() // not on the UI goroutine: it waits for the lobby
}

func (m *model) subscribeLobby() tea.Cmd {
	return func() tea.Msg {
		sub, err := m.app.lobby.Subscribe()
		if err != nil {
			return lobbySubMsg{err: err}
		}
		if !m.subs.setLobby(sub) {
			sub.Close()
			return nil
		}
		u, ok := <-sub.C // the lobby's state now, at once
		return lobbySubMsg{sub: sub, u: u, ok: ok}
	}
}

type lobbySubMsg struct {
	sub *lobby.Subscription
	u   lobby.Update
	ok  bool // false: the subscription ended before its first update
	err error
}

func waitLobby(sub *lobby.Subscription) tea.Cmd {
	return func() tea.Msg {
		u, ok := <-sub.C
		return lobbyMsg{u: u, sub: sub, ok: ok}
	}
}

func waitSnap(sub *tables.Subscription) tea.Cmd {
	return func() tea.Msg {
		s, ok := <-sub.C
		return snapMsg{s: s, sub: sub, ok: ok}
	}
}

// Update marks the screen to be drawn again, unless the message cannot
// change it, then handles the message (update), then opens or closes the
// lobby subscription for the screen it leaves the session on.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if lm, ok := msg.(lobbyMsg); !ok || m.screen == lobbyScreen || !lm.ok {
		m.drawn = "" // a lobby update changes only the lobby screen
	}
	_, cmd := m.update(msg)
	if sync := m.syncLobby(); sync != nil {
		cmd = tea.Batch(cmd, sync)
	}
	return m, cmd
}

// Farewell is the session's final line in the player's language, once
// the server closes it (sshapp.Farewell).
func (m *model) Farewell() string { return m.closed }

var _ sshapp.Farewell = (*model)(nil)

func (m *model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case sshapp.IdleWarningMsg:
		m.say(m.tx.f("No keys for a while: this session closes in %d s unless you press a key.", int(msg.Remaining.Seconds())), true)
		return m, nil
	case sshapp.InputDroppedMsg:
		m.say(m.tx.get("Too many keys at once: some were dropped."), true)
		m.keepStatus = m.app.now().Add(3 * time.Second)
		return m, nil
	case sshapp.ClosingMsg:
		m.closed = m.tx.message(msg.Reason)
		return m, tea.Quit
	case lobbySubMsg:
		m.lobbyOpening = false
		if msg.err != nil || !msg.ok { // the lobby has stopped
			if msg.sub != nil {
				m.subs.dropLobby(msg.sub)
			}
			m.lobbyGone = true
			if msg.err != nil {
				m.say(m.tx.err(msg.err), true)
			}
			return m, nil
		}
		m.lobbySub, m.lobbyU = msg.sub, msg.u
		m.pickRow()
		m.lobbySel = clamp(m.lobbySel, 0, max(0, len(m.shownTables())-1))
		m.followBackNote()
		if m.table != nil {
			m.table.noteAgain(msg.u)
		}
		if !m.wantsLobby() { // the session left the lobby screen meanwhile
			m.closeLobby()
			return m, nil
		}
		return m, waitLobby(msg.sub)
	case lobbyMsg:
		if msg.sub != m.lobbySub {
			return m, nil // a subscription closed since
		}
		if !msg.ok { // the lobby has stopped
			m.lobbySub = nil
			m.subs.dropLobby(msg.sub)
			m.lobbyGone = true
			return m, nil
		}
		chosen := m.chosenTable()
		m.lobbyU = msg.u
		if m.lobbyPick == "" { // the cursor stays on its table as rows come and go
			m.lobbyPick = chosen
		}
		m.pickRow()
		m.lobbySel = clamp(m.lobbySel, 0, max(0, len(m.shownTables())-1))
		m.followBackNote()
		if m.table != nil && m.table.noteAgain(msg.u) {
			m.drawn = "" // the game-over screen's line changed
		}
		return m, waitLobby(msg.sub)
	case rewatchMsg:
		m.rewatched(msg)
		return m, nil
	case satMsg:
		m.entering = false
		if msg.err != nil {
			m.say(m.tx.err(msg.err), true)
			return m, nil
		}
		old, ok := m.subs.setTable(msg.sub)
		if old != nil && old != msg.sub {
			go old.Close() // not on the UI goroutine: it waits for the table
		}
		if !ok {
			go msg.sub.Close()
			return m, nil
		}
		if m.keepTillMove && (m.table == nil || m.table.sub != msg.sub) { // a welcome back belongs to the table it was said at
			m.status, m.keepTillMove = "", false
		}
		m.table = newTableModel(m, msg.t, msg.sub)
		m.screen = tableScreen
		if msg.code != "" {
			m.say(m.tx.f("Private table: friends join with the code %s", msg.code), false)
		}
		return m, waitSnap(msg.sub)
	case snapMsg:
		if m.table == nil || msg.sub != m.table.sub {
			return m, nil // a subscription we already left
		}
		if !msg.ok {
			// The table has ended: keep its last screen (the standings)
			// until the player goes back to the lobby.
			m.table.ended = true
			m.subs.setShown(tables.Snapshot{Phase: tables.Over})
			return m, nil
		}
		m.subs.setShown(msg.s)
		return m, tea.Batch(m.table.snapshot(msg.s), waitSnap(msg.sub))
	case tickMsg:
		if m.table != nil && msg.tm == m.table && msg.seq == m.table.tickSeq {
			return m, m.table.tick()
		}
		return m, nil
	case gamesMsg:
		if m.history != nil {
			m.history.games, m.history.profile, m.history.err, m.history.ready = msg.games, msg.profile, msg.err, true
			m.history.unfinished = msg.unfinished
		}
		return m, nil
	case boardMsg:
		if m.board != nil && m.app.reg.All()[m.board.family].Name == msg.family {
			m.board.people, m.board.bots, m.board.mine, m.board.err = msg.people, msg.bots, msg.mine, msg.err
		}
		return m, nil
	case replayMsg:
		if msg.err != nil {
			m.say(m.tx.err(msg.err), true)
			return m, nil
		}
		m.replay = msg.r
		m.screen = replayScreen
		m.showReplay(msg.r.pos)
		return m, nil
	case leftGameMsg:
		m.say(m.leftGameNote(msg), false)
		return m, nil
	case noticeMsg:
		m.say(m.tx.f("Notice: %s", msg.text), false)
		return m, nil
	case adminMsg:
		m.adminD = &msg.d
		m.screen = adminScreen
		return m, nil
	case doneMsg:
		if msg.err != nil {
			m.say(m.tx.err(msg.err), true)
			if m.table != nil && refusedForNow(msg.err) {
				m.table.turnNote = m.status
			}
		} else if msg.note != "" {
			m.say(msg.note, false)
		}
		if m.screen == adminScreen { // an admin command may have changed what it shows
			return m, m.openAdmin()
		}
		return m, nil
	case tea.MouseMsg:
		if m.screen == tableScreen && m.table != nil && !m.showHelp {
			return m, m.table.click(msg)
		}
		return m, nil
	case tea.KeyMsg:
		var cmds []tea.Cmd
		if !m.keepTillMove && (m.keepStatus.IsZero() || !m.app.now().Before(m.keepStatus)) {
			m.status = "" // a key answers or dismisses the last message
			m.keepStatus = time.Time{}
		}
		for _, k := range m.splitIfKeys(msg) {
			cmds = append(cmds, m.keyOnScreen(k))
		}
		return m, tea.Batch(cmds...)
	}
	return m, nil
}

// splitIfKeys splits merged keystrokes, unless the screen is taking text.
// A paste loses the escape sequences in it first, whole.
func (m *model) splitIfKeys(k tea.KeyMsg) []tea.KeyMsg {
	if k.Paste {
		k.Runes = []rune(tables.StripEscapes(string(k.Runes)))
	}
	if m.takingText() {
		if escSequence(k) {
			return nil
		}
		if escTyped(k) && !textWordKey(k) {
			k.Alt = false
			return []tea.KeyMsg{{Type: tea.KeyEsc}, k}
		}
		return []tea.KeyMsg{k}
	}
	return splitKeys(k)
}

// textWordKey reports whether k is one of the alt keys a text field binds
// (alt+b, alt+f and alt+d move and delete by word).
func textWordKey(k tea.KeyMsg) bool {
	return len(k.Runes) == 1 && strings.ContainsRune("bfd", k.Runes[0])
}

func (m *model) takingText() bool {
	switch m.screen {
	case lobbyScreen:
		return m.codeIn != nil || m.cmdIn != nil
	case adminScreen:
		return m.cmdIn != nil
	case createScreen:
		return m.form != nil && m.form.editing
	case tableScreen:
		return m.table != nil && m.table.takingText()
	}
	return false
}

// keyOnScreen handles k, and when k changes the screen without saying
// anything, drops the status: it belongs to the screen it was said on
// (esc's "q quits" in the lobby is no answer on the settings screen).
func (m *model) keyOnScreen(k tea.KeyMsg) tea.Cmd {
	screen, status := m.screen, m.status
	cmd := m.key(k)
	if m.screen != screen && m.status == status {
		m.status, m.keepStatus, m.keepTillMove = "", time.Time{}, false
	}
	return cmd
}

func (m *model) say(s string, isErr bool) {
	m.status, m.isErr, m.keepTillMove = s, isErr, false
}

func (m *model) key(k tea.KeyMsg) tea.Cmd {
	m.drawn = ""
	if k.String() == "ctrl+c" {
		m.subs.quitting()
		return tea.Quit
	}
	if m.tooSmallNow() { // nothing may act unseen: only q, as the screen says
		if k.String() == "q" {
			m.subs.quitting()
			return tea.Quit
		}
		return nil
	}
	if m.showHelp {
		m.showHelp = false
		return nil
	}
	if k.String() == "?" && !m.takingText() {
		if m.screen == tableScreen && m.table != nil {
			return m.table.key(k) // an overlay over the table (overlay.go)
		}
		m.showHelp = true
		return nil
	}
	switch m.screen {
	case createScreen:
		switch m.form.update(k) {
		case formCancel:
			m.screen = lobbyScreen
		case formSubmit:
			m.app.rememberForm(m.player.ID, m.form)
			return m.create(m.form.request())
		}
		return nil
	case tableScreen:
		if m.table != nil {
			return m.table.key(k)
		}
	case settingsScreen:
		return m.settingsKey(k)
	case historyScreen:
		return m.historyKey(k)
	case boardScreen:
		return m.boardKey(k)
	case replayScreen:
		return m.replayKey(k)
	case adminScreen:
		return m.adminKey(k)
	}
	return m.lobbyKey(k)
}

// create asks the lobby for a table and sits the host at it.
func (m *model) create(req CreateRequest) tea.Cmd {
	p := m.player
	return func() tea.Msg {
		off := func(d time.Duration) time.Duration {
			if d == 0 {
				return lobby.Off
			}
			return d
		}
		c, err := m.app.lobby.Create(lobby.CreateRequest{
			Host: p, Ruleset: req.Ruleset, Options: req.Options, Seats: req.Players,
			Private: req.Private, TurnTimer: off(req.Timer), BotPace: req.BotPace, TrickPause: req.TrickPause, BotLevels: req.BotLevels,
		})
		if err != nil {
			return satMsg{err: err}
		}
		sub, err := c.Table.Subscribe(p)
		return satMsg{t: c.Table, sub: sub, code: c.Code, err: err}
	}
}

func (m *model) join(idOrCode string, seat int) tea.Cmd {
	p := m.player
	return func() tea.Msg {
		if strings.TrimSpace(idOrCode) == "" {
			return satMsg{err: errors.New("join which table? give its id or invite code")}
		}
		t, err := m.app.lobby.Join(p, idOrCode, seat)
		if err != nil {
			return satMsg{err: err}
		}
		sub, err := t.Subscribe(p)
		if err == nil && m.sess.Context().Err() != nil { // gone while the table answered
			sub.Close()
			return nil
		}
		return satMsg{t: t, sub: sub, err: err}
	}
}

func (m *model) watch(idOrCode string) tea.Cmd {
	p := m.player
	return func() tea.Msg {
		t, err := m.app.lobby.Watch(p, idOrCode)
		if err != nil {
			return satMsg{err: err}
		}
		sub, err := t.Subscribe(p)
		return satMsg{t: t, sub: sub, err: err}
	}
}

// leaveTable goes back to the lobby. The seat is kept (ON-2: the bot plays
// it until the player comes back); giving it up is the table screen's
// explicit leave.
func (m *model) leaveTable(note string) tea.Cmd {
	return m.closeTable(note, nil)
}

// giveUpSeat leaves the table for good (L, :leave): the seat is given up
// before the screen's subscription closes, as closing the last one of a
// seated person would first tell the others they stepped away.
func (m *model) giveUpSeat() tea.Cmd {
	note := m.tx.get("You left the table.")
	if m.table == nil || m.table.t == nil { // no table to leave (a screen drawn from a snapshot)
		return m.leaveTable(note)
	}
	p, t := m.player, m.table.t
	left := make(chan error, 1)
	m.closeTable(note, func() { left <- t.Leave(p) })
	return func() tea.Msg {
		if err := <-left; err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{}
	}
}

// closeTable takes the session off the table screen to the lobby, saying
// note; first, when not nil, runs before the subscription closes.
func (m *model) closeTable(note string, first func()) tea.Cmd {
	if m.table == nil {
		return nil
	}
	t := m.table
	m.table = nil
	m.subs.setTable(nil)
	m.screen = lobbyScreen
	m.lobbyPick = t.snap.TableID
	if m.lobbySub != nil { // still open from the game-over screen: no new list comes first
		m.pickRow()
	}
	if note != "" {
		m.say(note, false)
	}
	// On a goroutine of its own, not as a tea.Cmd: a Cmd may never run once
	// the program ends, and the subscription, no longer recorded in subs,
	// would outlive the session.
	go func() { // not on the UI goroutine: it waits for the table
		if first != nil {
			first()
		}
		if t.sub != nil {
			t.sub.Close()
		}
	}()
	return nil
}

// View draws the screen; a frame that nothing has changed since is not
// drawn again (bubbletea asks for one after every message).
func (m *model) View() string {
	if m.drawn == "" {
		m.drawn = m.draw()
	}
	return m.drawn
}

func (m *model) draw() string {
	if m.closed != "" {
		return m.closed + "\n"
	}
	if m.tooSmallNow() {
		return m.tooSmall()
	}
	var body string
	var keys []binding
	keyRows := 1
	switch {
	case m.showHelp:
		body, keys = m.helpView(), []binding{{m.tx.get("any key"), m.tx.get("back")}}
	case m.screen == createScreen:
		body, keys = m.form.view(m.st, m.tx, m.width, m.height-2), m.formKeys()
	case m.screen == tableScreen && m.table != nil:
		body, keys, keyRows = m.table.screen()
	case m.screen == settingsScreen:
		body, keys = m.settingsView(), m.settingsKeys()
	case m.screen == historyScreen && m.history != nil:
		body, keys = m.historyView(), m.historyKeys()
	case m.screen == boardScreen && m.board != nil:
		body, keys = m.boardView(), m.boardKeys()
	case m.screen == replayScreen && m.replay != nil && m.replay.tm != nil:
		body, keys, keyRows = m.replayView()
	case m.screen == adminScreen && m.adminD != nil:
		body, keys = m.adminView(), m.adminKeys()
	case m.entering && m.screen == lobbyScreen:
		body, keys = m.st.Title.Render("cardroom")+"\n\n"+m.tx.get("On the way to the table…"), []binding{{"q", m.tx.get("quit")}}
	default:
		body, keys, keyRows = m.lobbyView(), m.lobbyKeys(), lobbyKeyRows
	}
	return m.frame(body, keys, keyRows)
}

// frame lays out a screen: the body, padded to the height, then the status
// line and the help bar, in at most keyRows lines.
func (m *model) frame(body string, keys []binding, keyRows int) string {
	memo := &m.memo
	memo.split = splitLines(memo.split[:0], strings.TrimRight(body, "\n"))
	lines := memo.split
	m.padX = 0
	centred := m.width > minWidth+20
	if centred {
		m.padX = m.centrePad(lines)
	}
	help := m.helpBar(keys, m.width-m.padX, keyRows)
	room := m.height - 1 - len(help)
	if len(lines) > room {
		lines = lines[:room]
	}
	// The status line and the help bar line up with the centred body; a
	// message too long for one line goes on in the help bar's place until
	// the next key.
	status := ""
	if m.status != "" {
		style := m.st.OK
		if m.isErr {
			style = m.st.Err
		}
		sl := append(wrapText(m.status, m.width-m.padX, 2), "")
		status = style.Render(sl[0])
		if len(sl) > 2 {
			help = append([]string{style.Render(sl[1])}, make([]string, len(help)-1)...)
		}
	}
	size := max(room-1, 0) + 1 + len(help) + (1+len(help))*m.padX + len(status)
	for _, l := range help {
		size += len(l)
	}
	for _, l := range lines {
		if l != "" {
			size += m.padX + len(l)
		}
	}
	var b strings.Builder
	b.Grow(size)
	starts := memo.starts[:0]
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if l != "" {
			writeSpaces(&b, m.padX)
		}
		starts = append(starts, b.Len())
		b.WriteString(l)
	}
	for i := len(lines); i < room; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
	}
	b.WriteByte('\n')
	if status != "" {
		writeSpaces(&b, m.padX)
	}
	b.WriteString(status)
	for _, l := range help {
		b.WriteByte('\n')
		if l != "" {
			writeSpaces(&b, m.padX)
		}
		b.WriteString(l)
	}
	out := b.String()
	// The memo's lines point into this frame, which the model keeps
	// (drawn), rather than into body, which it need not keep.
	widths := memo.widths // centrePad's, for lines
	clear(memo.lines)
	memo.lines, memo.widths, memo.starts = memo.lines[:0], widths[:0], starts
	if centred && m.set.Glyphs == Unicode { // else the frame's lines are not body's
		for i, l := range lines {
			memo.lines = append(memo.lines, out[starts[i]:starts[i]+len(l)])
		}
		memo.widths = widths[:len(lines)]
	}
	clear(memo.split)
	if m.set.Glyphs != Unicode {
		out = plainGlyphs.Replace(out)
	}
	return out
}

// frameMemo is what the last frame measured and drew, for the next one:
// most lines of a screen stay as they were from one frame to the next.
type frameMemo struct {
	lines  []string // the last frame's body lines (when centred)
	widths []int    // their widths
	split  []string // the body's lines, reused from frame to frame
	starts []int    // where each line starts in the frame

	helpKeys  []binding
	helpWidth int
	helpRows  int
	helpSt    *Styles
	help      []string
}

// centrePad is the padding that centres lines (the widest of them) in the
// width, as centre does, or, on the table and replay screens, centres maxWidth columns
// with a wider line going on to the right when it fits; a line that was on the last frame at the same row
// is not measured again.
func (m *model) centrePad(lines []string) int {
	memo := &m.memo
	w := 0
	for i, l := range lines {
		if i < len(memo.lines) && memo.lines[i] == l {
			w = max(w, memo.widths[i])
			continue
		}
		lw := visibleWidth(l)
		if i < len(memo.lines) {
			memo.lines[i], memo.widths[i] = l, lw
		} else {
			memo.lines, memo.widths = append(memo.lines, l), append(memo.widths, lw)
		}
		w = max(w, lw)
	}
	clear(memo.lines[len(lines):])
	memo.lines, memo.widths = memo.lines[:len(lines)], memo.widths[:len(lines)]
	if m.screen == tableScreen || m.screen == replayScreen { // the table stays put while a longer note comes and goes
		return max(0, min((m.width-min(w, maxWidth))/2, m.width-w))
	}
	return max(0, (m.width-w)/2)
}

// splitLines appends the lines of s to dst, as strings.Split(s, "\n").
func splitLines(dst []string, s string) []string {
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(dst, s)
		}
		dst = append(dst, s[:i])
		s = s[i+1:]
	}
}

// helpBar is the styles' help bar of keys in width columns and at most
// rows lines, drawn again only when the keys, the width or the rows change.
// The lines are the memo's: read them, do not change them.
func (m *model) helpBar(keys []binding, width, rows int) []string {
	memo := &m.memo
	if memo.helpSt == m.st && memo.helpWidth == width && memo.helpRows == rows && slices.Equal(memo.helpKeys, keys) {
		return memo.help
	}
	memo.help = m.st.helpLines(width, rows, keys)
	memo.helpKeys = append(memo.helpKeys[:0], keys...)
	memo.helpSt, memo.helpWidth, memo.helpRows = m.st, width, rows
	return memo.help
}

// plainGlyphs turns the screens' symbols into ASCII of the same width, for
// the ASCII and CJK-safe glyph sets (most of them take two columns in CJK
// terminals).
var plainGlyphs = strings.NewReplacer(
	"·", "-", "←", "<", "→", ">", "↑", "^", "↓", "v", "×", "x", "—", "-", "–", "-",
	"▏", "_", "◂", "<", "▸", ">", "⏱", "T", "…", ".", "▲", "^", "░", "#", "μ", "u", "σ", "s", "↺", "<",
	"−", "-", "„", "\"", "“", "\"", "”", "\"", "‘", "'", "’", "'",
	"╭", "+", "╮", "+", "╰", "+", "╯", "+", "┬", "+", "┴", "+", "─", "-", "│", "|",
)

// tooSmallNow reports whether the window is too small to show the screens.
func (m *model) tooSmallNow() bool { return m.width < minWidth || m.height < minHeight }

// tooSmall is the screen shown instead while the window is too small.
func (m *model) tooSmall() string {
	msg := m.tx.f("cardroom needs a terminal of at least %d×%d; this one is %d×%d. Make the window larger; q quits.", minWidth, minHeight, m.width, m.height)
	return lipgloss.NewStyle().Width(max(m.width, 10)).Render(msg)
}

// tableCmd runs a table action off the UI goroutine and reports its error.
func tableCmd(f func() error, note string) tea.Cmd {
	return func() tea.Msg {
		if err := f(); err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{note: note}
	}
}
