package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// NameInUseError refuses a node whose name a running node has (JetStream would take both for one peer).
type NameInUseError struct {
	Name     string
	Starting bool // the other node is starting too
}

func (e *NameInUseError) Error() string {
	const own = "every node needs a name of its own (the default, the host name, is the same on cloned machines)"
	if e.Starting {
		return "cluster: --node-name " + e.Name + ": another node of this name is starting now: " + own + ": start each with a --node-name of its own"
	}
	return "cluster: --node-name " + e.Name + ": a running node of the cluster has this name, and " + own + ": start this node with another --node-name. If the node of this name is gone (its machine is off), start this one again a few minutes later, once the cluster has noticed"
}

// probePrefix begins a probe server's name: probePrefix, its random id, "-", the node's name in hex.
const probePrefix = "cardroom-probe-"

// probeWait is how long a probe waits for a route to any member before it takes the name as free.
const probeWait = 3 * time.Second

// nameFree refuses name if a running member has it, asked by a probe server of its own name without JetStream.
func nameFree(ctx context.Context, name, listen string, opts *server.Options) error {
	id, pass := randomHex(8), randomHex(16)
	sys := server.NewAccount(server.DEFAULT_SYSTEM_ACCOUNT)
	ps, err := runServer(ctx, &server.Options{
		ServerName: probePrefix + id + "-" + hexName(name),
		Host:       "127.0.0.1", Port: server.RANDOM_PORT, NoSigs: true, NoLog: opts.NoLog,
		Cluster: opts.Cluster, Routes: opts.Routes,
		// The members answer ROUTEZ requests in the system account.
		Accounts: []*server.Account{sys}, SystemAccount: sys.Name,
		Users: []*server.User{{Username: "probe", Password: pass, Account: sys}},
	}, listen)
	if err != nil {
		return err
	}
	defer func() {
		ps.Shutdown()
		ps.WaitForShutdown()
	}()
	nc, err := nats.Connect("", nats.InProcessServer(ps), nats.UserInfo("probe", pass))
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	defer nc.Close()
	p := probe{name: name, id: id, nc: nc, answered: map[string]bool{}}
	start := time.Now()
	tick := time.NewTicker(readyPoll)
	defer tick.Stop()
	for {
		done, err := p.look(ps)
		if err != nil || done {
			return err
		}
		if p.routed == 0 && time.Since(start) > probeWait || time.Since(start) > startWait {
			return nil // no member answers: none is up to have the name
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: stopped while the embedded NATS server was starting: %w", context.Cause(ctx))
		case <-tick.C:
		}
	}
}

// confirmWait is how long members must go on naming a clash (not a route of a node just stopped) before it counts.
const confirmWait = time.Second

// probe is a starting node's look for its own name in the cluster.
type probe struct {
	name, id string
	nc       *nats.Conn
	answered map[string]bool // the members (server ids) that told whom they are routed to
	routed   int             // the members the probe was routed to at its last look
	clash    time.Time       // since when members have named a server of this node's name
}

// look checks the servers ps is routed to and theirs; done once every member routed to has answered.
func (p *probe) look(ps *server.Server) (done bool, err error) {
	rz, err := ps.Routez(nil)
	if err != nil {
		return false, fmt.Errorf("cluster: %w", err)
	}
	members := map[string]bool{} // a member has several routes (a pool)
	for _, r := range rz.Routes {
		if err := p.check(r.RemoteName); err != nil {
			return false, err // routed to this server now: it runs
		}
		members[r.RemoteID] = true
	}
	p.routed = len(members)
	var clash error
	for m := range members {
		if p.answered[m] {
			continue
		}
		names, err := routedTo(p.nc, m)
		if err != nil {
			continue // its answers are not routed here yet, or it is going: next look
		}
		ok := true
		for _, n := range names {
			if err := p.check(n); err != nil {
				clash, ok = err, false
			}
		}
		p.answered[m] = ok // a member naming a clash is asked again
	}
	switch {
	case clash == nil:
		p.clash = time.Time{}
	case p.clash.IsZero():
		p.clash = time.Now()
	case time.Since(p.clash) >= confirmWait:
		return false, clash
	}
	for m := range members {
		if !p.answered[m] {
			return false, nil
		}
	}
	return len(members) > 0, nil
}

// check refuses a server of the node's name, or another node's look for it.
func (p *probe) check(server string) error {
	if server == p.name {
		return &NameInUseError{Name: p.name}
	}
	rest, ok := strings.CutPrefix(server, probePrefix)
	if !ok {
		return nil
	}
	id, hx, ok := strings.Cut(rest, "-")
	if ok && id != p.id && hx == hexName(p.name) {
		return &NameInUseError{Name: p.name, Starting: true}
	}
	return nil
}

// routedTo asks the member of server id for its name and those of the servers it is routed to.
func routedTo(nc *nats.Conn, id string) ([]string, error) {
	m, err := nc.Request("$SYS.REQ.SERVER."+id+".ROUTEZ", nil, attemptWait)
	if err != nil {
		return nil, err
	}
	var rep struct {
		Server struct {
			Name string `json:"name"`
		} `json:"server"`
		Data struct {
			Routes []struct {
				RemoteName string `json:"remote_name"`
			} `json:"routes"`
		} `json:"data"`
		Error *struct {
			Description string `json:"description"`
		} `json:"error"`
	}
	if err := json.Unmarshal(m.Data, &rep); err != nil {
		return nil, err
	}
	if rep.Error != nil {
		return nil, errors.New(rep.Error.Description)
	}
	names := []string{rep.Server.Name}
	for _, r := range rep.Data.Routes {
		names = append(names, r.RemoteName)
	}
	return names, nil
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// nameSubject is where a node on an existing NATS deployment (--nats) answers for its name.
func nameSubject(name string) string { return "cardroom.node." + hexName(name) }

// claimName refuses a name another node on the same NATS answers for, then answers for it.
func (n *Node) claimName() error {
	subj := nameSubject(n.cfg.Name)
	_, err := n.nc.Request(subj, nil, callTimeout)
	switch {
	case err == nil:
		return &NameInUseError{Name: n.cfg.Name}
	case !errors.Is(err, nats.ErrNoResponders):
		return fmt.Errorf("cluster: cannot tell whether a running node has the name %s (try again): %w", n.cfg.Name, err)
	}
	if _, err := n.nc.Subscribe(subj, func(m *nats.Msg) { _ = m.Respond(nil) }); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	return nil
}
