package tui

import "strings"

// langOf is the language of the client's locale, from the environment the
// client sent (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them):
// de_* is Deutsch, nl_* Nederlands, anything else English.
func langOf(env []string) string {
	vars := map[string]string{}
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			vars[k] = v
		}
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := vars[k]
		if v == "" {
			continue
		}
		lang, _, _ := strings.Cut(v, "_")
		lang, _, _ = strings.Cut(lang, ".")
		lang, _, _ = strings.Cut(lang, "@")
		if _, ok := catalogues[strings.ToLower(lang)]; ok {
			return strings.ToLower(lang)
		}
		return "en"
	}
	return "en"
}

// Translate puts a line the SSH server refuses a session with (full, too
// many sessions from the address) into the language of env, the
// environment the client sent; a line it does not know stays as it is.
func (a *App) Translate(env []string, line string) string {
	return newText(langOf(env)).message(line)
}
