package main

import (
	"strings"
	"testing"

	"github.com/cardroom/cardroom/cmd/cardroom/internal/oracle"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
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
		for _, b := range games.Bots(rs) {
			if b.Name == oracle.Name {
				t.Errorf("%s: games.Bots lists the oracle", rs)
			}
		}
		if _, err := games.NewBot(rs, oracle.Name); err == nil || !strings.Contains(err.Error(), "no bot") {
			t.Errorf("%s: games.NewBot(oracle) = %v, want no such bot", rs, err)
		}
		if _, err := games.LevelBot(rs, oracle.Name, 0); err == nil {
			t.Errorf("%s: games.LevelBot(oracle) seats a bot", rs)
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
