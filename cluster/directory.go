package cluster

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// listing is a lobby.Listing as the directory bucket holds it.
type listing struct {
	Node     string         `json:"node"`
	Summary  tables.Summary `json:"summary"`
	Owners   []string       `json:"owners"`
	HostID   string         `json:"host_id"`
	Code     string         `json:"code,omitempty"`
	Admitted []string       `json:"admitted,omitempty"`
}

// Publish lists a table of this node for the other nodes (or takes it off
// the list). It does not wait: a goroutine puts the latest listing of
// each table.
func (n *Node) Publish(l lobby.Listing) {
	n.mu.Lock()
	n.pending[l.Summary.ID] = l
	if l.Gone {
		delete(n.mine, l.Summary.ID)
	} else {
		n.mine[l.Summary.ID] = l
	}
	n.mu.Unlock()
	select {
	case n.kick <- struct{}{}:
	default:
	}
}

// Listings delivers the other nodes' listings as they change.
func (n *Node) Listings() <-chan lobby.Listing { return n.listings }

// SetOnline tells the other nodes how many people are online here.
func (n *Node) SetOnline(count int) {
	n.mu.Lock()
	n.online, n.onlineDirty = count, true
	n.mu.Unlock()
	select {
	case n.kick <- struct{}{}:
	default:
	}
}

// Elsewhere delivers how many people are online on the other nodes.
func (n *Node) Elsewhere() <-chan int { return n.elsewhere.C() }

// presenceKey is a node's entry of its online count in the directory
// bucket (table ids have no dot).
func presenceKey(node string) string { return "node." + hex.EncodeToString([]byte(node)) }

// publish puts pending listings, and refreshes this node's listings before
// the bucket's TTL would drop them.
func (n *Node) publish() {
	defer n.wg.Done()
	refresh := time.NewTicker(refreshEvery)
	defer refresh.Stop()
	for {
		var batch map[string]lobby.Listing
		online := -1
		select {
		case <-n.ctx.Done():
			return
		case <-n.kick:
			n.mu.Lock()
			batch, n.pending = n.pending, map[string]lobby.Listing{}
			if n.onlineDirty {
				online, n.onlineDirty = n.online, false
			}
			n.mu.Unlock()
		case <-refresh.C:
			n.mu.Lock()
			batch = make(map[string]lobby.Listing, len(n.mine))
			for id, l := range n.mine {
				if _, ok := n.pending[id]; !ok {
					batch[id] = l
				}
			}
			online = n.online
			n.mu.Unlock()
		}
		if online >= 0 {
			if _, err := n.dir.Put(n.ctx, presenceKey(n.cfg.Name), []byte(strconv.Itoa(online))); err != nil && n.ctx.Err() == nil {
				n.log.Warn("cluster: online count not shared", "err", err)
			}
		}
		for id, l := range batch {
			var err error
			if l.Gone {
				err = n.dir.Delete(n.ctx, id)
			} else {
				_, err = n.dir.Put(n.ctx, id, encodeListing(l))
			}
			if err != nil && n.ctx.Err() == nil {
				n.log.Warn("cluster: table not listed", "table", id, "err", err)
			}
		}
	}
}

func encodeListing(l lobby.Listing) []byte {
	b, _ := json.Marshal(listing{Node: l.Node, Summary: l.Summary, Owners: l.Owners[:], HostID: l.HostID, Code: l.Code, Admitted: l.Admitted})
	return b
}

func decodeListing(b []byte) (lobby.Listing, error) {
	var w listing
	if err := json.Unmarshal(b, &w); err != nil {
		return lobby.Listing{}, err
	}
	l := lobby.Listing{Node: w.Node, Summary: w.Summary, HostID: w.HostID, Code: w.Code, Admitted: w.Admitted}
	copy(l.Owners[:], w.Owners)
	return l, nil
}

// watch hands the other nodes' listings to the lobby as they change.
func (n *Node) watch(w jetstream.KeyWatcher) {
	defer n.wg.Done()
	defer func() { _ = w.Stop() }()
	updates := w.Updates()
	for {
		var e jetstream.KeyValueEntry
		var ok bool
		select {
		case <-n.ctx.Done():
			return
		case e, ok = <-updates:
		}
		if !ok {
			n.log.Error("cluster: the table directory's watch ended; this node no longer sees the others' tables")
			updates = nil
			continue
		}
		if e == nil {
			continue // the end of the values there were when the watch began
		}
		if strings.HasPrefix(e.Key(), "node.") {
			n.presence(e)
			continue
		}
		var l lobby.Listing
		if e.Operation() == jetstream.KeyValuePut {
			var err error
			if l, err = decodeListing(e.Value()); err != nil {
				n.log.Warn("cluster: a listing that does not read", "table", e.Key(), "err", err)
				continue
			}
			if l.Node == n.cfg.Name {
				continue
			}
		} else {
			l = lobby.Listing{Summary: tables.Summary{ID: e.Key()}, Gone: true}
		}
		select {
		case n.listings <- l:
		case <-n.ctx.Done():
			return
		}
	}
}

// presence takes in another node's online count.
func (n *Node) presence(e jetstream.KeyValueEntry) {
	if e.Key() == presenceKey(n.cfg.Name) {
		return
	}
	count, err := strconv.Atoi(string(e.Value()))
	if e.Operation() != jetstream.KeyValuePut || err != nil {
		delete(n.counts, e.Key())
	} else {
		n.counts[e.Key()] = count
	}
	sum := 0
	for _, c := range n.counts {
		sum += c
	}
	n.elsewhere.Put(sum)
}
