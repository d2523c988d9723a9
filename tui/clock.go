package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/cardroom/cardroom/tables"
)

// tickMsg asks the table screen to draw its countdown again. seq is the
// tick's number: a tick of a ticker the screen has since restarted (or of
// another table screen) is dropped, while a snapshot arriving between two
// ticks does not stop the countdown.
type tickMsg struct {
	tm  *tableModel
	seq uint64
}

// warnAt is how much time is left when the countdown turns to the warning
// style (and the bell rings, for a player who wants it).
const warnAt = 10 * time.Second

// counting reports whether the header shows a running countdown.
func (tm *tableModel) counting() bool {
	return !tm.snap.Deadline.IsZero() && tm.snap.Phase == tables.Playing
}

// startTicking starts the countdown's ticker when a deadline runs and no
// tick is on its way.
func (tm *tableModel) startTicking() tea.Cmd {
	if tm.ticking || !tm.counting() {
		return nil
	}
	tm.ticking = true
	tm.tickSeq++
	return tm.nextTick()
}

// tick is the countdown's tick: the frame is drawn again (Update), the bell
// rings once at the warning, and the next tick is asked for while the
// deadline runs.
func (tm *tableModel) tick() tea.Cmd {
	if !tm.counting() {
		tm.ticking = false
		return nil
	}
	return tea.Batch(tm.warn(), tm.nextTick())
}

// warn rings the bell once per deadline of the player's own turn, when the
// warning starts (nil when there is nothing to ring).
func (tm *tableModel) warn() tea.Cmd {
	if !tm.myTurn || tm.left() > warnAt || tm.warned.Equal(tm.snap.Deadline) {
		return nil
	}
	tm.warned = tm.snap.Deadline
	return tm.m.ring()
}

// left is the time left to the deadline by the app's clock.
func (tm *tableModel) left() time.Duration {
	return tm.snap.Deadline.Sub(tm.m.app.now())
}

// nextTick is the tick due when the countdown's number next changes (the
// shown seconds are rounded up), a second at most.
func (tm *tableModel) nextTick() tea.Cmd {
	d := tm.left() % time.Second
	if d <= 0 {
		d = time.Second
	}
	seq, me, done := tm.tickSeq, tm, tm.m.sess.Context().Done()
	// Not tea.Tick: its goroutine would outlive the session by up to d.
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return tickMsg{tm: me, seq: seq}
		case <-done:
			return nil
		}
	}
}

// ring rings the terminal's bell when the player wants it.
func (m *model) ring() tea.Cmd {
	if b, ok := m.sess.(bell); ok && m.set.Bell {
		return func() tea.Msg { b.Bell(); return nil }
	}
	return nil
}
