package doudizhu

import (
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// randomHands deals n hands of size cards each from seeded shuffles.
func randomHands(n, size int) []Hand {
	rng := cards.NewRand(1)
	out := make([]Hand, n)
	for i := range out {
		deck := cards.Deck54.Cards()
		cards.Shuffle(deck, rng)
		out[i] = HandOf(deck[:size])
	}
	return out
}

func benchLeads(b *testing.B, hands []Hand) {
	plays := 0
	for _, h := range hands {
		plays += len(Leads(h))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Leads(hands[i%len(hands)])
		i++
	}
	perOp := float64(plays) / float64(len(hands))
	b.ReportMetric(perOp, "plays/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(i)/perOp, "ns/play")
}

// benchAppendLeads is benchLeads reusing one slice (AppendLeads).
func benchAppendLeads(b *testing.B, hands []Hand) {
	plays := 0
	for _, h := range hands {
		plays += len(Leads(h))
	}
	buf := make([]Play, 0, 1024)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = AppendLeads(buf[:0], hands[i%len(hands)])
		i++
	}
	perOp := float64(plays) / float64(len(hands))
	b.ReportMetric(perOp, "plays/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(i)/perOp, "ns/play")
}

func BenchmarkAppendLeads(b *testing.B) {
	b.Run("random17", func(b *testing.B) { benchAppendLeads(b, randomHands(256, 17)) })
	b.Run("random20", func(b *testing.B) { benchAppendLeads(b, randomHands(256, 20)) })
	b.Run("triples20", func(b *testing.B) { benchAppendLeads(b, []Hand{mustHand(b, "3334445556667778889T")}) })
}

func BenchmarkLeads(b *testing.B) {
	b.Run("random17", func(b *testing.B) { benchLeads(b, randomHands(256, 17)) })
	b.Run("random20", func(b *testing.B) { benchLeads(b, randomHands(256, 20)) })
	b.Run("triples17", func(b *testing.B) { benchLeads(b, []Hand{mustHand(b, "33344455566677789")}) })
	b.Run("triples20", func(b *testing.B) { benchLeads(b, []Hand{mustHand(b, "3334445556667778889T")}) })
	b.Run("airplanes20", func(b *testing.B) { benchLeads(b, []Hand{mustHand(b, "33344455566677788BR2")}) })
}

// typicalTables are plays often on the table.
var typicalTables = []string{"5", "9", "K", "55", "TT", "8883", "77744", "34567", "789TJQ", "334455", "33344456", "3333"}

func benchFollows(b *testing.B, hands []Hand) {
	tables := make([]Play, len(typicalTables))
	for i, s := range typicalTables {
		tables[i] = mustPlay(b, s)
	}
	b.ReportAllocs()
	i, plays := 0, 0
	for b.Loop() {
		plays += len(Follows(hands[i%len(hands)], tables[i%len(tables)]))
		i++
	}
	b.ReportMetric(float64(plays)/float64(i), "plays/op")
}

func BenchmarkFollows(b *testing.B) {
	b.Run("random17", func(b *testing.B) { benchFollows(b, randomHands(257, 17)) })
	b.Run("random20", func(b *testing.B) { benchFollows(b, randomHands(257, 20)) })
	b.Run("triples20", func(b *testing.B) { benchFollows(b, []Hand{mustHand(b, "3334445556667778889T")}) })
	rich := []Hand{mustHand(b, "3334445556667778889T")}
	tables := []Play{mustPlay(b, "33344456"), mustPlay(b, "3334445566")}
	b.Run("triples20-airplanes", func(b *testing.B) {
		b.ReportAllocs()
		i, plays := 0, 0
		for b.Loop() {
			plays += len(Follows(rich[0], tables[i%2]))
			i++
		}
		b.ReportMetric(float64(plays)/float64(i), "plays/op")
	})
}

// A full deal (redeals included) from the shuffle to the score, every move
// chosen uniformly from Legal.
func BenchmarkPlayoutRandom(b *testing.B) {
	rng := cards.NewRand(1)
	b.ReportAllocs()
	for b.Loop() {
		g, _ := New(1)
		for !g.Done() {
			if g.Next() == engine.Chance {
				g.Deal(rng)
				continue
			}
			seat := g.Next()
			legal := g.Legal(seat)
			g.Apply(seat, legal[rng.IntN(len(legal))])
		}
	}
}

// The same with three BaselineBots deciding from views.
func BenchmarkPlayoutBots(b *testing.B) {
	rng := cards.NewRand(1)
	b.ReportAllocs()
	for b.Loop() {
		g, _ := New(1)
		for !g.Done() {
			if g.Next() == engine.Chance {
				g.Deal(rng)
				continue
			}
			seat := g.Next()
			g.Apply(seat, BaselineBot{}.Decide(g.View(seat), rng))
		}
	}
}
