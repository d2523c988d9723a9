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
