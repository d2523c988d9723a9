package sshserver

import "time"

// Messages the server sends to a session's model. Models should handle them;
// none of them needs an answer.

// IdleWarningMsg tells the model that the session will be closed for lack of
// input in Remaining unless the user presses a key. Any key cancels it (the
// model sees the key as usual; it may clear its warning on the next key).
type IdleWarningMsg struct {
	Remaining time.Duration
}

// InputDroppedMsg tells the model that the client typed faster than
// Config.InputKeyRate or InputByteRate allow and some of its input was
// dropped. It comes at most every two seconds while that goes on; a model
// shows a one-line notice.
type InputDroppedMsg struct{}

// Cause says why a session is closing.
type Cause int

const (
	// CauseKicked: the app called Session.Close (for example, the same key
	// logged in again and took the seat over).
	CauseKicked Cause = iota + 1
	// CauseIdle: no input for Config.IdleTimeout.
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
