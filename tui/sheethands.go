package tui

// A seat that changed hands (a person left, a bot took over, someone sat
// in a bot's seat) keeps its present name over its column; the score sheet
// says where the hands changed and credits each round to whoever played it
// (tables.Snapshot.Holders).

// holderIn is the name of who held seat i in round r (Dou Dizhu: the
// deal), as the sheet credits that round.
func (tm *tableModel) holderIn(i, r int) string {
	name := tm.plainName(i)
	if i >= 0 && i < len(tm.snap.Holders) {
		for _, h := range tm.snap.Holders[i] {
			if h.From <= r {
				name = clipText(h.Name, 10)
			}
		}
	}
	return name
}

// handovers are the sheet's lines for the seats that changed hands in
// rounds after from up to to (all later ones when last): "round 3: Hedy
// took over from alice", or with deal for Dou Dizhu (dd).
func (tm *tableModel) handovers(dd bool, from, to int, last bool) []string {
	tx := tm.m.tx
	var out []string
	for _, hs := range tm.snap.Holders {
		for k := 1; k < len(hs); k++ {
			r, now, before := hs[k].From, clipText(hs[k].Name, 10), clipText(hs[k-1].Name, 10)
			switch {
			case r <= from || r > to && !last:
			case dd:
				out = append(out, tx.f("deal %d: %s took over from %s", r, now, before))
			default:
				out = append(out, tx.f("round %d: %s took over from %s", r, now, before))
			}
		}
	}
	return out
}
