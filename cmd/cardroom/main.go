// Command cardroom is the card room served over SSH, and its tools: with no
// arguments, or only serve's flags, it serves; cardroom help lists the
// subcommands.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
)

// command is one subcommand: its name, its arguments and one line on what
// it does, for the overview.
type command struct {
	name, args, what string
	run              func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands are the subcommands in the order the overview lists them.
func commands() []command {
	return []command{
		{"serve", "[flags]", "run the card room on an SSH port", func(a []string, _ io.Reader, out, errOut io.Writer) int {
			return serveCmd(a, os.Getenv, out, errOut)
		}},
		{"backup", "[--data-dir DIR | --config FILE] FILE", "copy the database to FILE while the server runs", func(a []string, _ io.Reader, out, errOut io.Writer) int {
			return backupCmd(a, os.Getenv, out, errOut)
		}},
		{"replay", "[--json] FILE", "check a game record and print its scores", replayCmd},
		{"sim", "[flags]", "play a seeded duplicate tournament between bots", func(a []string, _ io.Reader, out, errOut io.Writer) int {
			return simCmd(a, out, errOut)
		}},
		{"load", "[flags]", "measure capacity under many real SSH sessions on loopback", loadCmd},
		{"version", "", "print the version and the source revision", func(a []string, _ io.Reader, out, errOut io.Writer) int {
			return versionCmd(a, out, errOut)
		}},
		{"help", "", "this overview", nil},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 { // the two-command start: go run ./cmd/cardroom
		printOverview(stderr)
		fmt.Fprintln(stderr)
		return serveCmd(nil, os.Getenv, stdout, stderr)
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" && !slices.Contains([]string{"help", "-h", "-help", "--help"}, args[1]) {
			// cardroom help CMD: the subcommand's own help.
			for _, c := range commands() {
				if c.name == args[1] && c.run != nil {
					return c.run([]string{"-h"}, stdin, stdout, stderr)
				}
			}
			return usageError(stderr, "", "unknown command %q", args[1])
		}
		printOverview(stdout)
		return exitOK
	case "-version", "--version":
		return versionCmd(args[1:], stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == args[0] && c.run != nil {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	if strings.HasPrefix(args[0], "-") { // cardroom --listen :2222: serve's flags
		return serveCmd(args, os.Getenv, stdout, stderr)
	}
	return usageError(stderr, "", "unknown command %q", args[0])
}

// printOverview lists the subcommands, one line each.
func printOverview(w io.Writer) {
	fmt.Fprint(w, "cardroom: a card room served over SSH\n\nusage: cardroom COMMAND [arguments]\n\n")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands() {
		fmt.Fprintf(tw, "  %s %s\t%s\n", c.name, c.args, c.what)
	}
	tw.Flush()
	fmt.Fprint(w, "\ncardroom COMMAND -h tells more about one. cardroom alone, or with only\nserve's flags (cardroom --listen :2222), is cardroom serve.\n")
}
