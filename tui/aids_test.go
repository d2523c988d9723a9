package tui

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// What a player needs while bidding and playing: the bids against the
// cards, who named trump and how, the dealer, the direction of play.

// trickScreen is seat 0's screen at w×h once stop holds in a seeded game.
func trickScreen(t *testing.T, w, h int, ruleset string, opts engine.Options, seed uint64, stop func(v *trick.View) bool) (string, *trick.View) {
	t.Helper()
	g := playWith(t, ruleset, 4, opts, seed, nil, func(g engine.Game) bool { return stop(g.View(0).(*trick.View)) })
	m := onTable(testModel(w, h, Settings{}), snapshotOf(g, "Test", 0))
	return stripANSI(m.View()), g.View(0).(*trick.View)
}

func TestBidSumShownOnceBiddingStarts(t *testing.T) {
	out, v := trickScreen(t, 80, 24, "singularity", nil, 5, func(v *trick.View) bool {
		return v.Phase == trick.PhaseBid && v.Round >= 3 && v.Turn == 0 && v.Bids[3] != trick.NoBid
	})
	sum := 0
	for _, b := range v.Bids {
		if b != trick.NoBid {
			sum += b
		}
	}
	want := bidSumText(newText("en"), sum, v.Cards)
	if !strings.Contains(out, want) || !strings.Contains(want, "bids ") {
		t.Fatalf("no %q in\n%s", want, out)
	}
	if got := bidSumText(newText("en"), 5, 7); got != "bids 5 of 7: under by 2" {
		t.Fatalf("bid sum reads %q", got)
	}
	if got := bidSumText(newText("de"), 8, 7); got != "Ansagen 8 von 7: 1 zu viel" {
		t.Fatalf("bid sum reads %q in German", got)
	}
}

func TestTrumpSaysWhoNamedItAndHow(t *testing.T) {
	// Boerenbridge: the highest bidder names trump (TR-4).
	out, v := trickScreen(t, 80, 24, "boerenbridge", nil, 6, func(v *trick.View) bool {
		return v.Phase == trick.PhasePlay && v.Turn == 0 && v.Round >= 2 && v.NamedBy >= 0
	})
	if want := "named by " + tablesBotOr(v.NamedBy); !strings.Contains(out, want) {
		t.Fatalf("no %q in\n%s", want, out)
	}
	// Special Rounds' trump choice (SR-6): the draw's winner and its card.
	out, v = trickScreen(t, 80, 24, "specialrounds", nil, 7, func(v *trick.View) bool {
		return v.Modifier == trick.TrumpChoice && v.TrumpKnown && v.Turn == 0
	})
	if want := "drawn: " + tablesBotOr(v.Chooser) + "'s"; !strings.Contains(out, want) || !strings.Contains(out, "named by "+tablesBotOr(v.Chooser)) {
		t.Fatalf("no %q in\n%s", want, out)
	}
	// With a long name, the line keeps to the screen: the card it came
	// from goes first.
	g := playWith(t, "specialrounds", 4, nil, 7, nil, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Modifier == trick.TrumpChoice && v.TrumpKnown && v.Turn == 0
	})
	snap := snapshotOf(g, "Special Rounds", 0)
	for i := range snap.Seats {
		snap.Seats[i].Name = "Bartholomew" + string(rune('A'+i))
	}
	m := onTable(testModel(80, 24, Settings{}), snap)
	checkFits(t, "trump choice with long names", m.View(), 80, 24)
	if !strings.Contains(stripANSI(m.View()), "named by Bartholom") {
		t.Fatalf("the short trump line lost who named it:\n%s", stripANSI(m.View()))
	}
	// A turned card says so.
	out, _ = trickScreen(t, 80, 24, "singularity", nil, 8, func(v *trick.View) bool {
		return v.Phase == trick.PhasePlay && v.Turn == 0 && v.Turned != 0 && v.NamedBy < 0 && v.Round >= 2
	})
	if !strings.Contains(out, "(turned ") {
		t.Fatalf("no turned card in\n%s", out)
	}
}

// tablesBotOr is the name snapshotOf gives seat i.
func tablesBotOr(i int) string {
	switch i {
	case 0:
		return "alice"
	case 2:
		return "bob"
	}
	return tables.BotName(i)
}

func TestDealerMarkedInTheSeatList(t *testing.T) {
	out, v := trickScreen(t, 80, 24, "singularity", nil, 9, func(v *trick.View) bool {
		return v.Phase == trick.PhasePlay && v.Turn == 0 && v.Dealer >= 0
	})
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, tablesBotOr(v.Dealer)+" ") && strings.Contains(l, "[") || strings.Contains(l, "alice (you)") && v.Dealer == 0 {
			if !strings.HasSuffix(strings.TrimSpace(l), "dealer") {
				t.Fatalf("the dealer's line %q has no mark", l)
			}
			return
		}
	}
	t.Fatalf("no seat line for the dealer in\n%s", out)
}

func TestCounterClockwiseTableSaysSo(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		out, _ := trickScreen(t, size[0], size[1], "boerenbridge", engine.Options{"direction": "counterclockwise"}, 10, func(v *trick.View) bool {
			return v.Phase == trick.PhasePlay && v.Turn == 0
		})
		if !strings.Contains(out, "play goes counter-clockwise") {
			t.Fatalf("%dx%d: no direction in\n%s", size[0], size[1], out)
		}
	}
	out, _ := trickScreen(t, 80, 24, "boerenbridge", nil, 10, func(v *trick.View) bool { return v.Phase == trick.PhasePlay && v.Turn == 0 })
	if strings.Contains(out, "counter-clockwise") {
		t.Fatalf("a clockwise table says counter-clockwise:\n%s", out)
	}
}

// After a play, the cursor lands on a card that may be played, the nearest
// to where it was.
func TestCursorLandsOnTheNearestLegalCard(t *testing.T) {
	g := playWith(t, "singularity", 4, nil, 11, nil, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		if v.Phase != trick.PhasePlay || v.Turn != 0 || len(v.Hand) < 4 {
			return false
		}
		legal := 0
		for _, mv := range v.Legal {
			if mv.Kind == engine.Play {
				legal++
			}
		}
		return legal >= 2 && legal < len(v.Hand)-1
	})
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Test", 0))
	tm := m.table
	v := tm.snap.View.(*trick.View)
	legalAt := func(i int) bool {
		for _, mv := range v.Legal {
			if mv.Kind == engine.Play && mv.Card == v.Hand[i] {
				return true
			}
		}
		return false
	}
	for from := range v.Hand {
		tm.cursor = from
		tm.myTurn = false
		tm.snapshot(tm.snap)
		v = tm.snap.View.(*trick.View)
		if !legalAt(tm.cursor) {
			t.Fatalf("from %d: cursor on %v, which may not be played", from, v.Hand[tm.cursor])
		}
		for i := range v.Hand {
			if legalAt(i) && dist(i, from) < dist(tm.cursor, from) {
				t.Fatalf("from %d: cursor went to %d, but %d is nearer", from, tm.cursor, i)
			}
		}
	}
}

func TestLeaveForGoodAsksFirst(t *testing.T) {
	g := playWith(t, "singularity", 4, nil, 12, nil, func(g engine.Game) bool { return g.Next() == 0 })
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Test", 0))
	press := func(k string) {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
	press("L")
	if m.screen != tableScreen || !strings.Contains(stripANSI(m.View()), "Leave your seat for good?") {
		t.Fatalf("L left at once, or asked nothing:\n%s", stripANSI(m.View()))
	}
	press("n")
	if m.screen != tableScreen || strings.Contains(stripANSI(m.View()), "Leave your seat for good?") {
		t.Fatal("n did not keep the seat")
	}
	press("L")
	press("y")
	if m.screen == tableScreen {
		t.Fatal("L then y did not leave")
	}
}

// At a waiting table L and :leave ask first too, the host as a seated
// player, in every language; y leaves, another key stays. A spectator's
// :leave just stops watching.
func TestLeavingAWaitingTableAsksFirst(t *testing.T) {
	waiting := func(lang string, you int, host bool) *model {
		return onTable(testModel(80, 24, Settings{Lang: lang}), tables.Snapshot{Version: 1, Phase: tables.Waiting, You: you, YouHost: host, Seats: []tables.SeatInfo{
			{Name: "alice", Kind: tables.Human}, {Name: "bob", Kind: tables.Human}, {}, {},
		}})
	}
	for _, lang := range []string{"en", "de", "nl"} {
		for _, host := range []bool{true, false} {
			for _, keys := range [][]string{{"L"}, {":", "leave", "enter"}} {
				m := waiting(lang, 0, host)
				for _, k := range keys {
					m.Update(keyMsg(k))
				}
				want := m.table.leaveQuestion()
				if out := stripANSI(m.View()); m.screen != tableScreen || !m.table.leaving || !strings.Contains(out, want) {
					t.Fatalf("%s, host %v, %v: left at once, or asked nothing:\n%s", lang, host, keys, out)
				}
				m.Update(keyMsg("n"))
				if m.screen != tableScreen || m.table.leaving {
					t.Fatalf("%s, host %v, %v: n did not keep the seat", lang, host, keys)
				}
				for _, k := range keys {
					m.Update(keyMsg(k))
				}
				m.Update(keyMsg(m.tx.get("y")))
				if m.screen == tableScreen {
					t.Fatalf("%s, host %v, %v: then y did not leave", lang, host, keys)
				}
			}
		}
		m := waiting(lang, -1, false)
		for _, k := range []string{":", "leave", "enter"} {
			m.Update(keyMsg(k))
		}
		if m.screen == tableScreen {
			t.Errorf("%s: a spectator's :leave was asked about", lang)
		}
	}
}

// A bid prompt with one bid allowed says it is the only one, so it does not
// read as a default; with more it lists them.
func TestBidPromptSaysWhenOnlyOneBidIsLeft(t *testing.T) {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Round == 1 && g.Next() == 0 && v.Phase == trick.PhaseBid
	})
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Singularity", 0))
	v := *m.table.snap.View.(*trick.View)
	v.Legal = []engine.Move{engine.BidMove(1)}
	s := m.table.snap
	s.View, s.Version = &v, s.Version+1
	m.table.snapshot(s)
	if scr := plainView(m); !strings.Contains(scr, "Your bid (only 1):") {
		t.Fatalf("one bid allowed:\n%s", scr)
	}
}

// The trump-choice draw names who names trump first, so a cut line keeps
// it, and marks where a tie is drawn again; a draw too long for its line
// goes on in the line below, and one too long for both shows each seat
// once with the cards it drew.
func TestDrawLineNamesTheChooserAndTheRedraw(t *testing.T) {
	g := playTo(t, "specialrounds", 4, 3, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return len(v.Draws) > 0 && v.Chooser >= 0 && v.Phase == trick.PhaseTrump
	})
	c := func(s string) cards.Card {
		card, err := cards.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return card
	}
	first := []trick.Draw{{Seat: 0, Card: c("7D")}, {Seat: 1, Card: c("QC")}, {Seat: 2, Card: c("QC")}, {Seat: 3, Card: c("7C")}}
	ties := []trick.Draw{{Seat: 1, Card: c("KS")}, {Seat: 2, Card: c("KS")}, {Seat: 1, Card: c("9S")}, {Seat: 2, Card: c("9S")}}
	last := []trick.Draw{{Seat: 1, Card: c("TS")}, {Seat: 2, Card: c("AD")}}
	for _, many := range []bool{false, true} {
		m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Special Rounds", 0))
		v := *m.table.snap.View.(*trick.View)
		v.Draws = append(slices.Clone(first), last...)
		if many { // four passes: too many for two lines
			v.Draws = slices.Concat(first, ties, last)
		}
		v.Chooser = 2
		s := m.table.snap
		s.View, s.Version = &v, s.Version+1
		m.table.snapshot(s)
		var line, next string
		lines := strings.Split(plainView(m), "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "Draw for trump:") {
				line, next = l, lines[i+1]
			}
		}
		name := m.table.plainName(2)
		if !strings.HasPrefix(line, "Draw for trump: "+name+" names trump · ") {
			t.Fatalf("draw line %q; want the chooser first", line)
		}
		want := []string{"alice 7♦  Alan Q♣  " + name + " Q♣  Claude 7♣", "· tie, drawn again: Alan T♠  " + name + " A♦"}
		if many { // every seat once, its cards one after the other
			want = []string{"alice 7♦  Alan Q♣→K♠→9♠→T♠  " + name + " Q♣→K♠→9♠→A♦  Claude 7♣"}
		}
		for _, part := range want {
			if !strings.Contains(line+next, part) {
				t.Errorf("draw lines %q and %q; want %q", line, next, part)
			}
		}
	}
}

// The forehead round's trick, held at its end, shows every seat's card at
// 80 columns: with six seats it goes on in the line below, the seat's own
// card named after it when there is room.
func TestForeheadTrickShowsEverySeat(t *testing.T) {
	g := playWith(t, "specialrounds", 6, nil, 5, nil, func(g engine.Game) bool {
		v := g.View(0).(*trick.View)
		return v.Modifier == trick.Forehead && v.Phase == trick.PhasePlay && len(v.Trick) == 5
	})
	if err := g.Apply(g.Next(), g.Legal(g.Next())[0]); err != nil { // the trick's last card
		t.Fatal(err)
	}
	s := snapshotOf(g, "Special Rounds", 0)
	s.Paused = true
	m := onTable(testModel(80, 24, Settings{}), s)
	v := m.table.snap.View.(*trick.View)
	scr := plainView(m)
	for _, p := range v.LastTrick {
		if card := m.st.Card(p.Card); !strings.Contains(scr, m.table.plainName(p.Seat)+" "+stripANSI(card)) {
			t.Errorf("seat %d's %s is not on the screen:\n%s", p.Seat, stripANSI(card), scr)
		}
	}
}

// The trump-choice draw at 80 columns shows every seat's drawn card, with
// three to six players, in every language, long names too.
func TestDrawLineShowsEverySeat(t *testing.T) {
	for players := 3; players <= 6; players++ {
		g := playTo(t, "specialrounds", players, 3, func(g engine.Game) bool {
			v := g.View(0).(*trick.View)
			return len(v.Draws) >= players && v.Chooser >= 0 && v.Phase == trick.PhaseTrump
		})
		for _, lang := range []string{"en", "de", "nl"} {
			s := snapshotOf(g, "Special Rounds", 0)
			for i := range s.Seats {
				if i != 0 && i != 2 {
					s.Seats[i].Name = "Jürgen-" + strconv.Itoa(i)
				}
			}
			m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
			v := m.table.snap.View.(*trick.View)
			scr := plainView(m)
			drawn := map[int][]string{} // each seat's cards, in the order drawn
			for _, d := range v.Draws {
				drawn[d.Seat] = append(drawn[d.Seat], stripANSI(m.st.Card(d.Card)))
			}
			for seat, cs := range drawn {
				name := m.table.plainName(seat)
				if last := name + " " + cs[len(cs)-1]; !strings.Contains(scr, last) && !strings.Contains(scr, name+" "+strings.Join(cs, "→")) {
					t.Errorf("%d players, %s: %s's card %s is not on the screen:\n%s", players, lang, name, cs[len(cs)-1], scr)
				}
			}
		}
	}
}
