package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// uncachedView draws m's screen with the table screen's caches and the
// frame's memo empty, and leaves them as they were.
func uncachedView(m *model) string {
	saved, memo := m.table.parts, m.memo
	m.table.parts, m.memo = tableParts{}, frameMemo{}
	m.drawn = ""
	v := m.View()
	m.table.parts, m.memo = saved, memo
	m.drawn = ""
	return v
}

// checkCached compares m's screen, drawn with whatever the caches hold, with
// one drawn from nothing.
func checkCached(t *testing.T, m *model, step string) {
	t.Helper()
	got := m.View()
	handY, handX := m.table.handY, m.table.handX
	want := uncachedView(m)
	if got != want {
		t.Fatalf("%s: the cached screen differs from a full draw\n--- cached:\n%s\n--- full draw:\n%s", step, got, want)
	}
	if handY != m.table.handY || handX != m.table.handX {
		t.Fatalf("%s: hand at (%d,%d) cached, (%d,%d) drawn", step, handX, handY, m.table.handX, m.table.handY)
	}
	m.View() // warm the caches again from the current state
}

func key(k string) tea.KeyMsg {
	switch k {
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	return goldenKey(k)
}

// TestTablePartsFollowEveryInput changes each input of the table screen in
// turn — snapshot, width and height, settings (glyphs, colours, language),
// the cursor and marks, typed bids and ranks, the sheet and last-trick
// views, the chat line, the timer, the table's end — and compares the
// cached screen with a full draw after each change.
func TestTablePartsFollowEveryInput(t *testing.T) {
	for _, fc := range frameCases() {
		t.Run(fc.name, func(t *testing.T) {
			snaps := snapSeries(t, fc.ruleset, fc.players, fc.seed, fc.title, fc.you, 40)
			now := fixedNow
			m := onTable(testModel(fc.width, fc.height, Settings{}), snaps[0])
			m.app.now = func() time.Time { return now }
			checkCached(t, m, "first snapshot")
			press := func(step string, keys ...string) {
				t.Helper()
				for _, k := range keys {
					m.Update(key(k))
				}
				checkCached(t, m, step)
			}
			for i, s := range snaps {
				m.Update(snapMsg{s: s, ok: true})
				checkCached(t, m, "snapshot")
				switch i % 9 {
				case 0: // selection: cursor, marks, typed bids and ranks
					press("right", "right")
					press("left", "left")
					press("space", "space")
					press("hint", "x")
					press("digit", "1")
					press("rank", "3")
					press("backspace", "backspace")
				case 1: // the size
					for _, size := range [][2]int{{80, 24}, {100, 32}, {99, 32}, {99, 40}, {200, 50}, {fc.width, fc.height}} {
						m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
						checkCached(t, m, "resize")
					}
				case 2: // settings
					for _, set := range []Settings{
						{Lang: "en", Glyphs: ASCII}, {Lang: "en", Glyphs: CJKSafe}, {Lang: "en", FourColour: true},
						{Lang: "en", NoColour: true}, {Lang: "de"}, {Lang: "nl"}, {Lang: "en"},
					} {
						m.set = set
						m.restyle()
						m.drawn = ""
						checkCached(t, m, "settings")
					}
					m.tx, m.drawn = newText("nl"), "" // the language alone
					checkCached(t, m, "language")
					m.tx, m.drawn = newText("en"), ""
					checkCached(t, m, "language back")
				case 3: // the score sheet and the last trick
					press("sheet", "tab")
					press("sheet off", "tab")
					press("last trick", ".")
					press("last trick off", ".")
				case 4: // the chat line
					press("chat", "/")
					press("type", "h", "i")
					press("chat off", "esc")
					press("command", ":")
					press("command off", "esc")
				case 6: // a seat changes hands
					s.Seats = slices.Clone(s.Seats)
					s.Seats[1] = tables.SeatInfo{Name: "carol", Kind: tables.Away}
					m.Update(snapMsg{s: s, ok: true})
					checkCached(t, m, "seat away")
					s.Seats[1] = tables.SeatInfo{Name: "carol", Kind: tables.Human}
					m.Update(snapMsg{s: s, ok: true})
					checkCached(t, m, "seat back")
				case 8: // the header's and the chat's own fields
					for _, change := range []func(s *tables.Snapshot){
						func(s *tables.Snapshot) { s.Name = "carol's table" },
						func(s *tables.Snapshot) { s.Code = "k3y" },
						func(s *tables.Snapshot) { s.Title = "Other" },
						func(s *tables.Snapshot) {
							s.Chat = append(slices.Clone(s.Chat), tables.ChatLine{From: "carol", Text: "hello"})
						},
						func(s *tables.Snapshot) {
							s.Chat = slices.Clone(s.Chat)
							s.Chat[len(s.Chat)-1].Text = "hello again"
						},
						func(s *tables.Snapshot) {
							s.Chat = slices.Clone(s.Chat)
							s.Chat[len(s.Chat)-1].System = true
						},
						func(s *tables.Snapshot) { s.Chat = s.Chat[:1] },
						func(s *tables.Snapshot) { s.Chat = nil },
					} {
						change(&s)
						m.Update(snapMsg{s: s, ok: true})
						checkCached(t, m, "header or chat")
					}
				case 7: // one number of one seat changes, nothing else (a penalty)
					for _, tweak := range []func(*trick.View){
						func(v *trick.View) { v.Totals[1] -= 5 },
						func(v *trick.View) { v.Tricks[1]++ },
						func(v *trick.View) { v.Bids[1]++ },
						func(v *trick.View) { v.Dealer = (v.Dealer + 1) % v.Players },
						func(v *trick.View) { v.Seat = (v.Seat + 1) % v.Players },
						func(v *trick.View) { v.Hook = !v.Hook; v.Phase = trick.PhaseBid },
						func(v *trick.View) { v.Modifier = trick.NoTrump },
						func(v *trick.View) { v.TrumpKnown, v.Trump = true, (v.Trump+1)%4 },
						func(v *trick.View) { v.Turned = cards.New(cards.Ace, cards.Spades) },
						func(v *trick.View) { v.Cards++ },
						func(v *trick.View) { v.Round++ },
					} {
						s := s
						switch v := s.View.(type) {
						case *trick.View:
							nv := *v
							nv.Totals, nv.Tricks, nv.Bids = slices.Clone(v.Totals), slices.Clone(v.Tricks), slices.Clone(v.Bids)
							tweak(&nv)
							s.View = &nv
						case *doudizhu.View:
							nv := *v
							nv.Counts[1]--
							s.View = &nv
						}
						m.Update(snapMsg{s: snaps[i], ok: true}) // back to the snapshot as it was
						checkCached(t, m, "snapshot")
						m.Update(snapMsg{s: s, ok: true})
						checkCached(t, m, "one number")
					}
				case 5: // the timer
					now = now.Add(35 * time.Second)
					m.Update(tickMsg{tm: m.table, seq: m.table.tickSeq})
					m.drawn = ""
					checkCached(t, m, "timer")
					now = fixedNow
					m.drawn = ""
					checkCached(t, m, "timer back")
				}
			}
			m.Update(snapMsg{ok: false})
			checkCached(t, m, "table ended")
		})
	}
}

// TestTablePartsPerSession: two sessions at the same table with different
// settings do not share drawn parts.
func TestTablePartsPerSession(t *testing.T) {
	snaps := snapSeries(t, "singularity", 4, 1, "Singularity", engine.Spectator, 3)
	a := onTable(testModel(120, 40, Settings{}), snaps[0])
	b := onTable(testModel(120, 40, Settings{Lang: "de", Glyphs: ASCII}), snaps[0])
	for _, s := range snaps {
		for _, m := range []*model{a, b} {
			m.Update(snapMsg{s: s, ok: true})
			checkCached(t, m, "snapshot")
		}
	}
	if a.View() == b.View() {
		t.Fatal("two sessions with different settings show the same screen")
	}
}

func TestSplitLinesIsSplit(t *testing.T) {
	for _, s := range []string{"", "a", "\n", "a\n", "\na", "a\n\nb", "a\nb\n\n", "\x1b[1mx\x1b[0m\ny"} {
		want := strings.Split(s, "\n")
		if got := splitLines([]string{"old"}[:0], s); !slices.Equal(got, want) {
			t.Errorf("splitLines(%q) = %q, want %q", s, got, want)
		}
	}
}
