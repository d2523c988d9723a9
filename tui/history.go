package tui

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// Archive is what the history, profile and leaderboard screens read: the
// finished games and the ratings (*store.Store).
type Archive interface {
	Games(playerID string, limit int) ([]store.Game, error)
	Game(id int64) (store.Game, error)
	Leaderboard(family string, humans bool, n int) ([]store.PlayerRating, error)
	Rating(id, family string) (store.PlayerRating, error)
}

// historyLimit is how many past games the history screen lists.
const historyLimit = 50

type (
	gamesMsg struct {
		games      []store.Game
		profile    []familyStats
		unfinished map[int64]bool // the games not played to their end
		err        error
	}
	boardMsg struct {
		family       string
		people, bots []store.PlayerRating
		mine         store.PlayerRating
		err          error
	}
	replayMsg struct {
		r   *replayModel
		err error
	}
)

// historyModel is the list of the player's past games and their profile.
type historyModel struct {
	games      []store.Game
	profile    []familyStats
	unfinished map[int64]bool // the games not played to their end
	sel        int
	err        error
	ready      bool
}

// boardModel is the leaderboard of one game family.
type boardModel struct {
	family       int // index into the registry's rule sets
	people, bots []store.PlayerRating
	mine         store.PlayerRating
	err          error
}

func (m *model) openHistory() tea.Cmd {
	m.history = &historyModel{}
	m.screen = historyScreen
	a, id, reg := m.app.archive, m.player.ID, m.app.reg
	return func() tea.Msg {
		gs, err := a.Games(id, historyLimit)
		if err != nil {
			return gamesMsg{err: err}
		}
		profile, unfinished := profileOf(a, reg, id, gs)
		return gamesMsg{games: gs, profile: profile, unfinished: unfinished}
	}
}

func (m *model) openBoard(family int) tea.Cmd {
	m.board = &boardModel{family: family}
	m.screen = boardScreen
	a, id := m.app.archive, m.player.ID
	name := m.app.reg.All()[family].Name
	return func() tea.Msg {
		people, err := a.Leaderboard(name, true, 10)
		if err != nil {
			return boardMsg{family: name, err: err}
		}
		bots, err := a.Leaderboard(name, false, 6)
		if err != nil {
			return boardMsg{family: name, err: err}
		}
		mine, err := a.Rating(id, name)
		return boardMsg{family: name, people: people, bots: bots, mine: mine, err: err}
	}
}

func (m *model) historyKey(k tea.KeyMsg) tea.Cmd {
	h := m.history
	switch k.String() {
	case "esc", "q":
		m.screen = lobbyScreen
	case "up", "k":
		h.sel = max(0, h.sel-1)
	case "down", "j":
		h.sel = min(max(0, len(h.games)-1), h.sel+1)
	case "enter":
		if h.sel < len(h.games) {
			return m.openReplay(h.games[h.sel].ID)
		}
	}
	return nil
}

func (m *model) boardKey(k tea.KeyMsg) tea.Cmd {
	n := len(m.app.reg.All())
	switch k.String() {
	case "esc", "q":
		m.screen = lobbyScreen
	case "left", "h":
		return m.openBoard((m.board.family + n - 1) % n)
	case "right", "l", "tab":
		return m.openBoard((m.board.family + 1) % n)
	}
	return nil
}

func (m *model) historyView() string {
	st, tx := m.st, m.tx
	h := m.history
	var b strings.Builder
	b.WriteString(st.Title.Render(tx.get("Your games")) + st.Subtle.Render("  "+tx.get("ended games, newest first")) + "\n\n")
	for _, f := range h.profile {
		b.WriteString(m.profileLine(f) + "\n")
	}
	if len(h.profile) > 0 {
		b.WriteString("\n")
	}
	switch {
	case h.err != nil:
		b.WriteString(st.Err.Render(h.err.Error()) + "\n")
	case !h.ready:
		b.WriteString(st.Subtle.Render(tx.get("Loading…")) + "\n")
	case len(h.games) == 0 && m.player.Guest:
		b.WriteString(tx.get("Games played as a guest are not shown here: log in with an SSH key to keep yours.") + "\n")
	case len(h.games) == 0:
		b.WriteString(tx.get("No finished games yet. Play one: they are kept here.") + "\n")
	default:
		titleOf := func(g store.Game) string {
			if r, err := m.app.reg.Lookup(g.Ruleset); err == nil {
				return gameTitle(tx, r.Title)
			}
			return g.Ruleset
		}
		gw := max(6, visibleWidth(tx.get("GAME #"))+1) // two spaces at least before the next heading, and after the date
		tw := visibleWidth(tx.get("GAME")) + 1         // as wide as the titles listed: the players' names get the rest
		for _, g := range h.games {
			tw = max(tw, visibleWidth(titleOf(g)))
		}
		b.WriteString(st.Subtle.Render(fmt.Sprintf("  %-*s %-17s %-*s %5s %7s  %s", gw, tx.get("GAME #"), tx.get("ENDED"), tw, tx.get("GAME"), tx.get("PLACE"), tx.get("TOTAL"), tx.get("PLAYERS"))) + "\n")
		rows := m.height - 10 - len(h.profile) // a line under the list for finishedLine
		first := max(0, min(h.sel-rows+1, len(h.games)-rows))
		for i := first; i < len(h.games) && i < first+rows; i++ {
			g := h.games[i]
			place, total := "-", "-"
			var names []string
			for _, s := range g.Seats {
				names = append(names, clipText(s.Name, 10))
				if s.PlayerID == m.player.ID {
					place, total = fmt.Sprint(s.Place), fmt.Sprint(s.Total)
				}
			}
			if h.unfinished[g.ID] {
				place = "-" // nobody placed: the game was not played to its end
			}
			line := fmt.Sprintf("%-*d %-17s %-*s %5s %7s  %s", gw, g.ID, g.Ended.UTC().Format("2006-01-02 15:04"), tw, titleOf(g), place, total, strings.Join(names, ", "))
			if i == h.sel {
				b.WriteString(st.Key.Render(cursorMark(st)) + st.Selected.Render(fit(line, m.width-2)) + "\n")
			} else {
				b.WriteString("  " + fit(line, m.width-2) + "\n")
			}
		}
		if h.sel >= 0 && h.sel < len(h.games) {
			line := finishedLine(tx, h.games[h.sel], m.player.ID)
			if h.unfinished[h.games[h.sel].ID] {
				line = strings.TrimSuffix(tx.get("Not played to its end: unrated.")+" · "+line, " · ")
			}
			if line != "" {
				b.WriteString("  " + st.Subtle.Render(fit(line, m.width-2)) + "\n")
			}
		}
	}
	return b.String()
}

// profileLine is the history's line of the player's record in one game,
// its figures dropped whole from the last when the screen is too narrow.
func (m *model) profileLine(f familyStats) string {
	st, tx := m.st, m.tx
	parts := []string{st.Bold.Render(gameTitle(tx, f.title)) + "  " + gameCount(tx, f.games), tx.f("won %d", f.wins)}
	if f.rounds > 0 {
		per := tx.f("%.1f points per round", float64(f.points)/float64(f.rounds))
		if f.deals {
			per = tx.f("%.1f points per deal", float64(f.points)/float64(f.rounds))
		}
		parts = append(parts, per)
	}
	if f.bids > 0 {
		parts = append(parts, tx.f("bids exact %d %%", 100*f.exact/f.bids))
	}
	return joinFit(parts, st.Subtle.Render(" · "), m.width)
}

// finishedLine names, for the seats of g that someone else finished for the
// one credited with them (ON-6), the finisher beside them as the end screen
// does: "alice (Grace finished)", and the seats taken over part-way, not
// rated for the one who took them (the reader's own, me, first); "" when everyone finished their own
// seat, held from its first move. The list's row has no room for it.
func finishedLine(tx *text, g store.Game, me string) string {
	var mine, notes, late []string
	for i, s := range g.Seats {
		switch {
		case s.From <= 0:
		case s.PlayerID == me:
			mine = append(mine, takeoverNote(tx, g.Ruleset, s.Name, i, s.From, true))
		default:
			late = append(late, takeoverNote(tx, g.Ruleset, s.Name, i, s.From, false))
		}
		if s.Finisher != "" {
			notes = append(notes, clipText(s.Name, 16)+" "+tx.f("(%s finished)", clipText(s.Finisher, 12)))
		}
	}
	return strings.Join(slices.Concat(mine, notes, late), " · ")
}

func (m *model) historyKeys() []binding {
	bs := []binding{}
	if m.history != nil && len(m.history.games) > 0 {
		bs = append(bs, binding{"↑↓", m.tx.get("choose")}, binding{"enter", m.tx.get("replay")})
	}
	return append(bs, binding{"esc", m.tx.get("back")})
}

func (m *model) boardView() string {
	st, tx := m.st, m.tx
	bd := m.board
	rs := m.app.reg.All()
	var b strings.Builder
	b.WriteString(st.Title.Render(tx.get("Leaderboard")) + "  ")
	for i, r := range rs {
		if i == bd.family {
			b.WriteString(st.Selected.Render(" "+gameTitle(tx, r.Title)+" ") + " ")
		} else {
			b.WriteString(st.Subtle.Render(" "+gameTitle(tx, r.Title)+" ") + " ")
		}
	}
	b.WriteString("\n" + st.Subtle.Render(tx.get("OpenSkill ratings: the score is μ − 3σ, sure to grow with games won")) + "\n\n")
	if bd.err != nil {
		return b.String() + st.Err.Render(bd.err.Error()) + "\n"
	}
	list := func(title string, rows []store.PlayerRating) {
		b.WriteString(st.Bold.Render(title) + "\n")
		if len(rows) == 0 {
			b.WriteString("  " + st.Subtle.Render(tx.get("nobody rated yet")) + "\n")
		}
		for i, r := range rows {
			name := ratedName(tx, r)
			line := fmt.Sprintf("  %2d. %s %7s  %s", i+1, cell(name, 18), tx.decimal(r.Ordinal()), gameCount(tx, r.Games))
			if r.PlayerID == m.player.ID {
				line = st.Bold.Render(line + "  ← " + tx.get("you"))
			}
			b.WriteString(line + "\n")
		}
		b.WriteString("\n")
	}
	list(tx.get("People"), bd.people)
	list(tx.get("Bots"), bd.bots)
	if bd.mine.Games > 0 {
		if bd.mine.Games == 1 {
			b.WriteString(tx.f("You: %.1f after 1 game (μ %.1f, σ %.1f)", bd.mine.Ordinal(), bd.mine.Mu, bd.mine.Sigma) + "\n")
		} else {
			b.WriteString(tx.f("You: %.1f after %d games (μ %.1f, σ %.1f)", bd.mine.Ordinal(), bd.mine.Games, bd.mine.Mu, bd.mine.Sigma) + "\n")
		}
	}
	return b.String()
}

func (m *model) boardKeys() []binding {
	return []binding{{"←→", m.tx.get("game")}, {"esc", m.tx.get("back")}}
}

// replayModel steps through a finished game's record.
type replayModel struct {
	game   store.Game
	header engine.Header
	events []engine.Event
	pos    int // events applied
	seat   int // whose view is shown
	tm     *tableModel
	jump   string // the number of a round to jump to, being typed
	starts []int  // the steps where rounds begin (roundStarts), once known
}

func (m *model) openReplay(id int64) tea.Cmd {
	a, me := m.app.archive, m.player.ID
	reg := m.app.reg
	return func() tea.Msg {
		g, err := a.Game(id)
		if err == nil && !seatedAt(g, me) {
			err = noGameOfYours(id)
		}
		if err != nil {
			return replayMsg{err: err}
		}
		rep, err := engine.Replay(reg, bytes.NewReader(g.Record))
		if err != nil {
			return replayMsg{err: fmt.Errorf("this game's record does not replay: %w", err)}
		}
		r := &replayModel{game: g, header: rep.Header, events: rep.Game.Events(), seat: engine.Spectator}
		for i, s := range g.Seats {
			if s.PlayerID == me {
				r.seat = i
			}
		}
		r.starts = r.roundStartsOf(reg)
		r.pos = replayOpening(r.starts)
		return replayMsg{r: r}
	}
}

// at rebuilds the game after the first n events.
func (r *replayModel) at(reg *engine.Registry, n int) (engine.Game, error) {
	rs, err := reg.Lookup(r.header.Ruleset)
	if err != nil {
		return nil, err
	}
	g, err := rs.New(len(r.header.Seats), r.header.Options)
	if err != nil {
		return nil, err
	}
	for _, e := range r.events[:n] {
		var err error
		if e.E == engine.EvMove {
			err = g.Apply(e.Seat, e.Move)
		} else {
			err = g.Event(e)
		}
		if err != nil {
			return nil, err
		}
	}
	return g, nil
}

// show puts the replay at event n on the table screen model.
func (m *model) showReplay(n int) {
	r := m.replay
	r.pos = clamp(n, 0, len(r.events))
	g, err := r.at(m.app.reg, r.pos)
	if err != nil {
		m.say(err.Error(), true)
		return
	}
	seats := make([]tables.SeatInfo, len(r.header.Seats))
	for i, name := range r.header.Seats {
		seats[i] = tables.SeatInfo{Name: name, Kind: tables.Human}
		if i < len(r.game.Seats) && store.IsBot(r.game.Seats[i].PlayerID) {
			seats[i].Kind = tables.Bot
		}
	}
	title := r.header.Ruleset
	if rs, err := m.app.reg.Lookup(r.header.Ruleset); err == nil {
		title = rs.Title
	}
	if r.tm == nil {
		r.tm = newTableModel(m, nil, nil)
		r.tm.replaying = true
	}
	view, held := m.replayRoundEnd(g, r.pos)
	view = replayForehead(g, view)
	snap := tables.Snapshot{
		Chat:    m.replayHands(g, seats),
		Version: uint64(r.pos + 1), TableID: r.game.Table, Title: title,
		Name:    m.replayMoveLine(),
		Ruleset: r.header.Ruleset, Seats: seats, You: r.seat, Phase: tables.Playing,
		View: view, Turn: g.Next(), Result: g.Result(), Paused: held,
	}
	if r.pos == len(r.events) && g.Done() { // the end: the standings, as the game's end showed them
		snap.Phase, snap.View, snap.Paused = tables.Over, g.View(r.seat), false
		snap.Standings = tables.Standings(g.Result().Totals, r.header.Seats)
		for _, s := range r.game.Seats {
			snap.Credits = append(snap.Credits, tables.Credit{Name: s.Name, Finisher: s.Finisher, From: s.From})
		}
	}
	r.tm.snapshot(snap)
}

// replayMoveLine is the replay's line "replay · move 7 of 31", which also
// names a scorekeeper's penalty when that is the step shown.
func (m *model) replayMoveLine() string {
	r := m.replay
	line := m.tx.f("replay · move %d of %d", r.pos, len(r.events))
	if r.pos == 0 || r.events[r.pos-1].E != engine.EvPenalty {
		return line
	}
	e := r.events[r.pos-1]
	who := strconv.Itoa(e.Seat + 1)
	if e.Seat >= 0 && e.Seat < len(r.header.Seats) {
		who = r.header.Seats[e.Seat]
	}
	return line + " · " + m.tx.f("penalty: %s %+d, %s", who, e.Points, e.Reason)
}

// replayRoundEnd is the view of g, at step pos of the replay; right after
// the last card of a round (the game's end too) it is that round held on
// screen, its bids and tricks, as a table holds it (pause.go).
func (m *model) replayRoundEnd(g engine.Game, pos int) (engine.View, bool) {
	r := m.replay
	view := g.View(r.seat)
	v, ok := view.(*trick.View)
	if !ok || pos == 0 || v.Phase == trick.PhasePlay || len(v.Trick) > 0 || len(v.LastTrick) == 0 {
		return view, false
	}
	pg, err := r.at(m.app.reg, pos-1)
	if err != nil {
		return view, false
	}
	prev, _ := pg.View(r.seat).(*trick.View)
	if nv := heldRoundEnd(prev, v); nv != nil {
		return nv, true
	}
	return view, false
}

// replayKey moves through the record: by one event, or until the trick or
// the round changes.
func (m *model) replayKey(k tea.KeyMsg) tea.Cmd {
	r := m.replay
	if m.replayDigit(k.String()) {
		return nil
	}
	switch k.String() {
	case "esc", "q":
		m.replay = nil
		m.screen = historyScreen
	case "right", "l":
		m.showReplay(r.pos + 1)
	case "left", "h":
		m.showReplay(r.pos - 1)
	case "home":
		m.showReplay(0)
	case "end":
		m.showReplay(len(r.events))
	case "down", "j":
		if r.tm.showSheet {
			r.tm.sheetUp = max(0, r.tm.sheetUp-1)
			break
		}
		m.showReplay(m.replayFind(+1, trickKey))
	case "up", "k":
		if r.tm.showSheet {
			r.tm.sheetUp++
			break
		}
		m.showReplay(m.replayFind(-1, trickKey))
	case "pgdown", "]":
		m.showReplay(m.nextRoundStart(+1))
	case "pgup", "[":
		m.showReplay(m.nextRoundStart(-1))
	case "tab":
		r.tm.showSheet, r.tm.sheetUp = !r.tm.showSheet, 0
	}
	return nil
}

// trickKey and roundKey say which trick (or Dou Dizhu round of play) and
// which round (deal) a view is at.
func trickKey(v engine.View) int {
	switch v := v.(type) {
	case *trick.View:
		return v.Round*100 + sum(v.Tricks)
	case *doudizhu.View:
		return v.Deal*1000 + len(v.History)/3
	}
	return 0
}

func roundKey(v engine.View) int {
	switch v := v.(type) {
	case *trick.View:
		return v.Round
	case *doudizhu.View:
		return v.Deal*100 + v.Redeals
	}
	return 0
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// replayFind is the next event position (dir +1 or -1) where key of the
// view changes.
func (m *model) replayFind(dir int, key func(engine.View) int) int {
	r := m.replay
	g, err := r.at(m.app.reg, r.pos)
	if err != nil {
		return r.pos
	}
	start := key(g.View(engine.Spectator))
	for n := r.pos + dir; n >= 0 && n <= len(r.events); n += dir {
		g, err := r.at(m.app.reg, n)
		if err != nil {
			return r.pos
		}
		if key(g.View(engine.Spectator)) != start {
			return n
		}
	}
	if dir > 0 {
		return len(r.events)
	}
	return 0
}

// replayView is the replay's screen, its keys and the lines they take:
// two where one is too narrow for every key the replay answers.
func (m *model) replayView() (string, []binding, int) {
	tm := m.replay.tm
	updown := binding{"↑↓", m.tx.get("trick")}
	if tm.showSheet {
		updown = binding{"↑↓", m.tx.get("scroll")}
	}
	keys := []binding{
		{"←→", m.tx.get("move")}, updown, {"[ ]", unitWord(m.tx, m.replay.header.Ruleset)},
		{"0-9 enter", goToWord(m.tx, m.replay.header.Ruleset)}, {"home end", m.tx.get("start, end")},
		{"tab", m.tx.get("score sheet")}, {"esc", m.tx.get("back")},
	}
	rows := min(replayKeyRows, lineCount(keys, tm.width()))
	tm.barRows = rows - 1
	body, _ := tm.view()
	return body, keys, rows
}

// replayKeyRows is how many lines the replay's key bar may take.
const replayKeyRows = 2

// export writes the record of game id, for `ssh host export ID`, with its
// own errors in tx's language. Only someone who sat at the game may export
// it; anyone else is told the same as for a game that does not exist, so
// game numbers tell nobody anything.
func (a *App) export(tx *text, playerID, arg string, out *bytes.Buffer) error {
	if a.archive == nil {
		return errors.New(tx.get("this server keeps no game history"))
	}
	id, err := gameNumber(arg)
	switch {
	case err != nil && arg != "" && lobby.NamesTable(arg):
		return errors.New(tx.f("%q names a table: export takes the number of one of your finished games, as your history lists them (%s, then h)", clipText(arg, 20), a.sshCommand(true)))
	case err != nil:
		return errors.New(tx.f("export which game? give its number, e.g. export 12 (your games: %s, then h)", a.sshCommand(true)))
	}
	g, err := a.archive.Game(id)
	if err != nil || !seatedAt(g, playerID) {
		return errors.New(cliError(tx, noGameOfYours(id)))
	}
	out.Write(g.Record)
	return nil
}

// gameNumber reads a game's number: the whole of s, digits only, above 0.
func gameNumber(s string) (int64, error) {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 0, errors.New("not a number")
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err == nil && id <= 0 {
		err = errors.New("not above 0")
	}
	return id, err
}

// noGameOfYours answers for a game that does not exist and for one the
// player did not sit at alike.
func noGameOfYours(id int64) error {
	return fmt.Errorf("you have no game %d on this server", id)
}

// seatedAt reports whether playerID held a seat in g (never for a guest's
// seat: guests' games are kept without an owner).
func seatedAt(g store.Game, playerID string) bool {
	if playerID == "" {
		return false
	}
	for _, s := range g.Seats {
		if s.PlayerID == playerID {
			return true
		}
	}
	return false
}

// familyStats is a player's record in one game: the profile.
type familyStats struct {
	title          string
	games, wins    int
	rounds, points int  // rounds (or deals) played and the points they scored
	deals          bool // the game counts in deals (Dou Dizhu), not rounds
	bids, exact    int  // trick games: bids made and bids made exactly
}

// profileOf sums up the player's games, replaying each record for the
// per-round figures, and names the games not played to their end (a first
// place there is no win). Games whose record does not replay count
// without them.
func profileOf(a Archive, reg *engine.Registry, id string, gs []store.Game) ([]familyStats, map[int64]bool) {
	unfinished := map[int64]bool{}
	by := map[string]*familyStats{}
	var order []string
	for _, sum := range gs {
		seat := -1
		for i, s := range sum.Seats {
			if s.PlayerID == id {
				seat = i
			}
		}
		if seat < 0 {
			continue
		}
		f := by[sum.Ruleset]
		if f == nil {
			f = &familyStats{title: sum.Ruleset, deals: dealsGame(sum.Ruleset)}
			if r, err := reg.Lookup(sum.Ruleset); err == nil {
				f.title = r.Title
			}
			by[sum.Ruleset] = f
			order = append(order, sum.Ruleset)
		}
		f.games++
		won := sum.Seats[seat].Place == 1
		g, err := a.Game(sum.ID)
		if err != nil {
			f.wins += b2i(won)
			continue
		}
		rep, err := engine.Replay(reg, bytes.NewReader(g.Record))
		if err != nil {
			f.wins += b2i(won)
			continue
		}
		if rep.Game.Done() {
			f.wins += b2i(won)
		} else {
			unfinished[sum.ID] = true
		}
		f.rounds += len(rep.Result.Rounds)
		if seat < len(rep.Result.Totals) {
			f.points += rep.Result.Totals[seat] // penalties included, as the total shown
		}
		if v, ok := rep.Game.View(seat).(*trick.View); ok {
			for _, r := range v.Sheet {
				if r.SatOut[seat] {
					continue
				}
				f.bids++
				if r.Bids[seat] == r.Took[seat] {
					f.exact++
				}
			}
		}
	}
	out := make([]familyStats, 0, len(order))
	for _, name := range order {
		out = append(out, *by[name])
	}
	return out, unfinished
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
