package cards

import (
	"slices"
	"testing"
)

func TestNotationRoundTrip(t *testing.T) {
	for c := Card(0); c < NumFaces; c++ {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
	for _, tc := range []struct {
		tok  string
		rank Rank
		suit Suit
	}{
		{"AS", Ace, Spades}, {"TH", Ten, Hearts}, {"7C", Seven, Clubs}, {"2D", Two, Diamonds}, {"KH", King, Hearts},
	} {
		c, err := Parse(tc.tok)
		if err != nil || c.Rank() != tc.rank || c.Suit() != tc.suit {
			t.Errorf("Parse(%q) = rank %v suit %v err %v; want %v %v", tc.tok, c.Rank(), c.Suit(), err, tc.rank, tc.suit)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, bad := range []string{"", "A", "1S", "AX", "as", "10H", "SGX", "ASS", " AS", "BR", "none"} {
		if c, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", bad, c)
		}
	}
}

// SG-1: 52 + 4 Singularity + 4 CLANKER = 60 cards.
func TestSG1_Deck60(t *testing.T) {
	h := Deck60.Hand()
	if h.Len() != 60 || h.Count(Singularity) != 4 || h.Count(Clanker) != 4 {
		t.Fatalf("60-card deck: len %d, SG %d, CK %d; want 60, 4, 4", h.Len(), h.Count(Singularity), h.Count(Clanker))
	}
	for c := Card(0); c < Singularity; c++ {
		if h.Count(c) != 1 {
			t.Errorf("%v appears %d times, want 1", c, h.Count(c))
		}
	}
}

// SR-1: the doubled 7–A pack, every card twice.
func TestSR1_Deck64(t *testing.T) {
	h := Deck64.Hand()
	if h.Len() != 64 {
		t.Fatalf("64-card deck has %d cards", h.Len())
	}
	for c := Card(0); c < Singularity; c++ {
		want := 0
		if c.Rank() >= Seven {
			want = 2
		}
		if h.Count(c) != want {
			t.Errorf("%v appears %d times, want %d", c, h.Count(c), want)
		}
	}
}

// DD-1: 13 ranks × 4 suits + black joker + red joker.
func TestDD1_Deck54(t *testing.T) {
	h := Deck54.Hand()
	if h.Len() != 54 || !h.Has(BlackJoker) || !h.Has(RedJoker) || h.Has(Singularity) {
		t.Fatalf("54-card deck wrong: %v", h)
	}
	if Deck52.Hand().Len() != 52 {
		t.Fatal("52-card deck wrong")
	}
}

func TestDeckCopiesMatchCards(t *testing.T) {
	for _, d := range []Deck{Deck52, Deck54, Deck60, Deck64} {
		h := d.Hand()
		for c := Card(0); c < NumFaces; c++ {
			if h.Count(c) != d.Copies(c) {
				t.Errorf("deck %d: %v count %d, Copies %d", d, c, h.Count(c), d.Copies(c))
			}
		}
		if err := d.Contains(h); err != nil {
			t.Errorf("deck %d does not contain itself: %v", d, err)
		}
		h.Add(New(Ace, Spades))
		if d.Contains(h) == nil {
			t.Errorf("deck %d accepts an extra Ace of Spades", d)
		}
	}
}

func TestHandCounts(t *testing.T) {
	var h Hand
	for i := 1; i <= 7; i++ {
		h.Add(Singularity)
		if h.Count(Singularity) != i || h.Len() != i {
			t.Fatalf("after %d adds: count %d len %d", i, h.Count(Singularity), h.Len())
		}
	}
	for i := 6; i >= 0; i-- {
		if !h.Remove(Singularity) {
			t.Fatalf("remove failed with %d left", i+1)
		}
		if h.Count(Singularity) != i {
			t.Fatalf("count %d, want %d", h.Count(Singularity), i)
		}
	}
	if h.Remove(Singularity) || !h.Empty() {
		t.Fatal("removing from an empty hand must fail and leave it empty")
	}
}

func TestHandSuitsAndString(t *testing.T) {
	h, err := ParseHand("AS TH TH 7C SG CK")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.String(), "AS TH TH 7C SG CK"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if !h.HasSuit(Hearts) || h.HasSuit(Diamonds) || h.OfSuit(Hearts).Len() != 2 {
		t.Errorf("suit queries wrong for %v", h)
	}
	o := NewHand(New(Ten, Hearts), Singularity)
	rest, ok := h.Minus(o)
	if !ok || rest.String() != "AS TH 7C CK" {
		t.Errorf("Minus = %v %v", rest, ok)
	}
	if got := rest.Union(o); got != h {
		t.Errorf("Union = %v, want %v", got, h)
	}
	if got := h.Distinct(); len(got) != 5 {
		t.Errorf("Distinct = %v", got)
	}
}

func TestShuffleDeterministic(t *testing.T) {
	a, b := Deck60.Cards(), Deck60.Cards()
	Shuffle(a, NewRand(7))
	Shuffle(b, NewRand(7))
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different shuffles")
	}
	Shuffle(b, NewRand(8))
	if slices.Equal(a, b) {
		t.Fatal("different seeds, same shuffle")
	}
	if NewHand(a...) != Deck60.Hand() {
		t.Fatal("shuffle lost or made cards")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"AS", "SG", "CK", "BJ", "10H", "", "\x00", "ASTH"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		if c.String() != s {
			t.Fatalf("Parse(%q) = %v, which prints %q", s, c, c.String())
		}
	})
}

func FuzzParseHand(f *testing.F) {
	f.Add("AS TH SG")
	f.Add("AS,,TH  x")
	f.Fuzz(func(t *testing.T, s string) {
		h, err := ParseHand(s)
		if err != nil {
			return
		}
		again, err := ParseHand(h.String())
		if err != nil || again != h {
			t.Fatalf("hand %v does not round-trip: %v %v", h, again, err)
		}
	})
}

func BenchmarkHandAddRemove(b *testing.B) {
	deck := Deck60.Cards()
	for b.Loop() {
		var h Hand
		for _, c := range deck {
			h.Add(c)
		}
		for _, c := range deck {
			h.Remove(c)
		}
	}
}
