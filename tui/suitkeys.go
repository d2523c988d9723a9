package tui

import (
	"strings"

	"github.com/cardroom/cardroom/engine/cards"
)

// The keys that name trump: s h d c (and n for no trump) in every language,
// and the local initials too: German Pik Herz Karo Kreuz as p h k x (x for
// the cross; k is Karo) and o for ohne Trumpf, Dutch schoppen harten ruiten
// klaveren as s h r k and z for zonder troef.

// localSuitKeys are a language's own trump keys, by suit (spades, hearts,
// diamonds, clubs), then no trump.
var localSuitKeys = map[string][5]string{
	"en": {"s", "h", "d", "c", "n"},
	"de": {"p", "h", "k", "x", "o"},
	"nl": {"s", "h", "r", "k", "z"},
}

// suitKeys are the trump keys shown to a player of language lang.
func suitKeys(lang string) [5]string {
	if k, ok := localSuitKeys[lang]; ok {
		return k
	}
	return localSuitKeys["en"]
}

// suitOfKey is the suit (cards.NoSuit for no trump) key k names in language
// lang: its local initial or the English one.
func suitOfKey(lang, k string) (cards.Suit, bool) {
	k = strings.ToLower(k)
	suits := [5]cards.Suit{cards.Spades, cards.Hearts, cards.Diamonds, cards.Clubs, cards.NoSuit}
	for i, key := range suitKeys(lang) {
		if k == key {
			return suits[i], true
		}
	}
	for i, key := range localSuitKeys["en"] {
		if k == key {
			return suits[i], true
		}
	}
	return 0, false
}
