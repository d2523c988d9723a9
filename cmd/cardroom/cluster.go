package main

import (
	"context"
	"errors"
	"flag"
	"strings"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/cluster"
)

// clusterFlags are serve's flags for running as one node of several.
type clusterFlags struct {
	name, listen, routes, nats, node *string
	replicas                         *int
}

func addClusterFlags(fs *flag.FlagSet) clusterFlags {
	return clusterFlags{
		name:     fs.String("cluster-name", "", "run as a node of the cluster of this name, with its embedded NATS server (docs/CLUSTER.md)"),
		listen:   fs.String("cluster-listen", "", "where this node's NATS server listens for the other nodes' routes, e.g. 0.0.0.0:6222"),
		routes:   fs.String("routes", "", "the other nodes' route addresses, comma-separated: nats://a:6222,nats://b:6222"),
		nats:     fs.String("nats", "", "join an existing NATS deployment with JetStream at this URL instead of embedding a server"),
		node:     fs.String("node-name", "", "this node's name, unique in the cluster (default: the host name)"),
		replicas: fs.Int("cluster-replicas", 0, "copies JetStream keeps of each bucket and stream (the journal, the finished games), 1 to 5 (0: 3 with --routes, else 1)"),
	}
}

// config is the cluster configuration the flags ask for; ok is false when
// they ask for none (one node).
func (f clusterFlags) config() (cluster.Config, bool, error) {
	if *f.name == "" && *f.listen == "" && *f.routes == "" && *f.nats == "" {
		return cluster.Config{}, false, nil
	}
	if *f.nats != "" && (*f.name != "" || *f.listen != "" || *f.routes != "") {
		return cluster.Config{}, false, errors.New("--nats joins an existing NATS deployment: leave out --cluster-name, --cluster-listen and --routes")
	}
	if *f.nats == "" && (*f.name == "" || *f.listen == "") {
		return cluster.Config{}, false, errors.New("a node of a cluster needs --cluster-name and --cluster-listen (and --routes to the other nodes)")
	}
	c := cluster.Config{
		Name: *f.node, Cluster: *f.name, Listen: *f.listen, URL: *f.nats,
		Replicas: *f.replicas,
	}
	for r := range strings.SplitSeq(*f.routes, ",") {
		if r = strings.TrimSpace(r); r != "" {
			c.Routes = append(c.Routes, r)
		}
	}
	return c, true, nil
}

// withCluster runs the server as a node of a cluster.
func withCluster(c cluster.Config) serveOption {
	return func(s *serveSettings) { s.cluster = &c }
}

// withNode hands a test the node once it has joined.
func withNode(f func(*cluster.Node)) serveOption {
	return func(s *serveSettings) { s.joined = f }
}

// joinCluster starts this node's membership; the lobby lists and reaches
// the other nodes' tables through it and reserves names across them.
func joinCluster(ctx context.Context, c cluster.Config, logger *log.Logger) (*cluster.Node, error) {
	c.Logger = logger
	logger.Info("joining the cluster", "cluster", c.Cluster, "node", c.Name, "routes", len(c.Routes), "nats", c.URL)
	n, err := cluster.Start(ctx, c)
	if err != nil {
		return nil, err
	}
	logger.Info("cluster joined", "node", n.Node())
	return n, nil
}
