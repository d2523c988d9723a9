package sshserver

import (
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// colorProfile chooses a session's colour profile from its TERM and
// environment, without asking the terminal: bubbletea.MakeRenderer's
// background query stalls clients that never answer (ARCHITECTURE.md,
// "Budgets").
//
// NO_COLOR (any value) or TERM dumb/empty: no colour. COLORTERM truecolor or
// 24bit: true colour. TERM with "256color" (or "direct"): 256 colours.
// Anything else: the 16 ANSI colours.
func colorProfile(term string, env []string) termenv.Profile {
	get := func(k string) (string, bool) {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, k+"="); ok {
				return v, true
			}
		}
		return "", false
	}
	if _, ok := get("NO_COLOR"); ok {
		return termenv.Ascii
	}
	term = strings.ToLower(term)
	if term == "" || term == "dumb" {
		return termenv.Ascii
	}
	if ct, _ := get("COLORTERM"); strings.EqualFold(ct, "truecolor") || strings.EqualFold(ct, "24bit") {
		return termenv.TrueColor
	}
	if strings.Contains(term, "direct") || strings.Contains(term, "truecolor") {
		return termenv.TrueColor
	}
	if strings.Contains(term, "256color") {
		return termenv.ANSI256
	}
	return termenv.ANSI
}

// darkBackground guesses the background from COLORFGBG ("15;0": light text
// on black) and assumes dark without it, as most terminals are.
func darkBackground(env []string) bool {
	for _, kv := range env {
		v, ok := strings.CutPrefix(kv, "COLORFGBG=")
		if !ok {
			continue
		}
		parts := strings.Split(v, ";")
		bg, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			return true
		}
		return bg < 7 || bg == 8
	}
	return true
}

// newRenderer builds a lipgloss renderer with an explicit profile and
// background, so lipgloss never queries the terminal.
func newRenderer(w io.Writer, p termenv.Profile, dark bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w, termenv.WithProfile(p))
	r.SetColorProfile(p)
	r.SetHasDarkBackground(dark)
	return r
}
