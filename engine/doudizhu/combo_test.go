package doudizhu

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine/cards"
)

// fullDeck is every card of the 54-card deck as ranks.
func fullDeck() Hand {
	var h Hand
	for r := Rank(0); r < NumRanks; r++ {
		h += one(r, maxCount(r))
	}
	return h
}

func mustHand(t testing.TB, s string) Hand {
	t.Helper()
	h, err := ParseHand(s)
	if err != nil {
		t.Fatalf("ParseHand(%q): %v", s, err)
	}
	return h
}

func mustPlay(t testing.TB, s string) Play {
	t.Helper()
	p, err := ParsePlay(s)
	if err != nil {
		t.Fatalf("ParsePlay(%q): %v", s, err)
	}
	return p
}

// classify returns the types of every reading of s ("" when none).
func types(t *testing.T, s string) []Type {
	t.Helper()
	var out []Type
	for _, p := range Classify(mustHand(t, s)) {
		out = append(out, p.Type)
	}
	return out
}

func wantType(t *testing.T, s string, want Type) {
	t.Helper()
	if got := types(t, s); !slices.Equal(got, []Type{want}) {
		t.Errorf("Classify(%s) = %v, want [%v]", s, got, want)
	}
}

func wantNone(t *testing.T, s string) {
	t.Helper()
	if got := types(t, s); len(got) != 0 {
		t.Errorf("Classify(%s) = %v, want no combination", s, got)
	}
}

func TestParseAndString(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"33344", "33344"}, {"43334", "33344"}, {"RB", "BR"}, {"2A3", "3A2"}, {"", ""},
	} {
		if got := mustHand(t, tc.in).String(); got != tc.out {
			t.Errorf("ParseHand(%q).String() = %q, want %q", tc.in, got, tc.out)
		}
	}
	for _, bad := range []string{"33333", "BB", "RR", "1", "10", "x", "3 4", "s"} {
		if _, err := ParseHand(bad); err == nil {
			t.Errorf("ParseHand(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"", "34", "3334445", "2345 6"} {
		if _, err := ParsePlay(bad); err == nil {
			t.Errorf("ParsePlay(%q) accepted", bad)
		}
	}
	if p := mustPlay(t, "3334445566"); p != (Play{AirplanePairs, Three, 2, mustHand(t, "3334445566")}) {
		t.Errorf("ParsePlay(3334445566) = %+v", p)
	}
	if h := fullDeck(); h.Len() != 54 || h.Count(Two) != 4 || h.Count(RedJoker) != 1 {
		t.Errorf("full deck %v has %d cards", h, h.Len())
	}
}

// DD-2: rank order 3 < … < A < 2 < B < R; suits never matter.
func TestDD2_RankOrder(t *testing.T) {
	order := []string{"3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "B", "R"}
	for i := 1; i < len(order); i++ {
		lo, hi := mustPlay(t, order[i-1]), mustPlay(t, order[i])
		if !hi.Beats(lo) || lo.Beats(hi) {
			t.Errorf("%s must beat %s and not the other way", order[i], order[i-1])
		}
	}
	if p := mustPlay(t, "2"); p.Beats(mustPlay(t, "2")) {
		t.Error("a 2 beats a 2")
	}
}

// DD-10: single, pair, triple; jokers are no pair.
func TestDD10_SinglePairTriple(t *testing.T) {
	wantType(t, "7", Single)
	wantType(t, "B", Single)
	wantType(t, "77", Pair)
	wantType(t, "22", Pair)
	wantType(t, "777", Triple)
	wantType(t, "222", Triple)
	wantNone(t, "78")
	wantNone(t, "778")
}

// DD-11: triple with a single or a pair of another rank; jokers are no pair.
func TestDD11_TripleWithSingleOrPair(t *testing.T) {
	wantType(t, "3334", TripleSingle)
	wantType(t, "333R", TripleSingle)
	wantType(t, "33344", TriplePair)
	wantType(t, "22233", TriplePair)
	wantNone(t, "333BR")
	wantNone(t, "33345")
}

// DD-12: straights of 5..12 ranks inside 3…A.
func TestDD12_Straight(t *testing.T) {
	wantType(t, "34567", Straight)
	wantType(t, "TJQKA", Straight)
	wantType(t, "3456789TJQKA", Straight)
	wantNone(t, "3456")
	wantNone(t, "JQKA2")
	wantNone(t, "34568")
	wantNone(t, "QKA2B")
}

// DD-13: pair sequences of ≥ 3 pairs inside 3…A.
func TestDD13_PairSequence(t *testing.T) {
	wantType(t, "334455", PairSeq)
	wantType(t, "QQKKAA", PairSeq)
	wantType(t, "33445566778899TTJJQQ", PairSeq)
	wantNone(t, "3344")
	wantNone(t, "KKAA22")
	wantNone(t, "334466")
}

// DD-14: airplanes with no wings, single wings or pair wings.
func TestDD14_Airplane(t *testing.T) {
	wantType(t, "333444", Airplane)
	wantType(t, "KKKAAA", Airplane)
	wantType(t, "333444555666", Airplane) // not 333444555 with 666: no three of a rank as wings
	wantType(t, "333444555666777", Airplane)
	wantNone(t, "AAA222")
	wantNone(t, "333555")
}

func TestDD14_AirplaneSingleWings(t *testing.T) {
	wantType(t, "33344456", AirplaneSingles)
	wantType(t, "33344455", AirplaneSingles) // the singles may be a pair
	wantType(t, "333444B2", AirplaneSingles)
	wantType(t, "333444555667", AirplaneSingles)
	wantType(t, "3344555666777888", AirplaneSingles) // core 5–8, wings 33 44
	wantNone(t, "333444BR")                          // not both jokers
	wantNone(t, "33334446")                          // no wing of a core rank
	wantNone(t, "3334445556667779")                  // no three of a rank among the wings (RLCard allows it)
	wantNone(t, "3334445556667777")                  // nor four
}

func TestDD14_AirplanePairWings(t *testing.T) {
	wantType(t, "3334445566", AirplanePairs)
	wantType(t, "333444555667788", AirplanePairs)
	wantType(t, "3344555666777888", AirplaneSingles) // four wing cards on four triples are singles
	wantNone(t, "3334445555")                        // the pairs must be of distinct ranks
	wantNone(t, "33344455BR")                        // the jokers are no pair
	wantNone(t, "3333444555")                        // no wing of a core rank
}

// DD-15: four with two cards or two pairs; neither is a bomb.
func TestDD15_FourWithTwo(t *testing.T) {
	wantType(t, "333345", FourTwo)
	wantType(t, "333355", FourTwo)
	wantType(t, "3333B2", FourTwo)
	wantType(t, "33334455", FourTwoPairs)
	wantType(t, "222233AA", FourTwoPairs)
	wantNone(t, "3333BR")
	wantNone(t, "33334444") // two pairs of one rank are not two pairs
	wantNone(t, "3333445")
	if mustPlay(t, "333345").Beats(mustPlay(t, "7")) {
		t.Error("four with two is no bomb")
	}
}

// DD-16: bomb and rocket.
func TestDD16_BombAndRocket(t *testing.T) {
	wantType(t, "3333", Bomb)
	wantType(t, "2222", Bomb)
	wantType(t, "BR", Rocket)
	wantNone(t, "B2")
}

// DD-17: every reading is offered. Under Part B no card set has two readings;
// this checks it over every combination, and that Classify and Leads agree.
func TestDD17_NoSetHasTwoReadings(t *testing.T) {
	byCards := map[Hand][]Play{}
	for _, p := range Leads(fullDeck()) {
		byCards[p.Cards] = append(byCards[p.Cards], p)
	}
	for h, ps := range byCards {
		if got := Classify(h); h.Len() <= 20 && !slices.Equal(got, ps) {
			t.Fatalf("Classify(%v) = %v, Leads of the deck read it as %v", h, got, ps)
		}
		if len(ps) > 1 {
			t.Errorf("%v has %d readings: %v", h, len(ps), ps)
		}
	}
}

// The number of distinct valid combinations over all hands (at most 20
// cards) is 24,639 (data/README.md), by type.
func TestAllCombinationsCount(t *testing.T) {
	type key struct {
		t Type
		l uint8
	}
	got := map[key]int{}
	total := 0
	seen := map[Hand]bool{}
	for _, p := range Leads(fullDeck()) {
		if p.Cards.Len() > 20 || seen[p.Cards] {
			continue
		}
		seen[p.Cards] = true
		got[key{p.Type, p.Len}]++
		total++
	}
	want := map[key]int{
		{Single, 1}:       15, // 3…2 B R
		{Pair, 1}:         13, // 3…2
		{Triple, 1}:       13,
		{TripleSingle, 1}: 182,                                                     // 13 triples × 14 other ranks
		{TriplePair, 1}:   156,                                                     // 13 × 12
		{Straight, 5}:     8, {Straight, 6}: 7, {Straight, 7}: 6, {Straight, 8}: 5, // 36 in all:
		{Straight, 9}: 4, {Straight, 10}: 3, {Straight, 11}: 2, {Straight, 12}: 1, // 12 − len + 1 each
		{PairSeq, 3}: 10, {PairSeq, 4}: 9, {PairSeq, 5}: 8, {PairSeq, 6}: 7, // 52 in all, 3…10 pairs
		{PairSeq, 7}: 6, {PairSeq, 8}: 5, {PairSeq, 9}: 4, {PairSeq, 10}: 3,
		{Airplane, 2}: 11, {Airplane, 3}: 10, {Airplane, 4}: 9, {Airplane, 5}: 8, {Airplane, 6}: 7, // 45
		{AirplaneSingles, 2}: 968, {AirplaneSingles, 3}: 3200, {AirplaneSingles, 4}: 6534, {AirplaneSingles, 5}: 8288,
		{AirplanePairs, 2}: 605, {AirplanePairs, 3}: 1200, {AirplanePairs, 4}: 1134, // 2,939
		{FourTwo, 1}:      1326, // 13 fours × (12 pairs + C(14,2) − 1 rocket = 102)
		{FourTwoPairs, 1}: 858,  // 13 × C(12,2)
		{Bomb, 1}:         13,
		{Rocket, 1}:       1,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%v of length %d: %d, want %d", k.t, k.l, got[k], n)
		}
	}
	for k, n := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected %v of length %d: %d", k.t, k.l, n)
		}
	}
	if total != 24639 {
		t.Errorf("%d distinct combinations, want 24,639", total)
	}
}

// Classify agrees with legal_ours of the RLCard action space for all of its
// 27,471 card sets.
func TestClassifyAgreesWithActionSpace(t *testing.T) {
	f, err := os.Open("../../testdata/doudizhu/rlcard_action_space.tsv")
	if err != nil {
		t.Fatalf("the action space belongs in testdata/doudizhu: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sets, legal := 0, 0
	for sc.Scan() {
		col := strings.Split(sc.Text(), "\t")
		if len(col) != 6 || col[0] == "action_id" || col[1] == "pass" {
			continue
		}
		sets++
		h := mustHand(t, col[1])
		if got, want := len(Classify(h)) > 0, col[5] == "1"; got != want {
			t.Errorf("row %s: Classify(%s) = %v, legal_ours %s", col[0], col[1], Classify(h), col[5])
		}
		if col[5] == "1" {
			legal++
		}
		if h.String() != col[1] {
			t.Errorf("%s prints as %s", col[1], h)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if sets != 27471 || legal != 24639 {
		t.Errorf("%d card sets, %d legal; want 27,471 and 24,639", sets, legal)
	}
}

// DD-18: same type and size, higher core; attachments never count.
func TestDD18_Beating(t *testing.T) {
	for _, tc := range []struct {
		play, table string
		beats       bool
	}{
		{"44433", "333AA", true}, // the pair does not count
		{"333AA", "44433", false},
		{"45678", "34567", true},
		{"456789", "34567", false}, // another size
		{"345678", "456789", false},
		{"445566", "334455", true},
		{"44455567", "333444AA", true}, // the highest core rank compares
		{"3334445566", "3344455566", false},
		{"444455", "333322", true}, // four-with-two compares the four
		{"33334455", "444456", false},
		{"KKKAAA", "333444", true},
		{"KKKAAA", "333444555", false},
		{"3", "33", false},
		{"2", "A", true},
		{"R", "B", true},
	} {
		if got := mustPlay(t, tc.play).Beats(mustPlay(t, tc.table)); got != tc.beats {
			t.Errorf("%s beats %s: %v, want %v", tc.play, tc.table, got, tc.beats)
		}
	}
}

// DD-19: a bomb beats any non-bomb; the higher bomb wins; the rocket beats everything.
func TestDD19_BombsAndRocket(t *testing.T) {
	for _, tc := range []struct {
		play, table string
		beats       bool
	}{
		{"3333", "2", true},
		{"3333", "3456789TJQKA", true},
		{"3333", "AAAA22", true},
		{"4444", "3333", true},
		{"3333", "4444", false},
		{"BR", "2222", true},
		{"BR", "3", true},
		{"2222", "BR", false},
		{"R", "BR", false},
	} {
		if got := mustPlay(t, tc.play).Beats(mustPlay(t, tc.table)); got != tc.beats {
			t.Errorf("%s beats %s: %v, want %v", tc.play, tc.table, got, tc.beats)
		}
	}
}

func strs(ps []Play) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

func TestFollows(t *testing.T) {
	h := mustHand(t, "3344455566667789BR")
	for _, tc := range []struct {
		table string
		want  []string
	}{
		{"33366", []string{"33444", "44455", "44466", "44477", "33555", "44555", "55566", "55577", "33666", "44666", "55666", "66677", "6666", "BR"}},
		{"3333", []string{"6666", "BR"}},
		{"6666", []string{"BR"}},
		{"BR", nil},
		{"9TJQK", []string{"6666", "BR"}},
		{"3456789", []string{"6666", "BR"}},
		{"34567", []string{"45678", "56789", "6666", "BR"}},
		{"A", []string{"B", "R", "6666", "BR"}},
	} {
		got := strs(Follows(h, mustPlay(t, tc.table)))
		if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
			t.Errorf("Follows(%v, %s) = %v, want %v", h, tc.table, got, tc.want)
		}
	}
	// Every follow beats the table and is inside the hand.
	table := mustPlay(t, "33344")
	for _, p := range Follows(h, table) {
		if !p.Beats(table) || !h.Contains(p.Cards) {
			t.Errorf("follow %v of %v", p, table)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"33344", "BR", "3334445566", "", "x", "33333", "RB", "2A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if h, err := ParseHand(s); err == nil {
			if again, err := ParseHand(h.String()); err != nil || again != h {
				t.Fatalf("hand %v does not round-trip: %v %v", h, again, err)
			}
		}
		p, err := ParsePlay(s)
		if err != nil {
			return
		}
		if again, err := ParsePlay(p.String()); err != nil || again != p {
			t.Fatalf("play %v does not round-trip: %v %v", p, again, err)
		}
	})
}

func FuzzClassify(f *testing.F) {
	for _, s := range []string{"33344", "BR", "3334445566", "33334455", "3344555666777888"} {
		h, _ := ParseHand(s)
		f.Add(uint64(h))
	}
	f.Add(uint64(0xffff_ffff_ffff_ffff))
	f.Fuzz(func(t *testing.T, u uint64) {
		// The raw bits (mostly no hand at all), and the same bits read as a
		// hand of one deck (each rank's count wrapped into its range).
		var h Hand
		for r := Rank(0); r < NumRanks; r++ {
			h += one(r, int(u>>(4*r)&7)%(maxCount(r)+1))
		}
		for _, h := range []Hand{Hand(u), h} {
			for _, p := range Classify(h) {
				if p.Cards != h || !slices.Contains(Classify(p.Cards), p) {
					t.Fatalf("Classify(%v) gave %+v, which does not classify to itself", h, p)
				}
			}
		}
		if h.Len() > 20 {
			return
		}
		for _, p := range Leads(h) {
			if !h.Contains(p.Cards) || !slices.Contains(Classify(p.Cards), p) {
				t.Fatalf("Leads(%v) gave %+v, not a reading of its cards", h, p)
			}
		}
	})
}

// Follows(h, t) is exactly the plays of Leads(h) that beat t, for random
// hands and tables of every type.
func TestFollowsIsLeadsThatBeat(t *testing.T) {
	hands := randomHands(300, 20)
	rich := []Hand{mustHand(t, "3334445556667778889T"), mustHand(t, "33344455566677788BR2"), mustHand(t, "3344556677889TTJJQQK")}
	hands = append(hands, rich...)
	tables := Leads(fullDeck())
	rng := cards.NewRand(3)
	for i, h := range hands {
		leads := Leads(h)
		for range 40 {
			table := tables[rng.IntN(len(tables))]
			if i%2 == 0 && len(leads) > 0 { // often a table the hand can answer
				table = leads[rng.IntN(len(leads))]
			}
			var want []string
			for _, p := range leads {
				if p.Beats(table) {
					want = append(want, p.String())
				}
			}
			got := strs(Follows(h, table))
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("Follows(%v, %v %v) = %v, want %v", h, table.Type, table, got, want)
			}
		}
	}
}

// Plays read main part first for people.
func TestPlayTextMainPartFirst(t *testing.T) {
	for in, want := range map[string]string{"5888": "888 5", "44AAA": "AAA 44", "33344457": "333444 57", "3333": "3333", "34567": "34567", "BR": "BR", "5566KKKK": "KKKK 5566"} {
		p, err := ParsePlay(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Text(); got != want {
			t.Errorf("%s reads %q, want %q", in, got, want)
		}
	}
}
