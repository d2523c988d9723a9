package doudizhu_test

import (
	"fmt"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
)

// A whole game, three baseline bots at the table, dealt from a seeded RNG.
func Example() {
	g, _ := doudizhu.New(1)
	rng := cards.NewRand(7)
	for !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				panic(err)
			}
			continue
		}
		seat := g.Next()
		m := doudizhu.BaselineBot{}.Decide(g.View(seat), rng)
		if err := g.Apply(seat, m); err != nil {
			panic(err)
		}
	}
	v := g.View(engine.Spectator).(*doudizhu.View)
	fmt.Println("landlord:", v.Landlord, "bid:", v.Bid, "multiplier:", v.Multiplier)
	fmt.Println("scores:", g.Result().Totals)
	// Output:
	// landlord: 0 bid: 1 multiplier: 1
	// scores: [2 -1 -1]
}

// Move generation on rank counts.
func ExampleFollows() {
	h, _ := doudizhu.ParseHand("3344455566667789BR")
	table, _ := doudizhu.ParsePlay("33366")
	fmt.Println(table.Describe())
	fmt.Println(doudizhu.Follows(h, table))
	fmt.Println(len(doudizhu.Leads(h)), "leads")
	// Output:
	// triple with pair 33366
	// [33444 44455 44466 44477 33555 44555 55566 55577 33666 44666 55666 66677 6666 BR]
	// 185 leads
}
