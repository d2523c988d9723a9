// Package oracle is a bot that sees every hand, the yardstick of perfect
// information for `cardroom sim`: trick games play the strong bot's search
// on the true deal (trickbot.Bot.DecideOpen), Dou Dizhu searches the open
// deal (ddbot.Bot.DecideOpen).
//
// It is for measurement only. It lives under cmd/cardroom/internal, so
// nothing but the cardroom command can import it, and Bot is not an
// engine.Bot: it decides from the whole game, not from a seat's view, so no
// table can seat it.
package oracle

import (
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/doudizhu/ddbot"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/engine/trick/trickbot"
)

// Names of the oracle and of its halves in `cardroom sim --bots`: a half
// sees every hand in one part of a trick game and plays the strong bot
// (its view only) in the other, to tell how much of the oracle's lead is
// in its bids (and trump) and how much in its card play.
const (
	Name     = "oracle"
	BidsName = "oracle-bids" // every hand while bidding and naming trump
	PlayName = "oracle-play" // every hand while playing cards
)

// Bot decides for a seat with every card in sight. It has no state: one
// value may serve any number of games at once.
type Bot struct {
	trick  *trickbot.Bot
	dd     ddbot.Bot
	half   string     // "" for the whole oracle; BidsName or PlayName
	strong engine.Bot // a half's other part
}

// New returns the oracle.
func New() *Bot {
	return &Bot{trick: trickbot.New(trickbot.Strong).Unbounded().(*trickbot.Bot), dd: ddbot.New(ddbot.Strong)}
}

// NewHalf returns the half of the oracle named BidsName or PlayName, for
// the trick games; false for any other name.
func NewHalf(name string) (*Bot, bool) {
	if name != BidsName && name != PlayName {
		return nil, false
	}
	b := New()
	b.half, b.strong = name, trickbot.New(trickbot.Strong).Unbounded()
	return b, true
}

// sees reports whether the bot decides v's move with every hand in sight.
func (b *Bot) sees(v engine.View) bool {
	tv, ok := v.(*trick.View)
	switch {
	case b.half == "" || !ok:
		return true
	case tv.Phase == trick.PhasePlay:
		return b.half == PlayName
	}
	return b.half == BidsName
}

// DecideGame returns one of seat's legal moves in g, seeing every hand.
func (b *Bot) DecideGame(g engine.Game, seat int, rng *rand.Rand) engine.Move {
	v := g.View(seat)
	if !b.sees(v) {
		return b.strong.Decide(v, rng)
	}
	switch tg := g.(type) {
	case *trick.Game:
		hands := make([]cards.Hand, g.Players())
		for s := range hands {
			hands[s] = tg.Hand(s)
		}
		return b.trick.DecideOpen(v.(*trick.View), hands, rng)
	case *doudizhu.Game:
		var hands [doudizhu.Players]doudizhu.Hand
		for s := range hands {
			hands[s] = doudizhu.HandOf(g.View(s).(*doudizhu.View).Hand)
		}
		return b.dd.DecideOpen(v.(*doudizhu.View), hands, rng)
	}
	if legal := v.LegalMoves(); len(legal) > 0 {
		return legal[0]
	}
	return engine.Move{}
}
