package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

func (tm *tableModel) trickKeys(v *trick.View) []binding {
	tx := tm.m.tx
	switch v.Phase {
	case trick.PhaseBid:
		return []binding{{bidKeys(v), tx.get("bid")}, {"enter", tx.get("confirm")}}
	case trick.PhaseTrump:
		k := suitKeys(tx.lang)
		bs := []binding{{strings.Join(k[:4], " "), tx.get("name trump")}}
		if slices.Contains(v.Legal, engine.TrumpMove(cards.NoSuit)) {
			bs = append(bs, binding{k[4], tx.get("no trump")})
		}
		return bs
	case trick.PhasePlay:
		if v.Hand == nil { // forehead round: the table plays the card for you
			return nil
		}
		return []binding{{"←→", tx.get("choose")}, {"enter", tx.get("play")}}
	}
	return nil
}

// bidKeys is the range of bids the key bar names: the lowest to the
// highest the player may bid now ("0-13": two digits, then enter), or to
// the cards in hand before their turn.
func bidKeys(v *trick.View) string {
	lo, hi := 0, v.Cards
	if n := len(v.Legal); n > 0 && v.Legal[0].Kind == engine.Bid {
		lo, hi = v.Legal[0].N, v.Legal[0].N
		for _, mv := range v.Legal {
			lo, hi = min(lo, mv.N), max(hi, mv.N)
		}
	}
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + "-" + strconv.Itoa(hi)
}

func (tm *tableModel) trickKey(v *trick.View, k tea.KeyMsg) tea.Cmd {
	key := k.String()
	if !tm.myTurn {
		return tm.outOfTurn(v.Turn, trickGameKey(key))
	}
	switch v.Phase {
	case trick.PhaseBid:
		switch {
		case len(key) == 1 && key[0] >= '0' && key[0] <= '9':
			if len(tm.digits) < 2 {
				tm.digits += key
			}
		case key == "backspace":
			if tm.digits != "" {
				tm.digits = tm.digits[:len(tm.digits)-1]
			}
		case key == "enter":
			if tm.digits == "" {
				return tm.m.fail(fmt.Errorf("%s", tm.m.tx.get("type your bid, then enter")))
			}
			n, _ := strconv.Atoi(tm.digits)
			tm.digits = ""
			return tm.send(engine.BidMove(n))
		}
	case trick.PhaseTrump:
		if su, ok := suitOfKey(tm.m.tx.lang, key); ok {
			return tm.send(engine.TrumpMove(su))
		}
	case trick.PhasePlay:
		if v.Hand == nil { // forehead round: the card is played for you
			if key == "enter" || key == " " {
				return tm.send(trick.HiddenPlay())
			}
			return nil
		}
		switch key {
		case "left", "h":
			tm.cursor = max(0, tm.cursor-1)
		case "right", "l":
			tm.cursor = min(len(v.Hand)-1, tm.cursor+1)
		case "home":
			tm.cursor = 0
		case "end":
			tm.cursor = len(v.Hand) - 1
		case "enter", " ":
			if tm.cursor < len(v.Hand) {
				return tm.send(engine.PlayCard(v.Hand[tm.cursor]))
			}
		}
	}
	return nil
}

func (tm *tableModel) trickView(v *trick.View) string {
	round := tm.trickRoundLines(v)
	var seats string
	if tm.wide() {
		seats = tm.trickAround(v)
	} else {
		seats = tm.trickList(v)
	}
	hand := tm.trickHand(v, strings.Count(round, "\n")+strings.Count(seats, "\n"))
	prompt := tm.trickPrompt(v)
	var b strings.Builder
	b.Grow(len(round) + len(seats) + len(hand) + len(prompt) + 1)
	b.WriteString(round)
	b.WriteString(seats)
	b.WriteString(hand)
	b.WriteString(prompt)
	b.WriteByte('\n')
	return b.String()
}

// The parts of trickView are drawn by functions of their own, not inlined:
// a session's goroutine draws with the stack its last garbage collection
// left it, and a deep frame made the stack grow (and be copied) on every
// redraw.

// trickRoundLines is the round line (round, cards, trump, dealer) and the
// line that says what is special about the round.
//
//go:noinline
func (tm *tableModel) trickRoundLines(v *trick.View) string {
	key := roundLinesKey{
		partsKey: tm.key0().sansSnapshot(), round: v.Round, rounds: v.Rounds, cards: v.Cards,
		trumpKnown: v.TrumpKnown, trump: v.Trump, turned: v.Turned, dealer: v.Dealer,
		modifier: v.Modifier, hook: v.Hook, bidding: v.Phase == trick.PhaseBid,
		namedBy: v.NamedBy, trumpBy: v.TrumpBy, bidSum: bidSum(v), clockwise: v.Clockwise, wide: tm.wide(),
		dealerBids: v.Turn == v.Dealer,
	}
	if v.NamedBy >= 0 {
		key.namerSeat = tm.seatKey(v.NamedBy)
	} else if v.TrumpBy >= 0 {
		key.namerSeat = tm.seatKey(v.TrumpBy)
	}
	if v.Dealer >= 0 {
		key.dealerSeat = tm.seatKey(v.Dealer)
	}
	p := &tm.parts
	if p.roundOK && p.roundKey == key {
		return p.round
	}
	p.round, p.roundKey, p.roundOK = tm.drawRoundLines(v), key, true
	return p.round
}

// roundLinesKey is what the round lines show.
type roundLinesKey struct {
	partsKey
	round, rounds, cards int
	trumpKnown           bool
	trump                cards.Suit
	turned               cards.Card
	dealer               int
	dealerSeat           seatKey
	modifier             trick.Modifier
	hook, bidding        bool
	namedBy, trumpBy     int
	namerSeat            seatKey
	bidSum               int  // the bids made so far, -1 before the bidding
	dealerBids           bool // the dealer is to bid: the hook names their bid (hookNote)
	clockwise, wide      bool
}

// bidSum is the sum of the bids made this round, -1 before the bidding
// has started (or once the round is over).
func bidSum(v *trick.View) int {
	if v.Phase != trick.PhaseBid && v.Phase != trick.PhaseTrump && v.Phase != trick.PhasePlay {
		return -1
	}
	sum, any := 0, v.Phase == trick.PhaseBid
	for _, b := range v.Bids {
		if b != trick.NoBid {
			sum, any = sum+b, true
		}
	}
	if !any {
		return -1
	}
	return sum
}

func (tm *tableModel) drawRoundLines(v *trick.View) string {
	st, tx := tm.m.st, tm.m.tx
	var line string
	for _, short := range []bool{false, true} { // short: the trump without how it came, when the line is too long
		line = tx.f("Round %d of %d", v.Round, v.Rounds) + " · " + cardCount(tx, v.Cards) + " · " + tm.trumpText(v, short)
		if v.Dealer >= 0 && !(short && !v.TrumpKnown && v.TrumpBy == v.Dealer) { // short: "Claude names it (turned SG)" says who deals
			line += " · " + tx.get("dealer") + " " + tm.plainName(v.Dealer)
		}
		if visibleWidth(line) <= tm.width() {
			break
		}
	}
	out := fit(line, tm.width()) + "\n"
	var notes []string
	if sum := bidSum(v); sum >= 0 {
		notes = append(notes, bidSumText(tx, sum, v.Cards))
	}
	if !v.Clockwise {
		if tm.wide() {
			notes = append(notes, tx.get("play goes counter-clockwise ↺"))
		} else {
			notes = append(notes, tx.get("play goes counter-clockwise: up the list"))
		}
	}
	line = strings.Join(notes, " · ")
	for _, short := range []bool{false, true} { // short: the round's note in a few words, when the line is too long
		if note := tm.modifierNote(v, short); note != "" {
			line = strings.Join(append(slices.Clip(notes), note), " · ")
		}
		if visibleWidth(line) <= tm.noteWidth() {
			break
		}
	}
	if line == "" {
		return out + "\n"
	}
	return out + st.Warn.Render(fit(line, tm.noteWidth())) + "\n"
}

// bidSumText sets the bids made against the cards in hand: "bids 5 of 7:
// under by 2".
func bidSumText(tx *text, sum, cards int) string {
	switch {
	case sum < cards:
		return tx.f("bids %d of %d: under by %d", sum, cards, cards-sum)
	case sum > cards:
		return tx.f("bids %d of %d: over by %d", sum, cards, sum-cards)
	}
	return tx.f("bids %d of %d: they add up", sum, cards)
}

// trumpText is the round's trump and how it came: turned, named (by whom,
// after which card) or drawn, or who is to name it (and, for a turned
// Singularity, why); short leaves out the card a known trump came from.
func (tm *tableModel) trumpText(v *trick.View, short bool) string {
	st, tx := tm.m.st, tm.m.tx
	if !v.TrumpKnown {
		if v.TrumpBy >= 0 && v.Turned == cards.Singularity { // TR-3: why the dealer names it, short or not
			return tx.f("trump: %s names it", tm.plainName(v.TrumpBy)) + st.Subtle.Render(" ("+tx.get("turned")+" ") + st.Card(v.Turned) + st.Subtle.Render(")")
		}
		if v.TrumpBy >= 0 {
			return tx.f("trump: %s names it", tm.plainName(v.TrumpBy))
		}
		return tx.get("trump not known yet")
	}
	trump := tx.get("trump") + " " + tm.trumpSuit(v.Trump)
	if v.Trump == cards.NoSuit {
		trump = st.Bold.Render(tx.get("no trump"))
	}
	if v.NamedBy >= 0 {
		trump += ", " + tx.f("named by %s", tm.plainName(v.NamedBy))
	}
	switch {
	case short:
	case v.Turned != cards.None:
		trump += st.Subtle.Render(" ("+tx.get("turned")+" ") + st.Card(v.Turned) + st.Subtle.Render(")")
	case v.NamedBy >= 0 && v.NamedBy == v.Chooser:
		for i := len(v.Draws) - 1; i >= 0; i-- {
			if d := v.Draws[i]; d.Seat == v.Chooser {
				trump += st.Subtle.Render(" ("+tx.f("drawn: %s's", tm.plainName(d.Seat))+" ") + st.Card(d.Card) + st.Subtle.Render(")")
				break
			}
		}
	}
	return trump
}

// trumpSuit is the trump suit as the header names it: its symbol, or
// its word where suits are letters (ASCII, CJK-safe), as a lone letter
// ("trump s") reads like a word cut short.
func (tm *tableModel) trumpSuit(su cards.Suit) string {
	st := tm.m.st
	if st.glyphs == Unicode || su > cards.Clubs {
		return st.Suit(su)
	}
	return st.suitInk[su].Render(suitWords[tm.m.tx.lang][su.String()])
}

// trickHand is the hand (or why there is none), with its newline; above is
// the number of lines of the game part above it.
//
//go:noinline
func (tm *tableModel) trickHand(v *trick.View, above int) string {
	st, tx := tm.m.st, tm.m.tx
	switch {
	case v.Seat == engine.Spectator:
		return st.Subtle.Render(tm.watchLine()) + "\n"
	case v.Hand == nil && v.Foreheads != nil && v.Foreheads[v.Seat] != cards.None: // a replay shows every card
		return tx.f("The card on %s's forehead: %s", tm.plainName(v.Seat), st.Card(v.Foreheads[v.Seat])) + "\n"
	case v.Hand == nil && v.Foreheads != nil && tm.replaying: // the card is played
		return st.Subtle.Render(tx.get("No cards in hand.")) + "\n"
	case v.Hand == nil && v.Foreheads != nil:
		return tx.get("Your card is on your forehead: everyone sees it but you.") + "\n"
	case len(v.Hand) == 0 && v.Modifier == trick.Blind && v.Phase == trick.PhaseBid:
		return st.Subtle.Render(tx.get("The cards are dealt once everyone has bid.")) + "\n"
	case len(v.Hand) == 0:
		return st.Subtle.Render(tx.get("No cards in hand.")) + "\n"
	default:
		playing := tm.myTurn && v.Phase == trick.PhasePlay
		cursor := -1
		if playing {
			cursor = tm.cursor
		}
		states := tm.parts.hand.states[:0]
		for i, c := range v.Hand {
			switch {
			case playing && i == tm.cursor:
				states = append(states, cardHot)
			case playing && !slices.ContainsFunc(v.Legal, func(mv engine.Move) bool { return mv.Kind == engine.Play && mv.Card == c }):
				states = append(states, cardDim)
			default:
				states = append(states, cardNormal)
			}
		}
		tm.handY = 1 + above + 1 // the header line, then the frame's top
		return tm.handRow(v.Hand, states, cursor) + "\n"
	}
}

// trickPrompt says what the player is asked to do now.
func (tm *tableModel) trickPrompt(v *trick.View) string {
	st, tx := tm.m.st, tm.m.tx
	if tm.sittingOut() && !tm.awaySeat() { // away: the away line says it (awayLine)
		return st.Warn.Render(fit(tm.sitOutLine(), tm.width()))
	}
	if tm.snap.Paused && v.Turn == v.Seat && v.Seat >= 0 && tm.replaying {
		return st.Subtle.Render(tx.f("%s leads next, once the trick is cleared.", tm.plainName(v.Seat)))
	}
	if tm.snap.Paused && v.Turn == v.Seat && v.Seat >= 0 {
		return st.Subtle.Render(tx.get("You lead next, once the trick is cleared."))
	}
	if !tm.myTurn {
		return tm.waiting(v.Turn)
	}
	switch v.Phase {
	case trick.PhaseBid:
		var bids []int
		for _, mv := range v.Legal {
			bids = append(bids, mv.N)
		}
		allowed := fitList(bids)
		if len(bids) == 1 { // not a default: the only bid there is
			allowed = tx.f("only %s", allowed)
		}
		return st.Turn.Render(tx.get("Your bid")) + " (" + allowed + "): " + st.Bold.Render(tm.digits+"▏")
	case trick.PhaseTrump:
		k := suitKeys(tx.lang)
		out := st.Turn.Render(tx.get("Name trump:"))
		for i, su := range cards.Suits {
			out += " " + st.Key.Render(k[i]) + st.Suit(su)
		}
		if slices.Contains(v.Legal, engine.TrumpMove(cards.NoSuit)) {
			out += " " + st.Key.Render(k[4]) + " " + tx.get("no trump")
		}
		return out
	case trick.PhasePlay:
		if v.Hand == nil {
			return st.Turn.Render(tx.get("Your turn: the card on your forehead is played for you."))
		}
		return st.Turn.Render(tx.get("Your turn: choose a card with ←→ and press enter."))
	}
	return ""
}

// fitList lists the bids allowed, more than eight shortened to runs ("0 1
// 3–10"): a bid left out, as the dealer hook leaves one, still shows.
func fitList(ns []int) string {
	var out []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if len(ns) > 8 && j-i >= 2 {
			out = append(out, strconv.Itoa(ns[i])+"–"+strconv.Itoa(ns[j]))
			i = j + 1
			continue
		}
		out = append(out, strconv.Itoa(ns[i]))
		i++
	}
	return strings.Join(out, " ")
}

// trickLine is a trick on one line after its label: who won it first (a
// line cut at the screen's edge keeps the winner), then each seat's card.
func (tm *tableModel) trickLine(label string, ps []trick.Played, winner int) string {
	head, parts := tm.trickParts(label, ps, winner)
	return head + strings.Join(parts, "  ")
}

// trickParts is trickLine's label (with the winner) and its cards.
func (tm *tableModel) trickParts(label string, ps []trick.Played, winner int) (string, []string) {
	st := tm.m.st
	parts := make([]string, 0, len(ps))
	for _, p := range ps {
		c := st.Card(p.Card)
		if p.Seat == winner {
			c = st.WinCard(p.Card)
		}
		parts = append(parts, tm.plainName(p.Seat)+" "+c)
	}
	out := label + " "
	if winner >= 0 {
		out += tm.m.tx.f("%s took it", tm.plainName(winner)) + " · "
	}
	return out, parts
}

// trickLines is trickLine on two lines when it is wider than the screen:
// the cards that do not fit go on the second ("" when all fit).
func (tm *tableModel) trickLines(label string, ps []trick.Played, winner int) (string, string) {
	head, parts := tm.trickParts(label, ps, winner)
	return splitLine(head, parts, tm.width())
}

// splitLine is head and parts on one line, or on two when wider than w:
// the parts that do not fit go on the second, indented ("" when all fit).
func splitLine(head string, parts []string, w int) (string, string) {
	k := len(parts)
	for k > 1 && visibleWidth(head+strings.Join(parts[:k], "  ")) > w {
		k--
	}
	if k == len(parts) {
		return head + strings.Join(parts, "  "), ""
	}
	return head + strings.Join(parts[:k], "  "), "  " + strings.Join(parts[k:], "  ")
}

// modifierNote explains a special round in one line, or names it in a few
// words (short) when it shares the line with the bids.
func (tm *tableModel) modifierNote(v *trick.View, short bool) string {
	tx := tm.m.tx
	if short {
		var parts []string
		switch v.Modifier {
		case trick.TrumpChoice:
			parts = append(parts, tx.get("trump choice round"))
		case trick.NoTrump:
			parts = append(parts, tx.get("no trump this round"))
		case trick.Blind:
			parts = append(parts, tx.get("blind round"))
		case trick.Forehead:
			parts = append(parts, tx.get("forehead round: bid 0 or 1"))
		}
		if v.Hook && v.Phase == trick.PhaseBid { // a special round keeps the hook too
			if hook := tm.hookNote(v, len(parts) > 0); hook != "" {
				parts = append(parts, hook)
			}
		}
		return strings.Join(parts, " · ")
	}
	var long []string
	switch v.Modifier {
	case trick.TrumpChoice:
		if v.TrumpKnown && v.NamedBy >= 0 {
			long = append(long, tx.f("Trump choice: %s drew the highest card and chose %s as trump.", tm.plainName(v.NamedBy), tm.trumpSuit(v.Trump)))
		} else {
			long = append(long, tx.get("Trump choice: one card each is drawn; the highest names trump."))
		}
	case trick.NoTrump:
		long = append(long, tx.get("No trump this round: the highest card of the led suit wins."))
	case trick.Blind:
		long = append(long, tx.get("Blind round: everyone bids before seeing the cards."))
	case trick.Forehead:
		if tm.replaying { // the watcher sees every card
			long = append(long, tx.get("Forehead round: each player sees every card but their own; bid 0 or 1."))
		} else {
			long = append(long, tx.get("Forehead round: you see every card but your own; bid 0 or 1."))
		}
	}
	if v.Hook && v.Phase == trick.PhaseBid { // a special round keeps the hook too
		long = append(long, tx.get("The dealer may not make the bids add up to the cards in hand."))
	}
	return strings.Join(long, " ")
}

// hookNote is the dealer hook (TT-6) in a few words: once the dealer is to
// bid, the one bid they may not make ("" when the bids are over already);
// before, the total the bids may not reach. Brief: fewer words, beside a
// special round's name.
func (tm *tableModel) hookNote(v *trick.View, brief bool) string {
	tx := tm.m.tx
	if v.Turn == v.Dealer && v.Dealer >= 0 {
		bid := v.Cards - max(bidSum(v), 0)
		switch {
		case bid < 0: // the others bid more than the cards: any bid will do
			return ""
		case brief:
			return tx.f("dealer may not bid %d", bid)
		case v.Seat == v.Dealer && !tm.replaying:
			return tx.f("you may not bid %d", bid)
		}
		return tx.f("the dealer may not bid %d", bid)
	}
	if brief {
		return tx.f("bids may not total %d", v.Cards)
	}
	return tx.f("the dealer may not make it %d", v.Cards)
}

// plainName is a seat's name without decoration, clipped.
func (tm *tableModel) plainName(i int) string {
	if i < 0 || i >= len(tm.snap.Seats) {
		return "?"
	}
	n := tm.snap.Seats[i].Name
	if n == "" {
		n = tm.m.tx.get("bot")
	}
	return clipText(n, 10)
}

// padRight pads s (which may hold escape sequences) to w cells.
func padRight(s string, w int) string {
	if d := w - visibleWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// padLeft right-aligns s in w cells.
func padLeft(s string, w int) string {
	if d := w - visibleWidth(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// roundSummary is the result of a finished round, one line: each seat's
// bid, tricks made right or wrong, and points.
func (tm *tableModel) roundSummary(r trick.SheetRound) string {
	head, parts := tm.roundParts(r)
	return head + strings.Join(parts, "  ")
}

// roundParts is roundSummary's label and each seat's score.
func (tm *tableModel) roundParts(r trick.SheetRound) (string, []string) {
	st, tx := tm.m.st, tm.m.tx
	parts := make([]string, len(r.Scores))
	for i, sc := range r.Scores {
		p := fmt.Sprintf("%s %+d", tm.plainName(i), sc)
		if sc > 0 {
			p = st.OK.Render(p)
		} else if sc < 0 {
			p = st.Err.Render(p)
		}
		parts[i] = p
	}
	return tx.f("Round %d:", r.Round) + " ", parts
}

// trickList shows the seats as a list and the trick on one line: the layout
// for terminals of 80×24.
func (tm *tableModel) trickList(v *trick.View) string {
	st, tx := tm.m.st, tm.m.tx
	var b strings.Builder
	b.WriteString(st.Subtle.Render(fmt.Sprintf("   %-26s %4s %6s %7s", tx.get("seat"), tx.get("bid"), tx.get("tricks"), tx.get("score"))) + "\n")
	for i := 0; i < v.Players; i++ {
		b.WriteString(tm.parts.trickRows.get(i, tm.trickSeatKey(v, i), func() seatBlock {
			return seatBlock{lines: []string{tm.trickRow(v, i)}}
		}).lines[0])
	}
	b.WriteString(tm.watchersLine())

	// The draw of a trump-choice round, the trick, or the last trick. A
	// trick too wide for its line goes on in the line below, when that is free.
	note := tm.foreheadNote(v)
	wrap := !tm.showLast
	rest := ""
	plain := func(s string) string { return s }
	line := func(head string, parts []string, style func(string) string) {
		first, more := splitLine(head, parts, tm.width())
		if !wrap {
			first, more = head+strings.Join(parts, "  "), ""
		}
		b.WriteString(style(fit(first, tm.width())) + "\n")
		if more != "" {
			rest = style(fit(more, tm.width()))
		}
	}
	trickLine := func(label string, ps []trick.Played, winner int, style func(string) string) {
		head, parts := tm.trickParts(label, ps, winner)
		line(head, parts, style)
	}
	// The previous trick asked for with `.`, too wide for its line, takes
	// the line above as well while it shows.
	var prev, prevRest string
	if tm.showLast {
		prev, prevRest = tm.previousLines(v, true)
	}
	switch {
	case prevRest != "":
		b.WriteString(fit(prev, tm.width()) + "\n")
		prev = prevRest
	case tm.held(v):
		trickLine(tx.get("Trick complete:"), v.LastTrick, v.LastWinner, st.Bold.Render)
	case drawShows(v):
		head, parts, short := tm.drawParts(v)
		if !fitsTwo(head, parts, tm.width(), wrap) {
			parts = short
		}
		line(head, parts, plain)
	case len(v.Trick) > 0:
		trickLine(tx.get("Trick:"), v.Trick, -1, plain)
	case len(v.Sheet) > 0 && (v.Phase == trick.PhaseBid || v.Phase == trick.PhaseTrump):
		head, parts := tm.roundParts(v.Sheet[len(v.Sheet)-1])
		line(head, parts, plain)
	case len(v.LastTrick) > 0:
		trickLine(tx.get("Last trick:"), v.LastTrick, v.LastWinner, st.Subtle.Render)
	default:
		b.WriteString("\n")
	}
	switch {
	case tm.showLast:
		b.WriteString(fit(prev, tm.width()))
	case note != "" && rest == "":
		b.WriteString(note)
	case note != "" && visibleWidth(rest+"   "+note) <= tm.width():
		b.WriteString(rest + "   " + note)
	default: // the trick's end first: it shows the seat's own card too
		b.WriteString(rest)
	}
	b.WriteString("\n")
	return b.String()
}

// drawParts is the trump-choice draw's line head (who names trump first:
// the cards may not all fit) and its cards, pass by pass with each redraw
// of the tied marked; short has every seat once, the cards it drew one
// after the other ("Alan Q♣→T♠"), for a line too narrow for the passes.
func (tm *tableModel) drawParts(v *trick.View) (head string, parts, short []string) {
	st, tx := tm.m.st, tm.m.tx
	drew := map[int]bool{} // in the current pass: a seat drawing again starts a redraw
	seats := map[int]int{} // the seats' places in short
	for _, d := range v.Draws {
		p := tm.plainName(d.Seat) + " " + st.Card(d.Card)
		if drew[d.Seat] {
			clear(drew)
			p = "· " + tx.get("tie, drawn again:") + " " + p
		}
		drew[d.Seat] = true
		parts = append(parts, p)
		if i, ok := seats[d.Seat]; ok {
			short[i] += "→" + st.Card(d.Card)
		} else {
			seats[d.Seat] = len(short)
			short = append(short, tm.plainName(d.Seat)+" "+st.Card(d.Card))
		}
	}
	head = tx.get("Draw for trump:") + " "
	if v.Chooser >= 0 {
		head += tx.f("%s names trump", tm.plainName(v.Chooser)) + " · "
	}
	return head, parts, short
}

// drawShows reports whether the trump-choice draw is on the table: while
// it is drawn and until its winner has named trump.
func drawShows(v *trick.View) bool {
	return len(v.Draws) > 0 && !v.TrumpKnown && len(v.Trick) == 0 && v.Phase != trick.PhasePlay
}

// fitsTwo reports whether head and parts fit in width columns: on one line,
// or on two when wrap lets splitLine take the line below.
func fitsTwo(head string, parts []string, width int, wrap bool) bool {
	if !wrap {
		return visibleWidth(head+strings.Join(parts, "  ")) <= width
	}
	first, more := splitLine(head, parts, width)
	return visibleWidth(first) <= width && visibleWidth(more) <= width
}

// trickRow is seat i's line of the seat list, with its newline.
func (tm *tableModel) trickRow(v *trick.View, i int) string {
	st, tx := tm.m.st, tm.m.tx
	mark := "  "
	if v.Turn == i {
		mark = st.Turn.Render(cursorMark(st))
	}
	name := tm.seatName(i)
	bid := "-"
	if v.Bids[i] != trick.NoBid {
		bid = strconv.Itoa(v.Bids[i])
	}
	tricks := strconv.Itoa(v.Tricks[i])
	if v.Bids[i] != trick.NoBid {
		switch {
		case v.Tricks[i] > v.Bids[i]:
			tricks = st.Err.Render(fmt.Sprintf("%6s", tricks))
		case v.Tricks[i] == v.Bids[i]:
			tricks = st.OK.Render(fmt.Sprintf("%6s", tricks))
		}
	}
	extra := ""
	if v.Foreheads != nil && v.Foreheads[i] != cards.None {
		extra = "  " + st.Card(v.Foreheads[i])
	} else if v.Foreheads != nil && i == v.Seat && !tm.replaying { // a replay shows the card until it is played
		extra = "  " + st.Back() + st.Subtle.Render(" "+tx.get("on your forehead"))
	}
	if tm.sitsOut(v, i) {
		extra += st.Subtle.Render("  " + tx.get("sits out"))
	}
	if i == v.Dealer {
		extra += st.Subtle.Render("  " + tx.get("dealer"))
	}
	return fmt.Sprintf(" %s%s %4s %6s %7d%s\n", mark, padRight(name, 26), bid, padLeft(tricks, 6), v.Totals[i], extra)
}

// sitsOut reports whether the seat list marks seat i as sitting the round
// out (SI-5): not once a bot took the seat for good (its person left).
func (tm *tableModel) sitsOut(v *trick.View, i int) bool {
	bot := i < len(tm.snap.Seats) && tm.snap.Seats[i].Kind == tables.Bot
	return v.SatOut != nil && i < len(v.SatOut) && v.SatOut[i] && !bot
}

// seatScore is a seat's bid and tricks, coloured on track / over / under.
func (tm *tableModel) seatScore(v *trick.View, i int) string {
	st, tx := tm.m.st, tm.m.tx
	if v.Bids[i] == trick.NoBid {
		return tx.f("took %d", v.Tricks[i])
	}
	s := tx.f("bid %d · took %d", v.Bids[i], v.Tricks[i])
	switch {
	case v.Tricks[i] > v.Bids[i]:
		return st.Err.Render(s)
	case v.Tricks[i] == v.Bids[i]:
		return st.OK.Render(s)
	}
	return s
}

// trickAround places the seats around the table in play order with each
// seat's card of the trick in front of it: the layout for large terminals.
func (tm *tableModel) trickAround(v *trick.View) string {
	blocks := tm.trickBlocks(v)
	centre, plays := tm.trickCentre(v)
	h := min(tm.height()-14, 22)
	w := min(tm.m.width, 110)
	you := max(v.Seat, 0)
	var b strings.Builder
	b.Grow((h + 1) * (w + 64))
	around(&b, &tm.parts.canvas, w, h, blocks, plays, you, v.Clockwise)
	centredLine(&b, w, centre)
	if tm.watching != "" {
		b.WriteString(tm.watchersLine())
	}
	return b.String()
}

// trickBlocks is each seat's block around the table, drawn again only for
// the seats that changed.
//
//go:noinline
func (tm *tableModel) trickBlocks(v *trick.View) []seatBlock {
	blocks := make([]seatBlock, v.Players)
	for i := 0; i < v.Players; i++ {
		blocks[i] = tm.parts.trickSeats.get(i, tm.trickSeatKey(v, i), func() seatBlock { return tm.trickSeat(v, i) })
	}
	return blocks
}

// trickCentre is the line under the table (the viewer's own card of a held
// forehead trick, the draw for trump, the last round's result) and the card
// in front of each seat.
//
//go:noinline
func (tm *tableModel) trickCentre(v *trick.View) (string, []string) {
	st, tx := tm.m.st, tm.m.tx
	plays := make([]string, v.Players)
	centre := ""
	trickCards, winner := v.Trick, tm.trickWinner(v)
	switch {
	case winner >= 0: // the trick complete: its winner says so in its own block
		trickCards = v.LastTrick
		if tm.held(v) {
			centre = tm.heldCentre(v)
		}
	case drawShows(v):
		for _, d := range v.Draws {
			plays[d.Seat] = st.Card(d.Card) // the last card each seat drew
		}
		centre = tx.get("Draw for trump") // who names trump says so in its own block
	case len(v.Trick) == 0 && len(v.Sheet) > 0 && (v.Phase == trick.PhaseBid || v.Phase == trick.PhaseTrump):
		centre = tm.roundSummary(v.Sheet[len(v.Sheet)-1])
	}
	for _, p := range trickCards {
		c := st.Card(p.Card)
		if p.Seat == winner {
			c = st.WinCard(p.Card)
		}
		plays[p.Seat] = c
	}
	if tm.showLast {
		centre = tm.previousLine(v)
	}
	return centre, plays
}

// trickWinner is the seat that won the trick shown complete around the
// table (held, or the last one before the next lead), -1 when none is.
func (tm *tableModel) trickWinner(v *trick.View) int {
	if tm.held(v) || len(v.Trick) == 0 && len(v.LastTrick) > 0 && v.Phase == trick.PhasePlay {
		return v.LastWinner
	}
	return -1
}

// trickSeatKey is what a seat's block around the table shows.
type trickSeatKey struct {
	seat                            seatKey
	turn                            bool
	bid, tricks, total              int
	foreheads, mine, dealer, satOut bool
	naming                          bool // names trump next
	won                             bool // won the trick shown complete
	forehead                        cards.Card
}

// trumpNamer is the seat that is to name trump, drawn or bid for, -1 when
// none is or trump is known.
func trumpNamer(v *trick.View) int {
	switch {
	case v.TrumpKnown:
		return -1
	case v.TrumpBy >= 0:
		return v.TrumpBy
	case drawShows(v):
		return v.Chooser
	}
	return -1
}

func (tm *tableModel) trickSeatKey(v *trick.View, i int) trickSeatKey {
	key := trickSeatKey{
		seat: tm.seatKey(i), turn: v.Turn == i, bid: v.Bids[i], tricks: v.Tricks[i], total: v.Totals[i],
		foreheads: v.Foreheads != nil, mine: i == v.Seat, dealer: i == v.Dealer,
		satOut: tm.sitsOut(v, i), naming: trumpNamer(v) == i,
		won: tm.trickWinner(v) == i,
	}
	if v.Foreheads != nil {
		key.forehead = v.Foreheads[i]
	}
	return key
}

// trickSeat draws seat i's block: its name, its score, and what is special
// about it.
func (tm *tableModel) trickSeat(v *trick.View, i int) seatBlock {
	st, tx := tm.m.st, tm.m.tx
	names := tm.nameLines(i)
	n := 0
	if v.Turn == i {
		n = 1
	}
	info := tm.parts.trickInfo.get(i, trickInfoKey{st, tx, v.Bids[i], v.Tricks[i], v.Totals[i]}, func() seatBlock {
		return newSeatBlock(tm.seatScore(v, i) + st.Subtle.Render(" · ") + tx.f("%d pts", v.Totals[i]))
	})
	b := seatBlock{lines: []string{names.lines[n], info.lines[0]}, widths: []int{names.widths[n], info.widths[0]}}
	if n == 1 {
		b.lead = visibleWidth(cursorMark(st))
	}
	extra := ""
	switch {
	case v.Foreheads != nil && v.Foreheads[i] != cards.None:
		extra = tx.get("forehead:") + " " + st.Card(v.Foreheads[i])
	case v.Foreheads != nil && i == v.Seat && !tm.replaying: // a replay shows the card until it is played
		extra = st.Back() + st.Subtle.Render(" "+tx.get("on your forehead"))
	case tm.sitsOut(v, i):
		extra = st.Subtle.Render(tx.get("sits out"))
	case i == v.Dealer:
		extra = st.Subtle.Render(tx.get("dealer"))
	}
	if trumpNamer(v) == i {
		if extra != "" {
			extra += st.Subtle.Render(" · ")
		}
		extra += st.Bold.Render(tx.get("names trump"))
	}
	if tm.trickWinner(v) == i {
		if extra != "" {
			extra += st.Subtle.Render(" · ")
		}
		extra += st.Bold.Render(tx.get("won the trick"))
	}
	if extra == "" {
		return b
	}
	b.lines, b.widths = append(b.lines, extra), append(b.widths, visibleWidth(extra))
	return b
}

// trickInfoKey is what a seat's score line around the table shows.
type trickInfoKey struct {
	st                 *Styles
	tx                 *text
	bid, tricks, total int
}

// wide reports whether the terminal has room to seat the players around
// the table.
func (tm *tableModel) wide() bool { return tm.m.width >= 100 && tm.height() >= 32 }

// placeHand centres a drawn hand of n cards under the viewer's seat when
// the seats are laid out around the table, and remembers where it went.
// handRow is the hand drawn as a row of cards (cardRow) in the given
// states, placed (placeHand); it is drawn again only when the cards, their
// states, the cursor, the size or the styles changed. states may be the
// cache's own scratch slice.
func (tm *tableModel) handRow(hand []cards.Card, states []cardState, cursor int) string {
	h := &tm.parts.hand
	st := tm.cardStyles()
	if h.ok && h.st == st && h.width == tm.m.width && h.height == tm.m.height && h.cursor == cursor &&
		slices.Equal(h.cards, hand) && slices.Equal(h.drawn, states) && slices.Equal(h.tops, tm.bottom) {
		h.states = states
		tm.handX = h.handX
		return h.row
	}
	row := tm.placeHand(st.cardRowMarked(hand, func(i int) cardState { return states[i] }, cursor, tm.bottom), st.rowWidth(hand))
	h.tops = append(h.tops[:0], tm.bottom...)
	h.st, h.width, h.height, h.cursor = st, tm.m.width, tm.m.height, cursor
	h.cards = append(h.cards[:0], hand...)
	h.drawn = append(h.drawn[:0], states...)
	h.states = states
	h.row, h.handX, h.ok = row, tm.handX, true
	return row
}

// handCache is the hand drawn last and what it was drawn from.
type handCache struct {
	st            *Styles
	width, height int
	cursor        int
	cards         []cards.Card
	drawn         []cardState // the states drawn
	tops          []bool      // the cards drawn with a marked top edge
	states        []cardState // scratch for the next states
	row           string
	handX         int
	ok            bool
}

func (tm *tableModel) placeHand(row string, rowWidth int) string {
	tm.handX = 0
	if !tm.wide() {
		return row
	}
	w := min(tm.m.width, 110)
	tm.handX = max(0, (w-rowWidth)/2)
	pad := strings.Repeat(" ", tm.handX)
	return pad + strings.ReplaceAll(row, "\n", "\n"+pad)
}
