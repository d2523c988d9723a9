package tables

// Mailbox is a latest-wins mailbox of size one: Put never blocks, and a newer
// value replaces one the reader has not taken yet. A slow reader therefore
// sees the newest value and never delays the writer.
//
// A Mailbox has one owner: only the owner calls Put and Close (the table for
// its snapshots, the lobby for its updates). Readers only receive from C.
// The owner closes the channel when the subscription ends or the owner
// stops; a value put before Close can still be received after it.
type Mailbox[T any] struct {
	ch chan T // size one; closed by the owner (Close)
}

// NewMailbox returns an empty mailbox.
func NewMailbox[T any]() *Mailbox[T] {
	return &Mailbox[T]{ch: make(chan T, 1)}
}

// C is the channel the reader receives from. It is closed by the owner.
func (m *Mailbox[T]) C() <-chan T { return m.ch }

// Put stores v, dropping an unread older value. It never blocks, because the
// owner is the only sender: once the old value is taken (by Put itself or by
// the reader) the buffer has room.
func (m *Mailbox[T]) Put(v T) {
	select {
	case m.ch <- v:
		return
	default:
	}
	select {
	case <-m.ch: // drop the unread value
	default: // the reader took it meanwhile
	}
	m.ch <- v
}

// Close closes the channel. Call it once, from the owner.
func (m *Mailbox[T]) Close() { close(m.ch) }
