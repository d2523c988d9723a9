package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// versionCmd prints the module version and the VCS revision the binary was
// built from, as the build info records them.
func versionCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version")
	if code, ok := parseFlags(fs, args, "usage: cardroom version\n\nPrints the module version and the source revision of this binary.\n", stdout, stderr, nil); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "version", "unexpected argument %q", fs.Arg(0))
	}
	bi, _ := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(bi))
	return exitOK
}

// noRevision is what version says of a build that recorded no source
// revision (go run, -buildvcs=false, a copy of the source without .git).
const noRevision = "no source revision recorded: go build it in a git clone, without -buildvcs=false"

// versionLine is "cardroom VERSION (revision REV[, modified], TIME, GO)",
// with what the build info holds.
func versionLine(bi *debug.BuildInfo) string {
	if bi == nil {
		return "cardroom (no build info)"
	}
	version := bi.Main.Version
	if version == "" {
		version = "(devel)"
	}
	var rev, at, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev == "" {
		if version != "(devel)" {
			return fmt.Sprintf("cardroom %s (%s)", version, bi.GoVersion) // go install …@VERSION: the version names the source
		}
		return fmt.Sprintf("cardroom (devel) (%s; %s)", noRevision, bi.GoVersion)
	}
	line := fmt.Sprintf("cardroom %s (revision %s%s", version, rev, modified)
	if at != "" {
		line += ", " + at
	}
	return line + ", " + bi.GoVersion + ")"
}
