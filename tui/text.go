package tui

import "fmt"

// text translates the UI's English strings into the session's language.
// A string missing from a catalogue shows in English.
type text struct {
	cat map[string]string
}

func newText(lang string) *text {
	return &text{cat: catalogues[lang]}
}

// get returns the translation of an English UI string.
func (t *text) get(en string) string {
	if s, ok := t.cat[en]; ok {
		return s
	}
	return en
}

// f translates a format string, then formats it.
func (t *text) f(en string, args ...any) string {
	return fmt.Sprintf(t.get(en), args...)
}

// catalogues holds the translations by language code; read-only.
var catalogues = map[string]map[string]string{
	"en": {},
}
