package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// tableModel is the table screen: the snapshot the table sent last and what
// the player is typing or choosing.
type tableModel struct {
	m    *model
	t    tables.Handle
	sub  *tables.Subscription
	snap tables.Snapshot

	cursor    int             // the card under the cursor in the hand
	digits    string          // a bid being typed (trick games)
	ranks     string          // a Dou Dizhu play being typed
	marked    []bool          // Dou Dizhu cards marked with space
	hint      int             // the next Dou Dizhu hint
	hints     []doudizhu.Play // the Dou Dizhu hints of snapshot hintsGen, best first
	hintsGen  uint64
	showCount bool   // the Dou Dizhu count of the ranks still out is shown
	showPlays bool   // the Dou Dizhu round of plays is shown (.)
	bottom    []bool // the hand's cards that are the bottom cards, marked (Dou Dizhu)
	chatIn    *lineInput
	cmdIn     *lineInput
	showSheet bool
	showLast  bool
	leaving   bool   // L was pressed: the next key confirms leaving for good
	sheetUp   int    // lines the score sheet is scrolled up from its end
	handing   int    // :bot N asked about a person's seat N (from 1); the next key confirms; 0: none
	watching  string // the snapshot's spectators, joined
	replaying bool   // a replay of a finished game: no prompts, nothing to play
	barRows   int    // lines the key bar under the screen takes beyond one (the replay's may take two)
	unseated  bool   // the person's seat went to a bot during the game (watchLine)
	turnNote  string // the status line about this turn (a key out of turn, nothing to beat, a move refused for now), taken away when it moves on
	handY     int    // the screen row of the hand's faces, for mouse clicks; -1 when none
	handX     int    // the column the hand starts at, before centring
	myTurn    bool
	ticking   bool           // a countdown tick is on its way (clock.go)
	tickSeq   uint64         // numbers the countdown's ticks: only the latest counts
	warned    time.Time      // the deadline whose 10-second warning has rung
	backing   bool           // the player is coming back (away.go): the table has been told
	welcomed  bool           // the player came back and was told what their bot did meanwhile (away.go)
	overlay   overlay        // settings or help drawn over the table (overlay.go)
	endedDeal *doudizhu.View // the Dou Dizhu deal that ended, shown until a key (ddend.go)
	lastDeal  *doudizhu.View // the Dou Dizhu deal that ended last, which . shows until the next deal's first play (ddend.go)
	ended     bool           // the table has ended; its last snapshot stays on screen
	again     string         // who started the table that plays this finished game again (gameover.go)

	gen   uint64     // counts the snapshots taken: what the caches below key on
	parts tableParts // the screen's parts drawn last, reused while their inputs stay
}

// tableParts caches the parts of the table screen between frames, each with
// what it was drawn from. Most frames change one part: a key typed into the
// chat line changes the input line alone, a timer tick the header alone;
// only a new snapshot (or a key of the game, a new size, new settings)
// draws the game part again. It belongs to one session's model.
type tableParts struct {
	body    string  // the game part: trickView, ddView, the sheet, …
	bodyKey bodyKey // what body was drawn from; the zero key: nothing cached
	marked  []bool  // a copy of tm.marked when body was drawn
	bodyN   int     // lines in body
	handY   int     // tm.handY and tm.handX as drawing body left them
	handX   int

	header    string
	headerKey headerKey

	chat       []string  // the snapshot's chat lines, rendered
	chatStarts []int     // where each message begins in chat
	chatSrc    []chatSrc // what they were drawn from
	chatKey    partsKey  // and in which size, styles and language (gen 0)

	// The seats' blocks around the table, by seat.
	trickSeats blockCache[trickSeatKey]
	trickInfo  blockCache[trickInfoKey] // a seat's score line around the table
	names      blockCache[seatKey]      // seatName, then with the turn's mark
	trickRows  blockCache[trickSeatKey] // the seat list's lines (narrow terminals)
	ddSeats    blockCache[ddSeatKey]
	ddRows     blockCache[ddSeatKey]
	canvas     canvas // the table's area, reused from draw to draw

	round    string // the round lines of a trick game (trickRoundLines)
	roundKey roundLinesKey
	roundOK  bool

	waiting   blockCache[seatKey] // "Waiting for …", by the seat to move
	notice    string              // the notice line (notice.go)
	noticeKey noticeKey           // what it was drawn from
	noticeOK  bool
	hand      handCache

	keys    []binding // the help bar's keys; read-only once listed
	keysKey keysKey
	keysOK  bool

	// sysChat remembers system chat lines translated with sysChatTx
	// (text.message matches every catalogue pattern: costly per frame).
	sysChat   map[string]string
	sysChatTx *text
}

// partsKey is what every part depends on: the snapshot, the size, the
// session's styles (glyphs, colours) and language.
type partsKey struct {
	gen           uint64
	st            *Styles
	tx            *text
	width, height int
}

// sansSnapshot is k for a part that keys on the snapshot's content itself.
func (k partsKey) sansSnapshot() partsKey { k.gen = 0; return k }

// chatSrc is what a chat line shows of a tables.ChatLine.
type chatSrc struct {
	from, text string
	system     bool
}

// sameChat reports whether the chat lines drawn are ls's.
func (p *tableParts) sameChat(ls []tables.ChatLine) bool {
	if len(ls) != len(p.chatSrc) {
		return false
	}
	for i, l := range ls {
		if p.chatSrc[i] != (chatSrc{l.From, l.Text, l.System}) {
			return false
		}
	}
	return true
}

// bodyKey is what the game part depends on besides the snapshot: the
// player's own choices on the screen.
type bodyKey struct {
	partsKey
	showSheet, showLast, ended, myTurn bool
	endedDeal                          *doudizhu.View
	showCount, showPlays               bool
	cursor, hint, sheetUp              int
	digits, ranks                      string
	again                              string
}

// headerKey is what the header depends on (gen 0: the snapshot's fields
// it shows are in the key).
type headerKey struct {
	partsKey
	title, name, code string
	host              string // a default name names the present host (tableName)
	timer             string
}

func newTableModel(m *model, t tables.Handle, sub *tables.Subscription) *tableModel {
	return &tableModel{m: m, t: t, sub: sub, snap: tables.Snapshot{You: engine.Spectator}}
}

func (tm *tableModel) takingText() bool {
	if tm.chatIn != nil || tm.cmdIn != nil {
		return true
	}
	// Ranks typed for a Dou Dizhu play are keys, not text: each counts.
	return false
}

// snapshot takes a new snapshot; it returns the timer tick to start, if any.
func (tm *tableModel) snapshot(s tables.Snapshot) tea.Cmd {
	prevTurn := tm.myTurn
	if v, ok := s.View.(*trick.View); ok && len(v.Hand) > 1 {
		nv := *v // the snapshot is shared: sort a copy
		nv.Hand = trumpFirst(v.Hand, v.Trump, v.TrumpKnown)
		s.View = &nv
	}
	if v, ok := roundEndHeld(s); ok {
		prev, _ := tm.snap.View.(*trick.View)
		if nv := heldRoundEnd(prev, v); nv != nil {
			s.View = nv
		}
	}
	if tm.showLast && playedChanged(tm.snap.View, s.View) {
		tm.showLast = false // the previous trick goes away on the next move
	}
	switch {
	case s.You >= 0 || s.Phase != tables.Playing:
		tm.unseated = false
	case tm.snap.You >= 0 && tm.snap.Version > 0 && !tm.replaying:
		tm.unseated = true
	}
	if s.Phase == tables.Over && tm.m.status == tm.m.tx.get("You are away: your bot plays until you press a key.") {
		tm.m.say("", false) // nobody plays on once the game is over
	}
	if tm.snap.ChatClosed && !s.ChatClosed && tm.m.status == tm.m.tx.err(tables.ErrChatClosed) {
		tm.m.say("", false) // the chat is open again: the trick is complete, or the game is over
	}
	pauseOver := tm.snap.Paused && !s.Paused || tm.snap.Unsaved && !s.Unsaved
	if s.Turn != tm.snap.Turn || pauseOver {
		tm.turnMoved() // the turn's line spoke of the turn or the pause before
	}
	timeout := tm.timeoutLine()
	tm.snap = s
	tm.gen++
	tm.noteTimeout(timeout)
	tm.welcomeOnArrival()
	tm.watching = strings.Join(s.Spectators, ", ")
	tm.backing = false
	tm.noteDealEnd()
	tm.myTurn = s.Phase == tables.Playing && s.You >= 0 && s.Turn == s.You && !tm.replaying && !tm.sittingOut() && !s.Paused && !botPlaysFor(s)
	hand := tm.hand()
	if len(tm.marked) != len(hand) {
		tm.marked = make([]bool, len(hand))
		tm.ranks, tm.hint = "", 0
	}
	if tm.myTurn && !prevTurn {
		tm.digits, tm.ranks, tm.hint = "", "", 0
	}
	if tm.myTurn && !tm.cursorLegal() {
		tm.cursor = tm.nearestLegal()
	}
	tm.cursor = clamp(tm.cursor, 0, max(0, len(hand)-1))
	var cmds []tea.Cmd
	if tm.myTurn && !prevTurn {
		tm.turnMoved()
		cmds = append(cmds, tm.m.yourTurn())
	} else if prevTurn && !tm.myTurn {
		cmds = append(cmds, tea.SetWindowTitle("cardroom"))
	}
	cmds = append(cmds, tm.startTicking())
	return tea.Batch(cmds...)
}

// hand is the viewer's own cards, nil for a spectator (or in the forehead
// round).
func (tm *tableModel) hand() []cards.Card {
	switch v := tm.snap.View.(type) {
	case *trick.View:
		return v.Hand
	case *doudizhu.View:
		return v.Hand
	}
	return nil
}

func (tm *tableModel) legal() []engine.Move {
	if tm.snap.View == nil {
		return nil
	}
	return tm.snap.View.LegalMoves()
}

// cursorLegal reports whether the card under the cursor may be played now
// (true when no card is to be played).
func (tm *tableModel) cursorLegal() bool {
	hand := tm.hand()
	plays := false
	for _, mv := range tm.legal() {
		if mv.Kind == engine.Play && mv.Ranks == "" && mv.Card != cards.None {
			plays = true
			if tm.cursor < len(hand) && hand[tm.cursor] == mv.Card {
				return true
			}
		}
	}
	return !plays
}

// nearestLegal is the hand index of the card that may be played now
// nearest to the cursor (the one to its right on a tie): after a play the
// cursor lands on a card it can play, close to where it was.
func (tm *tableModel) nearestLegal() int {
	hand := tm.hand()
	best := -1
	for _, mv := range tm.legal() {
		if mv.Kind != engine.Play || mv.Ranks != "" {
			continue
		}
		for i, c := range hand {
			if c == mv.Card && (best < 0 || dist(i, tm.cursor) < dist(best, tm.cursor) || dist(i, tm.cursor) == dist(best, tm.cursor) && i > best) {
				best = i
			}
		}
	}
	return max(best, 0)
}

func dist(a, b int) int { return max(a-b, b-a) }

func (tm *tableModel) key(k tea.KeyMsg) tea.Cmd {
	tm.endedDeal = nil                    // the end of a deal is shown until a key
	if tm.away() && k.String() != "esc" { // any key but esc brings the player back, and does what it does
		return tea.Batch(tm.comeBack(), tm.key1(k))
	}
	return tm.key1(k)
}

func (tm *tableModel) key1(k tea.KeyMsg) tea.Cmd {
	m := tm.m
	if cmd, done := tm.overlayKey(k); done {
		return cmd
	}
	if cmd, done := tm.gameOverKey(k); done {
		return cmd
	}
	if tm.chatIn != nil {
		return tm.typeLine(&tm.chatIn, k, tm.chatOrCommand)
	}
	if tm.cmdIn != nil {
		return tm.typeLine(&tm.cmdIn, k, tm.command)
	}
	if tm.handing > 0 {
		return tm.confirmHand(k)
	}
	if tm.leaving {
		tm.leaving = false
		if s := k.String(); s != "y" && s != "Y" && s != "j" && s != "J" {
			return nil
		}
		return m.giveUpSeat()
	}
	if tm.showLast { // the previous trick goes away on the next key
		tm.showLast = false
		if k.String() == "." || k.String() == "esc" {
			return nil
		}
	}
	if tm.showSheet {
		switch k.String() {
		case "up", "k":
			tm.sheetUp++
			return nil
		case "down", "j":
			tm.sheetUp = max(0, tm.sheetUp-1)
			return nil
		case "?":
		default: // back to the table first: no move is made unseen under the sheet
			tm.showSheet, tm.sheetUp = false, 0
			return nil
		}
	}
	switch k.String() {
	case "esc":
		if tm.composing() { // esc first drops the move being typed, as it does a chat line
			tm.clearPlay()
			return nil
		}
		note := tm.backNote()
		m.backFrom, m.backHeld = tm.snap.TableID, false
		return m.leaveTable(note)
	case "/": // the chat opens with the "/" typed: "/away" runs the command
		if tm.snap.ChatClosed { // refused now, not after a line typed in vain
			return tm.m.fail(tables.ErrChatClosed)
		}
		tm.chatIn = newLineInput("/", tables.MaxChatRunes, nil)
		return nil
	case ":":
		tm.cmdIn = newLineInput("", tables.MaxChatRunes, nil)
		return nil
	case "tab":
		tm.showSheet = !tm.showSheet
		return nil
	case ".":
		if _, dd := tm.snap.View.(*doudizhu.View); dd { // no tricks: the round of plays
			tm.showPlays = !tm.showPlays
			return nil
		}
		tm.showLast = !tm.showLast
		return nil
	case "L":
		return tm.leave()
	case "S":
		if tm.snap.Phase == tables.Waiting {
			p := m.player
			return tableCmd(func() error { return tm.t.Start(p) }, "")
		}
	}
	if tm.snap.Phase != tables.Playing || tm.snap.You < 0 {
		return nil
	}
	switch v := tm.snap.View.(type) {
	case *trick.View:
		return tm.trickKey(v, k)
	case *doudizhu.View:
		return tm.ddKey(v, k)
	}
	return nil
}

// leave gives up the seat (L, :leave); a seated player or the host is asked
// first, a spectator just stops watching.
func (tm *tableModel) leave() tea.Cmd {
	if ph := tm.snap.Phase; (ph == tables.Playing || ph == tables.Waiting) && (tm.snap.You >= 0 || tm.snap.YouHost) {
		tm.leaving = true
		return nil
	}
	return tm.m.giveUpSeat()
}

// typeLine edits a one-line text input; enter hands the text to done.
func (tm *tableModel) typeLine(in **lineInput, k tea.KeyMsg, done func(string) tea.Cmd) tea.Cmd {
	switch k.Type {
	case tea.KeyEnter:
		text := (*in).value()
		*in = nil
		if strings.TrimSpace(text) == "" {
			return nil
		}
		return done(text)
	case tea.KeyEsc:
		*in = nil
	default:
		if (*in).update(k) {
			tm.m.say(tm.m.tx.f("A line holds at most %d characters: the rest was left out.", tables.MaxChatRunes), true)
		}
	}
	return nil
}

// command runs a ":" command: bot N, penalty SEAT POINTS REASON, away, back.
func (tm *tableModel) command(line string) tea.Cmd {
	p := tm.m.player
	f := strings.Fields(line)
	switch f[0] {
	case "bot":
		return tm.botCommand(f)
	case "invitebot":
		return tm.inviteBot(f)
	case "penalty":
		return tm.penaltyCommand(f)
	case "away":
		note := tm.m.tx.get("You are away: your bot plays until you press a key.")
		if tm.snap.Phase == tables.Playing {
			note = "" // the away line under the header says it (awayLine)
		}
		return tableCmd(func() error { return tm.t.SetAway(p, true) }, note)
	case "back":
		if s := tm.snap; s.You < 0 || s.You >= len(s.Seats) || s.Seats[s.You].Kind != tables.Away {
			tm.m.say(tm.m.tx.get("You are not away: nothing changed."), false)
			return nil
		}
		return tm.comeBack()
	case "leave":
		return tm.leave()
	}
	if cmd, ok := tm.m.adminCommand(line); ok {
		return cmd
	}
	return tm.unknownCommand(f[0])
}

func (tm *tableModel) send(mv engine.Move) tea.Cmd {
	p := tm.m.player
	t := tm.t
	if tm.m.keepTillMove { // the move was the welcome's last key
		tm.m.status, tm.m.keepTillMove = "", false
	}
	return func() tea.Msg {
		err := t.Move(p, mv)
		var ill *engine.IllegalMove
		if errors.As(err, &ill) {
			return doneMsg{err: reasonError{ill.Reason}}
		}
		if err != nil {
			return doneMsg{err: err}
		}
		return doneMsg{}
	}
}

// keys is the help bar's keys, listed again only when what they depend on
// changed.
func (tm *tableModel) keys() []binding {
	key := keysKey{gen: tm.gen, tx: tm.m.tx, chat: tm.chatIn != nil, cmd: tm.cmdIn != nil, myTurn: tm.myTurn, leaving: tm.leaving, sheet: tm.showSheet, handing: tm.handing}
	if p := &tm.parts; p.keysOK && p.keysKey == key {
		return p.keys
	}
	bs := tm.listKeys()
	tm.parts.keys, tm.parts.keysKey, tm.parts.keysOK = bs, key, true
	return bs
}

// keysKey is what the table screen's keys depend on: the snapshot, the
// language, whether a line is being typed, whose turn it is.
type keysKey struct {
	gen       uint64
	tx        *text
	chat, cmd bool
	myTurn    bool
	leaving   bool
	sheet     bool // the score sheet is shown
	handing   int
}

func (tm *tableModel) listKeys() []binding {
	tx := tm.m.tx
	if tm.chatIn != nil || tm.cmdIn != nil {
		return []binding{{"enter", tx.get("send")}, {"esc", tx.get("cancel")}}
	}
	if tm.leaving {
		return []binding{{tx.get("y"), tx.get("leave for good")}, {tx.get("any other key"), tx.get("stay")}}
	}
	if tm.handing > 0 {
		return []binding{{tx.get("y"), tx.get("hand it over")}, {tx.get("any other key"), tx.get("keep")}}
	}
	if tm.showSheet {
		return []binding{{"tab", tx.get("back to the table")}, {"↑↓", tx.get("scroll")}, {"?", tx.get("help")}}
	}
	var bs []binding
	s := tm.snap
	if s.Phase == tables.Waiting && s.YouHost {
		if tm.freeSeats() > 0 {
			bs = append(bs, binding{"S", tx.get("start with bots")})
		} else {
			bs = append(bs, binding{"S", tx.get("start")})
		}
	}
	if s.Phase == tables.Playing && tm.myTurn {
		switch v := s.View.(type) {
		case *trick.View:
			bs = append(bs, tm.trickKeys(v)...)
		case *doudizhu.View:
			bs = append(bs, tm.ddKeys(v)...)
		}
	}
	if s.Phase != tables.Waiting {
		bs = append(bs, binding{"tab", tx.get("score sheet")})
	}
	if tm.canPlayAgain() {
		bs = append(bs, binding{"r", tx.get("play again")})
	}
	switch v := s.View.(type) {
	case *trick.View:
		if s.Phase == tables.Playing { // the game-over screen shows the last trick
			bs = append(bs, binding{".", tx.get("last trick")})
		}
	case *doudizhu.View:
		switch {
		case s.Phase == tables.Playing && looksBack(v):
			bs = append(bs, binding{".", tx.get("last deal")})
		case s.Phase == tables.Playing || s.Phase == tables.Over && s.Standings != nil:
			bs = append(bs, binding{".", tx.get("round of plays")})
		}
	}
	if !s.ChatClosed {
		bs = append(bs, binding{"/", tx.get("chat")})
	}
	bs = append(bs, binding{"esc", tx.get("lobby")}, binding{"?", tx.get("help")})
	return bs
}

// view is the table screen and its keys, as screen draws them.
func (tm *tableModel) view() (string, []binding) {
	body, keys, _ := tm.screen()
	return body, keys
}

// tableKeyRows is how many lines the table's key bar may take: Dou
// Dizhu's keys take three at 80 columns.
const tableKeyRows = 3

// screen is the table screen, its keys and the lines the key bar takes:
// more than one where one is too narrow for every key, as many as the
// screen has lines to spare (the chat's, or empty ones).
func (tm *tableModel) screen() (string, []binding, int) {
	s := tm.snap
	tm.handY = -1
	if s.Version == 0 {
		return tm.m.tx.get("Taking a seat…"), []binding{{"esc", tm.m.tx.get("lobby")}}, 1
	}
	header := tm.header()
	if tm.overlay != noOverlay { // above its key bar and the blank line over it
		return header + fitRows(tm.overlayView(), tm.height()-2-strings.Count(header, "\n")), tm.overlayKeys(), 1
	}
	body, bodyN := tm.body()
	chat := tm.chatLines()
	lines := 1 + strings.Count(header, "\n") + bodyN
	room := tm.height() - 2 - lines
	keys, rows := tm.keys(), 1
	if !tm.replaying && room >= 1 { // the replay's bar is its own
		rows = min(tableKeyRows, lineCount(keys, tm.width()), 1+room)
		room -= rows - 1
	}
	gap := 0 // newlines between the body and the chat
	if len(chat) > 0 && room > 1 {
		if len(chat) > room-1 {
			chat = tm.lastMessages(chat, room-1)
		}
		gap = max(0, room-1-len(chat)) + 1
	} else {
		chat = nil
	}
	size := len(header) + len(body) + gap + max(0, len(chat)-1)
	for _, l := range chat {
		size += len(l)
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteString(header)
	b.WriteString(body)
	if len(chat) > 0 {
		for range gap {
			b.WriteByte('\n')
		}
		for i, l := range chat {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(l)
		}
	}
	if notice := tm.notice(); notice != "" { // on the row kept above the status line
		return placeNotice(b.String(), tm.height()-2-rows, notice), keys, rows
	}
	return b.String(), keys, rows
}

// width is the columns the table screen uses: the terminal's, up to 120;
// on a wider terminal the frame centres it.
func (tm *tableModel) width() int { return min(tm.m.width, maxWidth) }

// height is the lines the table screen plans for: the terminal's, less
// the key bar's lines beyond the one every screen has.
func (tm *tableModel) height() int { return tm.m.height - tm.barRows }

// noteWidth is the room for a line that may be wider than width(): the
// screen right of where the centred table starts, so the table stays put.
func (tm *tableModel) noteWidth() int { return tm.width() + (tm.m.width-tm.width())/2 }

func (tm *tableModel) key0() partsKey {
	return partsKey{gen: tm.gen, st: tm.m.st, tx: tm.m.tx, width: tm.m.width, height: tm.height()}
}

// header is the screen's first line, with its newline.
func (tm *tableModel) header() string {
	s := tm.snap
	st, tx := tm.m.st, tm.m.tx
	timer := ""
	if !s.Deadline.IsZero() && s.Phase == tables.Playing {
		left := max(0, int(s.Deadline.Sub(tm.m.app.now()).Seconds()+0.999))
		timer = tx.f("⏱ %d s", left)
		if st.glyphs != Unicode {
			timer = tx.f("time %d s", left)
		}
		switch {
		case !tm.myTurn: // another player's clock: shown, never alarming
			timer = st.Subtle.Render(timer)
		case left <= int(warnAt/time.Second):
			timer = st.Err.Render(timer)
		}
	}
	key := headerKey{
		partsKey: tm.key0().sansSnapshot(), title: s.Title, name: s.Name, code: s.Code, host: s.Host, timer: timer,
	}
	if tm.parts.headerKey == key {
		return tm.parts.header
	}
	header := st.Title.Render(gameTitle(tx, s.Title)) + st.Subtle.Render(" · "+tableName(tx, s.Name, s.Host, s.Title))
	if s.Code != "" {
		header += st.Subtle.Render(" · "+tx.get("code")+" ") + st.Bold.Render(s.Code)
	}
	out := padBetween(fit(header, tm.width()-visibleWidth(timer)-1), timer, tm.width()) + "\n" // a replay's move line may be long
	tm.parts.header, tm.parts.headerKey = out, key
	return out
}

// body is the game part of the screen and its number of lines, drawn again
// only when something it shows has changed.
func (tm *tableModel) body() (string, int) {
	key := bodyKey{
		partsKey: tm.key0(), showSheet: tm.showSheet, showLast: tm.showLast, ended: tm.ended, myTurn: tm.myTurn, endedDeal: tm.endedDeal, showCount: tm.showCount, showPlays: tm.showPlays, sheetUp: tm.sheetUp,
		cursor: tm.cursor, hint: tm.hint, digits: tm.digits, ranks: tm.ranks, again: tm.again,
	}
	p := &tm.parts
	if p.bodyKey == key && slices.Equal(p.marked, tm.marked) {
		tm.handY, tm.handX = p.handY, p.handX
		return p.body, p.bodyN
	}
	body := tm.drawBody()
	p.body, p.bodyKey, p.bodyN = body, key, strings.Count(body, "\n")
	p.marked = append(p.marked[:0], tm.marked...)
	p.handY, p.handX = tm.handY, tm.handX
	return body, p.bodyN
}

func (tm *tableModel) drawBody() string {
	s := tm.snap
	switch {
	case s.Phase == tables.Waiting:
		return tm.waitingView()
	case tm.showSheet:
		return tm.sheetView()
	case s.Phase == tables.Over && s.Standings != nil:
		return tm.gameOverView()
	default:
		switch v := s.View.(type) {
		case *trick.View:
			return tm.trickView(v)
		case *doudizhu.View:
			return tm.ddView(v)
		}
	}
	return ""
}

// seatKey is what seatName shows of seat i, with the styles and language
// it is drawn in.
type seatKey struct {
	st    *Styles
	tx    *text
	info  tables.SeatInfo
	valid bool // i is a seat of the table
	you   bool
}

func (tm *tableModel) seatKey(i int) seatKey {
	k := seatKey{st: tm.m.st, tx: tm.m.tx, you: i == tm.snap.You}
	if i >= 0 && i < len(tm.snap.Seats) {
		k.info, k.valid = tm.snap.Seats[i], true
	}
	return k
}

// nameLines is seat i's name as seatName draws it (lines[0]) and with the
// mark of the seat whose turn it is (lines[1]), with their widths.
func (tm *tableModel) nameLines(i int) seatBlock {
	return tm.parts.names.get(i, tm.seatKey(i), func() seatBlock {
		name := tm.seatName(i)
		return newSeatBlock(name, tm.m.st.Turn.Render(cursorMark(tm.m.st))+name)
	})
}

// blockCache keeps each seat's block around the table with what it was
// drawn from (K, which holds the styles and language too); a seat whose
// key is unchanged is not drawn again.
type blockCache[K comparable] struct {
	keys   []K
	blocks []seatBlock
	ok     []bool
}

func (c *blockCache[K]) get(i int, key K, draw func() seatBlock) seatBlock {
	if i >= len(c.keys) {
		c.keys = append(c.keys, make([]K, i+1-len(c.keys))...)
		c.blocks = append(c.blocks, make([]seatBlock, i+1-len(c.blocks))...)
		c.ok = append(c.ok, make([]bool, i+1-len(c.ok))...)
	}
	if c.ok[i] && c.keys[i] == key {
		return c.blocks[i]
	}
	b := draw()
	c.keys[i], c.blocks[i], c.ok[i] = key, b, true
	return b
}

// seatName renders a seat's name with who plays it: [away] when the
// person's bot plays their turns.
func (tm *tableModel) seatName(i int) string {
	s := tm.snap
	st, tx := tm.m.st, tm.m.tx
	if i < 0 || i >= len(s.Seats) {
		return "?"
	}
	si := s.Seats[i]
	name := si.Name
	if name == "" {
		name = tx.get("free")
	}
	name = clipText(name, 12)
	switch si.Kind {
	case tables.Bot:
		name = st.Bot.Render(name + " [" + tx.get("bot") + "]")
	case tables.Away:
		if !si.TimedOut || !si.Connected { // timed out once, the person still has each turn: not away
			name = st.Away.Render(name + " [" + tx.get("away") + "]")
		}
	case tables.Free:
		name = st.Subtle.Render(name)
	}
	if i == s.You && !tm.replaying { // a replay's watcher is not the seat
		name += st.Subtle.Render(" (" + tx.get("you") + ")")
	}
	return name
}

func (tm *tableModel) waitingView() string {
	s := tm.snap
	st, tx := tm.m.st, tm.m.tx
	var b strings.Builder
	b.WriteString("\n" + tx.f("Waiting for players · host %s", s.Host) + "\n")
	if rules := tm.rulesLine(); rules != "" {
		b.WriteString(fit(rules, tm.width()) + "\n")
	}
	b.WriteString("\n")
	for i := range s.Seats {
		b.WriteString(fmt.Sprintf("  %d  %s\n", i+1, tm.seatName(i)))
	}
	b.WriteString("\n")
	switch {
	case s.YouHost && tm.freeSeats() > 0:
		b.WriteString(st.Bold.Render(tx.get("Press S to start: bots take the free seats.")) + "\n")
	case s.YouHost:
		b.WriteString(st.Bold.Render(tx.get("Every seat is taken: press S to start.")) + "\n")
	case tm.freeSeats() > 0:
		b.WriteString(tx.get("The host starts the game; bots take the free seats.") + "\n")
	default:
		b.WriteString(tx.get("Every seat is taken: the host starts the game.") + "\n")
	}
	if s.Private && s.Code != "" {
		b.WriteString(tx.f("Friends join with: %s", tm.m.app.sshCommand(true, "join", s.Code)) + "\n")
	}
	if len(s.Spectators) > 0 {
		b.WriteString(st.Subtle.Render(tx.f("Watching: %s", strings.Join(s.Spectators, ", "))) + "\n")
	}
	return b.String()
}

// rulesLine names the options this table plays that differ from its
// game's defaults, so that whoever sits down knows them; "" for none.
func (tm *tableModel) rulesLine() string {
	s := tm.snap
	rules := tm.m.unusualRules(s.Ruleset, s.Options, clocks{s.TurnTimer, s.BotPace, s.TrickPause}, s.Phase == tables.Waiting)
	if rules == "" {
		return ""
	}
	return tm.m.tx.f("Not the usual rules: %s", rules)
}

// chatLines is the chat: the snapshot's lines (drawn once per snapshot),
// then the line being typed, if any.
func (tm *tableModel) chatLines() []string {
	s := tm.snap
	st, tx := tm.m.st, tm.m.tx
	p := &tm.parts
	if key := tm.key0(); p.chatKey != key.sansSnapshot() || !p.sameChat(s.Chat) {
		p.chat, p.chatSrc, p.chatStarts = p.chat[:0], p.chatSrc[:0], p.chatStarts[:0]
		for _, l := range s.Chat {
			p.chatSrc = append(p.chatSrc, chatSrc{l.From, l.Text, l.System})
			p.chatStarts = append(p.chatStarts, len(p.chat))
			if l.System {
				for i, w := range wrapText(tm.systemLine(l.Text), tm.width()-2, chatWrap) {
					lead := "  " // a wrapped notice goes on under its text
					if i == 0 {
						lead = "* "
					}
					p.chat = append(p.chat, st.Subtle.Render(lead+w))
				}
				continue
			}
			from, text := chatSpeaker(l)
			for i, w := range wrapText(text, tm.width()-visibleWidth(from), chatWrap) {
				if i == 0 {
					p.chat = append(p.chat, st.Bold.Render(from)+w)
				} else {
					p.chat = append(p.chat, strings.Repeat(" ", visibleWidth(from))+w)
				}
			}
		}
		p.chatKey = key.sansSnapshot()
	}
	lines := p.chat[:len(p.chat):len(p.chat)] // an appended input line must not land in the cache
	if tm.chatIn != nil {
		lines = appendLines(lines, st.Key.Render(tx.get("say: "))+tm.chatIn.view(tm.width()-8))
	} else if tm.cmdIn != nil {
		lines = appendLines(lines, st.Key.Render(":")+tm.cmdIn.view(tm.width()-4))
	} else if tm.handing > 0 {
		lines = append(lines, tm.handQuestion())
	} else if tm.leaving {
		lines = append(lines, st.Warn.Render(fit(tm.leaveQuestion(), tm.width())))
	} else if s.ChatClosed {
		lines = append(lines, st.Subtle.Render(tx.get("Chat is closed during the forehead round.")))
	}
	return lines
}

// lastMessages is the end of chat (chatLines) in at most n lines: whole
// messages, the first ones left out, so that no message shows without its
// first line, which names who wrote it. A last message longer than n shows
// its first n lines; the line being typed, its last.
func (tm *tableModel) lastMessages(chat []string, n int) []string {
	starts := tm.parts.chatStarts
	typed := len(tm.parts.chat) // where the line being typed begins, if any
	if len(chat) > typed {
		starts = append(starts[:len(starts):len(starts)], typed)
	}
	for _, i := range starts {
		if len(chat)-i <= n {
			return chat[i:]
		}
	}
	if last := starts[len(starts)-1]; last < typed {
		return chat[last : last+n]
	}
	return chat[len(chat)-n:]
}

// leaveQuestion is the question L asks: what leaving gives up here.
func (tm *tableModel) leaveQuestion() string {
	tx := tm.m.tx
	switch {
	case tm.snap.Phase == tables.Playing:
		return tx.get("Leave your seat for good? A bot plays it to the end. y: leave, other keys: stay")
	case tm.snap.YouHost:
		return tx.get("Leave this table and give up the host role? y: leave, other keys: stay")
	}
	return tx.get("Leave this table and give up your seat? y: leave, other keys: stay")
}

// chatSpeaker is how a chat line begins, and its text after that: "alice: "
// and the line, or for "/me waves" (an action, as other chats write it)
// "* alice " and "waves".
func chatSpeaker(l tables.ChatLine) (from, text string) {
	name := clipText(l.From, 12)
	if act, ok := strings.CutPrefix(l.Text, "/me "); ok && strings.TrimSpace(act) != "" {
		return "* " + name + " ", strings.TrimSpace(act)
	}
	return name + ": ", l.Text
}

// appendLines appends s to lines, one element per line of s.
func appendLines(lines []string, s string) []string {
	if !strings.Contains(s, "\n") {
		return append(lines, s)
	}
	return append(lines, strings.Split(s, "\n")...)
}

// systemLine translates a system chat line, remembering the translations
// for the next snapshots (which repeat most lines).
func (tm *tableModel) systemLine(msg string) string {
	p := &tm.parts
	if p.sysChatTx != tm.m.tx || len(p.sysChat) > 256 {
		p.sysChat, p.sysChatTx = map[string]string{}, tm.m.tx
	}
	if t, ok := p.sysChat[msg]; ok {
		return t
	}
	t := tm.m.tx.message(msg)
	p.sysChat[msg] = t
	return t
}

// visibleWidth is the width of s in terminal cells, escape sequences ignored.
// Most screen text is narrow: ASCII, Latin letters, suit and box glyphs, one
// cell each. For such text the width is the number of runes outside escape
// sequences, counted without grapheme segmentation (most of lipgloss.Width's
// cost); anything else (a wide or combining character, a line break) goes
// to lipgloss.
func visibleWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b: // CSI: ESC [ params final byte (0x40–0x7e)
			if i+1 < len(s) && s[i+1] == '[' {
				j := i + 2
				for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
					j++
				}
				i = j + 1
				continue
			}
			return lipgloss.Width(s)
		case c < 0x20 || c == 0x7f:
			return lipgloss.Width(s)
		case c < 0x80:
			w++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !narrow(r) {
			return lipgloss.Width(s)
		}
		w++
		i += size
	}
	return w
}

// narrow reports whether r is one cell wide and stands alone: Latin
// letters, punctuation, arrows, box drawing, blocks and the suit symbols.
func narrow(r rune) bool {
	switch {
	case r >= 0xa0 && r < 0x300: // Latin-1 and Latin Extended
	case r >= 0x370 && r < 0x400: // Greek (μ, σ)
	case r >= 0x2010 && r < 0x2070: // dashes, quotes, …, ‹ ›
	case r >= 0x2190 && r < 0x2200: // arrows
	case r >= 0x2500 && r < 0x2600: // box drawing, blocks, geometric shapes (▸ ◂ ▲)
	case r >= 0x2660 && r < 0x2670: // card suits
	default:
		return false
	}
	return true
}

// cardStyles are the styles the table's cards are drawn with: the
// session's, ranks in the player's language in every game.
func (tm *tableModel) cardStyles() *Styles { return tm.m.st }

// bell is implemented by sessions that can ring the terminal's bell.
type bell interface{ Bell() }

// yourTurn tells the player it is their turn: the window title changes, and
// the bell rings if they want it.
func (m *model) yourTurn() tea.Cmd {
	cmds := []tea.Cmd{tea.SetWindowTitle(m.tx.get("cardroom — your turn"))}
	if b, ok := m.sess.(bell); ok && m.set.Bell {
		cmds = append(cmds, func() tea.Msg { b.Bell(); return nil })
	}
	return tea.Batch(cmds...)
}

// click handles a mouse click on a card of the hand: the first click puts
// the cursor on it (Dou Dizhu: marks it), a second click on the same card
// plays it (trick games).
func (tm *tableModel) click(msg tea.MouseMsg) tea.Cmd {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || !tm.myTurn || tm.handY < 0 {
		return nil
	}
	x := msg.X - tm.m.padX - tm.handX
	if msg.Y != tm.handY || x < 1 {
		return nil
	}
	hand := tm.hand()
	i := tm.cardStyles().cardAt(hand, x)
	if i < 0 {
		return nil
	}
	switch v := tm.snap.View.(type) {
	case *trick.View:
		if v.Phase != trick.PhasePlay {
			return nil
		}
		if tm.cursor == i {
			return tm.send(engine.PlayCard(hand[i]))
		}
		tm.cursor = i
	case *doudizhu.View:
		if v.Phase != doudizhu.Playing {
			return nil
		}
		tm.cursor = i
		tm.marked[i] = !tm.marked[i]
		tm.ranks = ""
	}
	return nil
}

// reasonError is an illegal move's reason alone, as the player reads it
// ("must follow H"); the status line translates it.
type reasonError struct{ reason string }

func (e reasonError) Error() string { return e.reason }

// trumpFirst orders a trick-game hand for display: Singularities, then the
// trump suit, then the other suits, low to high within a suit, CLANKERs last.
func trumpFirst(hand []cards.Card, trump cards.Suit, known bool) []cards.Card {
	key := func(c cards.Card) int {
		switch {
		case c == cards.Singularity:
			return 0
		case c == cards.Clanker:
			return 1000
		case known && c.Suit() == trump:
			return 100 + int(c.Rank())
		}
		return 200 + 100*int(c.Suit()) + int(c.Rank())
	}
	out := slices.Clone(hand)
	slices.SortStableFunc(out, func(a, b cards.Card) int { return key(a) - key(b) })
	return out
}

// waiting is the prompt line while someone else is to act: whose turn it is
// (nothing during a deal, after the game or in a replay); while the game
// waits for its people, that the turn is on hold.
func (tm *tableModel) waiting(turn int) string {
	if turn < 0 || turn >= len(tm.snap.Seats) || tm.replaying {
		return ""
	}
	if tm.snap.Held {
		return tm.m.st.Subtle.Render(tm.heldTurn(turn))
	}
	if turn == tm.snap.You && botPlaysFor(tm.snap) {
		return tm.m.st.Subtle.Render(tm.m.tx.get("Your bot is making your move."))
	}
	return tm.parts.waiting.get(turn, tm.seatKey(turn), func() seatBlock {
		return seatBlock{lines: []string{tm.m.st.Subtle.Render(tm.m.tx.f("Waiting for %s…", tm.plainName(turn)))}}
	}).lines[0]
}

// heldTurn says whose turn waits while the game waits for its people: a
// person's is theirs, who is away; a bot's moves once a person is back.
func (tm *tableModel) heldTurn(turn int) string {
	tx := tm.m.tx
	if tm.snap.Seats[turn].Kind == tables.Bot {
		return tx.f("The game is on hold: %s moves once a player is back.", tm.plainName(turn))
	}
	return tx.f("%s is away: the game is on hold.", tm.plainName(turn))
}

// fitRows drops s's empty lines, the first first, until it has at most
// rows lines or none are left to drop, so that a long help keeps its last
// lines (the keys) on a short screen.
func fitRows(s string, rows int) string {
	lines := strings.Split(s, "\n")
	over := len(lines) - rows
	if over <= 0 {
		return s
	}
	out := lines[:0]
	for _, l := range lines {
		if over > 0 && l == "" {
			over--
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
