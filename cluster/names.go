package cluster

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/names"
)

// Names keeps display names unique across the nodes (lobby.NameRegistry):
// the first key to use a name holds it, on every node, for good.
type Names struct{ n *Node }

// Names is the cluster's name registry.
func (n *Node) Names() Names { return Names{n} }

// The bucket's keys: a name's key (names.Key) → the key holding it, and a
// key → the name it holds. KV keys allow few characters: both are hex.
func nameKey(name string) string { return "name." + hex.EncodeToString([]byte(names.Key(name))) }
func holderKey(id string) string { return "key." + hex.EncodeToString([]byte(id)) }

// Owner returns the key holding name, "" when nobody does.
func (r Names) Owner(name string) (string, error) {
	ctx, cancel := context.WithTimeout(r.n.ctx, electionWait)
	defer cancel()
	e, err := r.get(ctx, nameKey(name))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return string(e.Value()), nil
}

// Reserve reserves name for id, freeing the name id held before; when
// another key holds it, it reserves the first free variant (name2, …).
// When the bucket does not answer (no majority) the error is
// lobby.ErrRoomUnreachable.
func (r Names) Reserve(id, name string) (string, error) {
	if name == "" {
		return "", errors.New("cluster: no name to reserve")
	}
	got, err := r.reserve(id, name)
	if err != nil && !errors.Is(err, errNoFreeName) {
		err = fmt.Errorf("%w (%v)", lobby.ErrRoomUnreachable, err)
	}
	return got, err
}

// errNoFreeName: every variant of a name is taken.
var errNoFreeName = errors.New("cluster: no free name")

// reserve is Reserve, its errors as the bucket gives them.
func (r Names) reserve(id, name string) (string, error) {
	ctx, cancel := context.WithTimeout(r.n.ctx, electionWait)
	defer cancel()
	kv := r.n.names
	for i := 1; i < 10000; i++ {
		cand := name
		if i > 1 {
			cand = names.Variant(name, i)
		}
		k := nameKey(cand)
		e, err := r.get(ctx, k)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			if err := retry(ctx, func() error { _, err := kv.Create(ctx, k, []byte(id)); return err }); errors.Is(err, jetstream.ErrKeyExists) {
				i-- // another node took it just now: look at it again
				continue
			} else if err != nil {
				return "", err
			}
		case err != nil:
			return "", err
		case string(e.Value()) != id:
			continue
		}
		if err := r.release(ctx, id, cand); err != nil {
			return "", err
		}
		return cand, nil
	}
	return "", fmt.Errorf("%w like %q", errNoFreeName, name)
}

// release frees the name id held before it took now.
func (r Names) release(ctx context.Context, id, now string) error {
	kv := r.n.names
	e, err := r.get(ctx, holderKey(id))
	if err == nil && names.Key(string(e.Value())) != names.Key(now) {
		old := nameKey(string(e.Value()))
		if o, err := r.get(ctx, old); err == nil && string(o.Value()) == id {
			_ = retry(ctx, func() error { return kv.Delete(ctx, old, jetstream.LastRevision(o.Revision())) })
		}
	} else if err != nil && !errors.Is(err, jetstream.ErrKeyNotFound) {
		return err
	}
	return retry(ctx, func() error { _, err := kv.Put(ctx, holderKey(id), []byte(now)); return err })
}

// electionWait bounds a name's lookup while the cluster elects a new
// leader for the bucket (a node was lost).
const electionWait = 15 * time.Second

// get reads a key, trying again while the bucket does not answer.
func (r Names) get(ctx context.Context, key string) (e jetstream.KeyValueEntry, err error) {
	err = retry(ctx, func() error { e, err = r.n.names.Get(ctx, key); return err })
	return e, err
}

// retry calls f again while the bucket does not answer, until ctx ends;
// an answer (a key that is there or not, a write refused) ends it.
func retry(ctx context.Context, f func() error) error {
	for {
		err := f()
		if err == nil || errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyExists) || ctx.Err() != nil {
			return err
		}
		var api *jetstream.APIError
		if errors.As(err, &api) && api.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence {
			return err
		}
		t := time.NewTimer(moveRetry)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
	}
}
