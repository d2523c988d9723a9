package trick

// ChatClosed reports whether table chat must be closed now: in the forehead
// round (SR-9) hints about the visible cards are forbidden, so chat is closed
// from the deal until the round's one trick is complete.
func (v *View) ChatClosed() bool {
	if v.Modifier != Forehead {
		return false
	}
	switch v.Phase {
	case PhaseBid, PhaseTrump, PhasePlay:
		return true
	}
	return false
}

// PacedChance reports whether the pending chance step is a card of a
// trump-choice draw (SR-6): tables show those one by one.
func (g *Game) PacedChance() bool { return g.phase == PhaseDraw }
