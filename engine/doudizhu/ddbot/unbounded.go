package ddbot

import "github.com/cardroom/cardroom/engine"

// Unbounded returns the bot without its wall-clock Budget, for tournaments
// whose figures must repeat on any machine (cardroom sim).
func (b Bot) Unbounded() engine.Bot {
	b.Budget = 0
	return b
}
