// Package sshapp is the contract between the SSH server and the app it
// serves: the App an app implements, the Session it is handed, who is on
// the other end (Identity), and the messages the server sends a session's
// program. Package sshserver implements it and tui is an App, so that
// neither imports the other.
package sshapp

import (
	"context"
	"io"
	"net"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/names"
)

// App is the application served to each session.
type App interface {
	// NewSession returns the model for an interactive session (one with a
	// pty). s.Args() holds the command line the user passed (deep links
	// such as "join CODE"). Returning nil refuses the session: the client
	// sees the reason given to s.Close, or an apology. The model
	// must handle IdleWarningMsg and ClosingMsg, and every rune of a
	// tea.KeyMsg (bubbletea merges keys typed together into one message).
	NewSession(s Session) tea.Model
	// Command runs a command for a session without a pty (`ssh host list`),
	// or with one when PlainCommand(args) says so: write plain text to
	// stdout, errors to stderr, and return the exit status. It should
	// return when s.Context() is done.
	Command(s Session, args []string, stdout, stderr io.Writer) int
	// PlainCommand reports whether args ask for a command that answers in
	// plain text even with a pty (`ssh -t host list` as `ssh host list`).
	PlainCommand(args []string) bool
}

// Session is one SSH session as the app sees it: an interactive one (with
// a pty, running a Bubble Tea program) or a command. Its methods are safe
// for concurrent use.
type Session interface {
	// ID is a server-unique id of this session ("s17"), for logs and maps.
	ID() string
	// Identity is who is connected.
	Identity() Identity
	// Args is the command line the user passed after the host (for
	// `ssh -t host join ABCD`: ["join", "ABCD"]), split like a shell would.
	Args() []string
	// Term is the client's TERM ("" without a pty).
	Term() string
	// Environ is the environment the client sent (TERM included), as
	// "KEY=value" strings.
	Environ() []string
	// RemoteAddr is the client's network address.
	RemoteAddr() net.Addr
	// Stdin is what the client sends a command on its standard input.
	Stdin() io.Reader
	// Interactive reports whether the session has a pty (and a program).
	Interactive() bool
	// Window is the terminal's size, as the server bounds it.
	Window() (width, height int)
	// ColorProfile is the terminal's colour profile.
	ColorProfile() termenv.Profile
	// HasDarkBackground is the server's guess of the background.
	HasDarkBackground() bool
	// Renderer is this session's lipgloss renderer: build the session's
	// styles from it, never from package globals.
	Renderer() *lipgloss.Renderer
	// Context is done when the session ends or starts closing.
	Context() context.Context
	// Send delivers msg to the session's model (never from its own Update
	// or View: that deadlocks).
	Send(msg tea.Msg)
	// Bell rings the terminal's bell; it never blocks.
	Bell()
	// Close ends the session, telling the user reason.
	Close(reason string)
}

// Identity is who a session belongs to.
type Identity struct {
	// ID is the player id: the SHA256 fingerprint of the session's public
	// key ("SHA256:…"), or "guest-" and random letters for a client
	// without a key: one per connection (sessions sharing a connection are
	// the same guest), never given to anyone else, across restarts too.
	ID string
	// Name is the display name: the SSH user name when it is a valid
	// name, otherwise a safe fallback derived from ID. Reserving names is
	// the app's business.
	Name string
	// Requested is the SSH user name as the client sent it, cleaned of
	// control characters and cut in length (for log lines and for telling
	// the user why their name was not taken).
	Requested string
	// Replaced says why the SSH user name was not taken as Name
	// (names.Escapes, names.Invisible, …), names.Unchanged when it was
	// or when it was not usable for another reason.
	Replaced names.Change
	// Guest is true for clients that authenticated without a key.
	Guest bool
	// KeyType is the public key's algorithm ("ssh-ed25519", …), empty for
	// guests.
	KeyType string
}

// Messages the server sends to a session's model. Models should handle them;
// none of them needs an answer.

// IdleWarningMsg tells the model that the session will be closed for lack of
// input in Remaining unless the user presses a key. Any key cancels it (the
// model sees the key as usual; it may clear its warning on the next key).
type IdleWarningMsg struct {
	Remaining time.Duration
}

// InputDroppedMsg tells the model that the client typed faster than the
// server's input limits allow and some of its input was dropped. It comes
// at most every two seconds while that goes on; a model shows a one-line
// notice.
type InputDroppedMsg struct{}

// Cause says why a session is closing.
type Cause int

const (
	// CauseKicked: the app called Session.Close (for example, the same key
	// logged in again and took the seat over).
	CauseKicked Cause = iota + 1
	// CauseIdle: no input for the idle timeout.
	CauseIdle
	// CauseShutdown: the server is shutting down.
	CauseShutdown
)

func (c Cause) String() string {
	switch c {
	case CauseKicked:
		return "kicked"
	case CauseIdle:
		return "idle"
	case CauseShutdown:
		return "shutdown"
	}
	return "unknown"
}

// ClosingMsg is the last message a model receives before its program is
// quit: the session is closing for Cause. Reason is a sentence for the user;
// the server also prints it as the final line after the program has exited,
// so a model need not render it, but may (the frame is shown until the
// terminal is restored).
type ClosingMsg struct {
	Cause  Cause
	Reason string
}

// Farewell is what a model may implement to write the final line itself
// (the reason in the player's language): the server prints Farewell()
// instead of ClosingMsg's Reason, unless it is "".
type Farewell interface {
	Farewell() string
}
