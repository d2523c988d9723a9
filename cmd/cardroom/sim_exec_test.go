package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// examplePython is the example bot of examples/bot, run with python3 (the
// test skips without it).
func examplePython(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	p, err := filepath.Abs("../../examples/bot/bot.py")
	if err != nil {
		t.Fatal(err)
	}
	return "python3 " + p
}

// TestSimExecExample: the Python example bot plays a whole game of each
// rule set through `cardroom sim --bots exec:…`, every move its own.
func TestSimExecExample(t *testing.T) {
	bot := execPrefix + examplePython(t)
	for _, rs := range []string{"singularity", "specialrounds", "boerenbridge", "doudizhu"} {
		t.Run(rs, func(t *testing.T) {
			rep, err := runSim(simConfig{Game: rs, Bots: []string{bot, "baseline"}, Games: 1, Seed: 1, Workers: 1, MoveTime: 10 * time.Second}, nil)
			if err != nil {
				t.Fatal(err)
			}
			b := rep.Bots[0]
			if b.Decisions < 10 || len(b.Fallbacks) != 0 {
				t.Errorf("%d decisions, fallback moves %v %q", b.Decisions, b.Fallbacks, b.Faults)
			}
		})
	}
}

// badBot answers garbage to its first request, an illegal move to its
// second, nothing to its third, the wrong id to its fourth, and then the
// first legal move with a field the protocol does not know.
const badBot = `import json, sys
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] != "move":
        continue
    n += 1
    if n == 1:
        print("hello?", flush=True)
    elif n == 2:
        print(json.dumps({"id": msg["id"], "move": "play XX"}), flush=True)
    elif n == 4:
        print(json.dumps({"id": msg["id"] + 5, "move": msg["legal"][0]}), flush=True)
    elif n > 4:
        print(json.dumps({"id": msg["id"], "move": msg["legal"][0], "note": "x"}), flush=True)
`

// TestSimExecFaults: garbage, an illegal move, silence and the wrong id
// each get the baseline's move, and the report counts and quotes them; an
// unknown field is ignored.
func TestSimExecFaults(t *testing.T) {
	examplePython(t)
	script := filepath.Join(t.TempDir(), "bad.py")
	if err := os.WriteFile(script, []byte(badBot), 0o600); err != nil {
		t.Fatal(err)
	}
	c := simConfig{Game: "singularity", Bots: []string{execPrefix + "python3 " + script, "baseline"}, Games: 1, Seed: 1, MoveTime: time.Second, Workers: 2}
	rep, err := runSim(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := rep.Bots[0]
	// One game in two seatings, the program in two of the four seats of
	// each: four programs, each misbehaving four times. The wrong id counts
	// as garbage, refused at once, not as late.
	if b.Fallbacks["garbage"] != 8 || b.Fallbacks["illegal"] != 4 || b.Fallbacks["late"] < 4 {
		t.Errorf("fallback moves %v, want garbage 8, illegal 4, late 4 or more", b.Fallbacks)
	}
	var out strings.Builder
	rep.print(&out)
	for _, want := range []string{"the baseline made", "not an answer", "bad move \"play XX\""} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestSimExecMissing: a program that is not there is a clear error before
// any game.
func TestSimExecMissing(t *testing.T) {
	_, err := runSim(simConfig{Game: "singularity", Bots: []string{"exec:./no-such-bot", "baseline"}, Games: 1}, nil)
	if err == nil || !strings.Contains(err.Error(), "no-such-bot") {
		t.Fatalf("err %v", err)
	}
}
