package engine_test

import (
	"bytes"
	"fmt"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
)

// A random game of Singularity played to the end; its record replays to the
// same totals.
func Example() {
	reg := games.Registry()
	rules, _ := reg.Lookup("singularity")
	g, opts, err := rules.Start(4, engine.Options{"scoring": "progressive"})
	if err != nil {
		fmt.Println(err)
		return
	}
	rng := cards.NewRand(1)
	for !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				fmt.Println(err)
				return
			}
			continue
		}
		seat := g.Next()
		legal := g.Legal(seat)
		if err := g.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
			fmt.Println(err)
			return
		}
	}
	rec, _ := engine.MarshalRecord(rules, engine.Header{Ruleset: "singularity", Options: opts,
		Seats: []string{"ann", "bob", "cy", "dee"}}, g)
	rep, err := engine.Replay(reg, bytes.NewReader(rec))
	fmt.Println(len(rep.Result.Rounds), "rounds; replay agrees:", fmt.Sprint(rep.Result.Totals) == fmt.Sprint(g.Result().Totals), err)
	// Output: 15 rounds; replay agrees: true <nil>
}

// Options are validated by name and value; the error says what is wrong.
func ExampleRuleset_Start() {
	rules, _ := games.Registry().Lookup("boerenbridge")
	_, _, err := rules.Start(4, engine.Options{"colour": "blue"})
	fmt.Println(err)
	// Output: boerenbridge has no option "colour" (options: scoring, max_cards, direction, bb_allow_notrump, special_rounds)
}
