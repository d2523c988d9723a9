package tui

import "testing"

// Display names keep their case in the table's system lines: "alice is
// back", never "Alice is back".
func TestSystemLinesKeepTheCaseOfNames(t *testing.T) {
	tx := newText("en")
	for in, want := range map[string]string{
		"alice is back":                         "alice is back.",
		"ada left; bob is the host now":         "ada left; bob is the host now.",
		"the host handed bob's seat 2 to a bot": "The host handed bob's seat 2 to a bot.",
	} {
		if got := tx.message(in); got != want {
			t.Errorf("message(%q) = %q, want %q", in, got, want)
		}
	}
}
