package tui

import (
	"strings"

	"github.com/cardroom/cardroom/store"
)

// botLabel is how the ratings name a bot of the store's name for it
// (tables.BotKind): by its level ("strong bot"), or what it is ("baseline
// bot"), never by a Go type.
func botLabel(tx *text, name string) string {
	if r, ok := strings.CutPrefix(name, "remote:"); ok {
		return tx.f("%s (remote bot)", r)
	}
	switch {
	case strings.HasSuffix(name, "-easy"):
		return tx.get("easy bot")
	case strings.HasSuffix(name, "-normal"):
		return tx.get("normal bot")
	case strings.HasSuffix(name, "-strong"):
		return tx.get("strong bot")
	case strings.Contains(name, "Baseline"):
		return tx.get("baseline bot")
	case strings.Contains(name, "RLCard"):
		return tx.get("RLCard bot")
	case strings.Contains(name, "Random"):
		return tx.get("random bot")
	}
	return tx.get("simple bot")
}

// ratedName is the name the ratings show for a rated player.
func ratedName(tx *text, r store.PlayerRating) string {
	if store.IsBot(r.PlayerID) {
		return botLabel(tx, r.Name)
	}
	if r.Name == "" {
		return r.PlayerID
	}
	return r.Name
}
