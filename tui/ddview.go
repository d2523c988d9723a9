package tui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
)

const ddRankOrder = "3456789TJQKA2BR"

func (tm *tableModel) ddKeys(v *doudizhu.View) []binding {
	tx := tm.m.tx
	switch v.Phase {
	case doudizhu.Bidding:
		return []binding{{"1-3", tx.get("bid")}, {"p", tx.get("pass")}}
	case doudizhu.Playing:
		bs := []binding{tm.ddRankKeys(), {"space", tx.get("mark")}, {"x", tx.get("hint")}, {"enter", tx.get("play")}}
		if slices.Contains(v.Legal, engine.PassMove()) {
			bs = append(bs, binding{"p", tx.get("pass")})
		}
		bs = append(bs, binding{"c", tx.get("cards still out")})
		return bs
	}
	return nil
}

// ddRankKeys is the help bar's entry for typing ranks, with the letters of
// the player's language.
func (tm *tableModel) ddRankKeys() binding {
	tx := tm.m.tx
	switch rankLang(tx.lang) {
	case "de":
		return binding{"3-9 0BDKA2 BJ R", tx.get("type ranks")}
	case "nl":
		return binding{"3-9 0BVHA2 BJ R", tx.get("type ranks")}
	}
	return binding{"3-9TJQKA2BR", tx.get("type ranks")}
}

func (tm *tableModel) ddKey(v *doudizhu.View, k tea.KeyMsg) tea.Cmd {
	key := k.String()
	if key == "c" && v.Phase == doudizhu.Playing {
		tm.showCount = !tm.showCount
		return nil
	}
	if !tm.myTurn {
		return tm.outOfTurn(v.Turn, ddGameKey(key))
	}
	switch v.Phase {
	case doudizhu.Bidding:
		switch key {
		case "1", "2", "3":
			return tm.send(engine.BidMove(int(key[0] - '0')))
		case "p", "0":
			return tm.send(engine.PassMove())
		}
	case doudizhu.Playing:
		switch key {
		case "left":
			tm.cursor = max(0, tm.cursor-1)
		case "right":
			tm.cursor = min(len(v.Hand)-1, tm.cursor+1)
		case " ":
			if tm.cursor < len(tm.marked) {
				tm.marked[tm.cursor] = !tm.marked[tm.cursor]
				tm.dropTyped()
			}
		case "x":
			return tm.nextHint(v)
		case "p":
			tm.clearPlay()
			return tm.send(engine.PassMove())
		case "backspace", "ctrl+w": // a typed card: the black joker is one
			if tm.ranks != "" {
				tm.ranks = tm.ranks[:len(tm.ranks)-1]
			} else if tm.composing() {
				tm.clearPlay()
				tm.m.say(tm.m.tx.get("All marks cleared: space marks a card again."), false)
			}
		case "esc", "ctrl+u":
			tm.clearPlay()
		case "enter":
			ranks := tm.ranks
			if ranks == "" {
				ranks = tm.markedRanks(v)
			}
			if ranks == "" && len(tm.ddHints(v)) == 0 {
				return tm.nextHint(v) // nothing beats the table: it says so
			}
			if ranks == "" {
				return tm.m.fail(errors.New(tm.m.tx.get("Choose cards first: type ranks, mark with space, or press x for a hint.")))
			}
			tm.clearPlay()
			return tm.send(engine.PlayRanks(sortRanks(ranks)))
		default:
			if k.Paste { // pasted ranks are typed one by one, up to the first that is none
				for _, r := range k.Runes {
					if !unicode.IsSpace(r) && !tm.typeRank(string(r)) {
						break
					}
				}
			} else if len(key) == 1 {
				tm.typeRank(key)
			}
		}
	}
	return nil
}

// typeRank adds the rank key types to the play being typed; when key types
// none, or the play is full, it says why and reports false.
func (tm *tableModel) typeRank(key string) bool {
	typed, ok := ddTyped(tm.m.tx.lang, tm.ranks, key)
	if !ok || len(typed) > 20 {
		tm.turnNote = tm.ddKeyRefused(key, ok)
		tm.m.say(tm.turnNote, true)
		return false
	}
	tm.ranks = typed
	if slices.Contains(tm.marked, true) {
		tm.m.say(tm.m.tx.get("Typed ranks replace the marked cards."), false)
	}
	for i := range tm.marked {
		tm.marked[i] = false
	}
	return true
}

// ddKeyRefused says what to type instead of a key that types no rank, or,
// when the key typed one (typed), that the play is already as long as one
// can be.
func (tm *tableModel) ddKeyRefused(key string, typed bool) string {
	tx := tm.m.tx
	switch {
	case typed:
		return tx.get("A play has at most 20 cards: enter plays it, backspace takes one back.")
	case strings.ToUpper(key) == "J" && rankLang(tx.lang) != "en":
		return tx.get("J alone is no rank: the jack is B, the black joker B J.")
	}
	return tx.f("%s is not a rank: type %s.", key, ddRankList[rankLang(tx.lang)])
}

// ddRankList is the keys that type ranks, as ddKeyRefused lists them.
var ddRankList = map[string]string{
	"en": "3–9, T, J, Q, K, A, 2, B, R",
	"de": "3–9, 0, B, D, K, A, 2, B J, R",
	"nl": "3–9, 0, B, V, H, A, 2, B J, R",
}

// dropTyped drops the ranks typed, as marking a card does, and says so:
// the marked cards are the play now.
func (tm *tableModel) dropTyped() {
	if tm.ranks != "" {
		tm.ranks = ""
		tm.m.say(tm.m.tx.get("Marked cards replace the typed ranks."), false)
	}
}

// composing reports whether a move is being typed or marked: ranks or
// digits typed, or cards marked.
func (tm *tableModel) composing() bool {
	return tm.ranks != "" || tm.digits != "" || slices.Contains(tm.marked, true)
}

// clearPlay drops the move being typed or marked.
func (tm *tableModel) clearPlay() {
	tm.ranks, tm.digits = "", ""
	for i := range tm.marked {
		tm.marked[i] = false
	}
}

// nextHint marks the cards of the next legal play, cycling from the one
// a good player would choose; with nothing to beat the table it says so.
func (tm *tableModel) nextHint(v *doudizhu.View) tea.Cmd {
	plays := tm.ddHints(v)
	if len(plays) == 0 {
		tm.turnNote = tm.m.tx.f("Nothing you hold beats %s: p passes.", ddPlayText(tm.m.tx.lang, v.Table))
		tm.m.say(tm.turnNote, false)
		return nil
	}
	p := plays[tm.hint%len(plays)]
	tm.hint++
	tm.dropTyped()
	tm.markRanks(v.Hand, p.String())
	return nil
}

// markRanks marks cards of hand for the ranks of a play, each card once.
func (tm *tableModel) markRanks(hand []cards.Card, ranks string) {
	for i := range tm.marked {
		tm.marked[i] = false
	}
	for _, r := range ranks {
		for i, c := range hand {
			if !tm.marked[i] && doudizhu.RankOf(c).String() == string(r) {
				tm.marked[i] = true
				break
			}
		}
	}
}

func (tm *tableModel) markedRanks(v *doudizhu.View) string {
	var b strings.Builder
	for i, c := range v.Hand {
		if i < len(tm.marked) && tm.marked[i] {
			b.WriteString(doudizhu.RankOf(c).String())
		}
	}
	return b.String()
}

// sortRanks puts ranks in the order of the move text (3…A 2 B R).
func sortRanks(s string) string {
	b := []byte(s)
	slices.SortFunc(b, func(x, y byte) int {
		return strings.IndexByte(ddRankOrder, x) - strings.IndexByte(ddRankOrder, y)
	})
	return string(b)
}

func (tm *tableModel) ddView(v *doudizhu.View) string {
	st, tx := tm.cardStyles(), tm.m.tx
	var b strings.Builder
	line := tx.f("Deal %d of %d", v.Deal, v.Deals)
	if v.Bid > 0 {
		line += " · " + tx.f("bid %d", v.Bid)
	}
	line += " · " + tx.f("multiplier ×%d", v.Multiplier)
	if v.Landlord >= 0 {
		line += " · " + tx.get("landlord") + " " + st.Bold.Render(tm.plainName(v.Landlord))
	}
	if v.Redeals > 0 {
		line += st.Subtle.Render(" · " + tx.f("redealt %d×", v.Redeals))
	}
	b.WriteString(line + "\n")
	bottom := tx.get("Bottom cards:") + " " + st.backRow(3, 3)
	if v.Bottom != nil {
		bottom = tx.get("Bottom cards:") + " " + st.cardsInline(v.Bottom)
	}
	short := bottom                                                   // without the hint, when the line is short of room
	if tm.bottom = bottomMarks(v); tm.bottom != nil && tm.replaying { // the landlord's hand, not the watcher's
		bottom += st.Subtle.Render(" " + tx.f("(marked in %s's hand)", tm.plainName(v.Seat)))
	} else if tm.bottom != nil {
		bottom += st.Subtle.Render(" " + tx.get("(marked in your hand)"))
	}
	note, more := tm.ddNotice(v), ""
	if log := tm.ddBidLog(v); log != "" {
		switch {
		case visibleWidth(bottom+" · "+log) <= tm.noteWidth():
			bottom += st.Subtle.Render(" · ") + log
		case note == "": // every bid shows: they go on in the line below
			more = "  " + log
		default:
			bottom = short + st.Subtle.Render(" · ") + log
		}
	}
	b.WriteString(fit(bottom, tm.noteWidth()) + "\n")
	switch {
	case note != "":
		b.WriteString(st.Warn.Render(fit(note, tm.noteWidth())) + "\n")
	case more != "":
		b.WriteString(fit(more, tm.noteWidth()) + "\n")
	default:
		b.WriteString("\n")
	}

	last := tm.ddLast(v)
	if tm.wide() {
		b.WriteString(tm.ddAround(v, last))
		b.WriteString("\n")
		if tm.watching != "" {
			b.WriteString(tm.watchersLine())
		}
	} else {
		b.WriteString(st.Subtle.Render(fmt.Sprintf("   %-26s %-9s %5s  %s", tx.get("seat"), tx.get("role"), tx.get("cards"), tx.get("last"))) + "\n")
		for i := 0; i < doudizhu.Players; i++ {
			role := tm.ddRole(v, i)
			key := ddSeatKey{seat: tm.seatKey(i), turn: v.Turn == i, count: v.Counts[i], role: role, last: last[i], width: tm.noteWidth()}
			b.WriteString(tm.parts.ddRows.get(i, key, func() seatBlock {
				mark := "  "
				if v.Turn == i {
					mark = st.Turn.Render(cursorMark(st))
				}
				row := fmt.Sprintf(" %s%s %s %5d  %s", mark, padRight(tm.seatName(i), 26), padRight(role, 9), v.Counts[i], last[i])
				return seatBlock{lines: []string{fit(row, tm.noteWidth()) + "\n"}} // a long play ends in …
			}).lines[0])
		}
		b.WriteString(tm.watchersLine())
	}

	switch {
	case tm.endedDeal != nil:
		for _, l := range tm.dealPanel(tm.endedDeal) {
			b.WriteString(l + "\n")
		}
	case v.Phase == doudizhu.Playing && v.TableSeat >= 0:
		b.WriteString(tx.f("To beat: %s", tm.plainName(v.TableSeat)) + " — " + tx.get(v.Table.Type.String()) + " " + st.Bold.Render(ddPlayText(tm.m.tx.lang, v.Table)) + "\n")
	case v.Phase == doudizhu.Playing && v.Turn >= 0:
		b.WriteString(tx.f("%s leads: any combination.", tm.plainName(v.Turn)) + "\n")
	case v.Phase == doudizhu.Over || v.Phase == doudizhu.Dealing:
		if n := len(v.Scores); n > 0 {
			b.WriteString(tx.get("Last deal:") + " " + tm.scoreLine(v.Scores[n-1]) + "\n")
		} else {
			b.WriteString("\n")
		}
	default:
		b.WriteString("\n")
	}
	if tm.showPlays {
		for _, l := range tm.ddPlaysLines(v) {
			b.WriteString(l + "\n")
		}
	}
	if tm.showCount && v.Phase == doudizhu.Playing {
		b.WriteString(st.Subtle.Render(fit(tm.ddStillOut(v), tm.noteWidth())) + "\n")
	} else {
		b.WriteString("\n")
	}

	if v.Seat == engine.Spectator {
		b.WriteString(st.Subtle.Render(tm.watchLine()) + "\n")
	} else if len(v.Hand) > 0 {
		playing := tm.myTurn && v.Phase == doudizhu.Playing
		cursor := -1
		if playing {
			cursor = tm.cursor
		}
		states := tm.parts.hand.states[:0]
		for i := range v.Hand {
			if i < len(tm.marked) && tm.marked[i] {
				states = append(states, cardHot)
			} else {
				states = append(states, cardNormal)
			}
		}
		tm.handY = 1 + strings.Count(b.String(), "\n") + 1 // the header line, then the frame's top
		b.WriteString(tm.handRow(v.Hand, states, cursor) + "\n")
	}
	b.WriteString(tm.ddPrompt(v) + "\n")
	return b.String()
}

func (tm *tableModel) ddPrompt(v *doudizhu.View) string {
	st, tx := tm.cardStyles(), tm.m.tx
	if !tm.myTurn {
		return tm.waiting(v.Turn)
	}
	switch v.Phase {
	case doudizhu.Bidding:
		var bids []string
		for _, mv := range v.Legal {
			if mv.Kind == engine.Bid {
				bids = append(bids, strconv.Itoa(mv.N))
			}
		}
		return st.Turn.Render(tx.get("Your bid:")) + " " + strings.Join(bids, " ") + " " + tx.get("or p to pass")
	case doudizhu.Playing:
		sel := ddRanksText(tx.lang, tm.ranks)
		if tm.ranks == "" {
			sel = tm.ddMarkedText(v)
		}
		out := st.Turn.Render(tx.get("Your play:")) + " " + st.Bold.Render(sel+"▏")
		if sel == "" && rankLang(tx.lang) != "en" { // B is the jack: B J types the black joker
			out += "  " + st.Subtle.Render(tx.get("B = jack, BJ = black joker, 0 = 10"))
		}
		return out
	}
	return ""
}

func (tm *tableModel) scoreLine(scores []int) string {
	parts := make([]string, len(scores))
	for i, s := range scores {
		parts[i] = fmt.Sprintf("%s %+d", tm.plainName(i), s)
	}
	return strings.Join(parts, "  ")
}

// cardsInline draws cards side by side without frames.
func (s *Styles) cardsInline(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = s.Card(c)
	}
	return strings.Join(parts, " ")
}

// ddRole names a seat's side once the landlord is known.
func (tm *tableModel) ddRole(v *doudizhu.View, i int) string {
	if v.Landlord < 0 {
		return ""
	}
	if i == v.Landlord {
		return tm.cardStyles().Warn.Render(tm.m.tx.get("landlord"))
	}
	return tm.m.tx.get("farmer")
}

// ddLast is each seat's latest action: its bid while bidding, else its
// play or pass in the current round of play (a new round starts when a
// seat leads after two passes).
func (tm *tableModel) ddLast(v *doudizhu.View) map[int]string {
	st, tx := tm.cardStyles(), tm.m.tx
	last := map[int]string{}
	if v.Phase == doudizhu.Bidding {
		for _, bd := range v.Bids {
			if bd.N == 0 {
				last[bd.Seat] = tx.get("passed")
			} else {
				last[bd.Seat] = tx.f("bid %d", bd.N)
			}
		}
		return last
	}
	if rounds := ddRounds(v.History); len(rounds) > 0 {
		for _, t := range rounds[len(rounds)-1] {
			if t.Pass {
				last[t.Seat] = st.Subtle.Render(tx.get("passed"))
			} else {
				last[t.Seat] = st.ddTurnCards(t)
			}
		}
	}
	return last
}

// ddRounds splits a deal's turns into its rounds of plays: a round opens
// with a lead (the deal's first play, or a play after two passes).
func ddRounds(history []doudizhu.Turn) [][]doudizhu.Turn {
	var rounds [][]doudizhu.Turn
	passes := 0
	for i, t := range history {
		if i == 0 || !t.Pass && passes >= 2 {
			rounds = append(rounds, nil)
		}
		if t.Pass {
			passes++
		} else {
			passes = 0
		}
		rounds[len(rounds)-1] = append(rounds[len(rounds)-1], t)
	}
	return rounds
}

// ddPlays is the line . shows in Dou Dizhu: who played what and who passed
// since the lead, in order (the seats show their newest only). While the
// lead is all there is, or the next lead is awaited, it is the round
// before: what was just beaten; before a deal's first play, the last
// round of the deal before.
func (tm *tableModel) ddPlays(v *doudizhu.View) string {
	st, tx := tm.cardStyles(), tm.m.tx
	rounds, head := ddRounds(v.History), tx.get("This round of plays:")
	prev := tm.previousDeal(v)
	if prev != nil { // the deal's first play is awaited: how the deal before ended
		rounds, head = ddRounds(prev.History), tx.f("Last plays of deal %d:", prev.Deal)
	}
	if n := len(v.Scores); len(rounds) == 0 && n > 0 { // a deal this screen did not see end: its points
		return fit(tx.get("Last deal:")+" "+tm.scoreLine(v.Scores[n-1]), tm.noteWidth())
	}
	if len(rounds) == 0 {
		return st.Subtle.Render(fit(tx.get("No cards played yet in this deal."), tm.noteWidth()))
	}
	r := rounds[len(rounds)-1]
	if over := len(r) >= 3 && r[len(r)-1].Pass && r[len(r)-2].Pass; prev == nil && (over || len(r) == 1 && len(rounds) > 1) {
		if !over {
			r = rounds[len(rounds)-2]
		}
		head = tx.get("Previous round of plays:")
	}
	parts := make([]string, len(r))
	for i, t := range r {
		if t.Pass {
			parts[i] = st.Subtle.Render(tm.plainName(t.Seat) + " " + tx.get("passed"))
		} else {
			parts[i] = tm.plainName(t.Seat) + " " + st.Bold.Render(ddPlayText(tx.lang, t.Play))
		}
	}
	line := func(from int) string {
		cut := ""
		if from > 0 {
			cut = "… "
		}
		return head + " " + cut + strings.Join(parts[from:], st.Subtle.Render(" · "))
	}
	from := 0
	for from < len(parts)-1 && visibleWidth(line(from)) > tm.noteWidth() {
		from++ // the latest plays matter most
	}
	return fit(line(from), tm.noteWidth())
}

// ddPlaysLines is what . shows in Dou Dizhu: the round of plays, or, before
// the first play of a deal, the panel of the deal before (its last plays
// when that panel is on screen already).
func (tm *tableModel) ddPlaysLines(v *doudizhu.View) []string {
	if prev := tm.previousDeal(v); prev != nil && tm.endedDeal == nil {
		if panel := tm.dealPanel(prev); panel != nil {
			return panel
		}
	}
	return []string{tm.ddPlays(v)}
}

// ddAround seats the three players around the table with their latest
// action in front of them.
func (tm *tableModel) ddAround(v *doudizhu.View, last map[int]string) string {
	blocks := make([]seatBlock, doudizhu.Players)
	plays := make([]string, doudizhu.Players)
	for i := 0; i < doudizhu.Players; i++ {
		role := tm.ddRole(v, i)
		key := ddSeatKey{seat: tm.seatKey(i), turn: v.Turn == i, count: v.Counts[i], role: role}
		blocks[i] = tm.parts.ddSeats.get(i, key, func() seatBlock {
			st, tx := tm.cardStyles(), tm.m.tx
			name, lead := tm.seatName(i), 0
			if v.Turn == i {
				name, lead = st.Turn.Render(cursorMark(st))+name, visibleWidth(cursorMark(st))
			}
			info := cardCount(tx, v.Counts[i])
			if role != "" {
				info = role + st.Subtle.Render(" · ") + info
			}
			b := newSeatBlock(name, info)
			b.lead = lead
			return b
		})
		plays[i] = last[i]
	}
	h := min(tm.height()-16, 18)
	w := min(tm.m.width, 110)
	var b strings.Builder
	b.Grow(h * (w + 64))
	around(&b, &tm.parts.canvas, w, h, blocks, plays, max(v.Seat, 0), true)
	return b.String()
}

// ddSeatKey is what a seat's block around the Dou Dizhu table shows.
type ddSeatKey struct {
	seat  seatKey
	turn  bool
	count int
	role  string
	last  string // the seat's latest action (the seat list only)
	width int    // the seat list's rows are fit to it
}
