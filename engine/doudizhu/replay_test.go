package doudizhu

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// plainRecord is the record of the plain deal, one line per slice element:
// line 1 the header, 2 the deal, 3–18 the moves of plainMoves, 19 the end.
func plainRecord(t *testing.T) []string {
	t.Helper()
	g := rig(t, 1, 0, plainH0, plainH1, plainBottom)
	do(t, g, plainMoves...)
	rec, err := engine.MarshalRecord(Ruleset(), engine.Header{Ruleset: "doudizhu", Seats: []string{"ann", "bob", "cy"}}, g)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
	if len(lines) != 19 {
		t.Fatalf("the plain record has %d lines:\n%s", len(lines), rec)
	}
	return lines
}

// editDeal changes the deal line of a record.
func editDeal(t *testing.T, line string, f func(e *engine.Event)) string {
	t.Helper()
	var e engine.Event
	if err := json.Unmarshal([]byte(line), &e); err != nil {
		t.Fatal(err)
	}
	f(&e)
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReplayPlainRecord(t *testing.T) {
	lines := plainRecord(t)
	rep, err := engine.Replay(engine.NewRegistry(Ruleset()), strings.NewReader(strings.Join(lines, "\n")+"\n"))
	if err != nil || !rep.Ended || rep.Ruleset != "doudizhu" || len(rep.Result.Rounds) != 1 {
		t.Fatalf("replay: %+v, %v", rep, err)
	}
	if got := rep.Result.Totals; got[0] != 4 || got[1] != -2 || got[2] != -2 {
		t.Errorf("totals %v, want [4 -2 -2]", got)
	}
	if lines[2] != `{"e":"move","seat":0,"move":"bid 2"}` || !strings.Contains(lines[1], `"bottom":["AD","2H","RJ"],"first_bidder":0`) {
		t.Errorf("record lines:\n%s\n%s", lines[1], lines[2])
	}
}

// Replay names the first bad line of a broken Dou Dizhu record.
func TestReplayRejectsBrokenRecords(t *testing.T) {
	reg := engine.NewRegistry(Ruleset())
	for _, tc := range []struct {
		name string
		edit func(l []string) []string
		line int
		want string
	}{
		{"16 cards", func(l []string) []string {
			l[1] = editDeal(t, l[1], func(e *engine.Event) { e.Hands[1] = e.Hands[1][1:] })
			return l
		}, 2, "seat 1 is dealt 16 cards, not 17"},
		{"a card twice", func(l []string) []string {
			l[1] = editDeal(t, l[1], func(e *engine.Event) { e.Bottom[0] = e.Hands[0][0] })
			return l
		}, 2, "appears 2 times"},
		{"first bidder", func(l []string) []string {
			l[1] = editDeal(t, l[1], func(e *engine.Event) { e.FirstBidder = 3 })
			return l
		}, 2, "no seat 3"},
		{"no bottom", func(l []string) []string {
			l[1] = strings.Replace(l[1], `"bottom"`, `"bottomless"`, 1)
			return l
		}, 2, "deal line has no"},
		{"no deal", func(l []string) []string { return append(l[:1], l[2:]...) }, 2, "the cards must be dealt first"},
		{"wrong seat", func(l []string) []string {
			l[2] = `{"e":"move","seat":1,"move":"bid 2"}`
			return l
		}, 3, "it is seat 0's turn"},
		{"low bid", func(l []string) []string {
			l[3] = `{"e":"move","seat":1,"move":"bid 1"}`
			return l
		}, 4, "higher than 2"},
		{"not held", func(l []string) []string {
			l[5] = `{"e":"move","seat":0,"move":"play 33"}`
			return l
		}, 6, "do not hold 33"},
		{"not beating", func(l []string) []string {
			l[6] = `{"e":"move","seat":1,"move":"play KK"}`
			return l
		}, 7, "does not beat 3"},
		{"later damage", func(l []string) []string { // a legal 4 leaves no 44 for line 12
			l[5] = `{"e":"move","seat":0,"move":"play 4"}`
			return l
		}, 12, "do not hold 445566778899TTJJ"},
		{"ranks out of order", func(l []string) []string {
			l[11] = `{"e":"move","seat":0,"move":"play JJTT998877665544"}`
			return l
		}, 12, "low to high"},
		{"leader passes", func(l []string) []string {
			l[11] = `{"e":"move","seat":0,"move":"pass"}`
			return l
		}, 12, "you lead"},
		{"deal mid-deal", func(l []string) []string { return append(l[:4], append([]string{l[1]}, l[4:]...)...) }, 5, "no deal is due"},
		{"draw line", func(l []string) []string {
			l[3] = `{"e":"draw","round":1,"seat":1,"card":"AS"}`
			return l
		}, 4, "a Dou Dizhu record has no draw lines"},
		{"wrong totals", func(l []string) []string {
			l[18] = `{"e":"end","totals":[4,-4,0]}`
			return l
		}, 19, "differ"},
		{"early end", func(l []string) []string { return append(l[:10], `{"e":"end","totals":[0,0,0]}`) }, 11, "before the game is over"},
		{"after the end", func(l []string) []string { return append(l, l[17]) }, 20, "nothing may follow"},
		{"bad option", func(l []string) []string {
			l[0] = strings.Replace(l[0], `"options":{}`, `"options":{"deals":0}`, 1)
			return l
		}, 1, "deals"},
		{"four seats", func(l []string) []string {
			l[0] = strings.Replace(l[0], `"cy"`, `"cy","dee"`, 1)
			return l
		}, 1, "seats"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := tc.edit(plainRecord(t))
			_, err := engine.Replay(reg, strings.NewReader(strings.Join(lines, "\n")+"\n"))
			var le *engine.LineError
			if !errors.As(err, &le) || le.Line != tc.line || !strings.Contains(le.Error(), tc.want) {
				t.Errorf("error %v, want line %d: …%s…", err, tc.line, tc.want)
			}
		})
	}
}

// A deal made by Deal is the deal its record line holds: applying that
// line to a new game gives the same state.
func TestDealIsItsRecord(t *testing.T) {
	g, _ := New(1)
	if err := g.Deal(cards.NewRand(42)); err != nil {
		t.Fatal(err)
	}
	e := g.Events()[0]
	if e.E != engine.EvDeal || len(e.Hands) != 3 || len(e.Bottom) != 3 {
		t.Fatalf("deal event %+v", e)
	}
	h, _ := New(1)
	if err := h.Event(e); err != nil {
		t.Fatal(err)
	}
	for s := range Players {
		if !slices.Equal(view(g, s).Hand, view(h, s).Hand) {
			t.Errorf("seat %d: %v and %v", s, view(g, s).Hand, view(h, s).Hand)
		}
	}
	if !slices.Equal(g.bottom, h.bottom) || g.Next() != h.Next() {
		t.Error("bottom or first bidder differ")
	}
}
