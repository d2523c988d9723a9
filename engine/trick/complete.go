package trick

// TrickComplete reports whether a trick has been completed and no card
// played since: the view's LastTrick is the trick just won (the table
// holds it on screen for a moment).
func (v *View) TrickComplete() bool { return len(v.Trick) == 0 && len(v.LastTrick) > 0 }
