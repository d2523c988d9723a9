package cluster

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cardroom/cardroom/tables"
)

// The journals of running tables, and of tables waiting for their start,
// live in a replicated stream, one subject per table, so that another node
// can restore a table whose node is gone. A table's owner holds its lease
// in a bucket; a write is accepted only after the owner's own last one (no
// two nodes write one table).
const (
	journalStream = "cardroom_journal"
	leaseBucket   = "cardroom_leases"
)

func journalSubject(id string) string { return "cardroom.journal." + id }

// ErrNotOwner refuses a write to a journal another node has taken over.
var ErrNotOwner = errors.New("cluster: another node has taken this table over")

// owned is what this node knows of a table it owns.
type owned struct {
	seq uint64 // the journal's last message, as this node wrote or read it
	rev uint64 // the lease's revision
}

// journal is the cluster's tables.Journal and tables.Dropper: running
// games and waiting tables go to the journal stream, finished games to the
// finished games' stream, which every node keeps in its store.
type journal struct{ n *Node }

// Journal is the journal this node's tables are given: it journals running
// games in the cluster, and from now on keeps every node's finished games
// through local (its store), as on one node.
func (n *Node) Journal(local tables.Journal) (tables.Journal, error) {
	if err := n.keepGames(local); err != nil {
		return nil, err
	}
	return journal{n: n}, nil
}

var _ tables.Dropper = journal{}

func (j journal) Start(id string, header []byte) error {
	ctx, cancel := context.WithTimeout(j.n.ctx, callTimeout)
	defer cancel()
	rev, err := j.n.leases.Create(ctx, id, []byte(j.n.cfg.Name))
	if errors.Is(err, jetstream.ErrKeyExists) {
		return ErrNotOwner
	}
	if err != nil {
		return fmt.Errorf("cluster: lease of %s: %w", id, err)
	}
	m := nats.NewMsg(journalSubject(id))
	m.Data = header
	ack, err := j.write(ctx, m, 0, fmt.Sprintf("%s:start%d", id, rev))
	if err != nil {
		_ = j.n.leases.Delete(ctx, id, jetstream.LastRevision(rev))
		return fmt.Errorf("cluster: journal of %s: %w", id, err)
	}
	j.n.own(id, owned{seq: ack.Sequence, rev: rev})
	return nil
}

func (j journal) Append(id string, lines ...[]byte) error {
	o, ok := j.n.owns(id)
	if !ok {
		return ErrNotOwner
	}
	ctx, cancel := context.WithTimeout(j.n.ctx, callTimeout)
	defer cancel()
	m := nats.NewMsg(journalSubject(id))
	m.Data = bytes.Join(lines, []byte{'\n'})
	ack, err := j.write(ctx, m, o.seq, id)
	return j.written(id, ack, err)
}

// busyTries and busyWait bound the tries of a write refused because the
// journal's previous write is still being stored (see write).
const (
	busyTries = 10
	busyWait  = 20 * time.Millisecond
)

// write publishes m after the journal's message after, with a message id
// (key, after, m's hash) that turns a repeat of a stored write into its ack;
// a refusal while the subject's previous write is still being replicated
// (nothing stored) is tried again a moment later.
func (j journal) write(ctx context.Context, m *nats.Msg, after uint64, key string) (*jetstream.PubAck, error) {
	h := sha256.New()
	for _, k := range []string{jetstream.MsgRollup, takeoverMark} {
		h.Write([]byte(m.Header.Get(k) + "\n"))
	}
	h.Write(m.Data)
	msgID := fmt.Sprintf("%s:%d:%x", key, after, h.Sum(nil)[:12])
	for try := 1; ; try++ {
		ack, err := j.n.js.PublishMsg(ctx, m, jetstream.WithExpectLastSequencePerSubject(after), jetstream.WithMsgID(msgID))
		switch wrongLast(err) {
		case jetstream.JSErrCodeStreamWrongLastSequenceConstant:
			if try == busyTries {
				return nil, err
			}
			t := time.NewTimer(time.Duration(try) * busyWait)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, err
			case <-t.C:
			}
			continue
		case jetstream.JSErrCodeStreamWrongLastSequence:
			// Past the stream's duplicates window, or on one copy (that checks the sequence first): the write is ours if it is the journal's last.
			if last, gerr := j.n.stream.GetLastMsgForSubject(ctx, m.Subject); gerr == nil && last.Header.Get(jetstream.MsgIDHeader) == msgID {
				return &jetstream.PubAck{Stream: journalStream, Sequence: last.Sequence, Duplicate: true}, nil
			}
		}
		return ack, err
	}
}

// wrongLast is the code of a "wrong last sequence" refusal (0: err is none).
func wrongLast(err error) jetstream.ErrorCode {
	var api *jetstream.APIError
	if !errors.As(err, &api) {
		return 0
	}
	switch api.ErrorCode {
	case jetstream.JSErrCodeStreamWrongLastSequence, jetstream.JSErrCodeStreamWrongLastSequenceConstant:
		return api.ErrorCode
	}
	return 0
}

// written notes a write to a table's journal: its sequence, or, when
// another node wrote after this one's last write, that the table is no
// longer this node's (ErrNotOwner).
func (j journal) written(id string, ack *jetstream.PubAck, err error) error {
	if err != nil {
		if wrongLast(err) == jetstream.JSErrCodeStreamWrongLastSequence {
			j.n.disown(id)
			return ErrNotOwner
		}
		return fmt.Errorf("cluster: journal of %s: %w", id, err)
	}
	j.n.setSeq(id, ack.Sequence)
	return nil
}

// Reset writes a table's journal afresh as header alone (a waiting
// table's, or its game's as it starts): one message that rolls the
// subject's earlier ones up, written while this node holds the lease and
// accepted only after its own last one. A table this node holds no lease
// of yet is started as Start does.
func (j journal) Reset(id string, header []byte) error {
	if _, ok := j.n.owns(id); !ok {
		if j.n.isLost(id) {
			return ErrNotOwner
		}
		return j.Start(id, header)
	}
	ctx, cancel := context.WithTimeout(j.n.ctx, callTimeout)
	defer cancel()
	// A waiting table may go long unwritten where it was taken over: its
	// sequence alone would let a copy cut off meanwhile write after it.
	if err := j.n.renewLease(ctx, id); err != nil {
		return err
	}
	o, ok := j.n.owns(id)
	if !ok {
		return ErrNotOwner
	}
	m := nats.NewMsg(journalSubject(id))
	m.Data = header
	m.Header.Set(jetstream.MsgRollup, jetstream.MsgRollupSubject)
	ack, err := j.write(ctx, m, o.seq, id)
	return j.written(id, ack, err)
}

// Drop forgets the journal of a waiting table that closed and gives its
// lease up. The lease is renewed first: no other node can have taken the
// table over while its journal is purged.
func (j journal) Drop(id string) error {
	if _, ok := j.n.owns(id); !ok {
		if j.n.forgetLost(id) {
			return ErrNotOwner
		}
		return nil // nothing journaled here
	}
	ctx, cancel := context.WithTimeout(j.n.ctx, callTimeout)
	defer cancel()
	if err := j.n.renewLease(ctx, id); err != nil {
		if errors.Is(err, ErrNotOwner) {
			j.n.forgetLost(id)
		}
		return err
	}
	pctx, pcancel := context.WithTimeout(ctx, j.n.leaseTTL())
	defer pcancel()
	if err := j.n.stream.Purge(pctx, jetstream.WithPurgeSubject(journalSubject(id))); err != nil {
		return fmt.Errorf("cluster: journal of %s: %w", id, err)
	}
	j.n.release(ctx, id)
	return nil
}

func (j journal) Finish(f tables.Finished) error {
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	// Only the node holding the lease hands the game on: a copy that played
	// on cut off from the others, while another node took the table over
	// from its journal, drops its game.
	err := j.n.renewLease(ctx, f.Table)
	if errors.Is(err, ErrNotOwner) {
		j.n.log.Warn("cluster: a finished game of a table another node has taken over: dropped, the game played there is kept", "table", f.Table)
		j.n.mu.Lock()
		delete(j.n.lost, f.Table)
		j.n.mu.Unlock()
		return nil
	}
	if err != nil {
		return err
	}
	// The lease lasts leaseTTL from the renewal: a game handed on within it
	// was handed on before any other node could take the table over.
	pctx, pcancel := context.WithTimeout(ctx, j.n.leaseTTL())
	defer pcancel()
	if err := j.n.finish(pctx, f); err != nil {
		return err
	}
	if _, ok := j.n.owns(f.Table); ok {
		_ = j.n.stream.Purge(ctx, jetstream.WithPurgeSubject(journalSubject(f.Table)))
	}
	j.n.release(ctx, f.Table)
	return nil
}

// own, owns, setSeq, disown keep the tables this node owns.
func (n *Node) own(id string, o owned) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.owned[id] = o
	delete(n.lost, id)
}

func (n *Node) owns(id string) (owned, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	o, ok := n.owned[id]
	return o, ok
}

func (n *Node) setSeq(id string, seq uint64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if o, ok := n.owned[id]; ok {
		o.seq = seq
		n.owned[id] = o
	}
}

// isLost reports whether another node took the table over from this one.
func (n *Node) isLost(id string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.lost[id]
}

// forgetLost forgets a table another node took over, as it ends here; it
// reports whether it was one.
func (n *Node) forgetLost(id string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	lost := n.lost[id]
	delete(n.lost, id)
	return lost
}

func (n *Node) disown(id string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if _, ok := n.owned[id]; ok {
		delete(n.owned, id)
		n.lost[id] = true
	}
}

// release gives a table's lease up (its game ended, or this node stops).
func (n *Node) release(ctx context.Context, id string) {
	n.mu.Lock()
	o, ok := n.owned[id]
	delete(n.owned, id)
	n.mu.Unlock()
	if ok {
		_ = n.leases.Delete(ctx, id, jetstream.LastRevision(o.rev))
	}
}

// Adopted delivers the journals of the tables this node takes over.
func (n *Node) Adopted() <-chan tables.Saved { return n.adopted }

// renew keeps this node's leases, and notices the ones it lost.
func (n *Node) renew() {
	defer n.wg.Done()
	t := time.NewTicker(n.leaseTTL() / 3)
	defer t.Stop()
	for {
		select {
		case <-n.ctx.Done():
			return
		case <-t.C:
		}
		n.mu.Lock()
		ids := make([]string, 0, len(n.owned))
		for id := range n.owned {
			ids = append(ids, id)
		}
		n.mu.Unlock()
		for _, id := range ids {
			ctx, cancel := context.WithTimeout(n.ctx, callTimeout)
			err := n.renewLease(ctx, id)
			cancel()
			switch {
			case errors.Is(err, ErrNotOwner):
				n.log.Warn("cluster: lost the lease of a table: another node runs it now", "table", id)
			case err != nil:
				n.log.Warn("cluster: lease not renewed", "table", id, "err", err)
			}
		}
	}
}

// renewLease renews this node's lease of a table: ErrNotOwner when
// another node has taken the table over, nil without renewing when this
// node holds no lease of it (given up, or never had: its journal could not
// be started). One renewal at a time: two from the same revision would
// take each other for a takeover.
func (n *Node) renewLease(ctx context.Context, id string) error {
	n.leaseMu.Lock()
	defer n.leaseMu.Unlock()
	n.mu.Lock()
	o, ok := n.owned[id]
	lost := n.lost[id]
	n.mu.Unlock()
	switch {
	case lost:
		return ErrNotOwner
	case !ok:
		return nil
	}
	rev, err := n.leases.Update(ctx, id, []byte(n.cfg.Name), o.rev)
	switch {
	case errors.Is(err, jetstream.ErrKeyExists), errors.Is(err, jetstream.ErrKeyNotFound):
		n.disown(id)
		return ErrNotOwner
	case err != nil:
		return fmt.Errorf("cluster: lease of %s: %w", id, err)
	}
	n.mu.Lock()
	if cur, ok := n.owned[id]; ok {
		cur.rev = rev
		n.owned[id] = cur
	}
	n.mu.Unlock()
	return nil
}

// watchLeases takes over the tables whose lease lapsed or was handed on.
// Besides the watch, it looks for journals without a lease now and then,
// in case the watch missed a lapse (its consumer lived on the lost node).
func (n *Node) watchLeases(w jetstream.KeyWatcher) {
	defer n.wg.Done()
	defer func() { _ = w.Stop() }()
	scan := time.NewTicker(n.leaseTTL())
	defer scan.Stop()
	updates := w.Updates()
	for {
		var e jetstream.KeyValueEntry
		var ok bool
		select {
		case <-n.ctx.Done():
			return
		case <-scan.C:
			n.orphans()
			continue
		case e, ok = <-updates:
		}
		if !ok {
			n.log.Error("cluster: the leases' watch ended; tables are taken over by the scan alone")
			updates = nil
			continue
		}
		if e == nil {
			n.orphans() // the watch is current: tables nobody holds (all nodes were down)
			continue
		}
		if e.Operation() != jetstream.KeyValuePut {
			n.goTakeOver(e.Key())
		}
	}
}

// orphans takes over the journals in the stream that no lease covers.
func (n *Node) orphans() {
	ctx, cancel := context.WithTimeout(n.ctx, callTimeout)
	defer cancel()
	info, err := n.stream.Info(ctx, jetstream.WithSubjectFilter(journalSubject(">")))
	if err != nil {
		return
	}
	for subj := range info.State.Subjects {
		id := strings.TrimPrefix(subj, journalSubject(""))
		if _, err := n.leases.Get(ctx, id); errors.Is(err, jetstream.ErrKeyNotFound) {
			n.goTakeOver(id)
		}
	}
}

// takeOverWait bounds the reads of a takeover while the stream elects a
// new leader; the scan for journals without a lease tries again later.
const takeOverWait = 30 * time.Second

// attemptWait bounds one request of a takeover: a request that reached a
// leader as its node stopped gets no answer, and is sent again.
const attemptWait = time.Second

// goTakeOver runs takeOver on its own goroutine, which the node waits for.
func (n *Node) goTakeOver(id string) {
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		n.takeOver(id)
	}()
}

// takeOver tries to take a table's lease; the node that gets it reads the
// journal and hands it to its lobby. Right after a node is lost the
// stream may still be electing a new leader: reads are tried again.
func (n *Node) takeOver(id string) {
	try := func(f func(ctx context.Context) error) error {
		ctx, cancel := context.WithTimeout(n.ctx, takeOverWait)
		defer cancel()
		return retry(ctx, func() error { return f(ctx) })
	}
	has := false
	if err := try(func(ctx context.Context) (err error) { has, err = n.journaled(ctx, id); return err }); err != nil || !has {
		return // the game has ended (its journal is gone), or the stream cannot be read
	}
	var rev uint64
	err := try(func(ctx context.Context) (err error) {
		ctx, cancel := context.WithTimeout(ctx, attemptWait)
		defer cancel()
		rev, err = n.leases.Create(ctx, id, []byte(n.cfg.Name))
		return err
	})
	if err != nil {
		return // another node was first (or this one, by a try that seemed lost: the lease lapses)
	}
	var saved tables.Saved
	var seq uint64
	err = try(func(ctx context.Context) (err error) { saved, seq, err = n.claim(ctx, id); return err })
	if err != nil || seq == 0 {
		ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
		_ = n.leases.Delete(ctx, id, jetstream.LastRevision(rev))
		cancel()
		if err != nil {
			n.log.Error("cluster: a table's journal could not be read", "table", id, "err", err)
		}
		return
	}
	n.own(id, owned{seq: seq, rev: rev})
	n.log.Info("cluster: taking a table over", "table", id, "events", len(saved.Lines))
	select {
	case n.adopted <- saved:
	case <-n.ctx.Done():
	}
}

// takeoverMark heads the empty message a node writes to a table's journal
// as it takes the table over, after the last message it read: a write the
// earlier owner sent before it learnt of the takeover (from a connection's
// buffer, once a cut heals) expects an earlier last message and is refused.
const takeoverMark = "Cardroom-Takeover"

// claimTries is how often claim reads a journal again when a write came in
// between its read and its mark.
const claimTries = 5

// claim reads a table's journal and writes the takeover mark after it; it
// returns the journal and the mark's sequence (0: no journal).
func (n *Node) claim(ctx context.Context, id string) (tables.Saved, uint64, error) {
	for try := 1; ; try++ {
		saved, seq, err := n.readJournal(ctx, id)
		if err != nil || seq == 0 {
			return saved, seq, err
		}
		m := nats.NewMsg(journalSubject(id))
		m.Header.Set(takeoverMark, n.cfg.Name)
		actx, cancel := context.WithTimeout(ctx, attemptWait)
		ack, err := n.js.PublishMsg(actx, m, jetstream.WithExpectLastSequencePerSubject(seq))
		cancel()
		if err == nil {
			return saved, ack.Sequence, nil
		}
		if try == claimTries || wrongLast(err) == 0 {
			return saved, 0, err
		}
	}
}

// readJournal reads a table's journal from the stream: its header and
// lines, and the sequence of its last message (0: none). Takeover marks
// count for the sequence only.
func (n *Node) readJournal(ctx context.Context, id string) (tables.Saved, uint64, error) {
	s := tables.Saved{Table: id, Moved: true}
	var last uint64
	for seq := uint64(1); ; seq = last + 1 {
		actx, cancel := context.WithTimeout(ctx, attemptWait)
		m, err := n.stream.GetMsg(actx, seq, jetstream.WithGetMsgSubject(journalSubject(id)))
		cancel()
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			return s, last, nil
		}
		if err != nil {
			return s, 0, err
		}
		last = m.Sequence
		if m.Header.Get(takeoverMark) != "" {
			continue
		}
		if s.Header == nil {
			s.Header = m.Data
			continue
		}
		s.Lines = append(s.Lines, bytes.Split(m.Data, []byte{'\n'})...)
	}
}

// journaled reports whether a table has a journal in the stream.
func (n *Node) journaled(ctx context.Context, id string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, attemptWait)
	defer cancel()
	_, err := n.stream.GetLastMsgForSubject(ctx, journalSubject(id))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return false, nil
	}
	return err == nil, err
}

// handOver gives this node's leases up as it stops, so that the other
// nodes take its tables over at once; it returns those tables.
func (n *Node) handOver(ctx context.Context) []string {
	n.mu.Lock()
	ids := make([]string, 0, len(n.owned))
	for id := range n.owned {
		ids = append(ids, id)
	}
	n.mu.Unlock()
	for _, id := range ids {
		n.release(ctx, id)
	}
	return ids
}
