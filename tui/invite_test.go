package tui

import "testing"

func TestSSHCommandShowsThePortUnless22(t *testing.T) {
	for _, c := range []struct {
		addr string
		tty  bool
		args []string
		want string
	}{
		{"cards.example.net:2222", true, []string{"join", "3Q6Q"}, "ssh -p 2222 -t cards.example.net join 3Q6Q"},
		{"cards.example.net:22", true, []string{"join", "3Q6Q"}, "ssh -t cards.example.net join 3Q6Q"},
		{"cards.example.net", false, []string{"list"}, "ssh cards.example.net list"},
		{"[2001:db8::1]:2222", false, nil, "ssh -p 2222 2001:db8::1"},
		{"", false, nil, "ssh -p 2222 localhost"},
	} {
		a := &App{publicAddr: c.addr}
		if got := a.sshCommand(c.tty, c.args...); got != c.want {
			t.Errorf("%q: got %q, want %q", c.addr, got, c.want)
		}
	}
}

func TestLangOfTheClientsLocale(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want string
	}{
		{nil, "en"},
		{[]string{"LANG=de_DE.UTF-8"}, "de"},
		{[]string{"LANG=nl_BE.UTF-8"}, "nl"},
		{[]string{"LANG=de_AT@euro"}, "de"},
		{[]string{"LANG=fr_FR.UTF-8"}, "en"},
		{[]string{"LANG=de_DE.UTF-8", "LC_ALL=nl_NL.UTF-8"}, "nl"},
		{[]string{"LC_ALL=C", "LANG=de_DE.UTF-8"}, "en"},
		{[]string{"LC_ALL=", "LANG=de_DE.UTF-8"}, "de"},
		{[]string{"LC_MESSAGES=nl_NL", "LANG=de_DE"}, "nl"},
		{[]string{"TERM=xterm"}, "en"},
	} {
		if got := langOf(c.env); got != c.want {
			t.Errorf("langOf(%q) = %q, want %q", c.env, got, c.want)
		}
	}
}
