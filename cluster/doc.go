// Package cluster lets several cardroom nodes serve one card room over NATS
// with JetStream: a node runs an embedded NATS server as a member of a
// cluster (or joins an existing NATS deployment), lists its tables in a
// key-value bucket the other nodes' lobbies watch, serves its tables'
// commands and snapshots on per-table subjects, and keeps display names
// unique across the nodes. docs/CLUSTER.md describes the topology, the
// subjects and buckets, and what it does not do yet.
package cluster
