package tui

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/doudizhu/ddbot"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/tables"
)

// ddScreen is the model of seat you at w×h on game g.
func ddScreen(t *testing.T, g engine.Game, you int) *model {
	t.Helper()
	return onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Dou Dizhu", you))
}

func ddPress(m *model, k string) {
	msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	if k == "enter" {
		msg = tea.KeyMsg{Type: tea.KeyEnter}
	}
	m.Update(msg)
}

func ddPlayUntil(t *testing.T, seed uint64, stop func(g engine.Game, v *doudizhu.View) bool) engine.Game {
	return playWith(t, "doudizhu", 3, nil, seed, nil, func(g engine.Game) bool { return stop(g, g.View(0).(*doudizhu.View)) })
}

func TestDouDizhuBiddingStaysAndRedealIsAnnounced(t *testing.T) {
	r, _ := games.Registry().Lookup("doudizhu")
	g, _, err := r.Start(3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(3)
	if err := g.Deal(rng); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := g.Apply(g.Next(), engine.PassMove()); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Deal(rng); err != nil {
		t.Fatal(err)
	}
	out := stripANSI(ddScreen(t, g, 0).View())
	if !strings.Contains(out, "Everyone passed: the cards were dealt again (1×).") {
		t.Fatalf("no redeal announced:\n%s", out)
	}
	// Bid, then play: the bidding stays on screen.
	first := g.Next()
	if err := g.Apply(first, engine.BidMove(3)); err != nil {
		t.Fatal(err)
	}
	out = stripANSI(ddScreen(t, g, 0).View())
	if !strings.Contains(out, "Bidding: "+tablesBotOr(first)+" 3") || strings.Contains(out, "dealt again") {
		t.Fatalf("bidding not kept through the play (or the redeal still announced):\n%s", out)
	}
}

func TestDouDizhuBottomCardsMarkedInTheLandlordsHand(t *testing.T) {
	g := ddPlayUntil(t, 4, func(g engine.Game, v *doudizhu.View) bool { return v.Phase == doudizhu.Playing })
	lord := g.View(0).(*doudizhu.View).Landlord
	m := ddScreen(t, g, lord)
	out := m.View()
	if !strings.Contains(out, "━━") || !strings.Contains(stripANSI(out), "(marked in your hand)") {
		t.Fatalf("bottom cards not marked:\n%s", stripANSI(out))
	}
	marks := bottomMarks(m.table.snap.View.(*doudizhu.View))
	n := 0
	for _, b := range marks {
		if b {
			n++
		}
	}
	if n != 3 || strings.Count(out, "━━") != 3 {
		t.Fatalf("%d cards marked, %d drawn, want 3", n, strings.Count(out, "━━"))
	}
	// A farmer's hand has no marks.
	if strings.Contains(ddScreen(t, g, (lord+1)%3).View(), "━━") {
		t.Fatal("a farmer's hand is marked")
	}
}

func TestDouDizhuWarnsOfLastCards(t *testing.T) {
	g := ddPlayUntil(t, 5, func(g engine.Game, v *doudizhu.View) bool {
		return v.Phase == doudizhu.Playing && slices.ContainsFunc(v.Counts[:], func(n int) bool { return n == 1 || n == 2 })
	})
	out := stripANSI(ddScreen(t, g, 0).View())
	if !strings.Contains(out, "! Down to their last cards: ") {
		t.Fatalf("no warning:\n%s", out)
	}
}

func TestDouDizhuCounterOfRanksStillOut(t *testing.T) {
	g := ddPlayUntil(t, 6, func(g engine.Game, v *doudizhu.View) bool { return v.Phase == doudizhu.Playing && len(v.History) > 4 })
	m := ddScreen(t, g, 0)
	if strings.Contains(stripANSI(m.View()), "Still out:") {
		t.Fatal("the counter shows before c")
	}
	ddPress(m, "c")
	out := stripANSI(m.View())
	i := strings.Index(out, "Still out: ")
	if i < 0 {
		t.Fatalf("c shows no counter:\n%s", out)
	}
	line := out[i+len("Still out: ") : i+strings.Index(out[i:], "\n")]
	v := m.table.snap.View.(*doudizhu.View)
	n := 0
	for _, f := range strings.Fields(line) {
		if k := strings.Index(f, "×"); k > 0 {
			x := 0
			for _, d := range f[k+len("×"):] {
				x = x*10 + int(d-'0')
			}
			n += x
		} else {
			n++ // a joker
		}
	}
	if want := v.Counts[1] + v.Counts[2]; n != want {
		t.Fatalf("counter %q counts %d cards, the others hold %d", line, n, want)
	}
}

// The counter writes ranks as the player's cards read: German 10 B D,
// Dutch 10 B V H, never the rules' T J Q.
func TestDouDizhuCounterInTheCardsLanguage(t *testing.T) {
	g := ddPlayUntil(t, 6, func(g engine.Game, v *doudizhu.View) bool { return v.Phase == doudizhu.Playing && len(v.History) > 4 })
	for _, lang := range []string{"de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		ddPress(m, "c")
		out := stripANSI(m.View())
		i := strings.Index(out, m.tx.get("Still out:"))
		if i < 0 {
			t.Fatalf("%s: c shows no counter:\n%s", lang, out)
		}
		line := out[i : i+strings.Index(out[i:], "\n")]
		for _, f := range strings.Fields(strings.TrimPrefix(line, m.tx.get("Still out:"))) {
			if r, _, ok := strings.Cut(f, "×"); ok && (strings.ContainsAny(r, "TJQ") || lang == "nl" && r == "K") {
				t.Errorf("%s: %q in %q is not how the cards read", lang, f, line)
			}
		}
	}
}

func TestDouDizhuHintStartsWithTheGoodPlayAndSaysWhenNothingBeats(t *testing.T) {
	// Nothing beats the table: x says so.
	g := nothingToBeat(t)
	m := ddScreen(t, g, 0)
	ddPress(m, "x")
	v := m.table.snap.View.(*doudizhu.View)
	if want := "Nothing you hold beats " + ddPlayText("en", v.Table) + ": p passes."; !strings.Contains(stripANSI(m.View()), want) {
		t.Fatalf("no %q:\n%s", want, stripANSI(m.View()))
	}
	// On a lead, the first hint is not merely the lowest single when the
	// split says otherwise.
	g = ddPlayUntil(t, 8, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing && v.TableSeat < 0 && len(v.Hand) > 5
	})
	m = ddScreen(t, g, 0)
	ddPress(m, "x")
	v = m.table.snap.View.(*doudizhu.View)
	hints := m.table.ddHints(v)
	if len(hints) == 0 || m.table.markedRanks(v) != hints[0].String() {
		t.Fatalf("x marked %q, want the first hint of %v", m.table.markedRanks(v), hints)
	}
	if legal := v.Legal; len(hints) != len(legal) {
		t.Fatalf("%d hints, %d legal plays on a lead", len(hints), len(legal))
	}
}

func TestDouDizhuHintReadsMainPartFirst(t *testing.T) {
	carries := func(p doudizhu.Play) bool { return p.Main() != p.Cards }
	g := ddPlayUntil(t, 1, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing && slices.ContainsFunc(ddbot.Hints(v), carries)
	})
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
			v := m.table.snap.View.(*doudizhu.View)
			hints := m.table.ddHints(v)
			k := slices.IndexFunc(hints, carries)
			if k < 0 {
				t.Fatalf("no hint carrying cards among %v", hints)
			}
			for range k + 1 {
				ddPress(m, "x")
			}
			want := m.tx.get("Your play:") + " " + ddPlayText(lang, hints[k]) + "▏"
			if out := stripANSI(m.View()); !strings.Contains(out, want) {
				t.Fatalf("%s %v: hint %v not read main part first (%q):\n%s", lang, size, hints[k], want, out)
			}
		}
	}
}

func TestDouDizhuPlaysReadMainPartFirst(t *testing.T) {
	for in, want := range map[string]string{"5888": "888 5", "44AAA": "AAA 44", "BR": "BJ RJ", "333357": "3333 57", "3333JB": "3333 J BJ", "B": "BJ"} {
		p, err := doudizhu.ParsePlay(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := ddPlayText("en", p); got != want {
			t.Errorf("%s reads %q, want %q", in, got, want)
		}
	}
	for _, g := range []Glyphs{Unicode, ASCII, CJKSafe} {
		st := NewStyles(0, Settings{Glyphs: g})
		if st.Face(cards.BlackJoker) != "BJ" || st.Face(cards.RedJoker) != "RJ" {
			t.Errorf("glyphs %v: jokers %q %q", g, st.Face(cards.BlackJoker), st.Face(cards.RedJoker))
		}
	}
}

func TestKeysOutOfTurnSayWhy(t *testing.T) {
	g := ddPlayUntil(t, 9, func(g engine.Game, v *doudizhu.View) bool { return v.Phase == doudizhu.Playing && g.Next() == 1 })
	m := ddScreen(t, g, 0)
	ddPress(m, "enter")
	if out := stripANSI(m.View()); !strings.Contains(out, "Not your turn: "+tablesBotOr(1)+" is to move.") {
		t.Fatalf("enter out of turn says nothing:\n%s", out)
	}
	tg := playWith(t, "singularity", 4, nil, 9, nil, func(g engine.Game) bool { return g.Next() == 2 })
	m = onTable(testModel(80, 24, Settings{}), snapshotOf(tg, "Singularity", 0))
	ddPress(m, "3")
	if out := stripANSI(m.View()); !strings.Contains(out, "Not your turn: bob is to move.") {
		t.Fatalf("a bid out of turn says nothing:\n%s", out)
	}
	// The line goes when the turn comes.
	tg = playWith(t, "singularity", 4, nil, 9, nil, func(g engine.Game) bool { return g.Next() == 0 })
	m.table.snapshot(snapshotOf(tg, "Singularity", 0))
	m.drawn = ""
	if out := stripANSI(m.View()); strings.Contains(out, "Not your turn") {
		t.Fatalf("the out-of-turn line stays on the player's turn:\n%s", out)
	}
}

// A line about the turn goes when the turn moves on without a key: "nothing
// beats" once the player's turn has passed (their timer ran out), a move the
// table refused while the trick was shown once play goes on.
func TestTurnLinesGoWhenTheTurnMovesOn(t *testing.T) {
	g := nothingToBeat(t)
	m := ddScreen(t, g, 0)
	ddPress(m, "x")
	if out := stripANSI(m.View()); !strings.Contains(out, "Nothing you hold beats") {
		t.Fatalf("x says nothing:\n%s", out)
	}
	if err := g.Apply(0, engine.PassMove()); err != nil { // the timer ran out: the bot passed
		t.Fatal(err)
	}
	m.table.snapshot(snapshotOf(g, "Dou Dizhu", 0))
	m.drawn = ""
	if out := stripANSI(m.View()); strings.Contains(out, "Nothing you hold beats") {
		t.Fatalf("the hint's line stays once the turn has passed:\n%s", out)
	}

	tg := playWith(t, "singularity", 4, nil, 9, nil, func(g engine.Game) bool { return g.Next() == 0 })
	s := snapshotOf(tg, "Singularity", 0)
	s.Paused = true
	m = onTable(testModel(80, 24, Settings{}), s)
	m.Update(doneMsg{err: tables.ErrTrickShown}) // the key came before the snapshot of the pause
	if out := stripANSI(m.View()); !strings.Contains(out, "trick is being shown") {
		t.Fatalf("no refusal:\n%s", out)
	}
	s.Paused, s.Version = false, s.Version+1
	m.table.snapshot(s)
	m.drawn = ""
	if out := stripANSI(m.View()); strings.Contains(out, "trick is being shown") {
		t.Fatalf("the refusal stays once play goes on:\n%s", out)
	}

	// A move held while the game cannot be saved: its line stays while the
	// table is paused, and goes once it is saved.
	m.Update(doneMsg{err: tables.ErrMoveHeld})
	s.Unsaved, s.Version = true, s.Version+1
	m.table.snapshot(s)
	m.drawn = ""
	if out := stripANSI(m.View()); !strings.Contains(out, "your move counts once it is saved") {
		t.Fatalf("the held move's line went when the pause began:\n%s", out)
	}
	s.Unsaved, s.Version = false, s.Version+1
	m.table.snapshot(s)
	m.drawn = ""
	if out := stripANSI(m.View()); strings.Contains(out, "your move counts once it is saved") {
		t.Fatalf("the held move's line stays once the game is saved:\n%s", out)
	}
}

// Dou Dizhu ranks are typed in the player's language as well as in English;
// B stays the black joker, so the jack is J everywhere.
func TestDouDizhuLocalRankKeys(t *testing.T) {
	type step struct{ lang, typed, key, want string }
	for _, c := range []step{
		{"de", "", "d", "Q"}, {"de", "", "0", "T"}, {"de", "", "q", "Q"}, {"de", "", "b", "J"},
		{"de", "3", "b", "3J"}, {"de", "3J", "j", "3B"}, // B J: the black joker, as its card reads
		{"de", "", "r", "R"},
		{"nl", "", "v", "Q"}, {"nl", "", "h", "K"}, {"nl", "", "0", "T"}, {"nl", "", "b", "J"}, {"nl", "J", "J", "B"},
		{"en", "", "t", "T"}, {"en", "", "b", "B"}, {"en", "", "j", "J"}, {"en", "J", "j", "JJ"},
	} {
		if got, ok := ddTyped(c.lang, c.typed, c.key); !ok || got != c.want {
			t.Errorf("%s %q then %q: %q, %v; want %q", c.lang, c.typed, c.key, got, ok, c.want)
		}
	}
	for _, c := range []step{{"en", "", "d", ""}, {"en", "", "0", ""}, {"de", "", "v", ""}, {"en", "", "h", ""}, {"de", "", "j", ""}, {"nl", "3", "j", ""}} {
		if got, ok := ddTyped(c.lang, c.typed, c.key); ok {
			t.Errorf("%s %q then %q types: %q", c.lang, c.typed, c.key, got)
		}
	}
	for _, c := range []struct{ lang, ranks, want string }{
		{"de", "TTJQK B", "10 10 B D K  BJ"},
		{"nl", "TTTJJJ 3Q", "10 10 10 B B B  3 V"},
		{"en", "TTTJJJ 3Q", "TTTJJJ 3Q"},
		{"en", "BR", "BJ RJ"},
		{"en", "B8888", "BJ 8888"},
		{"en", "33R", "33 RJ"},
	} {
		if got := ddRanksText(c.lang, c.ranks); got != c.want {
			t.Errorf("ddRanksText(%s, %q) = %q, want %q", c.lang, c.ranks, got, c.want)
		}
	}
}

// ddRoundText is what . writes of a round of plays: each play and pass in
// order.
func ddRoundText(m *model, r []doudizhu.Turn) string {
	parts := make([]string, len(r))
	for i, t := range r {
		if t.Pass {
			parts[i] = m.table.plainName(t.Seat) + " " + m.tx.get("passed")
		} else {
			parts[i] = m.table.plainName(t.Seat) + " " + ddPlayText(m.tx.lang, t.Play)
		}
	}
	return strings.Join(parts, " · ")
}

// . in Dou Dizhu (no tricks there) shows the round of plays: who played
// what and who passed since the lead, in order; while the lead stands
// alone, the round before it. Its key is in the help bar, for spectators
// too, and the screen keeps to 80×24.
func TestDouDizhuDotShowsTheRoundOfPlays(t *testing.T) {
	g := ddPlayUntil(t, 6, func(g engine.Game, v *doudizhu.View) bool {
		rs := ddRounds(v.History)
		return v.Phase == doudizhu.Playing && g.Next() != 0 && len(rs) > 0 && len(rs[len(rs)-1]) >= 3 && v.TableSeat >= 0
	})
	for _, you := range []int{0, engine.Spectator} {
		m := ddScreen(t, g, you)
		out := stripANSI(m.View())
		if strings.Contains(out, "round of plays:") {
			t.Fatalf("the round of plays shows before .:\n%s", out)
		}
		lines := strings.Split(out, "\n")
		if bar := lines[len(lines)-1]; !strings.Contains(bar, ". round of plays") {
			t.Errorf("seat %d: the help bar has no . key: %q", you, bar)
		}
		ddPress(m, ".")
		out = stripANSI(m.View())
		v := m.table.snap.View.(*doudizhu.View)
		rs := ddRounds(v.History)
		if want := "This round of plays: " + ddRoundText(m, rs[len(rs)-1]); !strings.Contains(out, want) {
			t.Errorf("seat %d: . shows no %q:\n%s", you, want, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if w := visibleWidth(l); w > 80 {
				t.Errorf("seat %d: a line of %d columns: %q", you, w, l)
			}
		}
		if n := strings.Count(out, "\n") + 1; n > 24 {
			t.Errorf("seat %d: %d lines at 80×24", you, n)
		}
		ddPress(m, ".")
		if out := stripANSI(m.View()); strings.Contains(out, "round of plays:") {
			t.Errorf("seat %d: a second . leaves the round of plays shown", you)
		}
	}

	// The lead alone: the round before it, which it answers.
	g = ddPlayUntil(t, 6, func(g engine.Game, v *doudizhu.View) bool {
		rs := ddRounds(v.History)
		return v.Phase == doudizhu.Playing && len(rs) > 1 && len(rs[len(rs)-1]) == 1
	})
	m := ddScreen(t, g, 0)
	ddPress(m, ".")
	out := stripANSI(m.View())
	rs := ddRounds(m.table.snap.View.(*doudizhu.View).History)
	if want := "Previous round of plays: " + ddRoundText(m, rs[len(rs)-2]); !strings.Contains(out, want) {
		t.Errorf("after a lead . shows no %q:\n%s", want, out)
	}

	// Before any play.
	g = ddPlayUntil(t, 6, func(g engine.Game, v *doudizhu.View) bool { return v.Phase == doudizhu.Bidding })
	m = ddScreen(t, g, 1)
	ddPress(m, ".")
	if out := stripANSI(m.View()); !strings.Contains(out, "No cards played yet in this deal.") {
		t.Errorf("while bidding . says nothing:\n%s", out)
	}
}

// The round of plays speaks the player's language and keeps to 80 columns.
func TestDouDizhuRoundOfPlaysTranslated(t *testing.T) {
	g := ddPlayUntil(t, 6, func(g engine.Game, v *doudizhu.View) bool {
		rs := ddRounds(v.History)
		return v.Phase == doudizhu.Playing && g.Next() != 0 && len(rs) > 0 && len(rs[len(rs)-1]) >= 3 && v.TableSeat >= 0
	})
	for lang, want := range map[string]string{"de": "Dieser Durchgang: ", "nl": "Deze omloop: "} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		ddPress(m, ".")
		out := stripANSI(m.View())
		if !strings.Contains(out, want) {
			t.Errorf("%s: no %q:\n%s", lang, want, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if w := visibleWidth(l); w > 80 {
				t.Errorf("%s: a line of %d columns: %q", lang, w, l)
			}
		}
	}
}

// A round of plays too long for its line keeps its latest plays, cut in
// front with "…".
func TestDouDizhuLongRoundOfPlaysKeepsTheLatest(t *testing.T) {
	var history []doudizhu.Turn
	for i, r := range "3456789TJQKA2" {
		p, err := doudizhu.ParsePlay(string(r))
		if err != nil {
			t.Fatal(err)
		}
		history = append(history, doudizhu.Turn{Seat: i % 3, Play: p})
	}
	tm := newTableModel(testModel(80, 24, Settings{}), nil, nil)
	tm.snap = tables.Snapshot{Version: 1, You: 0, Phase: tables.Playing, Seats: []tables.SeatInfo{
		{Name: "Bartholomew", Kind: tables.Human}, {Name: "Maximiliane", Kind: tables.Human}, {Name: "Konstantin", Kind: tables.Human},
	}}
	line := stripANSI(tm.ddPlays(&doudizhu.View{Phase: doudizhu.Playing, History: history, TableSeat: 0}))
	if w := visibleWidth(line); w > 80 {
		t.Errorf("%d columns: %q", w, line)
	}
	if !strings.HasPrefix(line, "This round of plays: … ") || !strings.HasSuffix(line, "Bartholom… 2") {
		t.Errorf("the long round reads %q", line)
	}
}

// The round of plays and the panel at the end of a deal fit 80×24 and
// 200×50 together, in every language.
func TestDouDizhuRoundOfPlaysBesideTheDealPanel(t *testing.T) {
	g := ddDealEnded(t)
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		for _, lang := range []string{"en", "de", "nl"} {
			s := snapshotOf(g, "Dou Dizhu", 0)
			s.Paused = true
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), s)
			m.table.showPlays = true
			screen := m.View()
			plain := stripANSI(screen)
			if m.table.endedDeal == nil || !strings.Contains(plain, m.tx.get("This round of plays:")) && !strings.Contains(plain, m.tx.get("Previous round of plays:")) {
				t.Fatalf("%v %s: no panel or no round of plays:\n%s", size, lang, plain)
			}
			checkFits(t, "deal panel and round of plays", screen, size[0], size[1])
		}
	}
}

// ddDealEnded is a two-deal Dou Dizhu match played at random to the end of
// its first deal.
func ddDealEnded(t *testing.T) engine.Game {
	t.Helper()
	r, _ := games.Registry().Lookup("doudizhu")
	g, _, err := r.Start(3, engine.Options{"deals": "2"})
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(4)
	for !g.View(0).(*doudizhu.View).TrickComplete() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := g.Next()
		l := g.Legal(s)
		if err := g.Apply(s, l[rng.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// The engine's reasons name a play's cards as the play line does, in every
// language: the black joker reads BJ (in German and Dutch a lone B is the
// jack), a rank as the cards read it, a combination its main part first.
// A trick game's card stays as it is.
func TestDouDizhuReasonsNameCardsAsThePlayLine(t *testing.T) {
	for _, c := range []struct{ reason, en, de, nl string }{
		{"8888B is not a combination", "8888 BJ is not a combination.", "8 8 8 8 BJ ist keine gültige Kombination.", "8 8 8 8 BJ is geen geldige combinatie."},
		{"you do not hold TB", "You do not hold T BJ.", "Du hast 10 BJ nicht auf der Hand.", "Je hebt 10 BJ niet in je hand."},
		{"you do not hold AS", "You do not hold AS.", "Du hast AS nicht auf der Hand.", "Je hebt AS niet in je hand."},
		{"there are only 1 cards of rank B", "There are only 1 cards of rank BJ.", "Es gibt nur 1 Karten vom Rang BJ.", "Er zijn maar 1 kaarten van rang BJ."},
		{"write the ranks low to high: JT", "Write the ranks low to high: JT.", "Ränge von niedrig nach hoch: B 10.", "Rangen van laag naar hoog: B 10."},
		{"5888 does not beat 3334: play a higher triple with single, a bomb or the rocket",
			"888 5 does not beat 333 4: play a higher triple with single, a bomb or the rocket.",
			"8 8 8  5 schlägt 3 3 3  4 nicht: Spiel etwas Höheres derselben Art (Drilling mit Einzelkarte), eine Bombe oder die Rakete.",
			"8 8 8  5 verslaat 3 3 3  4 niet: speel iets hogers van dezelfde soort (drietal met enkele), een bom of de raket."},
		{"B (single) does not beat 2222 (bomb): play a higher bomb or the rocket",
			"BJ (single) does not beat 2222 (bomb): play a higher bomb or the rocket.",
			"BJ (Einzelkarte) schlägt die Bombe 2 2 2 2 nicht: Spiel eine höhere Bombe oder die Rakete.",
			"BJ (enkele) verslaat de bom 2 2 2 2 niet: speel een hogere bom of de raket."},
	} {
		ill := engine.Illegal(0, engine.PassMove(), "%s", c.reason)
		for lang, want := range map[string]string{"en": c.en, "de": c.de, "nl": c.nl} {
			if got := newText(lang).err(ill); got != want {
				t.Errorf("%s: %q\n got %q\nwant %q", lang, c.reason, got, want)
			}
		}
	}
}

// In the play line ctrl+w takes back the last card typed (the black joker
// whole) and ctrl+u the whole play, as in the chat line.
func TestDouDizhuPlayLineCtrlWAndCtrlU(t *testing.T) {
	g := ddPlayUntil(t, 4, func(g engine.Game, v *doudizhu.View) bool { return v.Phase == doudizhu.Playing && g.Next() == 0 })
	m := onTable(testModel(80, 24, Settings{Lang: "de"}), snapshotOf(g, "Dou Dizhu", 0))
	for _, k := range []string{"b", "j", "8", "8", "8", "8"} {
		ddPress(m, k)
	}
	if out := stripANSI(m.View()); !strings.Contains(out, "BJ 8 8 8 8▏") {
		t.Fatalf("typed bj8888: no BJ 8 8 8 8 in the play line:\n%s", out)
	}
	for i, want := range []string{"B888", "B88", "B8", "B", ""} {
		m.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
		if m.table.ranks != want {
			t.Fatalf("ctrl+w %d times: typed %q, want %q", i+1, m.table.ranks, want)
		}
	}
	ddPress(m, "8")
	ddPress(m, "8")
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
	if m.table.ranks != "" {
		t.Fatalf("ctrl+u left %q", m.table.ranks)
	}
	ddPress(m, " ") // a marked card goes with ctrl+u too
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
	if slices.Contains(m.table.marked, true) {
		t.Fatal("ctrl+u left a card marked")
	}
}

// Esc first drops the play being typed (as it does a chat line); with
// nothing typed it goes to the lobby.
func TestEscDropsThePlayFirst(t *testing.T) {
	g := midGame(t, "doudizhu", 3, nil, 4, func(g engine.Game) bool {
		v, ok := g.View(0).(*doudizhu.View)
		return ok && g.Next() == 0 && v.Phase == doudizhu.Playing
	})
	m := onTable(testModel(80, 24, Settings{}), snapshotOf(g, "Dou Dizhu", 0))
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("3")})
	if m.table.ranks != "3" {
		t.Fatalf("typed ranks %q after 3", m.table.ranks)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if m.screen != tableScreen || m.table.ranks != "" {
		t.Fatalf("after esc: screen %v, ranks %q; want the table with the play dropped", m.screen, m.table.ranks)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if m.screen == tableScreen {
		t.Fatal("a second esc, with nothing typed, stays at the table")
	}
}

// Enter with no cards chosen, when nothing in the hand beats the table,
// says so (p passes) instead of suggesting a hint there is not.
func TestEnterWithNothingToBeatSaysSo(t *testing.T) {
	g := nothingToBeat(t)
	m := ddScreen(t, g, 0)
	ddPress(m, "enter")
	if out := stripANSI(m.View()); !strings.Contains(out, "Nothing you hold beats") || strings.Contains(out, "Choose cards first") {
		t.Fatalf("enter with nothing to beat the table:\n%s", out)
	}
}

// x when only passing is possible says so in every language, marks nothing
// and sends nothing.
func TestDouDizhuHintWhenOnlyPassingIsPossible(t *testing.T) {
	g := nothingToBeat(t)
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		v := m.table.snap.View.(*doudizhu.View)
		if _, cmd := m.Update(keyMsg("x")); cmd != nil || m.table.composing() {
			t.Fatalf("%s: x with only passing possible marked or sent a play", lang)
		}
		want := m.tx.f("Nothing you hold beats %s: p passes.", ddPlayText(lang, v.Table))
		if out := stripANSI(m.View()); !strings.Contains(out, want) {
			t.Errorf("%s: x does not say %q:\n%s", lang, want, out)
		}
	}
}

// nothingToBeat is a Dou Dizhu game at seat 0's turn with nothing in its
// hand that beats the table: passing is its only move.
func nothingToBeat(t *testing.T) engine.Game {
	t.Helper()
	return ddPlayUntil(t, 7, func(g engine.Game, v *doudizhu.View) bool {
		l := g.Legal(0)
		return g.Next() == 0 && len(l) == 1 && l[0] == engine.PassMove()
	})
}

// A key that types no rank says what to type instead, in the player's
// language: J alone where B is the jack, any other letter, a play longer
// than a hand.
func TestDouDizhuKeyThatTypesNoRankSaysWhatToType(t *testing.T) {
	g := ddPlayUntil(t, 8, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing
	})
	cases := map[string][][2]string{
		"en": {{"z", "z is not a rank: type 3–9, T, J, Q, K, A, 2, B, R."}},
		"de": {{"J", "J allein ist kein Rang: Der Bube ist B, der schwarze Joker B J."}, {"z", "z ist kein Rang: Tippe 3–9, 0, B, D, K, A, 2, B J, R."}},
		"nl": {{"J", "J alleen is geen rang: de boer is B, de zwarte joker B J."}, {"z", "z is geen rang: typ 3–9, 0, B, V, H, A, 2, B J, R."}},
	}
	for lang, keys := range cases {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			for _, c := range keys {
				m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
				ddPress(m, "3")
				ddPress(m, c[0])
				if out := stripANSI(m.View()); !strings.Contains(strings.Join(strings.Fields(out), " "), c[1]) || m.table.ranks != "3" {
					t.Fatalf("%s %v: %s after 3 left %q and did not say %q:\n%s", lang, size, c[0], m.table.ranks, c[1], out)
				}
			}
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
			for range 21 {
				ddPress(m, "3")
			}
			if len(m.table.ranks) != 20 || m.status != m.tx.get("A play has at most 20 cards: enter plays it, backspace takes one back.") {
				t.Fatalf("%s %v: a 21st rank left %q and said %q", lang, size, m.table.ranks, m.status)
			}
		}
	}
}

// Typing ranks and marking cards replace each other, and say so; so does
// backspace when it clears every mark.
func TestDouDizhuTypingAndMarkingSayWhenTheyReplaceEachOther(t *testing.T) {
	g := ddPlayUntil(t, 8, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing && v.TableSeat < 0
	})
	for _, lang := range []string{"en", "de", "nl"} {
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			m := onTable(testModel(size[0], size[1], Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
			marks := m.tx.get("Marked cards replace the typed ranks.")
			typed := m.tx.get("Typed ranks replace the marked cards.")
			cleared := m.tx.get("All marks cleared: space marks a card again.")
			for _, step := range []struct{ key, says string }{
				{"3", ""}, {" ", marks}, {" ", ""}, {" ", ""}, {"3", typed}, {"3", ""},
				{"x", marks}, {"backspace", cleared}, {"backspace", ""},
			} {
				msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(step.key)}
				if step.key == "backspace" {
					msg = tea.KeyMsg{Type: tea.KeyBackspace}
				}
				m.Update(msg)
				if m.status != step.says {
					t.Fatalf("%s %v: %q says %q, want %q", lang, size, step.key, m.status, step.says)
				}
				if step.says != "" && !strings.Contains(strings.Join(strings.Fields(stripANSI(m.View())), " "), step.says) {
					t.Fatalf("%s %v: %q not on screen:\n%s", lang, size, step.says, stripANSI(m.View()))
				}
			}
		}
	}
}

// A bracketed paste into the play line types its ranks as typing them
// does, in every language: up to the first that is no rank, which is
// answered as that key typed would be.
func TestDouDizhuPastedRanksAreTyped(t *testing.T) {
	g := ddPlayUntil(t, 8, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing
	})
	paste := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true} }
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Dou Dizhu", 0))
		m.Update(paste("45678"))
		if m.table.ranks != "45678" || m.isErr {
			t.Fatalf("%s: pasting 45678 typed %q (error %q)", lang, m.table.ranks, m.status)
		}
		m.Update(keyMsg("esc"))
		m.Update(paste("3 3z4"))
		if want := m.tx.f("%s is not a rank: type %s.", "z", ddRankList[rankLang(m.tx.lang)]); m.table.ranks != "33" || m.status != want {
			t.Fatalf("%s: pasting \"3 3z4\" typed %q and said %q; want 33 and %q", lang, m.table.ranks, m.status, want)
		}
		m.Update(keyMsg("esc"))
		m.Update(paste("4\x1b[36m5")) // a colour's digits are no ranks
		if m.table.ranks != "45" || m.status != "" {
			t.Fatalf("%s: pasting 4, a colour and 5 typed %q (error %q)", lang, m.table.ranks, m.status)
		}
	}
}

// Marked cards show without colour too: a mark under each, beside the
// cursor's (with colour off the reverse video that marks them is gone).
func TestDouDizhuMarksShowWithoutColour(t *testing.T) {
	g := ddPlayUntil(t, 8, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing
	})
	for _, set := range []Settings{{NoColour: true}, {NoColour: true, Glyphs: ASCII}} {
		m := onTable(testModel(80, 24, set), snapshotOf(g, "Dou Dizhu", 0))
		m.Update(key("space")) // mark the first card
		m.Update(key("right"))
		m.Update(key("right"))
		mark, cursor := "•", "▲"
		if set.Glyphs == ASCII {
			mark, cursor = "*", "^"
		}
		var line string
		for _, l := range strings.Split(stripANSI(m.View()), "\n") {
			if strings.Contains(l, cursor) && line == "" {
				line = l
			}
		}
		if strings.Count(line, mark) != 1 || strings.Index(line, mark) > strings.Index(line, cursor) {
			t.Errorf("%+v: the line under the hand %q shows no mark under the marked first card left of the cursor", set, line)
		}
	}
}

// A play too long for a seat's row at 80 columns ends in …, so a cut
// straight does not read as a shorter one.
func TestDouDizhuLongPlayInTheSeatListIsMarkedCut(t *testing.T) {
	g := ddPlayUntil(t, 8, func(g engine.Game, v *doudizhu.View) bool {
		return g.Next() == 0 && v.Phase == doudizhu.Playing
	})
	snap := snapshotOf(g, "Dou Dizhu", 0)
	v := *snap.View.(*doudizhu.View)
	p, err := doudizhu.ParsePlay("3456789TJQKA")
	if err != nil {
		t.Fatal(err)
	}
	var cs []cards.Card
	for _, s := range []cards.Suit{cards.Clubs, cards.Hearts, cards.Diamonds, cards.Clubs, cards.Spades, cards.Spades, cards.Spades, cards.Clubs, cards.Diamonds, cards.Clubs, cards.Hearts, cards.Clubs} {
		cs = append(cs, cards.New(cards.Rank(len(cs)+int(cards.Three)), s))
	}
	v.History = []doudizhu.Turn{{Seat: 1, Play: p, Cards: cs}}
	snap.View = &v
	for _, lang := range []string{"en", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snap)
		for _, l := range strings.Split(stripANSI(m.View()), "\n") {
			if strings.Contains(l, "4♥") && (visibleWidth(l) > 80 || !strings.HasSuffix(l, "…") && !strings.Contains(l, "A♣")) {
				t.Errorf("%s: the straight's row %q is wider than the screen or cut without …", lang, l)
			}
		}
	}
}
