package tui

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// The replay of a finished game shows everything: every seat's hand at
// each step (the game is over, nothing is hidden any more), no prompts,
// and a jump to any round by its number.

// dealsGame reports whether the rule set counts in deals (Dou Dizhu), not
// rounds.
func dealsGame(ruleset string) bool { return ruleset == "doudizhu" }

// unitWord is "round" or "deal", the rule set's unit, for the help bar.
func unitWord(tx *text, ruleset string) string {
	if dealsGame(ruleset) {
		return tx.get("deal")
	}
	return tx.get("round")
}

// goToWord is the help bar's word for the jump to a round (or deal).
func goToWord(tx *text, ruleset string) string {
	if dealsGame(ruleset) {
		return tx.get("go to a deal")
	}
	return tx.get("go to a round")
}

// replayHands are every seat's cards at this step of the replay, one chat
// line a seat: "alice: A♠ K♠ 7♥".
func (m *model) replayHands(g engine.Game, seats []tables.SeatInfo) []tables.ChatLine {
	out := make([]tables.ChatLine, 0, len(seats))
	for i, s := range seats {
		var hand []cards.Card
		switch v := g.View(i).(type) {
		case *trick.View:
			hand = trumpFirst(v.Hand, v.Trump, v.TrumpKnown)
		case *doudizhu.View:
			hand = v.Hand
		}
		faces := make([]string, len(hand))
		for k, c := range hand {
			faces[k] = m.st.Face(c)
		}
		text := strings.Join(faces, " ")
		if c := foreheadCard(g, i); c != cards.None {
			text = m.tx.f("%s on the forehead", m.st.Face(c))
		}
		if text == "" {
			text = "—"
		}
		out = append(out, tables.ChatLine{From: s.Name, Seat: i, Text: text})
	}
	return out
}

// replayForehead is v with the replayed seat's own forehead card shown, as
// the others' are: a replay hides nothing (v itself in other rounds).
func replayForehead(g engine.Game, v engine.View) engine.View {
	tv, ok := v.(*trick.View)
	if !ok || tv.Foreheads == nil || tv.Seat < 0 || tv.Seat >= len(tv.Foreheads) || tv.Foreheads[tv.Seat] != cards.None {
		return v
	}
	c := foreheadCard(g, tv.Seat)
	if c == cards.None {
		return v
	}
	nv := *tv // the game's view: change a copy
	nv.Foreheads = slices.Clone(tv.Foreheads)
	nv.Foreheads[tv.Seat] = c
	return &nv
}

// foreheadCard is the card on seat's forehead in the forehead round, as
// the seat after it sees it; cards.None in other rounds and once played.
func foreheadCard(g engine.Game, seat int) cards.Card {
	n := g.Players()
	if n < 2 {
		return cards.None
	}
	v, ok := g.View((seat + 1) % n).(*trick.View)
	if !ok || v.Foreheads == nil {
		return cards.None
	}
	return v.Foreheads[seat]
}

// roundOfView is the round (trick games) or deal (Dou Dizhu) a view is at.
func roundOfView(v engine.View) int {
	switch v := v.(type) {
	case *trick.View:
		return v.Round
	case *doudizhu.View:
		return v.Deal
	}
	return 0
}

// replayJump is where round (or deal) n begins, as ] lands on it: its
// first move with its cards dealt, never the round before held on screen;
// the last round's beginning for a larger n, and where the replay is when
// the game has no rounds.
func (m *model) replayJump(n int) int {
	r := m.replay
	last, lastRound := r.pos, -1
	for _, pos := range m.roundStarts() {
		g, err := r.at(m.app.reg, pos)
		if err != nil {
			break
		}
		round := roundOfView(g.View(engine.Spectator))
		if round >= n {
			return pos
		}
		if round != lastRound { // a Dou Dizhu deal dealt again begins once
			last, lastRound = pos, round
		}
	}
	return last
}

// nextRoundStart is the step where the next round (or deal) begins (dir
// +1), or where this one began, or the one before if the replay is at its
// start (dir −1); the game's end or start when there is none.
func (m *model) nextRoundStart(dir int) int {
	r := m.replay
	starts := m.roundStarts()
	if dir > 0 {
		for _, p := range starts {
			if p > r.pos {
				return p
			}
		}
		return len(r.events)
	}
	for i := len(starts) - 1; i >= 0; i-- {
		if starts[i] < r.pos {
			return starts[i]
		}
	}
	return 0
}

// roundStarts are the steps where each round (or deal) of the replay
// begins (roundStartsOf), worked out once.
func (m *model) roundStarts() []int {
	r := m.replay
	if r.starts == nil {
		r.starts = r.roundStartsOf(m.app.reg)
	}
	return r.starts
}

// roundStartsOf are the steps where each round (or deal) of the record
// begins: the first step of it that does not hold the round before on
// screen, and after its deal when the round begins with one.
func (r *replayModel) roundStartsOf(reg *engine.Registry) []int {
	starts := []int{}
	g, err := r.at(reg, 0)
	if err != nil {
		return starts
	}
	var prev engine.View
	key := -1
	for pos := 0; pos <= len(r.events); pos++ {
		if pos > 0 {
			e := r.events[pos-1]
			if e.E == engine.EvMove {
				err = g.Apply(e.Seat, e.Move)
			} else {
				err = g.Event(e)
			}
			if err != nil {
				break
			}
		}
		v := g.View(engine.Spectator)
		k := roundKey(v)
		if k != key && !replayHolds(prev, v) {
			key = k
			start := pos
			if start < len(r.events) && r.events[start].E == engine.EvDeal {
				start++
			}
			starts = append(starts, start)
		}
		prev = v
	}
	return starts
}

// replayHolds reports whether a replay shows v, the step after prev, as
// the end of the round before held on screen.
func replayHolds(prev, v engine.View) bool {
	p, ok1 := prev.(*trick.View)
	c, ok2 := v.(*trick.View)
	return ok1 && ok2 && heldRoundEnd(p, c) != nil
}

// replayDigit takes a key of the replay screen that types the number of a
// round to jump to (digits, backspace, enter); false when the key is not
// one of them.
func (m *model) replayDigit(k string) bool {
	r := m.replay
	switch {
	case len(k) == 1 && k[0] >= '0' && k[0] <= '9':
		if len(r.jump) < 3 {
			r.jump += k
		}
	case k == "backspace" && r.jump != "":
		r.jump = r.jump[:len(r.jump)-1]
	case k == "enter" && r.jump != "":
		n, _ := strconv.Atoi(r.jump)
		r.jump = ""
		m.showReplay(m.replayJump(n))
	default:
		return false
	}
	if r.jump != "" {
		if dealsGame(r.header.Ruleset) {
			m.say(m.tx.f("Go to deal %s (enter)", r.jump), false)
		} else {
			m.say(m.tx.f("Go to round %s (enter)", r.jump), false)
		}
	}
	return true
}

// replayOpening is where a replay opens: at the start of the game, its
// first round dealt, to be played forward as it went (the history's list
// already tells how it ended; end shows the final score).
func replayOpening(starts []int) int {
	if len(starts) == 0 {
		return 0
	}
	return starts[0]
}
