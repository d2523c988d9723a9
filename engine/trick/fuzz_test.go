package trick_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Bad input is an error, never a panic; good input prints back as it was read.

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"AS", "TH", "7C", "SG", "CK", "BJ", "RJ", "1S", "AX", "", "ASS", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := cards.Parse(s)
		if err != nil {
			return
		}
		if c.String() != s {
			t.Fatalf("Parse(%q) = %v, which prints differently", s, c)
		}
		cs, err := cards.ParseList(s + " " + s)
		if err != nil || len(cs) != 2 {
			t.Fatalf("ParseList(%q): %v %v", s+" "+s, cs, err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"bid 2", "bid 02", "bid -1", "pass", "pass x", "trump H", "trump none", "play AS", "play SG", "play 3334", "play 433", "play ", "bid 99999999999999999999", "trump"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := engine.ParseMove(s)
		if err != nil {
			return
		}
		if m.String() != s {
			t.Fatalf("ParseMove(%q) = %v, which prints differently", s, m)
		}
	})
}

func FuzzReplay(f *testing.F) {
	f.Add([]byte(strings.Join(base, "\n")))
	f.Add(randomRecord(f, "specialrounds", 3, nil, 3))
	f.Add(randomRecord(f, "boerenbridge", 4, engine.Options{"max_cards": "3", "special_rounds": "2:blind,3:trump_choice"}, 4))
	f.Add(randomRecord(f, "singularity", 6, engine.Options{"special_rounds": "1:forehead,2:trump_choice"}, 5))
	f.Add([]byte(`{"record":"cardroom/1","ruleset":"singularity","seats":["a","b","c"]}` + "\n" + `{"e":"sitout","seat":9,"round":1}`))
	f.Add([]byte(`{"record":"cardroom/1","ruleset":"boerenbridge","seats":["a","b","c"]}` + "\n" + `{"e":"penalty","seat":-1,"points":-3,"reason":"x"}`))
	f.Fuzz(func(t *testing.T, rec []byte) {
		rep, err := engine.Replay(registry(), bytes.NewReader(rec))
		if err != nil || rep.Game == nil {
			return
		}
		// A valid record replays to a game whose own record is valid too.
		r, _ := registry().Lookup(rep.Ruleset)
		again, err := engine.MarshalRecord(r, rep.Header, rep.Game)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Replay(registry(), bytes.NewReader(again)); err != nil {
			t.Fatalf("re-recorded game does not replay: %v\n%s", err, again)
		}
	})
}
