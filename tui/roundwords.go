package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/engine"
)

// The special rounds field as players type it: each kind by its option
// word (trump_choice) or by the word the player's language shows for it
// (Trumpfwahl, troefkeuze) or for such a round (Stirnrunde, blinde ronde),
// in any case, with or without spaces. The table still gets the option
// words: the rule set reads only those.

// roundWord is kind mod of a round map as the form writes it: the word the
// player's language shows, the option word itself in English.
func roundWord(t *text, mod string) string {
	if t.lang == "de" || t.lang == "nl" {
		return modifierName(t, mod)
	}
	return mod
}

// roundsText is round map value v as the form writes it for editing:
// "1:Stirn,5:Trumpfwahl" in German.
func roundsText(t *text, v string) string {
	if v == "" {
		return ""
	}
	var parts []string
	for _, p := range strings.Split(v, ",") {
		round, mod, _ := strings.Cut(p, ":")
		parts = append(parts, round+":"+roundWord(t, mod))
	}
	return strings.Join(parts, ",")
}

// readRounds is the option value of round map spec typed as s, each kind
// in the option words; a pair it cannot read is left for the rule set to
// refuse, and a kind it does not know is refused with the words it takes.
func readRounds(t *text, spec engine.OptionSpec, s string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	pairs := strings.Split(s, ",")
	for i, p := range pairs {
		round, w, ok := strings.Cut(p, ":")
		n, err := strconv.Atoi(strings.TrimSpace(round))
		if !ok || err != nil {
			continue
		}
		mod := roundKind(t, spec, w)
		if mod == "" {
			words := make([]string, len(spec.Values))
			for j, v := range spec.Values {
				words[j] = roundWord(t, v)
			}
			return "", fmt.Errorf("option %s: round %d: %q is not one of %s", spec.Name, n, fit(strings.TrimSpace(w), 24), strings.Join(words, ", "))
		}
		pairs[i] = strconv.Itoa(n) + ":" + mod
	}
	return strings.Join(pairs, ","), nil
}

// roundKind is the kind of round map spec that word w names, "" if none.
func roundKind(t *text, spec engine.OptionSpec, w string) string {
	w = squash(w)
	en := newText("en")
	for _, v := range spec.Values {
		for _, name := range []string{v, modifierName(en, v), modifierName(t, v), roundName(en, v), roundName(t, v)} {
			if squash(name) == w {
				return v
			}
		}
	}
	return ""
}

// roundName is a round of kind mod in words: "forehead round".
func roundName(t *text, mod string) string {
	switch mod {
	case "trump_choice":
		return t.get("trump choice round")
	case "no_trump":
		return t.get("no trump round")
	case "blind":
		return t.get("blind round")
	case "forehead":
		return t.get("forehead round")
	}
	return mod
}

// squash is word w in lower case without spaces, underscores or hyphens.
func squash(w string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' || r == '-' {
			return -1
		}
		return r
	}, strings.ToLower(w))
}
