package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// ErrNoAnswer is a command the table's node did not answer in time.
var ErrNoAnswer = errors.New("the table's node did not answer: try again in a moment")

// remote is a table another node runs, as a session here holds it.
type remote struct {
	n       *Node
	id      string
	private bool
}

// Open is a handle on a table another node runs.
func (n *Node) Open(id string, private bool) tables.Handle {
	return &remote{n: n, id: id, private: private}
}

func (r *remote) call(req request) (reply, error) {
	b, _ := json.Marshal(req)
	m, err := r.n.nc.Request(subject(r.id), b, callTimeout)
	if errors.Is(err, nats.ErrNoResponders) && req.Op != "alive" && req.Op != "unsubscribe" {
		m, err = r.await(b) // the table's node is gone: wait while another takes it over
	}
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return reply{}, tables.ErrClosed
	case errors.Is(err, nats.ErrTimeout):
		return reply{}, ErrNoAnswer
	case err != nil:
		return reply{}, err
	}
	var rep reply
	if err := json.Unmarshal(m.Data, &rep); err != nil {
		return reply{}, err
	}
	return rep, rep.Err.err()
}

// await sends a command again while the table is listed (its node is gone
// and another one takes it over), for at most moveWait.
func (r *remote) await(b []byte) (m *nats.Msg, err error) {
	err = nats.ErrNoResponders
	r.n.whileMoving(nil, func() bool {
		ctx, cancel := context.WithTimeout(r.n.ctx, callTimeout)
		_, lerr := r.n.dir.Get(ctx, r.id)
		cancel()
		if errors.Is(lerr, jetstream.ErrKeyNotFound) {
			return true // the table has ended
		}
		m, err = r.n.nc.Request(subject(r.id), b, callTimeout)
		return !errors.Is(err, nats.ErrNoResponders)
	})
	return m, err
}

// whileMoving calls try every moveRetry until it reports done, for at
// most moveWait, or until stop is closed or the node closes; it reports
// whether try did.
func (n *Node) whileMoving(stop <-chan struct{}, try func() bool) bool {
	wait := time.NewTimer(moveWait)
	defer wait.Stop()
	retry := time.NewTicker(moveRetry)
	defer retry.Stop()
	for {
		select {
		case <-stop:
			return false
		case <-n.ctx.Done():
			return false
		case <-wait.C:
			return false
		case <-retry.C:
		}
		if try() {
			return true
		}
	}
}

func (r *remote) do(req request) error {
	_, err := r.call(req)
	return err
}

func (r *remote) ID() string                  { return r.id }
func (r *remote) Private() bool               { return r.private }
func (r *remote) Admit(p tables.Player) error { return r.do(request{Op: "admit", P: p}) }
func (r *remote) Sit(p tables.Player, seat int) error {
	return r.do(request{Op: "sit", P: p, Seat: seat})
}
func (r *remote) Watch(p tables.Player) error { return r.do(request{Op: "watch", P: p}) }
func (r *remote) Leave(p tables.Player) error { return r.do(request{Op: "leave", P: p}) }
func (r *remote) Move(p tables.Player, m engine.Move) error {
	return r.do(request{Op: "move", P: p, Move: m})
}
func (r *remote) Chat(p tables.Player, text string) error {
	return r.do(request{Op: "chat", P: p, Text: text})
}
func (r *remote) Start(p tables.Player) error { return r.do(request{Op: "start", P: p}) }
func (r *remote) HandToBot(p tables.Player, seat int) error {
	return r.do(request{Op: "bot", P: p, Seat: seat})
}
func (r *remote) Penalty(p tables.Player, seat, points int, reason string) error {
	return r.do(request{Op: "penalty", P: p, Seat: seat, Points: points, Text: reason})
}
func (r *remote) SetAway(p tables.Player, away bool) error {
	return r.do(request{Op: "away", P: p, Away: away})
}

// Subscribe asks the table's node to send p's snapshots to a subject only
// this node listens on. When that node stops while the game is played,
// the subscription shows the table as moving and follows it to the node
// that takes it over.
func (r *remote) Subscribe(p tables.Player) (*tables.Subscription, error) {
	s := &inbound{r: r, p: p, inbox: r.n.nc.NewInbox(), box: tables.NewMailbox[tables.Snapshot](),
		lost: make(chan bool, 1), gone: make(chan struct{})}
	s.mu.Lock()
	ns, err := r.n.nc.Subscribe(s.inbox, s.receive)
	s.ns = ns
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	rep, err := r.call(request{Op: "subscribe", P: p, To: s.inbox})
	if err != nil {
		s.end()
		return nil, err
	}
	s.sub = rep.Sub
	r.n.wg.Add(1)
	go s.run()
	return tables.NewSubscription(s.box.C(), func() {
		sub := s.current()
		s.end()
		_ = r.do(request{Op: "unsubscribe", Sub: sub, To: s.inbox})
	}), nil
}

// How a subscription follows its table.
const (
	// moveWait is how long a subscription waits for its table to run again
	// on another node before it ends.
	moveWait  = time.Minute
	moveRetry = 250 * time.Millisecond
)

// inbound is a subscription's end on this node: the snapshots the table's
// node sends, latest wins.
type inbound struct {
	r     *remote
	p     tables.Player
	inbox string
	lost  chan bool     // the table's node ended the subscription (true: the table moves on)
	gone  chan struct{} // closed by end

	mu   sync.Mutex
	ns   *nats.Subscription
	box  *tables.Mailbox[tables.Snapshot]
	done bool
	last tables.Snapshot
	sub  string // the subscription's id at the table's node
}

func (s *inbound) receive(m *nats.Msg) {
	snap, end, err := decodeSnapshot(m.Data)
	if err != nil {
		return
	}
	if end {
		select {
		case s.lost <- snap.Moving:
		default:
		}
		return
	}
	s.put(snap)
}

func (s *inbound) put(snap tables.Snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.done {
		s.last = snap
		s.box.Put(snap)
	}
}

func (s *inbound) current() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sub
}

// run tells the table's node now and then that the subscriber is still
// here, and follows the table when that node is gone.
func (s *inbound) run() {
	n := s.r.n
	defer n.wg.Done()
	t := time.NewTicker(aliveEvery)
	defer t.Stop()
	for {
		lost, moves := false, false
		select {
		case <-s.gone:
			return
		case <-n.ctx.Done():
			s.end()
			return
		case moves = <-s.lost:
			lost = true
		case <-t.C:
			err := s.r.do(request{Op: "alive", Sub: s.current(), To: s.inbox})
			if errors.Is(err, ErrNoAnswer) {
				// A node cut off, or only slow: a table not over (a game
				// or one waiting for its start, both journaled) is
				// subscribed to again wherever it answers (an old
				// subscription lapses); an ended one waits.
				s.follow(false)
				continue
			}
			lost = errors.Is(err, tables.ErrClosed)
		}
		if lost && !s.follow(moves) {
			s.end()
			return
		}
	}
}

// follow waits for a table (a game, or one waiting for its start) to run
// again on another node and subscribes there; false when the table has
// ended (or does not come back). moves: the table's node said it goes on
// elsewhere; else its node is gone and a table not over goes on.
func (s *inbound) follow(moves bool) bool {
	s.mu.Lock()
	last := s.last
	s.mu.Unlock()
	if !moves && last.Phase == tables.Over {
		return false
	}
	last.Moving = true
	s.put(last)
	return s.r.n.whileMoving(s.gone, func() bool {
		rep, err := s.r.call(request{Op: "subscribe", P: s.p, To: s.inbox})
		if err != nil {
			return false
		}
		s.mu.Lock()
		s.sub = rep.Sub
		s.mu.Unlock()
		select {
		case <-s.lost: // the old node's end, if it came late
		default:
		}
		return true
	})
}

func (s *inbound) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.done {
		s.done = true
		close(s.gone)
		_ = s.ns.Unsubscribe()
		s.box.Close()
	}
}
