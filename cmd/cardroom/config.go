package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/charmbracelet/log"
)

// envPrefix starts the environment variable of every serve flag.
const envPrefix = "CARDROOM_"

// layered fills a flag set from the command line, the environment and a
// config file, in that order of precedence, and remembers where each value
// came from.
type layered struct {
	fs          *flag.FlagSet
	config      *string
	printConfig *bool
	sources     map[string]string // flag name → "flag", "env NAME", "file PATH" or "default"
	shadowed    map[string]any    // flag name → its value in the config file, where a flag or env var beats it
	// used, when set, is the value a flag set to 0 stands for (ok false:
	// the flag is not 0, or 0 is what it means), for print.
	used func(name string) (v any, ok bool)
}

// newLayered adds --config and --print-config to fs. Define every other flag
// before calling parse: parse covers all of them.
func newLayered(fs *flag.FlagSet) *layered {
	return &layered{
		fs:          fs,
		config:      fs.String("config", "", "read settings from this TOML file (keys are the flag names; env "+envPrefix+"CONFIG)"),
		printConfig: fs.Bool("print-config", false, "print the settings in effect and where each comes from, then exit"),
	}
}

// envName is the environment variable of a flag: CARDROOM_ and the name in
// capitals with dashes as underscores (--max-sessions: CARDROOM_MAX_SESSIONS).
func envName(flagName string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// settable reports whether a flag may come from the environment or a file.
func settable(name string) bool { return name != "config" && name != "print-config" }

// parse parses args, then sets each flag not given there from its
// environment variable (getenv; empty counts as unset), then from the
// config file named by --config or CARDROOM_CONFIG.
func (l *layered) parse(args []string, getenv func(string) string) error {
	explainValues(l.fs)
	if err := l.fs.Parse(args); err != nil {
		return err
	}
	l.sources, l.shadowed = map[string]string{}, map[string]any{}
	l.fs.Visit(func(f *flag.Flag) { l.sources[f.Name] = "flag" })
	if _, ok := l.sources["config"]; !ok {
		if v := getenv(envName("config")); v != "" {
			*l.config = v
			l.sources["config"] = "env " + envName("config")
		}
	}
	var errs []error
	l.fs.VisitAll(func(f *flag.Flag) {
		if _, done := l.sources[f.Name]; done || !settable(f.Name) {
			return
		}
		env := envName(f.Name)
		if v := getenv(env); v != "" {
			if err := f.Value.Set(v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: %v", env, v, err))
			}
			l.sources[f.Name] = "env " + env
		}
	})
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if *l.config != "" {
		if err := l.readFile(*l.config); err != nil {
			return err
		}
	}
	l.fs.VisitAll(func(f *flag.Flag) {
		if _, ok := l.sources[f.Name]; !ok {
			l.sources[f.Name] = "default"
		}
	})
	return nil
}

// readFile sets the flags not yet set from the TOML file at path. A key is
// a flag's name (underscores may stand for dashes); an unknown key is an
// error, so that a typo does not pass unseen.
func (l *layered) readFile(path string) error {
	var m map[string]any
	md, err := toml.DecodeFile(path, &m)
	if err != nil {
		return fmt.Errorf("config file %s: %w", path, err)
	}
	keys := md.Keys()
	var errs []error
	for _, k := range keys {
		if len(k) != 1 {
			continue // inside a table: reported through its top-level key
		}
		key := k[0]
		name := strings.ReplaceAll(key, "_", "-")
		f := l.fs.Lookup(name)
		if f == nil || !settable(name) {
			errs = append(errs, fmt.Errorf("config file %s: unknown setting %q: the keys are serve's flag names", path, key))
			continue
		}
		v, err := tomlString(m[key])
		if err != nil {
			errs = append(errs, fmt.Errorf("config file %s: %s: %v", path, key, err))
			continue
		}
		if _, done := l.sources[name]; done {
			l.shadowed[name] = m[key]
			continue
		}
		if err := f.Value.Set(v); err != nil {
			errs = append(errs, fmt.Errorf("config file %s: %s = %s: %v", path, key, tomlText(m[key]), err))
			continue
		}
		l.sources[name] = "file " + path
	}
	return errors.Join(errs...)
}

// logSources logs the config file read (or none) and warns of each of its settings a flag or env var overrides.
func (l *layered) logSources(logger *log.Logger) {
	if *l.config == "" {
		logger.Info("config file: none; the settings are flags, " + envPrefix + " environment variables and defaults (--config FILE reads one)")
		return
	}
	path := *l.config
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	logger.Info("config file", "path", path, "given", l.givenBy("config"))
	for _, name := range slices.Sorted(maps.Keys(l.shadowed)) {
		file, _ := tomlString(l.shadowed[name])
		logger.Warn("a setting of the config file is overridden: the file's value is not used",
			"setting", name, "in_file", file, "in_effect", l.fs.Lookup(name).Value.String(), "by", l.givenBy(name))
	}
}

// givenBy names what set a flag from outside the file: --NAME, or its environment variable.
func (l *layered) givenBy(name string) string {
	if env, ok := strings.CutPrefix(l.sources[name], "env "); ok {
		return env
	}
	return "--" + name
}

// tomlString turns a TOML value into the text a flag parses.
func tomlString(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64), nil
	}
	return "", fmt.Errorf("want a string, number or true/false, not %T", v)
}

// tomlText writes a value read from a TOML file as the file had it.
func tomlText(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}

// print writes the settings in effect as a config file, each with where it
// came from.
func (l *layered) print(w io.Writer) {
	var names []string
	width := 0
	l.fs.VisitAll(func(f *flag.Flag) {
		if settable(f.Name) {
			names = append(names, f.Name)
		}
	})
	sort.Strings(names)
	lines := make([]string, len(names))
	notes := make([]string, len(names))
	for i, n := range names {
		lines[i], notes[i] = n+" = "+tomlValue(l.fs.Lookup(n).Value), l.sources[n]
		if l.used != nil {
			if v, ok := l.used(n); ok {
				lines[i] = n + " = " + tomlAny(v)
				if notes[i] != "default" {
					notes[i] += " (0: the default)"
				}
			}
		}
		if v, ok := l.shadowed[n]; ok {
			notes[i] += " (overrides " + n + " = " + tomlText(v) + " in the config file)"
		}
		width = max(width, len(lines[i]))
	}
	fmt.Fprintln(w, "# cardroom serve: the settings in effect (flag > environment > config file > default)")
	if *l.config != "" {
		fmt.Fprintf(w, "# config file: %s\n", *l.config)
	}
	for i := range names {
		fmt.Fprintf(w, "%-*s  # %s\n", width, lines[i], notes[i])
	}
}

// tomlValue writes a flag's value as TOML: numbers and booleans bare,
// everything else (durations too) as a string.
func tomlValue(v flag.Value) string {
	if g, ok := v.(flag.Getter); ok {
		return tomlAny(g.Get())
	}
	return strconv.Quote(v.String())
}

// tomlAny writes a flag's Go value as TOML.
func tomlAny(v any) string {
	switch x := v.(type) {
	case bool, int, int64, uint, uint64, float64:
		return fmt.Sprint(x)
	case time.Duration:
		return strconv.Quote(x.String())
	}
	return strconv.Quote(fmt.Sprint(v))
}
