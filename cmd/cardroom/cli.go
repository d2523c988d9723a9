package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Exit codes of every subcommand.
const (
	exitOK    = 0
	exitFail  = 1 // the command ran and failed
	exitUsage = 2 // the command line was wrong
)

// newFlags returns a flag set that reports nothing by itself: parseFlags
// prints the help and the errors.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args with parse (fs.Parse when nil) under the CLI's
// conventions: -h or --help prints head and the flags on stdout and gives
// exitOK; a wrong flag prints one line on stderr and gives exitUsage. ok
// false means the command returns code.
func parseFlags(fs *flag.FlagSet, args []string, head string, stdout, stderr io.Writer, parse func([]string) error) (code int, ok bool) {
	if parse == nil {
		parse = fs.Parse
	}
	err := parse(args)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, head)
		printFlags(stdout, fs)
		return exitOK, false
	}
	return usageError(stderr, fs.Name(), "%v", err), false
}

// usageError prints one line about a wrong command line, with where to look
// for the right one, and gives exitUsage.
func usageError(stderr io.Writer, cmd, format string, args ...any) int {
	msg := fmt.Sprintf(format, args...)
	msg = strings.ReplaceAll(strings.TrimSpace(msg), "\n", "; ")
	prog, help := "cardroom", "cardroom help"
	if cmd != "" {
		prog, help = "cardroom "+cmd, "cardroom "+cmd+" -h"
	}
	fmt.Fprintf(stderr, "%s: %s (see %s)\n", prog, msg, help)
	return exitUsage
}

// printFlags lists fs's flags like flag.PrintDefaults, leaving out the
// internal ones: those with no usage text.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		if f.Usage == "" {
			return
		}
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  --%s", f.Name)
		if name != "" {
			fmt.Fprintf(&b, " %s", name)
		}
		fmt.Fprintf(&b, "\n    \t%s", strings.ReplaceAll(usage, "\n", "\n    \t"))
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			if name == "string" {
				fmt.Fprintf(&b, " (default %q)", f.DefValue)
			} else {
				fmt.Fprintf(&b, " (default %v)", f.DefValue)
			}
		}
		b.WriteString("\n")
	})
	if b.Len() > 0 {
		fmt.Fprint(w, "\nflags:\n", b.String())
	}
}
