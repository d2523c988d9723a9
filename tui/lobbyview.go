package tui

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// lobbyKeyRows is how many lines the lobby's key bar may take: on fewer, at
// 80 columns, some of its keys would have to be left out (an admin's, with
// history and ratings, in German).
const lobbyKeyRows = 3

func (m *model) lobbyKeys() []binding {
	if m.codeIn != nil {
		return []binding{{"enter", m.tx.get("join")}, {"esc", m.tx.get("cancel")}}
	}
	if m.cmdIn != nil {
		return []binding{{"enter", m.tx.get("run")}, {"esc", m.tx.get("cancel")}}
	}
	bs := []binding{}
	switch ts := m.shownTables(); {
	case m.lobbySel < len(ts) && ts[m.lobbySel].Holds(m.player.ID): // enter takes them back; watching their own seat is not on offer
		bs = append(bs, binding{"↑↓", m.tx.get("choose")}, binding{"enter", m.tx.get("back")})
	case len(ts) > 0:
		bs = append(bs, binding{"↑↓", m.tx.get("choose")}, binding{"enter", m.tx.get("sit")}, binding{"w", m.tx.get("watch")})
	}
	if len(m.lobbyU.For(m.player.ID)) > 0 {
		bs = append(bs, binding{"f", m.tx.get("filter")})
	}
	if m.isAdmin() { // first: a bar too long for its lines is cut
		bs = append(bs, binding{"a", m.tx.get("admin")})
	}
	bs = append(bs,
		binding{"n", m.tx.get("new table")},
		binding{"c", m.tx.get("code")}, // before quick play: a cut bar drops the later first
		binding{"1-4", m.tx.get("quick play")},
		binding{"s", m.tx.get("settings")},
	)
	if m.app.archive != nil {
		bs = append(bs, binding{"h", m.tx.get("history")}, binding{"r", m.tx.get("ratings")})
	}
	bs = append(bs,
		binding{":", m.tx.get("command")},
		binding{"?", m.tx.get("help")},
		binding{"q", m.tx.get("quit")},
	)
	return bs
}

func (m *model) lobbyKey(k tea.KeyMsg) tea.Cmd {
	if m.codeIn != nil {
		switch k.Type {
		case tea.KeyEnter:
			code := m.codeIn.value()
			m.codeIn = nil
			return m.join(code, -1)
		case tea.KeyEsc:
			m.codeIn = nil
		default:
			m.codeIn.update(k)
		}
		return nil
	}
	if m.cmdIn != nil {
		return m.typeCommand(k)
	}
	ts := m.shownTables()
	switch k.String() {
	case ":": // for everyone: what is typed after it is no lobby key
		m.cmdIn = newLineInput("", 300, nil)
	case "a":
		if m.isAdmin() {
			return m.openAdmin()
		}
	case "f":
		m.filter = m.nextFilter()
		m.lobbySel = 0
	case "q":
		return tea.Quit
	case "esc": // one esc too many after a table must not end the session
		m.say(m.tx.get("You are in the lobby: q quits."), false)
	case "up", "k":
		m.lobbySel = max(0, m.lobbySel-1)
	case "down", "j":
		m.lobbySel = min(max(0, len(ts)-1), m.lobbySel+1)
	case "n":
		m.form = m.newForm("")
		m.screen = createScreen
		m.status = ""
	case "c":
		m.codeIn = newLineInput("", 12, codeRune)
	case "s":
		m.screen = settingsScreen
	case "h":
		if m.app.archive != nil {
			return m.openHistory()
		}
	case "r":
		if m.app.archive != nil {
			return m.openBoard(0)
		}
	case "enter":
		if m.lobbySel < len(ts) {
			return m.join(ts[m.lobbySel].ID, -1)
		}
	case "w":
		if m.lobbySel < len(ts) && ts[m.lobbySel].Holds(m.player.ID) {
			m.say(m.tx.get("You have a seat at this table: enter takes you back to it."), false)
			return nil
		}
		if m.lobbySel < len(ts) {
			return m.watch(ts[m.lobbySel].ID)
		}
	case "1", "2", "3", "4":
		rs := m.app.reg.All()
		i := int(k.Runes[0] - '1')
		if i < len(rs) {
			return m.quickPlay(rs[i].Name)
		}
	}
	return nil
}

// quickPlay sits at the first open table of a game that is waiting for
// players with its host there to start it (lobby.Update.QuickPlay), or
// creates one and starts it with bots. The screen's list may be a moment
// old (lobby updates are coalesced), so a table that filled or started
// meanwhile is skipped for the next one, and then for a new table.
func (m *model) quickPlay(game string) tea.Cmd {
	open := m.lobbyU.QuickPlay(m.player.ID, game)
	p := m.player
	return func() tea.Msg {
		for _, id := range open {
			t, err := m.app.lobby.Join(p, id, -1)
			if err != nil {
				continue // taken or started since the screen showed it
			}
			sub, err := t.Subscribe(p)
			return satMsg{t: t, sub: sub, err: err}
		}
		c, err := m.app.lobby.Create(lobby.CreateRequest{Host: p, Ruleset: game})
		if err != nil {
			return satMsg{err: err}
		}
		sub, err := c.Table.Subscribe(p)
		if err != nil {
			return satMsg{err: err}
		}
		if err := c.Table.Start(p); err != nil {
			sub.Close()
			return satMsg{err: err}
		}
		return satMsg{t: c.Table, sub: sub}
	}
}

func (m *model) lobbyView() string {
	var b strings.Builder
	w := min(m.width, maxWidth) // wider, the frame centres the lobby
	st, tx := m.st, m.tx
	title := st.Title.Render("cardroom")
	who := tx.f("you are %s", st.Bold.Render(m.player.Name))
	if m.player.Guest {
		who += st.Subtle.Render(" (" + tx.get("guest") + ")")
	}
	online := tx.f("%d online", m.lobbyU.OnlineCount())
	opening := m.lobbyU.Version == 0 && m.lobbyOpening // its first update is on its way
	if opening {
		online = ""
	}
	b.WriteString(padBetween(title+" · "+who, online, w) + "\n\n")
	for _, l := range m.app.admin.motd {
		b.WriteString(st.Warn.Render(fit(l, w)) + "\n")
	}
	if len(m.app.admin.motd) > 0 {
		b.WriteString("\n")
	}

	ts := m.shownTables()
	note := m.lobbyNote(ts, w-2)
	if m.filter != "" {
		r, _ := m.app.reg.Lookup(m.filter)
		b.WriteString(st.Subtle.Render(tx.get("Showing: ")) + st.Bold.Render(gameTitle(tx, r.Title)) + st.Subtle.Render("  ("+tx.get("f: next game")+")") + "\n")
	}
	if opening {
		b.WriteString("\n")
	} else if len(ts) == 0 && m.filter != "" {
		b.WriteString("  " + fit(tx.get("No tables of this game. Press n to create one."), w-2) + "\n")
	} else if len(ts) == 0 {
		b.WriteString("  " + fit(tx.get("No tables yet. Press n to create one, or 1–4 for quick play against bots."), w-2) + "\n")
	} else {
		cw := lobbyColumns(tx)
		header := fmt.Sprintf("  %-8s %-15s %*s %*s %*s %*s %*s  %s", tx.get("TABLE"), tx.get("GAME"), cw[0], tx.get("PEOPLE"), cw[1], tx.get("BOTS"), cw[2], tx.get("FREE"), cw[3], tx.get("ROUND"), cw[4], tx.get("WATCH"), tx.get("STATE"))
		b.WriteString(st.Subtle.Render(fit(header, w)) + "\n")
		keyRows := min(lobbyKeyRows, len(packKeys(m.lobbyKeys(), w))) // the frame's, or more: its bar may be wider
		rows := m.height - 10 - keyRows - max(1, len(note)) - len(m.app.admin.motd) - min(1, len(m.app.admin.motd))
		first := max(0, min(m.lobbySel-rows+1, len(ts)-rows))
		for i := first; i < len(ts) && i < first+rows; i++ {
			t := ts[i]
			round := "-"
			if t.Round > 0 {
				round = fmt.Sprint(t.Round)
			}
			state := tx.get(t.Phase.String())
			if t.Held {
				state = tx.get("on hold")
			}
			if t.Private {
				state += " · " + tx.get("private")
			}
			id := t.ID
			if t.Holds(m.player.ID) {
				id += " " + seatMark(st)
			}
			line := fmt.Sprintf("%s %s %*d %*d %*d %*s %*d  %s", cell(id, 8), cell(gameTitle(tx, t.Title), 15), cw[0], t.Humans, cw[1], t.Bots, cw[2], t.Free, cw[3], round, cw[4], t.Spectators, state)
			if i == m.lobbySel {
				b.WriteString(st.Key.Render(cursorMark(st)) + st.Selected.Render(fit(line, w-2)) + "\n")
			} else {
				b.WriteString("  " + fit(line, w-2) + "\n")
			}
		}
	}
	for i, l := range note {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("  " + l)
	}
	b.WriteString("\n")
	b.WriteString(st.Subtle.Render(tx.get("Online: ")) + m.onlineLine(w-10) + "\n")
	b.WriteString("\n" + st.Subtle.Render(tx.get("Quick play: ")))
	for i, r := range m.app.reg.All() {
		b.WriteString(st.Key.Render(fmt.Sprint(i+1)) + " " + gameTitle(tx, r.Title) + "  ")
	}
	b.WriteString("\n")
	if m.codeIn != nil {
		b.WriteString("\n" + tx.get("Invite code or table id: ") + st.Bold.Render(m.codeIn.view(20)) + "\n")
	}
	b.WriteString(m.commandLine(w))
	return b.String()
}

// lobbyColumns are the widths of the table list's number columns (people,
// bots, free, round, watching): each heading with two spaces at least
// before it, in every language ("RUNDE  ZUSCH.").
func lobbyColumns(tx *text) [5]int {
	w := func(least int, key string) int { return max(least, visibleWidth(tx.get(key))+1) }
	return [5]int{max(6, visibleWidth(tx.get("PEOPLE"))), w(5, "BOTS"), w(5, "FREE"), w(6, "ROUND"), w(6, "WATCH")} // people: after the game's column, which leaves room
}

// lobbyNote is what goes under the table list, in at most three lines of
// w cells: where the player holds a seat and how to get back to it, and
// in two lines the rules the selected table plays that are not its game's
// usual ones, so that whoever sits down there knows them first.
func (m *model) lobbyNote(ts []lobby.TableInfo, w int) []string {
	st, tx := m.st, m.tx
	if m.lobbySel < len(ts) && ts[m.lobbySel].Holds(m.player.ID) {
		return []string{st.Bold.Render(fit(seatMark(st)+" "+tx.get("your seat — enter to return"), w))}
	}
	var lines []string
	if slices.ContainsFunc(ts, func(t lobby.TableInfo) bool { return t.Holds(m.player.ID) }) {
		lines = append(lines, st.Subtle.Render(fit(seatMark(st)+" "+tx.get("your seat — choose it, then enter to return"), w)))
	}
	if m.lobbySel < len(ts) {
		if t := ts[m.lobbySel]; t.Phase != tables.Over {
			if r := m.unusualRules(t.Ruleset, t.Options, clocks{t.TurnTimer, t.BotPace, t.TrickPause}, t.Phase == tables.Waiting); r != "" {
				lines = append(lines, wrapText(tx.f("Not the usual rules: %s", r), w, 2)...)
			}
		}
	}
	return lines
}

// chosenTable is the id of the table under the lobby's cursor, "" for none.
func (m *model) chosenTable() string {
	if ts := m.shownTables(); m.lobbySel < len(ts) {
		return ts[m.lobbySel].ID
	}
	return ""
}

// pickRow puts the lobby's cursor on the row of lobbyPick, or, when the
// list does not show that table (its game has ended), on the table where
// the player keeps a seat, the game they were at last first; then
// lobbyPick is done.
func (m *model) pickRow() {
	if m.lobbyPick == "" {
		return
	}
	ts := m.shownTables()
	i := slices.IndexFunc(ts, func(t lobby.TableInfo) bool { return t.ID == m.lobbyPick })
	if seated := m.lobbyU.Seated(m.player.ID); i < 0 && len(seated) > 0 {
		i = slices.IndexFunc(ts, func(t lobby.TableInfo) bool { return t.ID == seated[0] })
	}
	if i >= 0 {
		m.lobbySel = i
	}
	m.lobbyPick = ""
}

// codeRune says whether r can be part of an invite code or table id.
func codeRune(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-'
}

// seatMark marks the tables where the player holds a seat.
func seatMark(st *Styles) string {
	if st.glyphs == Unicode {
		return "★"
	}
	return "*"
}

func cursorMark(st *Styles) string {
	if st.glyphs == Unicode {
		return "▸ "
	}
	return "> "
}

// padBetween puts left and right on one line of width w.
func padBetween(left, right string, w int) string {
	gap := w - visibleWidth(left) - visibleWidth(right)
	if gap < 1 {
		gap = 1
	}
	return left + strings.Repeat(" ", gap) + right
}

func (m *model) formKeys() []binding {
	if m.form.editing {
		return []binding{{"enter", m.tx.get("done")}, {"esc", m.tx.get("cancel")}}
	}
	if m.form.onText() {
		return []binding{
			{"↑↓", m.tx.get("field")}, {"e", m.tx.get("edit")}, {"enter", m.tx.get("create")}, {"esc", m.tx.get("back")},
		}
	}
	return []binding{
		{"↑↓", m.tx.get("field")}, {"←→", m.tx.get("change")}, {"enter", m.tx.get("create")}, {"esc", m.tx.get("back")},
	}
}

func (m *model) helpView() string {
	tx := m.tx
	lobbyPart := []string{
		tx.get("Lobby: ↑↓ choose a table, enter sits, w watches, n creates a table,"),
		tx.get("  1–4 quick play, c joins by invite code, q quits."),
		tx.get("  f filters by game, s settings, h your past games, r ratings."),
		"",
	}
	trumpKeys := tx.get("  s h d c (or n for none) name trump; tab shows the score sheet;")
	if m.screen == tableScreen && m.table != nil && !noTrumpNamed(m.table.snap) {
		trumpKeys = tx.get("  s h d c name trump; tab shows the score sheet;")
	}
	trickPart := []string{
		tx.get("Trick games: digits then enter bid; ←→ choose a card, enter plays it;"),
		trumpKeys,
		tx.get("  . shows the last trick."),
		"",
	}
	ddPart := []string{
		tx.get("Dou Dizhu: 1 2 3 bid, p passes; type ranks (33344, BR) then enter,"),
		tx.get("  or ←→ and space to mark cards; x hints the next legal play, the"),
		tx.get("  best first; c counts the ranks still out, . shows the round of plays."),
		"",
	}
	lines := []string{m.st.Title.Render(tx.get("Help")), ""}
	watching := m.screen == tableScreen && m.table != nil && m.table.snap.You < 0
	if m.screen == tableScreen && m.table != nil { // at a table: its game only, so its keys fit 24 rows
		_, dd := m.table.snap.View.(*doudizhu.View)
		switch {
		case watching: // no moves to make: the keys that are are under Keys here
		case dd:
			lines = append(lines, ddPart...)
		default:
			lines = append(lines, trickPart...)
		}
		switch m.table.snap.Ruleset { // the cards a newcomer has not met
		case "singularity":
			lines = append(lines, tx.get("SG Singularity: the first one played wins the trick. CK CLANKER: never"),
				tx.get("  wins, unless every card of the trick is one. Both may always be played."), "")
		case "specialrounds":
			lines = append(lines, tx.get("A doubled 7–A pack: every card is there twice; of two equal cards"),
				tx.get("  the one played first wins."), "")
		case "boerenbridge":
			lines = append(lines, tx.get("The dealer may not make the bids add up to the cards in hand, once"),
				tx.get("  hands hold more than three cards."), "")
		}
	} else {
		lines = append(append(append(lines, lobbyPart...), trickPart...), ddPart...)
	}
	if watching {
		lines = append(lines, tx.get("Watching a table: / talks, esc goes back to the lobby."))
	} else {
		lines = append(lines,
			tx.get("At a table: / talks, esc goes back to the lobby (your seat is kept for"),
			tx.get("  you), L leaves the seat for good; the host starts with S."),
		)
	}
	atTable := m.screen == tableScreen && m.table != nil
	if !atTable {
		lines = append(lines,
			tx.get("Commands (: at a table): :away, :back, :leave; the host: :bot N,"),
			tx.get("  :invitebot NAME KEY, :penalty SEAT -5 REASON (Boerenbridge)."),
		)
	}
	if m.isAdmin() {
		lines = append(lines, tx.get("  Admins: :kick NAME, :ban NAME [DURATION], :unban NAME|KEY|IP, :announce TEXT."))
	}
	if atTable {
		var cs []string
		glue := strings.NewReplacer(" ", "\u00a0", "-", "\u2011") // no-break space and hyphen until the wrap is done
		for _, c := range m.table.commandHelp() {                 // a command and its arguments on one line
			syntax, what, ok := strings.Cut(c, " (")
			c = glue.Replace(syntax)
			if ok {
				c += " (" + what
			}
			cs = append(cs, c)
		}
		cmds := tx.get("Commands here:") + " " + strings.Join(cs, ", ") + "."
		unglue := strings.NewReplacer("\u00a0", " ", "\u2011", "-")
		for i, l := range wrapText(cmds, max(m.width-2, 20), 4) {
			l = unglue.Replace(l)
			if i > 0 {
				l = "  " + l
			}
			lines = append(lines, l)
		}
		if keys := m.table.keys(); len(keys) > 0 { // none while others move
			lines = append(lines, "", m.st.Bold.Render(tx.get("Keys here:")))
			lines = append(lines, wrapKeys(m.st, keys, m.width-2)...)
		}
	}
	return strings.Join(lines, "\n")
}

// noTrumpNamed reports whether a player at this table may name "no trump"
// (TR-4 with its option on); the help offers n only there.
func noTrumpNamed(s tables.Snapshot) bool {
	return s.Ruleset == "boerenbridge" && s.Options["bb_allow_notrump"] == "true"
}

// shownTables are the lobby's tables the player may see (a private table
// only when it lets them in) that pass the game filter.
func (m *model) shownTables() []lobby.TableInfo {
	all := m.lobbyU.For(m.player.ID)
	if m.filter == "" {
		return all
	}
	var out []lobby.TableInfo
	for _, t := range all {
		if t.Ruleset == m.filter {
			out = append(out, t)
		}
	}
	return out
}

// nextFilter cycles the game filter: all games, then each game in turn.
func (m *model) nextFilter() string {
	names := m.app.reg.Names()
	for i, n := range names {
		if n == m.filter {
			if i+1 < len(names) {
				return names[i+1]
			}
			return ""
		}
	}
	return names[0]
}

// onlineLine names the people online, as many as fit in w columns, then how
// many more there are, and how many are on the cluster's other nodes. It
// looks at no more names than fit, however many are online.
func (m *model) onlineLine(w int) string {
	var b strings.Builder
	elsewhere := ""
	if n := m.lobbyU.Elsewhere; n > 0 {
		elsewhere = m.tx.f(" · %d on other servers", n)
		w -= ansi.StringWidth(elsewhere)
	}
	used := 0
	for i, o := range m.lobbyU.Online {
		n := o.Name
		if o.Guest {
			n += " (" + m.tx.get("guest") + ")"
		}
		more := m.tx.f(" and %d more", len(m.lobbyU.Online)-i)
		nw := ansi.StringWidth(n) // cells: a CJK name takes two a character
		if used+nw+2+ansi.StringWidth(more) > w && i > 0 {
			b.WriteString(more)
			break
		}
		if i > 0 {
			b.WriteString(", ")
			used += 2
		}
		b.WriteString(fit(n, w))
		used += nw
	}
	b.WriteString(elsewhere)
	return b.String()
}
