package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine/cards"
)

func TestMoveTextRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		text string
		move Move
	}{
		{"bid 0", BidMove(0)},
		{"bid 12", BidMove(12)},
		{"pass", PassMove()},
		{"trump H", TrumpMove(cards.Hearts)},
		{"trump none", TrumpMove(cards.NoSuit)},
		{"play AS", PlayCard(cards.New(cards.Ace, cards.Spades))},
		{"play SG", PlayCard(cards.Singularity)},
		{"play CK", PlayCard(cards.Clanker)},
		{"play 3334", PlayRanks("3334")},
		{"play BR", PlayRanks("BR")},
		{"play 2", PlayRanks("2")},
		{"play TJQKA", PlayRanks("TJQKA")},
	} {
		got, err := ParseMove(tc.text)
		if err != nil || got != tc.move {
			t.Errorf("ParseMove(%q) = %#v, %v; want %#v", tc.text, got, err, tc.move)
		}
		if s := tc.move.String(); s != tc.text {
			t.Errorf("%#v prints %q, want %q", tc.move, s, tc.text)
		}
	}
}

func TestMoveTextIsExact(t *testing.T) {
	for _, bad := range []string{
		"", "bid", "bid 02", "bid -1", "bid two", "bid  2", "Bid 2", "pass 1", "trump X",
		"trump", "play", "play 4333", "play RB", "play 3X", "play as", "play AS TH",
		"move", strings.Repeat("3", 21), "play " + strings.Repeat("3", 21),
	} {
		if m, err := ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", bad, m)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"bid 2", "pass", "trump H", "play AS", "play 33344", "play BR", "bid 99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if m.String() != s {
			t.Fatalf("ParseMove(%q) = %v, which prints %q", s, m, m.String())
		}
	})
}

func testRuleset() *Ruleset {
	return &Ruleset{
		Name: "count", Title: "Count", MinPlayers: 2, MaxPlayers: 4,
		Options: []OptionSpec{
			{Name: "target", Kind: Int, Default: "3", Min: 1, Max: 9, Doc: "how far to count"},
			{Name: "fast", Kind: Bool, Default: "false"},
			{Name: "scoring", Kind: Enum, Default: "standard", Values: []string{"standard", "progressive"}},
			{Name: "special_rounds", Kind: RoundMap, Default: "", Values: []string{"blind", "no_trump"}},
		},
		New: func(players int, opts Options) (Game, error) {
			return &countGame{players: players, target: opts.Int("target")}, nil
		},
	}
}

func TestOptionsValidated(t *testing.T) {
	r := testRuleset()
	opts, err := r.Resolve(Options{"target": "5", "fast": "on", "special_rounds": "7:no_trump, 5:blind"})
	if err != nil {
		t.Fatal(err)
	}
	want := Options{"target": "5", "fast": "true", "scoring": "standard", "special_rounds": "5:blind,7:no_trump"}
	if fmt.Sprint(opts) != fmt.Sprint(want) {
		t.Errorf("Resolve = %v, want %v", opts, want)
	}
	for given, wantErr := range map[string]Options{
		`count has no option "colour"`:               {"colour": "red"},
		`option target: 10 is out of range 1–9`:      {"target": "10"},
		`option target: "x" is not a whole number`:   {"target": "x"},
		`option fast: "maybe" is not on or off`:      {"fast": "maybe"},
		`option scoring: "odd" is not one of`:        {"scoring": "odd"},
		`option special_rounds: round 5: "forehead"`: {"special_rounds": "5:forehead"},
		`option special_rounds: round 5 is given`:    {"special_rounds": "5:blind,5:blind"},
		`option special_rounds: write round:`:        {"special_rounds": "five:blind"},
	} {
		_, err := r.Resolve(wantErr)
		if err == nil || !strings.Contains(err.Error(), given) {
			t.Errorf("Resolve(%v) error = %v, want one containing %q", wantErr, err, given)
		}
	}
	if _, _, err := r.Start(5, nil); err == nil || !strings.Contains(err.Error(), "2 to 4 players") {
		t.Errorf("Start(5) error = %v", err)
	}
}

func TestOptionsJSONTypes(t *testing.T) {
	r := testRuleset()
	opts, _ := r.Resolve(Options{"target": "5", "fast": "true", "special_rounds": "5:blind"})
	b, _ := json.Marshal(r.EncodeOptions(opts))
	if got, want := string(b), `{"fast":true,"special_rounds":{"5":"blind"},"target":5}`; got != want {
		t.Errorf("encoded %s, want %s", got, want)
	}
	var raw map[string]json.RawMessage
	_ = json.Unmarshal(b, &raw)
	back, err := r.DecodeOptions(raw)
	if err != nil || fmt.Sprint(back) != fmt.Sprint(opts) {
		t.Errorf("decoded %v %v, want %v", back, err, opts)
	}
	for _, bad := range []string{`{"target":"5"}`, `{"fast":"true"}`, `{"target":5.5}`, `{"special_rounds":{"05":"blind"}}`, `{"special_rounds":["blind"]}`} {
		_ = json.Unmarshal([]byte(bad), &raw)
		if _, err := r.DecodeOptions(raw); err == nil {
			t.Errorf("DecodeOptions(%s) accepted", bad)
		}
	}
}

func TestEventJSONRoundTrip(t *testing.T) {
	as := cards.New(cards.Ace, cards.Spades)
	for _, e := range []Event{
		{E: EvDeal, Round: 2, Dealer: 1, Hands: [][]cards.Card{{as, cards.Singularity}, {cards.Clanker, as}}, Turned: cards.None},
		{E: EvDeal, Round: 1, Dealer: 0, Hands: [][]cards.Card{{as}, {cards.Clanker}}, Turned: cards.Singularity},
		{E: EvDeal, Hands: [][]cards.Card{{as}, {}, {}}, Bottom: []cards.Card{cards.RedJoker, cards.BlackJoker, as}, FirstBidder: 2},
		{E: EvDraw, Round: 5, Seat: 3, Card: as},
		{E: EvMove, Seat: 1, Move: PlayRanks("33344")},
		{E: EvSitout, Seat: 2, Round: 4},
		{E: EvPenalty, Seat: 0, Points: -5, Reason: "misdeal"},
		{E: EvEnd, Totals: []int{10, -20}},
	} {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("marshal %v: %v", e, err)
		}
		var back Event
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("unmarshal %s: %v", b, err)
		}
		b2, _ := json.Marshal(back)
		if string(b) != string(b2) {
			t.Errorf("round trip: %s became %s", b, b2)
		}
	}
	b, _ := json.Marshal(Event{E: EvDeal, Round: 1, Dealer: 0, Hands: [][]cards.Card{{as}}, Turned: cards.None})
	if got, want := string(b), `{"e":"deal","round":1,"dealer":0,"hands":[["AS"]],"turned":null}`; got != want {
		t.Errorf("deal line %s, want %s", got, want)
	}
}

func TestEventJSONRejects(t *testing.T) {
	for _, bad := range []string{
		`{}`, `{"e":"fly"}`, `{"e":"move","seat":1}`, `{"e":"move","move":"pass"}`,
		`{"e":"move","seat":1,"move":"bid 02"}`, `{"e":"deal","round":1,"dealer":0,"hands":[["ZZ"]],"turned":null}`,
		`{"e":"deal","round":1,"dealer":0,"hands":[["AS"]]}`, `{"e":"draw","round":1,"seat":0}`,
		`{"e":"penalty","seat":0,"points":-1}`, `{"e":"end"}`, `[1,2]`, `{"e":"move","seat":"1","move":"pass"}`,
	} {
		var e Event
		if err := json.Unmarshal([]byte(bad), &e); err == nil {
			t.Errorf("Unmarshal(%s) accepted: %+v", bad, e)
		}
	}
}

// countGame is a toy game for the replay machinery: a chance step deals each
// seat one card, then seats bid in turn counting 1, 2, … up to target.
type countGame struct {
	players, target int
	dealt           bool
	count           int
	events          []Event
}

func (g *countGame) Ruleset() string { return "count" }
func (g *countGame) Players() int    { return g.players }
func (g *countGame) Next() int {
	switch {
	case !g.dealt:
		return Chance
	case g.Done():
		return Over
	}
	return g.count % g.players
}
func (g *countGame) Legal(seat int) []Move {
	if seat != g.Next() {
		return nil
	}
	return []Move{BidMove(g.count + 1)}
}
func (g *countGame) Apply(seat int, m Move) error {
	if seat != g.Next() {
		return Illegal(seat, m, "not your turn")
	}
	if m != BidMove(g.count+1) {
		return Illegal(seat, m, "count on: say %d", g.count+1)
	}
	g.count++
	g.events = append(g.events, MoveEvent(seat, m))
	return nil
}
func (g *countGame) Deal(rng *rand.Rand) error {
	hands := make([][]cards.Card, g.players)
	for i := range hands {
		hands[i] = []cards.Card{cards.Card(rng.IntN(52))}
	}
	return g.Event(Event{E: EvDeal, Round: 1, Hands: hands, Turned: cards.None})
}
func (g *countGame) Event(e Event) error {
	if e.E != EvDeal || g.dealt {
		return errors.New("no " + e.E + " here")
	}
	if len(e.Hands) != g.players {
		return fmt.Errorf("%d hands for %d seats", len(e.Hands), g.players)
	}
	g.dealt = true
	g.events = append(g.events, e)
	return nil
}
func (g *countGame) View(seat int) View { return nil }
func (g *countGame) Done() bool         { return g.count >= g.target }
func (g *countGame) Result() Result {
	t := make([]int, g.players)
	if g.Done() {
		t[(g.count-1)%g.players] = 10
	}
	return Result{Totals: t}
}
func (g *countGame) Events() []Event { return g.events }

func playCount(t *testing.T) []byte {
	t.Helper()
	r := testRuleset()
	g, opts, err := r.Start(2, Options{"target": "3"})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Deal(cards.NewRand(1)); err != nil {
		t.Fatal(err)
	}
	for !g.Done() {
		s := g.Next()
		if err := g.Apply(s, g.Legal(s)[0]); err != nil {
			t.Fatal(err)
		}
	}
	b, err := MarshalRecord(r, Header{Ruleset: "count", Options: opts, Seats: []string{"ann", "bob"}, Seed: 1}, g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReplayAcceptsItsOwnRecord(t *testing.T) {
	rec := playCount(t)
	rep, err := Replay(NewRegistry(testRuleset()), strings.NewReader(string(rec)))
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, rec)
	}
	if !rep.Ended || fmt.Sprint(rep.Result.Totals) != "[10 0]" {
		t.Errorf("report %+v", rep)
	}
	// A record that stops mid-game is valid.
	lines := strings.SplitAfter(string(rec), "\n")
	if _, err := Replay(NewRegistry(testRuleset()), strings.NewReader(strings.Join(lines[:3], ""))); err != nil {
		t.Errorf("partial record: %v", err)
	}
}

func TestReplayNamesFirstBadLine(t *testing.T) {
	rec := strings.SplitAfter(strings.TrimSuffix(string(playCount(t)), "\n"), "\n")
	// rec: 0 header, 1 deal, 2..4 moves, 5 end.
	edit := func(i int, s string) string {
		out := append([]string(nil), rec...)
		out[i] = s + "\n"
		return strings.Join(out, "")
	}
	for _, tc := range []struct {
		name, record, want string
	}{
		{"empty", "", "line 1: the record is empty"},
		{"not json", "hello\n", "line 1: not a record header"},
		{"wrong format", edit(0, `{"record":"cardroom/2","ruleset":"count","options":{},"seats":["a","b"]}`), "line 1: not a cardroom/1 record"},
		{"unknown game", edit(0, `{"record":"cardroom/1","ruleset":"chess","options":{},"seats":["a","b"]}`), `line 1: unknown game "chess"`},
		{"bad option", edit(0, `{"record":"cardroom/1","ruleset":"count","options":{"target":0},"seats":["a","b"]}`), "line 1: option target"},
		{"seats", edit(0, `{"record":"cardroom/1","ruleset":"count","options":{},"seats":["a"]}`), "line 1: count takes 2–4 seats"},
		{"move before deal", edit(1, `{"e":"move","seat":0,"move":"bid 1"}`), "line 2: seat 0 may not bid 1: the cards must be dealt first"},
		{"wrong turn", edit(3, `{"e":"move","seat":0,"move":"bid 2"}`), "line 4: seat 0 may not bid 2: it is seat 1's turn"},
		{"illegal", edit(3, `{"e":"move","seat":1,"move":"bid 5"}`), "line 4: seat 1 may not bid 5: count on: say 2"},
		{"no seat", edit(3, `{"e":"move","seat":7,"move":"bid 2"}`), "line 4: there is no seat 7"},
		{"early end", edit(3, `{"e":"end","totals":[0,0]}`), "line 4: end line before the game is over"},
		{"wrong totals", edit(5, `{"e":"end","totals":[0,10]}`), "line 6: end totals [0 10] differ"},
		{"after end", strings.Join(rec, "") + "\n" + `{"e":"move","seat":1,"move":"bid 4"}` + "\n", "line 7: nothing may follow the end line"},
		{"blank inside", edit(2, "") + "", "line 3: blank line inside the record"},
		{"unknown event", edit(2, `{"e":"jump"}`), `line 3: unknown event "jump"`},
	} {
		_, err := Replay(NewRegistry(testRuleset()), strings.NewReader(tc.record))
		var le *LineError
		if err == nil || !errors.As(err, &le) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one starting %q", tc.name, err, tc.want)
		}
	}
	// Trailing blank lines are fine.
	if _, err := Replay(NewRegistry(testRuleset()), strings.NewReader(strings.Join(rec, "")+"\n\n")); err != nil {
		t.Errorf("trailing blank lines: %v", err)
	}
}

func FuzzReplay(f *testing.F) {
	f.Add(`{"record":"cardroom/1","ruleset":"count","options":{},"seats":["a","b"]}` + "\n" + `{"e":"deal","round":1,"dealer":0,"hands":[["AS"],["2H"]],"turned":null}`)
	f.Add("{}\n{}")
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = Replay(NewRegistry(testRuleset()), strings.NewReader(s))
	})
}
