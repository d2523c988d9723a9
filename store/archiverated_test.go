package store

import (
	"errors"
	"testing"

	"github.com/cardroom/cardroom/ratings"
)

// ArchiveRated archives and rates in one transaction: both or neither.
func TestArchiveRated(t *testing.T) {
	s := open(t, t.TempDir())
	must(t, s.StartJournal("t1", []byte(`{"record":"cardroom/1"}`)))
	g := Game{Table: "t1", Ruleset: "doudizhu", Record: []byte("rec\n"), Seats: []Seat{
		{PlayerID: "a", Name: "alice", Total: 6, Place: 1},
		{PlayerID: BotID("basic"), Name: "Ada", Total: -3, Place: 2},
		{PlayerID: "g", Name: "gus", Total: -3, Place: 2},
	}}
	ids, places := []string{"a", BotID("basic")}, []int{1, 2}

	// A rating that fails leaves the journal and archives nothing.
	if _, _, err := s.ArchiveRated(g, "doudizhu", ids, []int{1}); !errors.Is(err, ratings.ErrPlaces) {
		t.Fatalf("bad places: %v", err)
	}
	if open, _ := s.Unfinished(); len(open) != 1 {
		t.Fatal("a failed ArchiveRated dropped the journal")
	}
	if list, _ := s.Games("a", 0); len(list) != 0 {
		t.Fatal("a failed ArchiveRated archived the game")
	}

	id, got, err := s.ArchiveRated(g, "doudizhu", ids, places)
	must(t, err)
	want, err := ratings.Default().RatePlayers([]ratings.Rating{ratings.Default().New(), ratings.Default().New()}, places)
	must(t, err)
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("ratings %v, want %v", got, want)
	}
	if open, _ := s.Unfinished(); len(open) != 0 {
		t.Fatal("the journal is still there")
	}
	saved, err := s.Game(id)
	must(t, err)
	if len(saved.Seats) != 3 || string(saved.Record) != "rec\n" {
		t.Fatalf("archived %+v", saved)
	}
	for _, pid := range ids {
		if r, _ := s.Rating(pid, "doudizhu"); r.Games != 1 {
			t.Fatalf("%s rated %d games, want 1", pid, r.Games)
		}
	}
	if r, _ := s.Rating("g", "doudizhu"); r.Games != 0 {
		t.Fatal("a player left out was rated")
	}
}
