package cluster

import (
	"reflect"
	"testing"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/tables"
)

// Every view of every seat, and the spectators', at every step of a whole
// game of each rule set comes out of the wire as it went in.
func TestSnapshotsCrossTheWireUnchanged(t *testing.T) {
	reg := games.Registry()
	for _, name := range []string{"singularity", "specialrounds", "boerenbridge", "doudizhu"} {
		t.Run(name, func(t *testing.T) {
			rs, err := reg.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			players := max(rs.MinPlayers, min(4, rs.MaxPlayers))
			g, opts, err := rs.Start(players, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := cards.NewRand(7)
			steps := 0
			for !g.Done() {
				for seat := engine.Spectator; seat < players; seat++ {
					checkRoundTrip(t, tables.Snapshot{
						Version: uint64(steps), TableID: "abc123", Ruleset: name, Options: opts, You: seat,
						Phase: tables.Playing, View: g.View(seat), Turn: g.Next(),
						Deadline: time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC),
						Seats:    []tables.SeatInfo{{Name: "ada", Kind: tables.Human, Connected: true}},
						Chat:     []tables.ChatLine{{From: "ada", Text: "hi", Time: time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC)}},
					})
				}
				steps++
				if g.Next() == engine.Chance {
					if err := g.Deal(rng); err != nil {
						t.Fatal(err)
					}
					continue
				}
				s := g.Next()
				m := games.Baseline(name, s).Decide(g.View(s), rng)
				if err := g.Apply(s, m); err != nil {
					t.Fatal(err)
				}
			}
			if steps < 10 {
				t.Fatalf("only %d steps", steps)
			}
		})
	}
}

func checkRoundTrip(t *testing.T, s tables.Snapshot) {
	t.Helper()
	b, err := encodeSnapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	got, end, err := decodeSnapshot(b)
	if err != nil || end {
		t.Fatalf("decode: %v (end %v)", err, end)
	}
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("the snapshot changed on the wire:\n got %#v\nwant %#v", got.View, s.View)
	}
}
