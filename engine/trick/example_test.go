package trick_test

import (
	"fmt"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/trick"
)

// Play a whole game of Singularity with four baseline bots.
func Example() {
	g, err := trick.New("singularity", 4, nil)
	if err != nil {
		panic(err)
	}
	rng := cards.NewRand(42)
	bot := trick.BaselineBot{}
	for !g.Done() {
		seat := g.Next()
		if seat == engine.Chance {
			if err := g.Deal(rng); err != nil {
				panic(err)
			}
			continue
		}
		if err := g.Apply(seat, bot.Decide(g.View(seat), rng)); err != nil {
			panic(err)
		}
	}
	res := g.Result()
	fmt.Println(len(res.Rounds), "rounds")
	fmt.Println(res.Totals)
	// Output:
	// 15 rounds
	// [280 270 140 40]
}
