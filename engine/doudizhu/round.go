package doudizhu

// Round is the deal of the match being played (or just ended), 1-based; 0
// before the first deal. Tables show it in the lobby (tables.Rounder).
func (g *Game) Round() int {
	if len(g.events) == 0 {
		return 0
	}
	return g.dealNo
}
