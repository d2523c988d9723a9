package cluster

import (
	"cmp"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// Config says how a node joins its cluster.
type Config struct {
	// Name names this node, unique in the cluster (the host name when "").
	Name string
	// Cluster is the cluster's name; with Listen and Routes the embedded
	// NATS server is a member of it.
	Cluster string
	// Listen is where the embedded server listens for its routes
	// (host:port, e.g. 0.0.0.0:6222; port 0: any free port).
	Listen string
	// Routes are the other members, nats://host:port.
	Routes []string
	// URL joins an existing NATS deployment instead of embedding a server.
	URL string
	// Dir holds the embedded server's JetStream files.
	Dir string
	// Replicas is how many copies JetStream keeps of each bucket (0: 3
	// when the embedded server has routes, else 1).
	Replicas int
	// Ready bounds the wait for the cluster's JetStream to answer at start
	// (a minute when 0).
	Ready time.Duration
	// LeaseTTL is how long a table's lease outlives its owner's last
	// renewal: how soon another node takes over the tables of a node that
	// died (DefaultLeaseTTL when 0).
	LeaseTTL time.Duration
	// LogNATS logs the embedded NATS server to stderr (serve --debug).
	LogNATS bool
	Logger  tables.Logger

	// dial is how a node with URL reaches NATS (nil: directly), for tests
	// that cut a node off and let it back.
	dial nats.CustomDialer
}

// Node is this process's membership of a cluster. Start it, give it to the
// lobby (lobby.Config.Cluster) and to the name registry, and Close it after
// the lobby has stopped.
type Node struct {
	cfg    Config
	log    tables.Logger
	ns     *server.Server // nil with an external NATS
	nc     *nats.Conn
	js     jetstream.JetStream
	dir    jetstream.KeyValue // table listings
	names  jetstream.KeyValue // display names and who holds them
	leases jetstream.KeyValue // which node owns each running table
	stream jetstream.Stream   // running tables' journals
	games  jetstream.Stream   // finished games, for every node's store

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	listings chan lobby.Listing
	adopted  chan tables.Saved

	mu      sync.Mutex
	pending map[string]lobby.Listing // listings to put, latest wins
	mine    map[string]lobby.Listing // this node's listed tables, refreshed
	kick    chan struct{}
	owned   map[string]owned // the journaled tables whose lease this node holds
	lost    map[string]bool  // tables whose lease another node took from this one
	leaseMu sync.Mutex       // one lease renewal at a time (see renewLease)

	online      int  // people online here, as the lobby last said
	onlineDirty bool // online has not been put yet

	counts    map[string]int // other nodes' online counts, by presence key (the watch's)
	elsewhere *tables.Mailbox[int]
}

// DefaultLeaseTTL is Config.LeaseTTL's default.
const DefaultLeaseTTL = 6 * time.Second

// Buckets and subjects.
const (
	dirBucket   = "cardroom_tables"
	namesBucket = "cardroom_keys"
	// listingTTL is how long a listing outlives its node's last refresh:
	// the tables of a node that died leave the other lobbies then.
	listingTTL   = 30 * time.Second
	refreshEvery = listingTTL / 3
	callTimeout  = 5 * time.Second
	closeBudget  = 2 * time.Second
)

// Start starts the embedded NATS server (or connects to Config.URL) and
// makes sure the buckets exist.
func Start(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.Name == "" {
		h, _ := os.Hostname()
		cfg.Name = h
	}
	if cfg.Ready == 0 {
		cfg.Ready = time.Minute
	}
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = DefaultLeaseTTL
	}
	n := &Node{cfg: cfg, log: cfg.Logger, listings: make(chan lobby.Listing), adopted: make(chan tables.Saved),
		pending: map[string]lobby.Listing{}, mine: map[string]lobby.Listing{}, kick: make(chan struct{}, 1),
		owned: map[string]owned{}, lost: map[string]bool{}, counts: map[string]int{}, elsewhere: tables.NewMailbox[int]()}
	if n.log == nil {
		n.log = nopLogger{}
	}
	var err error
	if cfg.URL != "" {
		opts := []nats.Option{nats.Name("cardroom " + cfg.Name), nats.MaxReconnects(-1)}
		if cfg.dial != nil {
			opts = append(opts, nats.SetCustomDialer(cfg.dial))
		}
		n.nc, err = nats.Connect(cfg.URL, opts...)
		if err != nil {
			return nil, fmt.Errorf("cluster: cannot reach NATS at %s: %w", cfg.URL, err)
		}
		if err := n.claimName(); err != nil {
			n.nc.Close()
			return nil, err
		}
	} else {
		if n.ns, err = embedded(ctx, cfg); err != nil {
			return nil, err
		}
		n.nc, err = nats.Connect("", nats.InProcessServer(n.ns), nats.Name("cardroom "+cfg.Name), nats.MaxReconnects(-1))
		if err != nil {
			n.ns.Shutdown()
			return nil, fmt.Errorf("cluster: %w", err)
		}
	}
	if err := n.buckets(ctx); err != nil {
		n.shut()
		return nil, err
	}
	n.ctx, n.cancel = context.WithCancel(context.Background())
	w, err := n.dir.WatchAll(n.ctx)
	if err != nil {
		n.cancel()
		n.shut()
		return nil, fmt.Errorf("cluster: watching the table directory: %w", err)
	}
	lw, err := n.leases.WatchAll(n.ctx)
	if err != nil {
		_ = w.Stop()
		n.cancel()
		n.shut()
		return nil, fmt.Errorf("cluster: watching the leases: %w", err)
	}
	n.wg.Add(4)
	go n.watch(w)
	go n.publish()
	go n.renew()
	go n.watchLeases(lw)
	return n, nil
}

// embedded starts the NATS server in this process; ctx ending stops the
// wait for its listeners.
func embedded(ctx context.Context, cfg Config) (*server.Server, error) {
	opts := &server.Options{
		ServerName: cfg.Name, DontListen: true, JetStream: true,
		StoreDir: cfg.Dir, NoSigs: true, NoLog: !cfg.LogNATS,
	}
	if cfg.Dir == "" {
		return nil, errors.New("cluster: the embedded NATS server needs a directory for its JetStream files")
	}
	if err := os.MkdirAll(cfg.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	if cfg.Cluster != "" || cfg.Listen != "" || len(cfg.Routes) > 0 {
		if cfg.Cluster == "" || cfg.Listen == "" {
			return nil, errors.New("cluster: a member needs both --cluster-name and --cluster-listen")
		}
		if len(cfg.Routes) == 0 { // JetStream in a cluster starts only with routes
			return nil, errors.New("cluster: a member needs --routes: the nodes' route addresses, nats://host:port (listing its own is fine)")
		}
		host, port, err := net.SplitHostPort(cfg.Listen)
		if err != nil {
			return nil, fmt.Errorf("cluster: --cluster-listen %q: give host:port, e.g. 0.0.0.0:6222", cfg.Listen)
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 0 || p > 65535 {
			return nil, fmt.Errorf("cluster: --cluster-listen %q: the port is not a number from 0 to 65535", cfg.Listen)
		}
		if p == 0 {
			p = -1 // nats-server's "any free port"
		}
		opts.Cluster = server.ClusterOpts{Name: cfg.Cluster, Host: host, Port: p}
		// Routing starts once a client port listens: one on loopback, any free port.
		opts.DontListen, opts.Host, opts.Port = false, "127.0.0.1", server.RANDOM_PORT
		for _, r := range cfg.Routes {
			u, err := url.Parse(r)
			if err != nil || u.Host == "" {
				return nil, fmt.Errorf("cluster: route %q: give nats://host:port", r)
			}
			opts.Routes = append(opts.Routes, u)
		}
	}
	if len(opts.Routes) > 0 {
		if err := nameFree(ctx, cfg.Name, cfg.Listen, opts); err != nil {
			return nil, err
		}
	}
	return runServer(ctx, opts, cfg.Listen)
}

// replicas is how many copies each bucket keeps.
func (n *Node) replicas() int {
	switch {
	case n.cfg.Replicas > 0:
		return n.cfg.Replicas
	case n.cfg.URL == "" && len(n.cfg.Routes) > 0:
		return 3
	}
	return 1
}

// buckets creates (or finds) the key-value buckets, waiting while the
// cluster elects its JetStream leader.
func (n *Node) buckets(parent context.Context) error {
	js, err := jetstream.New(n.nc)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	n.js = js
	ctx, cancel := context.WithTimeout(parent, n.cfg.Ready)
	defer cancel()
	r := n.replicas()
	var leaderless time.Time // since when the directory's copies have had no leader
	for {
		err = n.createBuckets(ctx, r)
		if err == nil {
			return nil
		}
		leaderless = n.recoverDir(ctx, leaderless)
		t := time.NewTimer(250 * time.Millisecond) // the cluster is still electing its JetStream leader
		select {
		case <-ctx.Done():
			t.Stop()
			if parent.Err() != nil {
				return fmt.Errorf("cluster: stopped while waiting for JetStream: %w", context.Cause(parent))
			}
			return fmt.Errorf("cluster: JetStream did not answer (%v): with routes, at least two of three nodes must be up", err)
		case <-t.C:
		}
	}
}

// dirStream is the stream behind the directory bucket.
const dirStream = "KV_" + dirBucket

// dirLost is how long the directory's copies may go without a leader while
// JetStream itself answers before a starting node makes the directory anew.
const dirLost = 10 * time.Second

// recoverDir makes the directory bucket anew when its copies have had no
// leader for dirLost (since: when that was first seen; zero: not yet) while
// JetStream answers: the bucket is in memory, and a group that lost two of
// its three copies (two nodes gone, one back) never elects one again. The
// directory holds nothing that lasts: every node lists its tables again
// within refreshEvery. It returns since as it stands after this look.
func (n *Node) recoverDir(ctx context.Context, since time.Time) time.Time {
	if n.replicas() < 2 {
		return time.Time{}
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	st, err := n.js.Stream(ctx, dirStream)
	if err != nil {
		return time.Time{} // no answer (no JetStream majority) or no bucket: nothing to recover
	}
	if c := st.CachedInfo().Cluster; c == nil || c.Leader != "" {
		return time.Time{}
	}
	now := time.Now()
	if since.IsZero() || now.Sub(since) < dirLost {
		return cmp.Or(since, now)
	}
	if err := n.js.DeleteStream(ctx, dirStream); err != nil {
		n.log.Warn("cluster: the table directory has lost its copies and could not be made anew", "err", err)
		return since
	}
	n.log.Warn("cluster: the table directory had lost its copies (two nodes gone): made it anew; every node lists its tables again")
	return time.Time{}
}

// createBuckets makes one try at creating the buckets.
func (n *Node) createBuckets(ctx context.Context, r int) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var err error
	n.dir, err = n.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: dirBucket, Description: "cardroom: the tables of every node",
		TTL: listingTTL, LimitMarkerTTL: listingTTL, Replicas: r, Storage: jetstream.MemoryStorage,
	})
	if err != nil {
		return err
	}
	n.names, err = n.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: namesBucket, Description: "cardroom: display names and settings of SSH keys",
		Replicas: r, Storage: jetstream.FileStorage,
	})
	if err != nil {
		return err
	}
	n.leases, err = n.js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: leaseBucket, Description: "cardroom: the node that owns each running table",
		TTL: n.cfg.LeaseTTL, LimitMarkerTTL: time.Second, Replicas: r, Storage: jetstream.FileStorage,
	})
	if err != nil {
		return err
	}
	n.stream, err = n.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: journalStream, Description: "cardroom: the journals of running tables",
		Subjects: []string{journalSubject(">")}, Replicas: r, Storage: jetstream.FileStorage,
		AllowRollup: true, // a waiting table's journal is written afresh (Reset)
	})
	if err != nil {
		return err
	}
	n.games, err = n.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: gamesStream, Description: "cardroom: finished games, kept by every node",
		Subjects: []string{gamesSubject}, Replicas: r, Storage: jetstream.FileStorage,
	})
	return err
}

// hexName is a node's name as a NATS name or key token.
func hexName(name string) string { return hex.EncodeToString([]byte(name)) }

func (n *Node) leaseTTL() time.Duration { return n.cfg.LeaseTTL }

// Node is this node's name.
func (n *Node) Node() string { return n.cfg.Name }

// ClusterAddr is where the embedded server listens for routes ("" without
// one), for tests that let it choose a port.
func (n *Node) ClusterAddr() string {
	if n.ns == nil {
		return ""
	}
	if a := n.ns.ClusterAddr(); a != nil {
		return a.String()
	}
	return ""
}

// Close takes this node's tables off the directory and leaves the
// cluster. Call it after the lobby has stopped.
func (n *Node) Close() error {
	n.cancel()
	n.wg.Wait()
	// One budget for both: the last node of a cluster to stop has no
	// quorum left, and every write waits for it until the budget ends.
	ctx, cancel := context.WithTimeout(context.Background(), closeBudget)
	defer cancel()
	moved := n.handOver(ctx)
	n.mu.Lock()
	mine := n.mine
	n.mine = map[string]lobby.Listing{}
	n.mu.Unlock()
	for id := range mine {
		// A table handed on stays listed until its new node lists it:
		// sessions elsewhere send their commands again meanwhile.
		if !slices.Contains(moved, id) {
			_ = n.dir.Delete(ctx, id)
		}
	}
	_ = n.dir.Delete(ctx, presenceKey(n.cfg.Name))
	n.shut()
	return nil
}

func (n *Node) shut() {
	n.nc.Close()
	if n.ns != nil {
		n.ns.Shutdown()
		n.ns.WaitForShutdown()
	}
}

type nopLogger struct{}

func (nopLogger) Info(any, ...any)  {}
func (nopLogger) Warn(any, ...any)  {}
func (nopLogger) Error(any, ...any) {}

// Cut drops this node out of the cluster at once, as a crash or a cut
// network would: nothing is handed on, its leases lapse and the other nodes
// take its tables over. For tests and drills; Close must still be called.
func (n *Node) Cut() {
	n.nc.Close()
	if n.ns != nil {
		n.ns.Shutdown()
	}
}
