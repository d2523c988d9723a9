package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/cardroom/cardroom/tables"
)

// Finished games go to a replicated stream; every node keeps each of them,
// in stream order, in its own store (archive and ratings), so history and
// ratings are the same on every node, and a node that joins later catches
// up from the stream.
const (
	gamesStream  = "cardroom_games"
	gamesSubject = "cardroom.games"
)

// keep is where a node keeps the finished games: its store, through the
// journal it was given (tables.Journal.Finish archives and rates).
type keep interface {
	Finish(f tables.Finished) error
}

// finish hands a finished game to every node's store.
func (n *Node) finish(ctx context.Context, f tables.Finished) error {
	b, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	// The same game handed on twice (a retry) is kept once.
	id := fmt.Sprintf("%s/%d", f.Table, f.Started.UnixNano())
	if _, err := n.js.Publish(ctx, gamesSubject, b, jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("cluster: finished game of %s: %w", f.Table, err)
	}
	return nil
}

// keepGames runs this node's consumer of the finished games: each one goes
// into local once; one local cannot keep yet is offered again later.
func (n *Node) keepGames(local keep) error {
	ctx, cancel := context.WithTimeout(n.ctx, callTimeout)
	defer cancel()
	c, err := n.games.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable: "keep-" + hexName(n.cfg.Name), DeliverPolicy: jetstream.DeliverAllPolicy,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: time.Minute, FilterSubject: gamesSubject,
	})
	if err != nil {
		return fmt.Errorf("cluster: the finished games' consumer: %w", err)
	}
	it, err := c.Messages()
	if err != nil {
		return fmt.Errorf("cluster: the finished games' consumer: %w", err)
	}
	n.wg.Add(2)
	go func() {
		defer n.wg.Done()
		<-n.ctx.Done()
		it.Stop()
	}()
	go func() {
		defer n.wg.Done()
		for {
			m, err := it.Next()
			if errors.Is(err, jetstream.ErrMsgIteratorClosed) {
				return
			}
			if err != nil {
				continue
			}
			var f tables.Finished
			if err := json.Unmarshal(m.Data(), &f); err != nil {
				n.log.Error("cluster: a finished game that does not read: dropped", "err", err)
				_ = m.Term()
				continue
			}
			if err := local.Finish(f); err != nil {
				n.log.Warn("cluster: a finished game not kept yet", "table", f.Table, "err", err)
				_ = m.NakWithDelay(5 * time.Second)
				continue
			}
			_ = m.Ack()
		}
	}()
	return nil
}
