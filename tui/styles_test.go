package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

var allProfiles = []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii}

// Sessions of the same colour profile and display settings share one
// Styles; any difference that changes the styles gets its own.
func TestStylesAreSharedPerKey(t *testing.T) {
	app := NewApp(nil, games.Registry(), func() time.Time { return fixedNow })
	e := lobby.Entry{Player: tables.Player{ID: "SHA256:test", Name: "alice"}}
	set := Settings{Lang: "en", Glyphs: Unicode}
	m1 := newModel(app, newFakeSession(80, 24, termenv.ANSI256), e, set)
	m2 := newModel(app, newFakeSession(120, 40, termenv.ANSI256), e, Settings{Lang: "en", Glyphs: Unicode, Bell: true})
	if m1.st != m2.st {
		t.Error("two sessions of the same profile and glyph/colour settings have their own styles")
	}
	for name, st := range map[string]*Styles{
		"another profile": newModel(app, newFakeSession(80, 24, termenv.TrueColor), e, set).st,
		"four colours":    newModel(app, newFakeSession(80, 24, termenv.ANSI256), e, Settings{Lang: "en", FourColour: true}).st,
		"ASCII glyphs":    newModel(app, newFakeSession(80, 24, termenv.ANSI256), e, Settings{Lang: "en", Glyphs: ASCII}).st,
		"no colour":       newModel(app, newFakeSession(80, 24, termenv.ANSI256), e, Settings{Lang: "en", NoColour: true}).st,
		"German ranks":    newModel(app, newFakeSession(80, 24, termenv.ANSI256), e, Settings{Lang: "de"}).st,
	} {
		if st == m1.st {
			t.Errorf("%s: the same styles as ANSI256 with the default settings", name)
		}
	}
	// No colour is the Ascii profile, whatever the terminal's.
	if a, b := app.styles.get(termenv.TrueColor, Settings{NoColour: true}), app.styles.get(termenv.Ascii, Settings{}); a != b {
		t.Error("no colour on a TrueColor terminal and an Ascii terminal have different styles")
	}
	// Settings changed and changed back: the first styles again.
	m1.set.Glyphs = CJKSafe
	m1.restyle()
	if m1.st == m2.st || m1.st.glyphs != CJKSafe {
		t.Fatal("restyle kept the old styles")
	}
	m1.set.Glyphs = Unicode
	m1.restyle()
	if m1.st != m2.st {
		t.Error("restyle back to the first settings built new styles")
	}
	if n := len(app.styles.m); n != 7 {
		t.Errorf("%d styles cached, want 7", n)
	}
}

// The cache stays bounded: beyond maxCachedStyles keys, styles are built
// for the session and not kept.
func TestStylesCacheIsBounded(t *testing.T) {
	var c stylesCache
	for i := range maxCachedStyles + 5 {
		st := c.get(termenv.Profile(i), Settings{}) // not real profiles, but distinct keys
		if st == nil {
			t.Fatal("no styles")
		}
	}
	if len(c.m) != maxCachedStyles {
		t.Fatalf("%d styles cached, want %d", len(c.m), maxCachedStyles)
	}
}

// The shared styles, rendered with a renderer of their own, are byte for
// byte what each session's own renderer of the same profile renders (as the
// styles were built before they were shared), for every profile and
// setting; and so are the screens drawn with them.
func TestSharedStylesAreTheSessionRenderers(t *testing.T) {
	app := NewApp(nil, games.Registry(), func() time.Time { return fixedNow })
	for _, p := range allProfiles {
		for _, g := range []Glyphs{Unicode, ASCII, CJKSafe} {
			for _, four := range []bool{false, true} {
				for _, noColour := range []bool{false, true} {
					set := Settings{Lang: "en", Glyphs: g, FourColour: four, NoColour: noColour}
					r := newFakeSession(80, 24, p).r
					if noColour {
						r.SetColorProfile(termenv.Ascii)
					}
					own := buildStyles(r, styleKeyOf(p, set))
					shared := *app.styles.get(p, set)
					shared.notation, own.notation = nil, nil // each its own self
					if shared != *own {
						t.Errorf("%s %+v: the shared styles differ from the session renderer's", p.Name(), set)
					}
				}
			}
		}
	}
	for _, p := range allProfiles {
		for _, sc := range screens()[:2] {
			t.Run(fmt.Sprintf("%s/%s", p.Name(), sc.name), func(t *testing.T) {
				snap := sc.snap(t)
				set := Settings{Lang: "en", FourColour: true}
				shared := onTable(goldenModel(120, 40, p, set), snap)
				own := onTable(goldenModel(120, 40, p, set), snap)
				own.st = buildStyles(own.sess.Renderer(), styleKeyOf(p, set))
				if shared.st == own.st {
					t.Fatal("the same styles")
				}
				if a, b := shared.View(), own.View(); a != b {
					t.Errorf("the screen with shared styles differs:\n%s\nwith the session's own:\n%s", a, b)
				}
			})
		}
	}
}

// Drawing screens leaves the shared styles as they were built.
func TestDrawingDoesNotChangeStyles(t *testing.T) {
	for _, sc := range screens() {
		m := onTable(testModel(120, 40, Settings{}), sc.snap(t))
		before := *m.st
		_ = m.View()
		m.drawn = ""
		m.screen = lobbyScreen
		_ = m.View()
		if *m.st != before {
			t.Errorf("%s: drawing changed the styles", sc.name)
		}
	}
}

// Without colour the winning card of a trick is still marked: a star, an
// asterisk with ASCII glyphs.
func TestWinningCardMarkedWithoutColour(t *testing.T) {
	for g, mark := range map[Glyphs]string{Unicode: "★", ASCII: "*", CJKSafe: "*"} {
		m := heldTrick(t, testModel(80, 24, Settings{NoColour: true, Glyphs: g}))
		v := m.table.snap.View.(*trick.View)
		var win cards.Card
		for _, p := range v.LastTrick {
			if p.Seat == v.LastWinner {
				win = p.Card
			}
		}
		if screen := plainView(m); !strings.Contains(screen, stripANSI(m.st.Card(win))+mark) {
			t.Errorf("glyphs %v: the winning card %v is not marked %q:\n%s", g, win, mark, screen)
		}
	}
}
