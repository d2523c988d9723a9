package cluster

import (
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/cardroom/cardroom/tables"
)

// A table's subject: commands from the other nodes, request and reply.
func subject(id string) string { return "cardroom.table." + id }

// subscriptionTTL is how long a table keeps sending to a subscriber on
// another node that stopped saying it is there (its node died).
const (
	subscriptionTTL = 10 * time.Second
	aliveEvery      = 2 * time.Second
)

// served is a table of this node as the other nodes reach it.
type served struct {
	n    *Node
	t    *tables.Table
	mu   sync.Mutex
	next int
	subs map[string]*forward
}

// forward sends one remote subscriber's snapshots to its node.
type forward struct {
	sub  *tables.Subscription
	to   string // the subscriber's subject
	seen time.Time
}

// find is the subscription id names, if it sends to the subject to. A
// subscriber whose table moved here may still name its id at the node
// that ran the table before, which here may be another subscriber's: the
// subject tells them apart. A command without a subject (from an older
// node) goes by the id alone.
func (s *served) find(id, to string) (*forward, bool) {
	f, ok := s.subs[id]
	if !ok || to != "" && f.to != to {
		return nil, false
	}
	return f, true
}

// Serve makes a table of this node reachable from the other nodes until it
// is done.
func (n *Node) Serve(t *tables.Table) {
	s := &served{n: n, t: t, subs: map[string]*forward{}}
	ns, err := n.nc.Subscribe(subject(t.ID()), s.handle)
	if err != nil {
		n.log.Error("cluster: table not served to the other nodes", "table", t.ID(), "err", err)
		return
	}
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		sweep := time.NewTicker(aliveEvery)
		defer sweep.Stop()
		for {
			select {
			case <-t.Done():
			case <-n.ctx.Done():
			case <-sweep.C:
				s.sweep()
				continue
			}
			break
		}
		_ = ns.Unsubscribe()
		s.closeAll()
	}()
}

// handle runs one command from another node.
func (s *served) handle(m *nats.Msg) {
	var req request
	var rep reply
	if err := json.Unmarshal(m.Data, &req); err != nil {
		rep.Err = &wireErr{Text: "cluster: a command that does not read: " + err.Error()}
	} else {
		rep = s.run(req)
	}
	b, _ := json.Marshal(rep)
	_ = m.Respond(b)
}

func (s *served) run(r request) reply {
	t := s.t
	var err error
	switch r.Op {
	case "private":
		return reply{Private: t.Private()}
	case "admit":
		err = t.Admit(r.P)
	case "sit":
		err = t.Sit(r.P, r.Seat)
	case "watch":
		err = t.Watch(r.P)
	case "leave":
		err = t.Leave(r.P)
	case "move":
		err = t.Move(r.P, r.Move)
	case "chat":
		err = t.Chat(r.P, r.Text)
	case "start":
		err = t.Start(r.P)
	case "bot":
		err = t.HandToBot(r.P, r.Seat)
	case "penalty":
		err = t.Penalty(r.P, r.Seat, r.Points, r.Text)
	case "away":
		err = t.SetAway(r.P, r.Away)
	case "subscribe":
		return s.subscribe(r)
	case "alive":
		s.mu.Lock()
		f, ok := s.find(r.Sub, r.To)
		if ok {
			f.seen = time.Now()
		}
		s.mu.Unlock()
		if !ok {
			err = tables.ErrClosed
		}
	case "unsubscribe":
		s.mu.Lock()
		f, ok := s.find(r.Sub, r.To)
		if ok {
			delete(s.subs, r.Sub)
		}
		s.mu.Unlock()
		if ok {
			f.sub.Close()
		}
	default:
		return reply{Err: &wireErr{Text: "cluster: unknown command " + strconv.Quote(r.Op)}}
	}
	return reply{Err: encodeErr(err)}
}

// subscribe makes a subscription for a person on another node: the
// snapshots of their seat (or the spectators') go to the subject they
// gave, and nowhere else.
func (s *served) subscribe(r request) reply {
	if r.To == "" {
		return reply{Err: &wireErr{Text: "cluster: a subscription needs a subject"}}
	}
	sub, err := s.t.Subscribe(r.P)
	if err != nil {
		return reply{Err: encodeErr(err)}
	}
	s.mu.Lock()
	s.next++
	id := strconv.Itoa(s.next)
	s.subs[id] = &forward{sub: sub, to: r.To, seen: time.Now()}
	s.mu.Unlock()
	s.n.wg.Add(1)
	go func() {
		defer s.n.wg.Done()
		moving := false
		for snap := range sub.C {
			if snap.Phase == tables.Over && snap.Ended != "" {
				// Stopped with its game unfinished: while this node holds the
				// lease, the game goes on on the node that takes it over.
				if _, ok := s.n.owns(s.t.ID()); ok {
					moving = true
					continue
				}
			}
			b, err := encodeSnapshot(snap)
			if err != nil {
				s.n.log.Error("cluster: snapshot not sent", "table", s.t.ID(), "err", err)
				continue
			}
			_ = s.n.nc.Publish(r.To, b)
		}
		end := snapshot{End: true}
		end.Moving = moving
		b, _ := json.Marshal(end)
		_ = s.n.nc.Publish(r.To, b)
		s.mu.Lock()
		delete(s.subs, id)
		s.mu.Unlock()
	}()
	return reply{Sub: id}
}

// sweep ends the subscriptions of nodes that stopped saying they are there.
func (s *served) sweep() {
	var stale []*forward
	s.mu.Lock()
	for id, f := range s.subs {
		if time.Since(f.seen) > subscriptionTTL {
			stale = append(stale, f)
			delete(s.subs, id)
		}
	}
	s.mu.Unlock()
	for _, f := range stale {
		f.sub.Close()
	}
}

func (s *served) closeAll() {
	s.mu.Lock()
	subs := s.subs
	s.subs = map[string]*forward{}
	s.mu.Unlock()
	for _, f := range subs {
		f.sub.Close()
	}
}
