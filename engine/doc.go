// Package engine is the rules library of cardroom: the one small interface
// every game implements (Game), the moves seats make (Move, with the move
// text of RECORD.md), the record of a game (Header, Event) and its replay,
// and a registry of rule sets with validated options.
//
// The games themselves live below: engine/trick (singularity,
// specialrounds, boerenbridge) and engine/doudizhu; engine/cards holds the
// cards; engine/games lists them all. The engine has no goroutines, no clock
// and no I/O of its own: randomness comes from the *rand.Rand the caller
// passes to Deal, so a game is reproducible from its rule set, options, seed
// and moves — and exactly from its record.
//
// A random game played to the end, with the record checked by a replay:
//
//	reg := games.Registry()
//	rules, _ := reg.Lookup("singularity")
//	g, opts, err := rules.Start(4, engine.Options{"scoring": "progressive"})
//	if err != nil {
//		return err // an unknown option or a bad value, named
//	}
//	rng := cards.NewRand(1)
//	for !g.Done() {
//		if g.Next() == engine.Chance {
//			g.Deal(rng) // the cards of a round, or one card of a draw
//			continue
//		}
//		seat := g.Next()
//		legal := g.Legal(seat) // also in g.View(seat).LegalMoves()
//		if err := g.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
//			return err // never for a legal move; an illegal one changes nothing
//		}
//	}
//	fmt.Println(g.Result().Totals)
//
//	rec, _ := engine.MarshalRecord(rules, engine.Header{Ruleset: "singularity", Options: opts,
//		Seats: []string{"ann", "bob", "cy", "dee"}}, g)
//	rep, err := engine.Replay(reg, bytes.NewReader(rec)) // checks every line
//	fmt.Println(rep.Result.Totals, err)                  // the same totals, <nil>
//
// Moves print and parse as text ("bid 2", "trump H", "play AS",
// "play 33344", "pass"): ParseMove and Move.String. A seat's View holds only
// what that seat may know, and its LegalMoves; a Bot decides from nothing
// else.
package engine
