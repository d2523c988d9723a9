package doudizhu

// TrickComplete reports whether the deal has just ended: the play that went
// out is the last of History (the table holds it on screen for a moment).
func (v *View) TrickComplete() bool {
	return (v.Phase == Dealing || v.Phase == Over) && len(v.History) > 0
}
