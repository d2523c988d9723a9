package engine

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Ruleset describes one rule set a table can be created with.
type Ruleset struct {
	Name       string // "singularity", "specialrounds", "boerenbridge", "doudizhu"
	Title      string // for people: "Singularity", "Dou Dizhu"
	MinPlayers int
	MaxPlayers int
	Options    []OptionSpec
	// New starts a game. opts holds every option of the rule set, validated
	// and with defaults filled in; New checks what depends on the number of
	// players (e.g. max_cards) and returns an error naming the option.
	New func(players int, opts Options) (Game, error)
}

// Spec returns the option named name.
func (r *Ruleset) Spec(name string) (OptionSpec, bool) {
	for _, s := range r.Options {
		if s.Name == name {
			return s, true
		}
	}
	return OptionSpec{}, false
}

// Resolve validates user-given options (names and values as text) and
// returns the full set with defaults filled in. An unknown option or a bad
// value is an error that names it.
func (r *Ruleset) Resolve(given Options) (Options, error) {
	out := Options{}
	for _, s := range r.Options {
		out[s.Name] = s.Default
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	sort.Strings(names) // report the first bad option the same way every time
	for _, k := range names {
		s, ok := r.Spec(k)
		if !ok {
			return nil, fmt.Errorf("%s has no option %q (options: %s)", r.Name, clip(k), r.optionNames())
		}
		v, err := s.check(given[k])
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, nil
}

func (r *Ruleset) optionNames() string {
	if len(r.Options) == 0 {
		return "none"
	}
	names := make([]string, len(r.Options))
	for i, s := range r.Options {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// Start validates the options and the number of players and starts a game.
func (r *Ruleset) Start(players int, given Options) (Game, Options, error) {
	if players < r.MinPlayers || players > r.MaxPlayers {
		if r.MinPlayers == r.MaxPlayers {
			return nil, nil, fmt.Errorf("%s is played by %d players, not %d", r.Title, r.MinPlayers, players)
		}
		return nil, nil, fmt.Errorf("%s is played by %d to %d players, not %d", r.Title, r.MinPlayers, r.MaxPlayers, players)
	}
	opts, err := r.Resolve(given)
	if err != nil {
		return nil, nil, err
	}
	g, err := r.New(players, opts)
	if err != nil {
		return nil, nil, err
	}
	return g, opts, nil
}

// DecodeOptions reads the options object of a record header (JSON types as
// RECORD.md gives them) into validated options with defaults filled in.
func (r *Ruleset) DecodeOptions(raw map[string]json.RawMessage) (Options, error) {
	given := Options{}
	for k, v := range raw {
		s, ok := r.Spec(k)
		if !ok {
			return nil, fmt.Errorf("%s has no option %q (options: %s)", r.Name, clip(k), r.optionNames())
		}
		c, err := s.decodeJSON(v)
		if err != nil {
			return nil, err
		}
		given[k] = c
	}
	return r.Resolve(given)
}

// EncodeOptions writes options as a record header's options object. Options
// at their default are left out.
func (r *Ruleset) EncodeOptions(opts Options) map[string]any {
	out := map[string]any{}
	for _, s := range r.Options {
		v, ok := opts[s.Name]
		if !ok || v == s.Default {
			continue
		}
		out[s.Name] = s.encodeJSON(v)
	}
	return out
}

// Registry holds the rule sets by name. Build one with NewRegistry; it is
// read-only afterwards and safe to share.
type Registry struct {
	byName map[string]*Ruleset
	order  []*Ruleset
}

// NewRegistry returns a registry of the given rule sets, in that order.
func NewRegistry(rs ...*Ruleset) *Registry {
	reg := &Registry{byName: map[string]*Ruleset{}}
	for _, r := range rs {
		if _, dup := reg.byName[r.Name]; dup {
			panic("engine: rule set registered twice: " + r.Name)
		}
		reg.byName[r.Name] = r
		reg.order = append(reg.order, r)
	}
	return reg
}

// Lookup returns the rule set named name, or an error listing the known ones.
func (reg *Registry) Lookup(name string) (*Ruleset, error) {
	if r, ok := reg.byName[name]; ok {
		return r, nil
	}
	return nil, fmt.Errorf("unknown game %q (games: %s)", clip(name), strings.Join(reg.Names(), ", "))
}

// All returns every rule set in registration order.
func (reg *Registry) All() []*Ruleset { return append([]*Ruleset(nil), reg.order...) }

// Names returns the names of every rule set in registration order.
func (reg *Registry) Names() []string {
	names := make([]string, len(reg.order))
	for i, r := range reg.order {
		names[i] = r.Name
	}
	return names
}
