package ddbot

import (
	"testing"
	"time"
)

func TestTournamentShape(t *testing.T) {
	for _, bidding := range []bool{false, true} {
		calls := 0
		o := Options{Deals: 20, Seed: 5, Bidding: bidding, Workers: 1, Progress: func(done, total int) { calls++ }}
		r := Tournament(New(Easy), RLCardBot{}, o)
		perDeal := 2 // a as landlord, then b
		if bidding {
			perDeal = 6 // a alone in each seat, then b alone in each seat
		}
		if r.Games != perDeal*20 || r.Landlord.Games+r.Farmers.Games != r.Games || calls != 20 {
			t.Errorf("bidding %v: %d games (%d as landlord, %d as farmers), %d progress calls; want %d games, 20 calls",
				bidding, r.Games, r.Landlord.Games, r.Farmers.Games, calls, perDeal*20)
		}
		if !bidding && r.Landlord.Games != 20 {
			t.Errorf("without bidding a is the landlord in %d games, want 20", r.Landlord.Games)
		}
		// The same seed gives the same result, however many workers.
		o.Workers, o.Progress = 3, nil
		r2 := Tournament(New(Easy), RLCardBot{}, o)
		r.DecideA, r.DecideB, r2.DecideA, r2.DecideB = [2]time.Duration{}, [2]time.Duration{}, [2]time.Duration{}, [2]time.Duration{}
		if r != r2 {
			t.Errorf("bidding %v: %+v, then %+v with the same seed", bidding, r, r2)
		}
	}
}
