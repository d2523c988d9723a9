package tui

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// TestASCIIFramesHoldOnlyASCII: with ASCII glyphs, every game's table
// screen, score sheet with its chart, previous trick and game-over screen
// are ASCII but for the player's own name (and, in German and Dutch, the
// letters the language writes with: ä, ß, ë).
func TestASCIIFramesHoldOnlyASCII(t *testing.T) {
	const name = "Zoë★"
	rename := func(m *model) *model {
		s := m.table.snap
		for i := range s.Seats {
			if s.Seats[i].Name == "alice" {
				s.Seats[i].Name = name
			}
		}
		for i := range s.Standings {
			if s.Standings[i].Name == "alice" {
				s.Standings[i].Name = name
			}
		}
		m.player.Name = name
		s.Version++
		m.table.snapshot(s)
		m.drawn = ""
		return m
	}
	var builds []goldenCase
	for _, sc := range screens() {
		on := func(t *testing.T, m *model) *model { return onTable(m, sc.snap(t)) }
		builds = append(builds,
			goldenCase{name: sc.name, build: on},
			goldenCase{name: sc.name + " sheet", build: func(t *testing.T, m *model) *model {
				m = on(t, m)
				m.table.showSheet = true
				return m
			}},
			goldenCase{name: sc.name + " over", build: gameOver(sc.name)},
		)
	}
	builds = append(builds, goldenCase{name: "previous trick", build: midTrick, keys: []string{"."}})
	for _, lang := range []string{"en", "de", "nl"} {
		for _, c := range builds {
			for _, size := range [][2]int{{80, 24}, {200, 50}} {
				t.Run(fmt.Sprintf("%s/%s/%dx%d", lang, c.name, size[0], size[1]), func(t *testing.T) {
					m := rename(c.build(t, goldenModel(size[0], size[1], termenv.ANSI256, Settings{Lang: lang, Glyphs: ASCII})))
					for _, k := range c.keys {
						m.Update(goldenKey(k))
					}
					frame := ansi.Strip(m.View())
					if !strings.Contains(frame, name) {
						t.Fatalf("the player's name is not on the frame:\n%s", frame)
					}
					v := strings.ReplaceAll(frame, name, "")
					for i, r := range v {
						if r < 0x80 || lang != "en" && unicode.IsLetter(r) && r < 0x100 {
							continue
						}
						t.Fatalf("%q at byte %d of the frame:\n%s", r, i, v)
					}
				})
			}
		}
	}
}

// TestASCIIRatingsScreen: with ASCII glyphs the ratings screen writes its
// formula (μ − 3σ) in ASCII.
func TestASCIIRatingsScreen(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := goldenModel(80, 24, termenv.Ascii, Settings{Lang: lang, Glyphs: ASCII})
		m.board = &boardModel{}
		m.screen = boardScreen
		v := m.View()
		if !strings.Contains(v, "u - 3s") || strings.ContainsAny(v, "μ−σ") {
			t.Errorf("%s: the ratings formula is not ASCII:\n%s", lang, v)
		}
	}
}

// TestTrumpNamedInWordsWithoutSymbols: where suits are letters, the
// round's line names trump by its word ("Trumpf Pik", not "Trumpf p").
func TestTrumpNamedInWordsWithoutSymbols(t *testing.T) {
	for _, c := range []struct {
		lang string
		g    Glyphs
		want string
	}{
		{"en", ASCII, "trump spades"}, {"de", ASCII, "Trumpf Pik"}, {"nl", CJKSafe, "troef schoppen"}, {"en", Unicode, "trump ♠"},
	} {
		m := goldenModel(80, 24, termenv.Ascii, Settings{Lang: c.lang, Glyphs: c.g})
		m = onTable(m, screens()[2].snap(t)) // boerenbridge: trump spades, named
		if v := m.View(); !strings.Contains(v, c.want) {
			t.Errorf("%s %v: no %q on the round's line:\n%s", c.lang, c.g, c.want, v)
		}
	}
}
