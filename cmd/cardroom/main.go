// Command cardroom is the card room served over SSH, and its tools.
//
//	cardroom [serve] [flags]        run the server (default)
//	cardroom replay [--json] FILE   check and score a game record
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `cardroom: a card room served over SSH

usage:
  cardroom [serve] [flags]          run the server (the default; serve -h lists flags)
  cardroom replay [--json] FILE     check a game record and print its scores
  cardroom load [--baseline] [flags]  measure capacity over loopback SSH (load -h; docs/CAPACITY.md)
  cardroom sim [flags]              a seeded duplicate tournament between bots (sim -h)
  cardroom backup FILE              copy the database to FILE while the server runs (backup -h)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serveCmd(args, os.Getenv, stdout, stderr)
	case "load":
		return loadCmd(args, stdin, stdout, stderr)
	case "replay":
		return replayCmd(args, stdin, stdout, stderr)
	case "sim":
		return simCmd(args, stdout, stderr)
	case "backup":
		return backupCmd(args, stdout, stderr)
	case "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "cardroom: unknown command %q\n\n%s", cmd, usage)
	return 2
}
