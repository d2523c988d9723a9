package sshserver

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// finalLines is a session's final text broken between words to fit a
// terminal width columns wide, its lines ended by CR LF: the terminal would
// otherwise break it wherever the edge falls, in the middle of a word.
func finalLines(s string, width int) string {
	if width > 1 {
		s = ansi.Wrap(s, width, "")
	}
	return strings.ReplaceAll(s, "\n", "\r\n") + "\r\n"
}
