// Package prototest holds what tests of bot programs share: the cards a seat
// may not know, to look for on the bytes a bot is sent.
package prototest

import (
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	dd "github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
)

// Secret lists the card tokens seat may not know in g now: cards in the
// other hands that the seat sees nowhere (its hand, the table, foreheads).
func Secret(g engine.Game, seat int) []string {
	seen := map[string]bool{}
	var others []cards.Card
	switch tg := g.(type) {
	case *trick.Game:
		v := tg.ViewOf(seat)
		for _, c := range v.Hand {
			seen[c.String()] = true
		}
		for _, c := range v.Foreheads {
			seen[c.String()] = true
		}
		for _, p := range v.Played {
			seen[p.Card.String()] = true
		}
		for _, d := range v.Draws {
			seen[d.Card.String()] = true
		}
		seen[v.Turned.String()] = true
		for s := range g.Players() {
			if s != seat {
				others = append(others, tg.Hand(s).Cards()...)
			}
		}
	case *dd.Game:
		v := g.View(seat).(*dd.View)
		for _, c := range append(append([]cards.Card{}, v.Hand...), v.Bottom...) {
			seen[c.String()] = true
		}
		for s := range g.Players() {
			if s != seat {
				others = append(others, g.View(s).(*dd.View).Hand...)
			}
		}
	}
	var out []string
	for _, c := range others {
		if !seen[c.String()] {
			out = append(out, c.String())
		}
	}
	return out
}
