package sshserver

import "github.com/cardroom/cardroom/sshapp"

// The messages the server sends to a session's model, and why a session
// closes, are part of the contract in package sshapp; these names are
// kept for the server's own code and tests.
type (
	IdleWarningMsg  = sshapp.IdleWarningMsg
	InputDroppedMsg = sshapp.InputDroppedMsg
	ClosingMsg      = sshapp.ClosingMsg
	Cause           = sshapp.Cause
)

// Why a session closes (sshapp.Cause).
const (
	CauseKicked   = sshapp.CauseKicked
	CauseIdle     = sshapp.CauseIdle
	CauseShutdown = sshapp.CauseShutdown
)
