// Package trick is the trick-taking family of cardroom (RULES.md Part A):
// the rule sets singularity, specialrounds and boerenbridge on one engine —
// deal, trump, bidding, trick play and scoring, with per-rule-set
// parameters and per-round modifiers (trump choice, no trump, blind,
// forehead).
//
// Start a game from the registry or directly, deal with a seeded RNG, and
// drive it with moves:
//
//	g, _ := trick.New("singularity", 4, nil)   // defaults for every option
//	rng := cards.NewRand(42)
//	for !g.Done() {
//		switch seat := g.Next(); seat {
//		case engine.Chance:
//			g.Deal(rng) // a deal, or one card of a trump-choice draw
//		default:
//			g.Apply(seat, trick.BaselineBot{}.Decide(g.View(seat), rng))
//		}
//	}
//	fmt.Println(g.Result().Totals)
//
// Every change is an engine.Event; Events (under a header) is the game's
// record, and engine.Replay checks one line by line through the same code
// (Event for deals, draws, sitouts and penalties; Apply for moves).
//
// A seat's View holds only what it may know (ON-4). In the forehead round
// (SR-9) a seat's view has no hand and offers HiddenPlay ("play your card",
// a Play whose Card is cards.None); Apply plays the seat's one card for it,
// and the record holds the real card.
//
// For simulations, Clone is one allocation and Step, RandomMove and
// PlayoutRound play without checks, records or allocations.
package trick
