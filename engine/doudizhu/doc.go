// Package doudizhu is Dou Dizhu (Fight the Landlord) as RULES.md Part B
// gives it: three seats, a 54-card deck, bidding for the landlord, play of
// combinations, the multiplier and zero-sum scoring, over a match of one or
// more deals.
//
// The package has two halves.
//
// Move generation works on ranks only, because suits never matter (DD-2). A
// Hand is a multiset of ranks packed four bits per rank into a uint64; a Play
// is one reading of a combination — its Type, the lowest rank of its core,
// the core's length, and its cards as a Hand — and is a small comparable
// value:
//
//	h, _ := doudizhu.ParseHand("334455666777889TJQKA2BR")
//	leads := doudizhu.Leads(h)                 // every combination h can lead
//	table, _ := doudizhu.ParsePlay("33344")    // triple with pair
//	beats := doudizhu.Follows(h, table)        // every play of h that beats it
//	readings := doudizhu.Classify(table.Cards) // every reading of a card set
//	fmt.Println(table, readings[0].Type)       // 33344 triple with pair
//
// The game (Game, made by New or through Ruleset) implements engine.Game:
// chance steps deal the cards (Deal draws them, Event reads them from a
// record, through the same checks), moves are "bid N", "pass" and
// "play RANKS", and View gives each seat its *View. Hands keep the real
// cards, so views show suits; a move names ranks only, and the cards of a
// played rank leave the hand lowest suit first (♠ ♥ ♦ ♣).
//
// # Readings (DD-17)
//
// A move names a card set; the engine reads it with Classify. Following,
// the first reading that beats the table counts; leading, the first reading
// in Classify's order (type order, then core rank). Under Part B no card set
// has two readings at all — the wing rules of DD-14 (no wing of a core rank,
// no three or four of a rank among single wings, pair wings of distinct
// ranks) and of DD-15 remove every overlap, and TestDD17_NoSetHasTwoReadings
// checks all 24,639 combinations — so the choice never shows; it is there so
// that a looser variant would still be read the same way every time.
//
// BaselineBot is a simple bot that plays from the view alone.
package doudizhu
