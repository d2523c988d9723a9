package tui

import (
	"net"
	"strings"
)

// SetPublicAddr sets the host:port players reach the server at, shown in
// every invite and help text (a missing port means 22). Call it before
// serving; unset, the texts say localhost:2222.
func (a *App) SetPublicAddr(addr string) { a.publicAddr = addr }

// sshCommand is the command line that reaches this server with args:
// ssh -p 2222 -t cards.example.net join CODE (no -p for port 22; -t when
// tty).
func (a *App) sshCommand(tty bool, args ...string) string {
	addr := a.publicAddr
	if addr == "" {
		addr = "localhost:2222"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, "22"
	}
	parts := []string{"ssh"}
	if port != "22" {
		parts = append(parts, "-p", port)
	}
	if tty {
		parts = append(parts, "-t")
	}
	parts = append(parts, host)
	return strings.Join(append(parts, args...), " ")
}

// SSHCommand is the command that opens the lobby of this server.
func (a *App) SSHCommand() string { return a.sshCommand(false) }
