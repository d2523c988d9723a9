package main

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/cmd/cardroom/internal/oracle"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/engine/trick/trickbot"
)

// TestOracleUnreachableFromTables: the oracle sees every hand, so no table
// may seat it. The tables' bot list never names it, the factories a lobby
// uses (LevelBot for a level the host names, Bot, Baseline) refuse or
// ignore the name, and the oracle is not an engine.Bot, so nothing that
// seats bots could take it even by hand. It lives in cmd/cardroom/internal,
// which the compiler keeps every other package from importing.
func TestOracleUnreachableFromTables(t *testing.T) {
	if _, isBot := any(oracle.New()).(engine.Bot); isBot {
		t.Fatal("the oracle is an engine.Bot: a table could seat it")
	}
	for _, rs := range []string{"singularity", "specialrounds", "boerenbridge", "doudizhu"} {
		for _, name := range []string{oracle.Name, oracle.BidsName, oracle.PlayName} {
			for _, b := range games.Bots(rs) {
				if b.Name == name {
					t.Errorf("%s: games.Bots lists %s", rs, name)
				}
			}
			if _, err := games.NewBot(rs, name); err == nil || !strings.Contains(err.Error(), "no bot") {
				t.Errorf("%s: games.NewBot(%s) = %v, want no such bot", rs, name, err)
			}
			if _, err := games.LevelBot(rs, name, 0); err == nil {
				t.Errorf("%s: games.LevelBot(%s) seats a bot", rs, name)
			}
		}
	}
	for _, name := range []string{oracle.BidsName, oracle.PlayName} {
		half, _ := oracle.NewHalf(name)
		if _, isBot := any(half).(engine.Bot); isBot {
			t.Fatalf("%s is an engine.Bot: a table could seat it", name)
		}
	}
}

// TestSimOracle: sim seats the oracle, and it beats the strong bot it is
// built on in a short Singularity tournament and plays a Dou Dizhu deal.
func TestSimOracle(t *testing.T) {
	rep, err := runSim(simConfig{Game: "singularity", Players: 4, Bots: []string{"oracle", "baseline"}, Games: 1, Seed: 1, Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if vs := rep.Versus[0]; vs.Diff <= 0 {
		t.Errorf("oracle − baseline = %+.1f points per round, want above zero", vs.Diff)
	}
	if _, err := runSim(simConfig{Game: "doudizhu", Bots: []string{"oracle", "strong"}, Games: 1, Seed: 1, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
}

// TestSimOracleHalves: sim seats each half of the oracle in a trick game,
// where it sees every hand in its own part only, and refuses it for Dou
// Dizhu with a message that names the oracle instead.
func TestSimOracleHalves(t *testing.T) {
	for _, name := range []string{oracle.BidsName, oracle.PlayName} {
		rep, err := runSim(simConfig{Game: "boerenbridge", Players: 4, Bots: []string{name, "baseline"}, Games: 1, Seed: 1, Workers: 1, Options: engine.Options{"max_cards": "3"}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Bots[0].Name != name || rep.Bots[0].Decisions == 0 {
			t.Errorf("%s: report %+v", name, rep.Bots[0])
		}
		err = checkPlayer("doudizhu", name)
		if err == nil || !strings.Contains(err.Error(), "trick games") {
			t.Errorf("%s at doudizhu: %v", name, err)
		}
	}
}

// TestOracleHalvesSeeInTheirPartOnly: oracle-bids bids as the oracle and
// plays as the strong bot, oracle-play the other way round, on the same
// game and rng.
func TestOracleHalvesSeeInTheirPartOnly(t *testing.T) {
	rs, err := games.Registry().Lookup("singularity")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rs.Start(4, nil)
	if err != nil {
		t.Fatal(err)
	}
	deals := rand.New(rand.NewPCG(7, 0))
	bids, _ := oracle.NewHalf(oracle.BidsName)
	play, _ := oracle.NewHalf(oracle.PlayName)
	whole, strong := oracle.New(), trickbot.New(trickbot.Strong).Unbounded()
	seen := map[bool]bool{} // a bid or trump, a card
	for step := 0; !g.Done() && len(seen) < 2; step++ {
		seat := g.Next()
		if seat == engine.Chance {
			if err := g.Deal(deals); err != nil {
				t.Fatal(err)
			}
			continue
		}
		v := g.View(seat).(*trick.View)
		rng := func() *rand.Rand { return rand.New(rand.NewPCG(uint64(step), 1)) }
		wantBids, wantPlay := whole.DecideGame(g, seat, rng()), strong.Decide(v, rng())
		if v.Phase == trick.PhasePlay {
			wantBids, wantPlay = wantPlay, whole.DecideGame(g, seat, rng())
		}
		if got := bids.DecideGame(g, seat, rng()); got != wantBids {
			t.Errorf("step %d (%v): oracle-bids %v, want %v", step, v.Phase, got, wantBids)
		}
		if got := play.DecideGame(g, seat, rng()); got != wantPlay {
			t.Errorf("step %d (%v): oracle-play %v, want %v", step, v.Phase, got, wantPlay)
		}
		seen[v.Phase == trick.PhasePlay] = true
		if err := g.Apply(seat, wantBids); err != nil {
			t.Fatal(err)
		}
	}
}
