package tables

import "github.com/cardroom/cardroom/engine"

// Handle is what a person's session holds of a table: *Table for a table of
// this process, or a stand-in that reaches a table running on another node
// of a cluster. Every method is a command to the table; errors are the
// table's own (ErrNotYourTurn, ErrClosed, …) wherever the table runs.
type Handle interface {
	ID() string
	Private() bool
	Admit(p Player) error
	Sit(p Player, seat int) error
	Watch(p Player) error
	Leave(p Player) error
	Subscribe(p Player) (*Subscription, error)
	Move(p Player, m engine.Move) error
	Chat(p Player, text string) error
	Start(p Player) error
	HandToBot(p Player, seat int) error
	Penalty(p Player, seat, points int, reason string) error
	SetAway(p Player, away bool) error
}

var _ Handle = (*Table)(nil)

// NewSubscription makes a subscription that another package feeds: c
// carries the snapshots, stop is called once by Close.
func NewSubscription(c <-chan Snapshot, stop func()) *Subscription {
	return &Subscription{C: c, stop: stop}
}
