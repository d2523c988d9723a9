package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionKind is the type of an option's value.
type OptionKind uint8

// The option kinds, with their JSON type in a record header.
const (
	Bool     OptionKind = iota + 1 // true/false (JSON boolean)
	Int                            // a whole number in [Min, Max] (JSON number)
	Enum                           // one of Values (JSON string)
	RoundMap                       // round number → one of Values (JSON object)
)

// OptionSpec describes one table option of a rule set.
type OptionSpec struct {
	Name    string
	Kind    OptionKind
	Default string   // canonical text of the default value
	Values  []string // Enum and RoundMap: the allowed values
	Min     int      // Int: smallest value
	Max     int      // Int: largest value (the game may narrow it further)
	Doc     string   // one line for the create-table form
}

// Options are a rule set's table options by name, each value in canonical
// text: "true", "15", "progressive", or for a round map "5:trump_choice,7:no_trump"
// (rounds ascending). A missing option takes its default.
type Options map[string]string

// Get returns the option's value, "" when unset.
func (o Options) Get(name string) string { return o[name] }

// Bool reads a Bool option (false when unset).
func (o Options) Bool(name string) bool { return o[name] == "true" }

// Int reads an Int option (0 when unset).
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o[name])
	return n
}

// Rounds reads a RoundMap option.
func (o Options) Rounds(name string) map[int]string {
	m := map[int]string{}
	if o[name] == "" {
		return m
	}
	for _, kv := range strings.Split(o[name], ",") {
		k, v, _ := strings.Cut(kv, ":")
		n, _ := strconv.Atoi(k)
		m[n] = v
	}
	return m
}

// FormatRounds writes a round map in canonical text.
func FormatRounds(m map[int]string) string {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = strconv.Itoa(k) + ":" + m[k]
	}
	return strings.Join(parts, ",")
}

// check validates one value in canonical or user text and returns it canonical.
func (s OptionSpec) check(v string) (string, error) {
	switch s.Kind {
	case Bool:
		switch strings.ToLower(v) {
		case "true", "on", "yes", "1":
			return "true", nil
		case "false", "off", "no", "0":
			return "false", nil
		}
		return "", fmt.Errorf("option %s: %q is not on or off", s.Name, clip(v))
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("option %s: %q is not a whole number", s.Name, clip(v))
		}
		if n < s.Min || n > s.Max {
			return "", fmt.Errorf("option %s: %d is out of range %d–%d", s.Name, n, s.Min, s.Max)
		}
		return strconv.Itoa(n), nil
	case Enum:
		if slices.Contains(s.Values, v) {
			return v, nil
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", s.Name, clip(v), strings.Join(s.Values, ", "))
	case RoundMap:
		m := map[int]string{}
		if strings.TrimSpace(v) == "" {
			return "", nil
		}
		for _, kv := range strings.Split(v, ",") {
			k, val, ok := strings.Cut(strings.TrimSpace(kv), ":")
			n, err := strconv.Atoi(k)
			if !ok || err != nil || n < 1 || n > 99 {
				return "", fmt.Errorf("option %s: write round:modifier pairs, e.g. 5:trump_choice,7:no_trump", s.Name)
			}
			if !slices.Contains(s.Values, val) {
				return "", fmt.Errorf("option %s: round %d: %q is not one of %s", s.Name, n, clip(val), strings.Join(s.Values, ", "))
			}
			if _, dup := m[n]; dup {
				return "", fmt.Errorf("option %s: round %d is given twice", s.Name, n)
			}
			m[n] = val
		}
		return FormatRounds(m), nil
	}
	return "", fmt.Errorf("option %s has no kind", s.Name)
}

// decodeJSON reads one option value of a record header.
func (s OptionSpec) decodeJSON(raw json.RawMessage) (string, error) {
	bad := fmt.Errorf("option %s: %s is not a valid value", s.Name, clip(string(raw)))
	switch s.Kind {
	case Bool:
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return "", bad
		}
		return strconv.FormatBool(b), nil
	case Int:
		var n int
		if json.Unmarshal(raw, &n) != nil {
			return "", bad
		}
		return s.check(strconv.Itoa(n))
	case Enum:
		var v string
		if json.Unmarshal(raw, &v) != nil {
			return "", bad
		}
		return s.check(v)
	case RoundMap:
		var m map[string]string
		if json.Unmarshal(raw, &m) != nil {
			return "", bad
		}
		rounds := map[int]string{}
		for k, v := range m {
			n, err := strconv.Atoi(k)
			if err != nil || strconv.Itoa(n) != k {
				return "", fmt.Errorf("option %s: %q is not a round number", s.Name, clip(k))
			}
			rounds[n] = v
		}
		return s.check(FormatRounds(rounds))
	}
	return "", bad
}

// encodeJSON writes one canonical option value with its JSON type.
func (s OptionSpec) encodeJSON(v string) any {
	switch s.Kind {
	case Bool:
		return v == "true"
	case Int:
		n, _ := strconv.Atoi(v)
		return n
	case RoundMap:
		m := map[string]string{}
		for k, val := range (Options{s.Name: v}).Rounds(s.Name) {
			m[strconv.Itoa(k)] = val
		}
		return m
	}
	return v
}
