package lobby

import (
	"slices"

	"github.com/cardroom/cardroom/tables"
)

// Cluster shares this node's tables with the other nodes of a cluster and
// lets people here reach theirs (cluster.Node implements it). Its methods
// must not block for long: the lobby's goroutine calls them.
type Cluster interface {
	// Node names this node; listings carry it.
	Node() string
	// Serve makes a table of this node reachable from the other nodes
	// until the table is done.
	Serve(t *tables.Table)
	// Publish lists a table of this node for the other nodes, or takes
	// it off the list (Gone).
	Publish(l Listing)
	// Listings delivers the other nodes' listings as they change.
	Listings() <-chan Listing
	// Open is a handle on a table another node runs.
	Open(id string, private bool) tables.Handle
	// Adopted delivers the journals of tables (running, or waiting for
	// their start) whose node is gone and which this node now owns: the
	// lobby restores and runs them.
	Adopted() <-chan tables.Saved
	// SetOnline tells the other nodes how many people are online here.
	SetOnline(n int)
	// Elsewhere delivers how many people are online on the other nodes,
	// as it changes.
	Elsewhere() <-chan int
}

// Listing is one table as the nodes of a cluster list it to each other.
type Listing struct {
	Node     string
	Summary  tables.Summary
	Owners   [tables.MaxSeats]string // the Summary's, which it does not encode
	HostID   string
	Code     string // a private table's invite code
	Admitted []string
	Gone     bool // the table has ended
}

// share lists a table of this node for the other nodes.
func (l *Lobby) share(e *entry) {
	if l.cfg.Cluster == nil || e.local == nil {
		return
	}
	l.cfg.Cluster.Publish(Listing{
		Node: l.cfg.Cluster.Node(), Summary: e.info.Summary, Owners: e.info.Owners,
		HostID: e.info.HostID, Code: e.code, Admitted: e.info.admitted,
	})
}

// unshare takes an ended table of this node off the other nodes' lists.
func (l *Lobby) unshare(e *entry, id string) {
	if l.cfg.Cluster == nil || e.local == nil {
		return
	}
	l.cfg.Cluster.Publish(Listing{Node: l.cfg.Cluster.Node(), Summary: tables.Summary{ID: id}, Gone: true})
}

// adopted is the channel of tables this node takes over; nil on one node.
func (l *Lobby) adopted() <-chan tables.Saved {
	if l.cfg.Cluster == nil {
		return nil
	}
	return l.cfg.Cluster.Adopted()
}

// adopt runs a table whose node is gone, from its journal, in place of
// that node's listing.
func (l *Lobby) adopt(s tables.Saved) {
	if e, ok := l.tabs[s.Table]; ok {
		if e.local != nil {
			return // already ours
		}
		l.removeTable(s.Table)
	}
	delete(l.stuck, s.Table)
	l.restoreOne(s)
}

// elsewhere is the channel of the other nodes' online counts; nil on one node.
func (l *Lobby) elsewhere() <-chan int {
	if l.cfg.Cluster == nil {
		return nil
	}
	return l.cfg.Cluster.Elsewhere()
}

// tellOnline gives the other nodes this node's online count when it changed.
func (l *Lobby) tellOnline() {
	if l.cfg.Cluster != nil && len(l.roster) != l.toldOnline {
		l.toldOnline = len(l.roster)
		l.cfg.Cluster.SetOnline(l.toldOnline)
	}
}

// listings is the channel of the other nodes' listings; nil on one node.
func (l *Lobby) listings() <-chan Listing {
	if l.cfg.Cluster == nil {
		return nil
	}
	return l.cfg.Cluster.Listings()
}

// listed takes in another node's listing: the table joins the directory,
// changes, or leaves it.
func (l *Lobby) listed(li Listing) {
	id := li.Summary.ID
	e, ok := l.tabs[id]
	if ok && e.local != nil {
		return // ours: our own tables are listed from here
	}
	if li.Gone {
		if ok {
			l.removeTable(id)
		}
		return
	}
	s := li.Summary
	s.Owners, s.HostID = li.Owners, li.HostID
	info := TableInfo{Summary: s, admitted: li.Admitted}
	if !ok {
		e = &entry{t: l.cfg.Cluster.Open(id, li.Summary.Private), code: li.Code}
		l.tabs[id] = e
		l.order = append(l.order, id)
		if li.Code != "" {
			l.codes[li.Code] = id
		}
	} else {
		for _, a := range e.info.admitted { // let in here by code: kept until the owner lists them too
			if !slices.Contains(info.admitted, a) {
				info.admitted = append(info.admitted, a)
			}
		}
	}
	if seatable(e.info) && !seatable(info) {
		l.urgent = true
	}
	e.info = info
	l.dirty = true
}

// locals counts the tables this node runs.
func (l *Lobby) locals() int {
	n := 0
	for _, e := range l.tabs {
		if e.local != nil {
			n++
		}
	}
	return n
}
