package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
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
	explainValues(fs)
	err := parse(args)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, head)
		printFlags(stdout, fs)
		return exitOK, false
	}
	return usageError(stderr, fs.Name(), "%s", flagMessage(err)), false
}

// parseInterspersed parses args with flags before, between and after the
// other arguments (cardroom backup FILE --data-dir DIR) and returns the
// other arguments; after "--" everything is one.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if len(left) == 0 {
			return rest, nil
		}
		if n := len(args) - len(left); n > 0 && args[n-1] == "--" {
			return append(rest, left...), nil
		}
		rest, args = append(rest, left[0]), left[1:]
	}
}

// flagErrors are the flag package's messages, which name a flag with one
// dash; flagMessage writes them as the help names the flag.
var (
	badValue  = regexp.MustCompile(`^invalid value "(.*)" for flag -([^:]+): (.*)$`)
	badBool   = regexp.MustCompile(`^invalid boolean value "(.*)" for -([^:]+): (.*)$`)
	undefined = regexp.MustCompile(`^flag provided but not defined: -+(.*)$`)
	noValue   = regexp.MustCompile(`^flag needs an argument: -+(.*)$`)
)

// flagMessage is err's message with its flag named as the help names it:
// --fps 500: what to write instead.
func flagMessage(err error) string {
	msg := err.Error()
	if m := badValue.FindStringSubmatch(msg); m != nil {
		return "--" + m[2] + " " + shellWord(m[1]) + ": " + m[3]
	}
	if m := badBool.FindStringSubmatch(msg); m != nil {
		return "--" + m[2] + "=" + shellWord(m[1]) + ": " + m[3]
	}
	if m := undefined.FindStringSubmatch(msg); m != nil {
		return "unknown flag --" + m[1]
	}
	if m := noValue.FindStringSubmatch(msg); m != nil {
		return "--" + m[1] + " needs a value"
	}
	return msg
}

// shellWord is s as one would type it: quoted when empty or holding a
// space or a quote.
func shellWord(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\"'\\") {
		return strconv.Quote(s)
	}
	return s
}

// explained is a flag's value whose parse error says what to write.
type explained struct{ flag.Value }

// explainValues makes every flag of fs say what to write when a value does
// not parse, instead of the flag package's "parse error".
func explainValues(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		if _, done := f.Value.(explained); !done {
			f.Value = explained{f.Value}
		}
	})
}

func (e explained) Set(s string) error {
	err := e.Value.Set(s)
	if err == nil {
		return nil
	}
	if hint := valueHint(e.Get()); hint != "" {
		return errors.New(hint)
	}
	return err
}

// Get is the value's, for --print-config.
func (e explained) Get() any {
	if g, ok := e.Value.(flag.Getter); ok {
		return g.Get()
	}
	return e.Value.String()
}

// IsBoolFlag lets a boolean flag stand without a value (--debug).
func (e explained) IsBoolFlag() bool {
	b, ok := e.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// valueHint says how to write a value of v's type; "" for a string.
func valueHint(v any) string {
	switch v.(type) {
	case time.Duration:
		return `write a duration with a unit, e.g. "60s" or "2m"`
	case bool:
		return "write true or false"
	case int, int64:
		return "write a whole number"
	case uint, uint64:
		return "write a whole number, 0 or more"
	case float64:
		return "write a number"
	}
	return ""
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
		plain := *f
		if e, ok := f.Value.(explained); ok {
			plain.Value = e.Value // flag.UnquoteUsage names the type from it
		}
		name, usage := flag.UnquoteUsage(&plain)
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
