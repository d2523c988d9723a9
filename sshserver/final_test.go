package sshserver

import "testing"

// The final line breaks between words to fit the terminal, never inside one.
func TestFinalLinesBreakBetweenWords(t *testing.T) {
	const de = "Du hast dich in einem anderen Terminal wieder angemeldet; diese Sitzung wurde beendet."
	for _, c := range []struct {
		s     string
		width int
		want  string
	}{
		{de, 80, "Du hast dich in einem anderen Terminal wieder angemeldet; diese Sitzung wurde\r\nbeendet.\r\n"},
		{de, 200, de + "\r\n"},
		{de, 0, de + "\r\n"}, // no size known
		{"Getrennt nach 30m0s ohne Eingabe.", 20, "Getrennt nach 30m0s\r\nohne Eingabe.\r\n"},
	} {
		if got := finalLines(c.s, c.width); got != c.want {
			t.Errorf("finalLines(%q, %d) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}
