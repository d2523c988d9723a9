package main

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
)

// A short seeded tournament runs end to end through the command, prints
// JSON, and gives the same figures twice (decision times aside).
func TestSimSmoke(t *testing.T) {
	args := []string{"sim", "--game", "boerenbridge", "--players", "3", "--bots", "easy,baseline,random",
		"--games", "3", "--seed", "7", "--options", "max_cards=3,special_rounds=2:blind;5:forehead", "--json", "--workers", "2"}
	var reps [2]simReport
	for i := range reps {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		if !strings.Contains(errb.String(), "3/3 games") {
			t.Errorf("no progress bar on stderr: %q", errb.String())
		}
		if err := json.Unmarshal(out.Bytes(), &reps[i]); err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
	}
	a, b := reps[0], reps[1]
	if a.Rounds != 5 || len(a.Bots) != 3 || len(a.Versus) != 2 {
		t.Fatalf("rounds %d, %d bots, %d comparisons; want 5, 3, 2", a.Rounds, len(a.Bots), len(a.Versus))
	}
	for i := range a.Bots {
		x, y := a.Bots[i], b.Bots[i]
		if x.ScorePerRound != y.ScorePerRound || x.BidAccuracy != y.BidAccuracy || x.Decisions != y.Decisions {
			t.Errorf("%s: two runs differ: %+v vs %+v", x.Name, x, y)
		}
		if x.Decisions == 0 || x.ByCards[3] == nil || x.ByPosition[3] == nil || x.ByCards[3].Bids == 0 {
			t.Errorf("%s: no decisions or bid accuracy: %+v", x.Name, x)
		}
	}
	if !reflect.DeepEqual(a.Versus, b.Versus) || a.Versus[0].A != "easy" || a.Versus[1].B != "random" {
		t.Errorf("comparisons %+v, %+v", a.Versus, b.Versus)
	}
}

// Each seating of a game gets the same deals: with the same bot in every
// seat, every seating scores the same.
func TestSimSameDealsEverySeating(t *testing.T) {
	rep, err := runSim(simConfig{Game: "singularity", Players: 4, Bots: []string{"baseline", "baseline"}, Games: 2, Seed: 3, Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := rep.Versus[0]; v.Diff != 0 || v.CI95 == nil || *v.CI95 != 0 {
		t.Fatalf("baseline − baseline = %+.2f ± %v, want exactly 0", v.Diff, v.CI95)
	}
}

// One game gives a difference but no interval: the text says why, and the
// JSON holds null rather than an infinity it cannot encode.
func TestSimOneGameHasNoInterval(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		args := []string{"sim", "--game", "boerenbridge", "--players", "3", "--bots", "baseline,random", "--games", "1", "--options", "max_cards=2"}
		if asJSON {
			args = append(args, "--json")
		}
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 0 {
			t.Fatalf("json %v: exit %d: %s", asJSON, code, errb.String())
		}
		switch {
		case strings.Contains(out.String(), "Inf"):
			t.Errorf("json %v: an infinity in\n%s", asJSON, out.String())
		case !asJSON && !strings.Contains(out.String(), "no interval from one game: play --games 2 or more"):
			t.Errorf("the text does not say why there is no interval:\n%s", out.String())
		case asJSON && !strings.Contains(out.String(), `"ci95": null`):
			t.Errorf("the JSON has no null interval:\n%s", out.String())
		}
	}
}

func TestSimText(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"sim", "--game", "singularity", "--players", "6", "--bots", "normal,baseline", "--games", "1",
		"--options", "scoring=progressive"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"singularity, 6 players, 1 games × 2 seatings, seed 1, 10 rounds a game",
		"scoring=progressive", "normal − baseline:", "bid accuracy by cards dealt", "bidding position"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestSimErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bots", "strong"}, "at least two bots"},
		{[]string{"--bots", "strong,nobody"}, `no bot "nobody"`},
		{[]string{"--game", "chess"}, `unknown game "chess"`},
		{[]string{"--options", "hook"}, "key=value"},
		{[]string{"--options", "colour=red"}, `no option "colour"`},
		{[]string{"--players", "9"}, "3 to 6 players"},
		{[]string{"--games", "0"}, "at least one game"},
	} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"sim"}, c.args...), nil, &out, &errb); code == 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error with %q", c.args, code, errb.String(), c.want)
		}
	}
}

func TestParseOptions(t *testing.T) {
	o, err := parseOptions("scoring=progressive,special_rounds=5:blind;7:no_trump")
	if err != nil {
		t.Fatal(err)
	}
	want := engine.Options{"scoring": "progressive", "special_rounds": "5:blind,7:no_trump"}
	if len(o) != len(want) || o["scoring"] != want["scoring"] || o["special_rounds"] != want["special_rounds"] {
		t.Fatalf("got %v, want %v", o, want)
	}
}

// Dou Dizhu runs through the same tournament (points per deal, no bids to
// count); its own bots join the registry by name.
func TestSimDoudizhu(t *testing.T) {
	rep, err := runSim(simConfig{Game: "doudizhu", Bots: []string{"baseline", "random"}, Games: 4, Seed: 1, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Config.Players != 3 || rep.Rounds != 1 || rep.Bots[0].ByCards != nil || rep.Bots[0].Decisions == 0 {
		t.Fatalf("players %d, deals %d, by cards %v, decisions %d", rep.Config.Players, rep.Rounds, rep.Bots[0].ByCards, rep.Bots[0].Decisions)
	}
}

// A Dou Dizhu sim of two bots also reports them by role: as landlord and as
// farmers.
func TestSimDoudizhuRoles(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"sim", "--game", "doudizhu", "--bots", "baseline,random", "--games", "4", "--workers", "2"}, strings.NewReader(""), &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"by role", "as landlord: win rate", "as farmers:  win rate"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("no %q in:\n%s", want, out.String())
		}
	}
}
