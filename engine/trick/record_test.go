package trick_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

func registry() *engine.Registry { return engine.NewRegistry(trick.Rulesets()...) }

// base is a hand-written singularity record: round 1 and the start of round 2.
var base = []string{
	`{"record":"cardroom/1","ruleset":"singularity","options":{},"seats":["a","b","c"]}`,            // 1
	`{"e":"deal","round":1,"dealer":0,"hands":[["2S"],["3S"],["4S"]],"turned":"5D"}`,                // 2
	`{"e":"move","seat":1,"move":"bid 0"}`,                                                          // 3
	`{"e":"move","seat":2,"move":"bid 1"}`,                                                          // 4
	`{"e":"move","seat":0,"move":"bid 0"}`,                                                          // 5
	`{"e":"move","seat":1,"move":"play 3S"}`,                                                        // 6
	`{"e":"move","seat":2,"move":"play 4S"}`,                                                        // 7
	`{"e":"move","seat":0,"move":"play 2S"}`,                                                        // 8
	`{"e":"deal","round":2,"dealer":1,"hands":[["2H","3C"],["4H","5C"],["6H","7C"]],"turned":"8D"}`, // 9
	`{"e":"move","seat":2,"move":"bid 0"}`,                                                          // 10
	`{"e":"move","seat":0,"move":"bid 0"}`,                                                          // 11
	`{"e":"move","seat":1,"move":"bid 0"}`,                                                          // 12
	`{"e":"move","seat":2,"move":"play 6H"}`,                                                        // 13
	`{"e":"move","seat":0,"move":"play 2H"}`,                                                        // 14
}

func replay(lines ...string) (engine.Report, error) {
	return engine.Replay(registry(), strings.NewReader(strings.Join(lines, "\n")+"\n"))
}

// edit returns base with line n (1-based) replaced, or cut after n when
// repl is "" — then extra lines follow.
func edit(n int, repl string, extra ...string) []string {
	out := slices.Clone(base)
	if repl == "" {
		out = out[:n]
	} else {
		out[n-1] = repl
	}
	return append(out, extra...)
}

func TestReplayValidPrefix(t *testing.T) {
	rep, err := replay(base...)
	if err != nil {
		t.Fatal(err)
	}
	// Round 1: seat 0 bid 0 took 0: 20; seat 1 bid 0 took 0: 20; seat 2 bid 1 took 1: 30.
	if !slices.Equal(rep.Result.Totals, []int{20, 20, 30}) || rep.Ended {
		t.Fatalf("totals %v ended %v", rep.Result.Totals, rep.Ended)
	}
}

func TestReplayRejectsBrokenRecords(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		{"wrong turn", edit(4, `{"e":"move","seat":0,"move":"bid 0"}`), "line 4: seat 0 may not bid 0: it is seat 2's turn"},
		{"must follow", edit(14, `{"e":"move","seat":0,"move":"play 3C"}`), "line 14: seat 0 may not play 3C: must follow H"},
		{"card not held", edit(6, `{"e":"move","seat":1,"move":"play AS"}`), "line 6: seat 1 may not play AS: you do not hold AS"},
		{"bad deal composition", edit(2, `{"e":"deal","round":1,"dealer":0,"hands":[["2S"],["2S"],["4S"]],"turned":"5D"}`), "line 2: deal: seat 1: one 2S too many"},
		{"turned duplicates a hand", edit(2, `{"e":"deal","round":1,"dealer":0,"hands":[["2S"],["3S"],["4S"]],"turned":"4S"}`), "line 2: deal: turned: one 4S too many"},
		{"hand size", edit(2, `{"e":"deal","round":1,"dealer":0,"hands":[["2S","3D"],["3S"],["4S"]],"turned":"5D"}`), "line 2: deal: seat 0 is dealt 2 cards"},
		{"wrong dealer", edit(9, `{"e":"deal","round":2,"dealer":2,"hands":[["2H","3C"],["4H","5C"],["6H","7C"]],"turned":"8D"}`), "line 9: deal: seat 1 deals round 2"},
		{"wrong round", edit(9, `{"e":"deal","round":3,"dealer":1,"hands":[["2H","3C"],["4H","5C"],["6H","7C"]],"turned":"8D"}`), "line 9: deal: this deal is for round 3"},
		{"move before deal", edit(8, "", `{"e":"move","seat":2,"move":"bid 0"}`), "line 9: seat 2 may not bid 0: the cards must be dealt first"},
		{"end before game over", edit(8, "", `{"e":"end","totals":[20,20,30]}`), "line 9: end line before the game is over"},
		{"bad option", edit(1, `{"record":"cardroom/1","ruleset":"singularity","options":{"max_cards":3},"seats":["a","b","c"]}`), "line 1: singularity has no option \"max_cards\""},
		{"bad option value", edit(1, `{"record":"cardroom/1","ruleset":"singularity","options":{"special_rounds":{"2":"forehead"}},"seats":["a","b","c"]}`), "line 1: option special_rounds: round 2 deals 2 cards"},
		{"turned card in boerenbridge", edit(1, `{"record":"cardroom/1","ruleset":"boerenbridge","options":{},"seats":["a","b","c"]}`), "line 2: deal: turned must be null"},
		{"sitout after bid", edit(3, "", `{"e":"sitout","seat":1,"round":1}`), "line 4: sitout: seat 1 may only sit out before round 1's first bid"},
	}
	for _, c := range cases {
		_, err := replay(c.lines...)
		var le *engine.LineError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

func TestReplayLineAfterEnd(t *testing.T) {
	rec := randomRecord(t, "boerenbridge", 3, engine.Options{"max_cards": "2"}, 9)
	if _, err := engine.Replay(registry(), bytes.NewReader(rec)); err != nil {
		t.Fatal(err)
	}
	bad := append(slices.Clone(rec), []byte(`{"e":"penalty","seat":0,"points":-1,"reason":"late"}`+"\n")...)
	n := bytes.Count(rec, []byte("\n")) + 1
	_, err := engine.Replay(registry(), bytes.NewReader(bad))
	var le *engine.LineError
	if !errors.As(err, &le) || le.Line != n || !strings.Contains(err.Error(), "nothing may follow the end line") {
		t.Fatalf("got %v, want line %d: nothing may follow the end line", err, n)
	}
	wrong := bytes.Replace(rec, []byte(`"totals":[`), []byte(`"totals":[1`), 1)
	if _, err := engine.Replay(registry(), bytes.NewReader(wrong)); err == nil || !strings.Contains(err.Error(), "differ from the computed totals") {
		t.Fatalf("wrong end totals: got %v", err)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	for _, c := range []struct {
		rs   string
		n    int
		opts engine.Options
	}{
		{"singularity", 4, engine.Options{"special_rounds": "1:forehead,3:trump_choice,4:blind,5:no_trump", "scoring": "progressive"}},
		{"specialrounds", 5, engine.Options{"hook": "false"}},
		{"boerenbridge", 6, engine.Options{"direction": "counterclockwise", "bb_allow_notrump": "true"}},
	} {
		rec := randomRecord(t, c.rs, c.n, c.opts, 11)
		rep, err := engine.Replay(registry(), bytes.NewReader(rec))
		if err != nil {
			t.Fatalf("%s: %v", c.rs, err)
		}
		// Writing the replayed game gives the same record, line for line.
		r, _ := registry().Lookup(c.rs)
		again, err := engine.MarshalRecord(r, rep.Header, rep.Game)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, rec) {
			t.Fatalf("%s: record changed in a round trip:\n%s\n---\n%s", c.rs, rec, again)
		}
	}
}

// randomRecord plays a seeded random game to the end and returns its record.
func randomRecord(t testing.TB, rs string, n int, given engine.Options, seed uint64) []byte {
	t.Helper()
	r, err := registry().Lookup(rs)
	if err != nil {
		t.Fatal(err)
	}
	g, opts, err := r.Start(n, given)
	if err != nil {
		t.Fatal(err)
	}
	if err := trick.PlayRandom(g, cards.NewRand(seed)); err != nil {
		t.Fatal(err)
	}
	seats := make([]string, n)
	for i := range seats {
		seats[i] = "p" + string(rune('0'+i))
	}
	rec, err := engine.MarshalRecord(r, engine.Header{Ruleset: rs, Options: opts, Seats: seats}, g)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
