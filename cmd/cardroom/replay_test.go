package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/games"
)

// recordOf plays a seeded random game of ruleset to the end and returns its
// record and totals.
func recordOf(t *testing.T, ruleset string, players int, opts engine.Options, seed uint64) ([]byte, []int) {
	t.Helper()
	r, err := games.Registry().Lookup(ruleset)
	if err != nil {
		t.Fatal(err)
	}
	g, full, err := r.Start(players, opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := cards.NewRand(seed)
	for !g.Done() {
		if g.Next() == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := g.Next()
		legal := g.Legal(s)
		if err := g.Apply(s, legal[rng.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	seats := make([]string, players)
	for i := range seats {
		seats[i] = string(rune('a' + i))
	}
	rec, err := engine.MarshalRecord(r, engine.Header{Ruleset: ruleset, Options: full, Seats: seats, Seed: seed}, g)
	if err != nil {
		t.Fatal(err)
	}
	return rec, g.Result().Totals
}

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		ruleset string
		players int
		opts    engine.Options
	}{
		{"singularity", 4, nil},
		{"specialrounds", 3, nil},
		{"boerenbridge", 5, engine.Options{"max_cards": "4"}},
		{"doudizhu", 3, engine.Options{"deals": "2"}},
	} {
		rec, totals := recordOf(t, tc.ruleset, tc.players, tc.opts, 42)
		file := filepath.Join(dir, tc.ruleset+".jsonl")
		if err := os.WriteFile(file, rec, 0o600); err != nil {
			t.Fatal(err)
		}

		code, out, errOut := runCmd(t, "", "replay", "--json", file)
		if code != 0 {
			t.Fatalf("%s: replay --json exit %d: %s", tc.ruleset, code, errOut)
		}
		var got struct {
			Ruleset string  `json:"ruleset"`
			Rounds  [][]int `json:"rounds"`
			Totals  []int   `json:"totals"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: --json printed %q: %v", tc.ruleset, out, err)
		}
		if got.Ruleset != tc.ruleset || !slices.Equal(got.Totals, totals) || len(got.Rounds) == 0 {
			t.Errorf("%s: --json = %+v, want totals %v", tc.ruleset, got, totals)
		}

		code, out, _ = runCmd(t, string(rec), "replay", "-")
		if code != 0 || !strings.Contains(out, "valid: the game is complete") || !strings.Contains(out, "total") {
			t.Errorf("%s: replay - (stdin): exit %d\n%s", tc.ruleset, code, out)
		}
	}
}

func TestReplayCommandNamesTheFirstBadLine(t *testing.T) {
	rec, _ := recordOf(t, "singularity", 3, nil, 7)
	lines := strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")
	// Make the 6th line's move come from the wrong seat.
	var e map[string]any
	bad := -1
	for i := 5; i < len(lines); i++ {
		if strings.Contains(lines[i], `"e":"move"`) {
			_ = json.Unmarshal([]byte(lines[i]), &e)
			e["seat"] = (int(e["seat"].(float64)) + 1) % 3
			b, _ := json.Marshal(e)
			lines[i] = string(b)
			bad = i + 1
			break
		}
	}
	code, out, errOut := runCmd(t, strings.Join(lines, "\n"), "replay", "-")
	want := "line " + strconv.Itoa(bad) + ": "
	if code != 1 || out != "" || !strings.Contains(errOut, want) {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 naming %q", code, out, errOut, want)
	}

	code, _, errOut = runCmd(t, "", "replay", filepath.Join(t.TempDir(), "missing.jsonl"))
	if code != 1 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
	if code, _, _ := runCmd(t, "", "replay"); code != 2 {
		t.Errorf("replay without a file: exit %d, want 2 (usage)", code)
	}
	if code, _, errOut := runCmd(t, "", "frobnicate"); code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Errorf("unknown command: exit %d, %q", code, errOut)
	}
}
