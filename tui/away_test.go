package tui

import (
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/tables"
)

// At the away line any key brings the player back but esc: it takes them
// to the lobby, and a "back" on the way out would only tell the others
// they came and went.
func TestEscAtTheAwayLineGoesWithoutComingBack(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	c := awayHostsTable(t, l, tables.Player{ID: "SHA256:test", Name: "alice"}, "singularity")
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool { return g.Next() != engine.Chance })
	for _, k := range []string{"esc", "x"} {
		s := snapshotOf(g, "Singularity", 0)
		s.Seats[0].Kind = tables.Away
		m := onTable(testModel(80, 24, Settings{}), s)
		tm := m.table
		tm.t = c.Table
		if !tm.away() {
			t.Fatal("the seat is not away")
		}
		m.Update(key(k))
		if back := tm.backing; back != (k != "esc") {
			t.Errorf("%s at the away line: coming back %v", k, back)
		}
		if esc := k == "esc"; esc != (m.screen != tableScreen) {
			t.Errorf("%s at the away line: screen %v", k, m.screen)
		}
	}
}

// :back when the seat is not away says so, in every language, instead of
// welcoming the player back; from an away seat it comes back.
func TestBackWhenNotAwaySaysSo(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		m := midTrick(t, testModel(80, 24, Settings{Lang: lang}))
		if cmd := m.table.command("back"); cmd != nil || m.table.backing {
			t.Fatalf("%s: :back when not away did something", lang)
		}
		if want := m.tx.get("You are not away: nothing changed."); m.status != want || m.isErr {
			t.Errorf("%s: :back when not away said %q, want %q", lang, m.status, want)
		}
		s := m.table.snap
		s.Seats = append([]tables.SeatInfo(nil), s.Seats...)
		s.Seats[s.You].Kind = tables.Away
		m.table.snap = s
		if cmd := m.table.command("back"); cmd == nil || !m.table.backing {
			t.Errorf("%s: :back at an away seat did not come back", lang)
		}
	}
}

// A key after a single timeout clears the timed-out mark without welcoming
// the player back: they never went away (ON-3). One who was away is
// welcomed back with the rounds their bot played.
func TestOneTimeoutIsNotWelcomedBack(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	c := awayHostsTable(t, l, tables.Player{ID: "SHA256:test", Name: "alice"}, "singularity")
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool { return g.Next() != engine.Chance })
	for _, timedOut := range []bool{true, false} {
		s := snapshotOf(g, "Singularity", 0)
		s.Seats[0].Kind, s.Seats[0].TimedOut, s.BotRounds = tables.Away, timedOut, []int{1}
		m := onTable(testModel(80, 24, Settings{}), s)
		m.table.t = c.Table
		cmd := m.table.comeBack()
		msg, ok := cmd().(doneMsg)
		if !ok {
			t.Fatalf("timed out %v: coming back answered %T", timedOut, cmd())
		}
		want := ""
		if !timedOut {
			want = m.tx.f("Welcome back: your bot moved for you in %s.", m.table.roundList([]int{1}))
		}
		if msg.note != want {
			t.Errorf("timed out %v: coming back says %q, want %q", timedOut, msg.note, want)
		}
	}
}

// A player who comes back to their seat (a dropped connection, the lobby)
// reads on arrival, once, which rounds their bot moved for them while they
// were gone, in their language, until their next move (keys before it keep
// the line); nothing when it made no move.
func TestWelcomedOnArrival(t *testing.T) {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Round == 3 && g.Next() == 0 && v.Phase == trick.PhaseBid
	})
	for lang, want := range map[string]string{
		"en": "Welcome back: your bot moved for you in rounds 1 and 3.",
		"de": "Willkommen zurück: Dein Bot hat in den Runden 1 und 3 für dich gezogen.",
	} {
		s := snapshotOf(g, "Singularity", 0)
		s.GoneRounds = []int{1, 3}
		m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
		if m.status != want || m.isErr {
			t.Fatalf("%s: on arrival the status line says %q, want %q", lang, m.status, want)
		}
		if !strings.Contains(plainView(m), want) {
			t.Fatalf("%s: the screen does not say %q:\n%s", lang, want, plainView(m))
		}
		for _, k := range []string{"x", "."} { // keys that make no move keep it
			m.Update(key(k))
			if m.status != want {
				t.Fatalf("%s: after %q the status line says %q, want %q", lang, k, m.status, want)
			}
		}
		m.Update(key("1"))
		m.Update(key("enter")) // the bid: the player's move dismisses it
		if m.status != "" {
			t.Fatalf("%s: after the player's bid the status line still says %q", lang, m.status)
		}
		s.Version++
		m.Update(snapMsg{s: s, ok: true})
		if m.status == want {
			t.Fatalf("%s: the welcome came again with the next snapshot", lang)
		}
	}
	s := snapshotOf(g, "Singularity", 0)
	if m := onTable(testModel(80, 24, Settings{}), s); strings.Contains(m.status, "Welcome back") {
		t.Fatalf("welcomed back with no round played for them: %q", m.status)
	}
}

// :away in a running game is said once, by the away line under the header,
// not again by the status line at the bottom.
func TestAwaySaidOnce(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	l, stop := runLobby(t)
	defer stop()
	c := awayHostsTable(t, l, tables.Player{ID: "SHA256:test", Name: "alice"}, "singularity")
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool { return g.Next() != engine.Chance })
	for _, lang := range []string{"en", "de", "nl"} {
		m := onTable(testModel(80, 24, Settings{Lang: lang}), snapshotOf(g, "Singularity", 0))
		m.table.t = c.Table
		cmd := m.table.command("away")
		msg, ok := cmd().(doneMsg)
		if !ok || msg.err != nil {
			t.Fatalf("%s: :away answered %+v", lang, msg)
		}
		m.Update(msg)
		s := snapshotOf(g, "Singularity", 0)
		s.Seats[0].Kind = tables.Away
		s.Version = m.table.snap.Version + 1
		m.Update(snapMsg{sub: m.table.sub, s: s, ok: true})
		screen := plainView(m)
		if line := m.tx.get("You are away: press any key to play. Your bot plays meanwhile."); !strings.Contains(screen, line) {
			t.Errorf("%s: after :away the screen lacks %q:\n%s", lang, line, screen)
		}
		if note := m.tx.get("You are away: your bot plays until you press a key."); strings.Contains(screen, note) {
			t.Errorf("%s: after :away the screen says it twice (%q):\n%s", lang, note, screen)
		}
	}
}

// A player welcomed back into a round they sit out (SI-5) reads that their
// bot plays it too, and from when they play again, in every language.
func TestWelcomeBackIntoASitOutRound(t *testing.T) {
	g := playTo(t, "singularity", 4, 1, func(g engine.Game) bool {
		v, ok := g.View(0).(*trick.View)
		return ok && v.Round == 3 && g.Next() == 0 && v.Phase == trick.PhaseBid
	})
	for lang, want := range map[string]string{
		"en": "Welcome back: your bot moved for you in rounds 1 and 2 and plays this round; you play from the next.",
		"de": "Willkommen zurück: Dein Bot hat in den Runden 1 und 2 für dich gezogen und spielt diese Runde; ab der nächsten spielst du selbst.",
		"nl": "Welkom terug: je bot heeft in rondes 1 en 2 voor je gezet en speelt deze ronde; vanaf de volgende speel je zelf.",
	} {
		s := snapshotOf(g, "Singularity", 0)
		v := *s.View.(*trick.View)
		v.SatOut = append([]bool(nil), v.SatOut...)
		v.SatOut[0] = true
		s.View, s.GoneRounds = &v, []int{1, 2}
		m := onTable(testModel(80, 24, Settings{Lang: lang}), s)
		if m.status != want || !strings.Contains(strings.Join(strings.Fields(plainView(m)), " "), want) {
			t.Errorf("%s: on arrival in a round sat out the status line says %q, want %q on screen:\n%s", lang, m.status, want, plainView(m))
		}
		checkFits(t, "welcome back "+lang, m.View(), 80, 24)
		s.Seats[0].Kind, s.BotRounds, s.GoneRounds = tables.Away, []int{1, 2}, nil
		m.table.snap = s
		if got := m.table.welcomeNote(); got != want {
			t.Errorf("%s: coming back into a round sat out says %q, want %q", lang, got, want)
		}
	}
}
