package tui

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// fitList shortens long lists to runs, and a bid left out still shows.
func TestFitListKeepsTheHole(t *testing.T) {
	seq := func(from, to int, skip ...int) []int {
		var ns []int
		for n := from; n <= to; n++ {
			if !slices.Contains(skip, n) {
				ns = append(ns, n)
			}
		}
		return ns
	}
	for _, c := range []struct {
		ns   []int
		want string
	}{
		{seq(0, 3), "0 1 2 3"},
		{seq(0, 3, 1), "0 2 3"},
		{seq(0, 10), "0–10"},
		{seq(0, 10, 2), "0 1 3–10"},
		{seq(0, 10, 0), "1–10"},
		{seq(0, 10, 10), "0–9"},
		{seq(0, 10, 5), "0–4 6–10"},
		{seq(0, 10, 9), "0–8 10"},
	} {
		if got := fitList(c.ns); got != c.want {
			t.Errorf("fitList(%v) = %q, want %q", c.ns, got, c.want)
		}
	}
}

// The dealer's prompt of the blind round (SR-8) lists exactly the bids the
// hook allows, in every language: the round has ten cards, eleven bids
// less the one forbidden.
func TestBlindRoundDealerPromptLeavesTheHookOut(t *testing.T) {
	g := midGame(t, "specialrounds", 4, nil, 3, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Modifier == trick.Blind && v.Phase == trick.PhaseBid
	})
	seat := g.Next()
	for len(g.Legal(seat)) == 11 { // everyone bids 1 until the dealer's turn
		if err := g.Apply(seat, engine.BidMove(1)); err != nil {
			t.Fatal(err)
		}
		seat = g.Next()
	}
	if len(g.Legal(seat)) != 10 {
		t.Fatalf("seat %d may make %d bids, want the dealer's ten", seat, len(g.Legal(seat)))
	}
	var hole int
	for n := 0; n <= 10; n++ {
		if !slices.Contains(g.Legal(seat), engine.BidMove(n)) {
			hole = n
		}
	}
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Special Rounds", seat))
		p := m.table.trickPrompt(m.table.snap.View.(*trick.View))
		want := fitList(slices.DeleteFunc([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, func(n int) bool { return n == hole }))
		if !strings.Contains(p, "("+want+")") || strings.Contains(p, "0–10") {
			t.Errorf("%s: the prompt %q does not list the bids %s (%d is forbidden)", lang, p, want, hole)
		}
	}
}

// bidTable is a table that takes the moves sent to it.
type bidTable struct {
	tables.Handle
	moves []engine.Move
}

func (b *bidTable) Move(_ tables.Player, m engine.Move) error {
	b.moves = append(b.moves, m)
	return nil
}

// The key bar names the bids there are, two digits and all ("0-13 bid",
// not "0-9"), in every language, and two digits typed make one bid of 13.
func TestBidKeysNameTheWholeRange(t *testing.T) {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Cards == 13 && v.Phase == trick.PhaseBid && g.Next() == 0
	})
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Singularity", 0))
		b := &bidTable{}
		m.table.t = b
		want := "0-13 " + m.tx.get("bid")
		if bar := lastLines(plainView(m), tableKeyRows); !strings.Contains(bar, want) {
			t.Errorf("%s: the key bar does not say %q:\n%s", lang, want, bar)
		}
		m.Update(keyMsg("1"))
		m.Update(keyMsg("3"))
		if p := ansi.Strip(m.table.trickPrompt(m.table.snap.View.(*trick.View))); !strings.Contains(p, "13▏") {
			t.Errorf("%s: after 1 and 3 the prompt says %q", lang, p)
		}
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		if cmd == nil {
			t.Fatalf("%s: enter sent no bid", lang)
		}
		cmd()
		if !slices.Equal(b.moves, []engine.Move{engine.BidMove(13)}) {
			t.Errorf("%s: 1 3 enter sent %v, want a bid of 13", lang, b.moves)
		}
	}
	forehead := playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Modifier == trick.Forehead && v.Phase == trick.PhaseBid && g.Next() == 0
	})
	if k := bidKeys(forehead.View(0).(*trick.View)); k != "0-1" {
		t.Errorf("the forehead round's bid keys are %q, want 0-1", k)
	}
}

// The dealer hook's few words name the right number, in every language, at
// 80 columns: before the dealer's turn the total the bids may not reach
// ("bids may not total 10" beside a special round), at the dealer's turn
// the one bid the dealer may not make ("you" to the dealer, when there is
// room); at 200 columns the rule in a whole sentence where it fits.
func TestHookNoteNamesTheForbiddenBid(t *testing.T) {
	for _, c := range []struct {
		ruleset, title string
		players        int
		seed           uint64
		round          func(v *trick.View) bool
		first          int // the first bid; the others bid 0
	}{
		{"specialrounds", "Special Rounds", 4, 3, func(v *trick.View) bool { return v.Modifier == trick.Blind }, 8},
		{"specialrounds", "Special Rounds", 4, 5, func(v *trick.View) bool { return v.Modifier == trick.Forehead }, 0},
		{"boerenbridge", "Boerenbridge", 4, 1, func(v *trick.View) bool { return v.Modifier == trick.Ordinary && v.Cards >= 5 }, 3},
	} {
		g := midGame(t, c.ruleset, c.players, nil, c.seed, func(g engine.Game) bool {
			v, ok := g.View(0).(*trick.View)
			return ok && v.Hook && c.round(v) && v.Phase == trick.PhaseBid && g.Next() != v.Dealer && !slices.ContainsFunc(v.Bids, func(b int) bool { return b != trick.NoBid })
		})
		v := g.View(0).(*trick.View)
		dealer, cardsIn := v.Dealer, v.Cards
		other := (dealer + 1) % c.players
		if err := g.Apply(g.Next(), engine.BidMove(c.first)); err != nil {
			t.Fatal(err)
		}
		special := c.ruleset == "specialrounds"
		check := func(name string, you int, want string) {
			t.Helper()
			for _, lang := range []string{"en", "de", "nl"} {
				for _, w := range []int{80, 200} {
					m := onTable(testModel(w, 50, Settings{Lang: lang}), snapshotOf(g, c.title, you))
					scr := plainView(m)
					note := m.tx.f(want, cardsIn-c.first)
					if strings.HasPrefix(want, "bids may not") || strings.HasPrefix(want, "the dealer may not make") {
						note = m.tx.f(want, cardsIn)
					}
					long := m.tx.get("The dealer may not make the bids add up to the cards in hand.")
					if w == 200 && strings.Contains(scr, long) {
						note = long // the whole rule, where it fits
					}
					if !strings.Contains(scr, note) {
						t.Errorf("%s %s, %s, at %d: the screen does not say %q:\n%s", c.title, lang, name, w, note, scr)
					}
				}
			}
		}
		if g.Next() != dealer {
			want := "the dealer may not make it %d"
			if special {
				want = "bids may not total %d"
			}
			check("before the dealer's turn", other, want)
		}
		before := snapshotOf(g, c.title, dealer)
		for g.Next() != dealer {
			if err := g.Apply(g.Next(), engine.BidMove(0)); err != nil {
				t.Fatal(err)
			}
		}
		if !special { // a bid of 0 leaves the sum as it was: the screen drawn before the dealer's turn changes all the same
			m := onTable(testModel(80, 24, Settings{}), before)
			plainView(m)
			after := snapshotOf(g, c.title, dealer)
			after.Version = before.Version + 1
			m.table.snapshot(after)
			m.drawn = ""
			if want := m.tx.f("you may not bid %d", cardsIn-c.first); !strings.Contains(plainView(m), want) {
				t.Errorf("%s: once the dealer is to bid the screen does not say %q:\n%s", c.title, want, plainView(m))
			}
		}
		mine, others := "you may not bid %d", "the dealer may not bid %d"
		if special {
			mine, others = "dealer may not bid %d", "dealer may not bid %d"
		}
		check("the dealer to bid, to the dealer", dealer, mine)
		check("the dealer to bid, to another", other, others)
	}
}
