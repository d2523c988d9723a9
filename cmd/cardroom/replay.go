package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
)

const replayUsage = `usage: cardroom replay [--json] FILE

Checks a game record (RECORD.md) line by line against the rules and prints
each round's scores and the totals. Exits 1 and names the first bad line when
the record is broken. FILE "-" reads standard input.
`

// replayCmd runs `cardroom replay`.
func replayCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("replay")
	asJSON := fs.Bool("json", false, "print the scores as one JSON object")
	if code, ok := parseFlags(fs, args, replayUsage, stdout, stderr, nil); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return usageError(stderr, "replay", "give one FILE: a game record, or - for standard input")
	}
	name := fs.Arg(0)
	in := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "cardroom replay: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	rep, err := engine.Replay(games.Registry(), in)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	if *asJSON {
		out := struct {
			Ruleset string  `json:"ruleset"`
			Rounds  [][]int `json:"rounds"`
			Totals  []int   `json:"totals"`
		}{rep.Ruleset, rep.Result.Rounds, rep.Result.Totals}
		if out.Rounds == nil {
			out.Rounds = [][]int{}
		}
		b, _ := json.Marshal(out)
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	printReport(stdout, rep)
	return 0
}

func printReport(w io.Writer, rep engine.Report) {
	unit := "round"
	if rep.Ruleset == "doudizhu" {
		unit = "deal"
	}
	fmt.Fprintf(w, "%s, %d seats\n\n", rep.Ruleset, len(rep.Header.Seats))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\t%s\t\n", unit, strings.Join(rep.Header.Seats, "\t"))
	for i, r := range rep.Result.Rounds {
		fmt.Fprintf(tw, "%d\t%s\t\n", i+1, joinInts(r))
	}
	fmt.Fprintf(tw, "total\t%s\t\n", joinInts(rep.Result.Totals))
	tw.Flush()
	if rep.Ended {
		fmt.Fprintln(w, "\nvalid: the game is complete and its end line matches")
	} else {
		fmt.Fprintln(w, "\nvalid so far: the record stops before the game is over")
	}
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, "\t")
}
