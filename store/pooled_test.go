package store

import (
	"testing"
)

// The ratings a --metrics server kept under one id for every bot level are
// dropped, once; the good ratings and the finished games stay as they are.
func TestDropPooledBotRatings(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := open(t, dir, WithClock(c.Now))
	ids := []string{"a", PooledBotID, BotID("strong")}
	g := game("t1", c.Now(), Seat{"a", "a", 3, 1, "", 0}, Seat{PooledBotID, "bot", 2, 2, "", 0}, Seat{BotID("strong"), "bot", 1, 3, "", 0})
	gameID, _, err := s.ArchiveRated(g, "singularity", ids, []int{1, 2, 3})
	must(t, err)
	_, err = s.UpdateRatings("doudizhu", ids, nil)
	must(t, err)
	before, err := s.Rating("a", "singularity")
	must(t, err)
	must(t, s.Close())

	s = open(t, dir, WithClock(c.Now))
	n, err := s.DropPooledBotRatings()
	must(t, err)
	if n != 2 {
		t.Errorf("dropped %d ratings, want 2 (one a family)", n)
	}
	for _, family := range []string{"singularity", "doudizhu"} {
		bots, err := s.Leaderboard(family, false, 0)
		must(t, err)
		if len(bots) != 1 || bots[0].PlayerID != BotID("strong") {
			t.Errorf("%s: bots on the board %+v, want only %s", family, bots, BotID("strong"))
		}
		if r, _ := s.Rating(PooledBotID, family); r.Games != 0 {
			t.Errorf("%s: the pooled bot still rated: %+v", family, r)
		}
	}
	if after, _ := s.Rating("a", "singularity"); after != before {
		t.Errorf("a's rating changed: %+v, was %+v", after, before)
	}
	kept, err := s.Game(gameID)
	must(t, err)
	if len(kept.Seats) != 3 || kept.Seats[1].PlayerID != PooledBotID || string(kept.Record) != string(g.Record) {
		t.Errorf("the finished game changed: %+v", kept)
	}
	if gs, _ := s.Games(PooledBotID, 10); len(gs) != 1 {
		t.Errorf("the pooled bot's games: %d, want the 1 kept", len(gs))
	}
	if n, err := s.DropPooledBotRatings(); err != nil || n != 0 {
		t.Errorf("a second time: dropped %d (%v), want 0", n, err)
	}
}
