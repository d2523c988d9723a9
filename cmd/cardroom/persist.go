package main

import (
	"context"
	"fmt"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/keeper"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/store"
)

// persistence is the server's store in the data dir and the keeper that
// wires it to the lobby and the tables: every game is journaled as it is
// played, archived and rated when it ends, and restored after a restart;
// names are reserved for good.
type persistence struct {
	store  *store.Store
	keeper *keeper.Keeper
	drain  chan struct{} // closed when the drain watcher has returned
}

// openPersistence opens (creating, migrating) the store in dataDir.
func openPersistence(dataDir string, logger *log.Logger, opts ...store.Option) (*persistence, error) {
	s, err := store.Open(dataDir, opts...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return &persistence{store: s, keeper: keeper.New(s, logger)}, nil
}

// wire returns c with the journal, the saved tables and the name registry
// set to the store's.
func (p *persistence) wire(c lobby.Config) lobby.Config {
	c.Journal, c.Saved, c.Names = p.keeper, p.keeper, p.keeper
	return c
}

// drainOn makes lob refuse new tables as soon as ctx ends (the first step of
// a graceful shutdown, while the SSH server tells the sessions), until lob
// has stopped. close waits for it.
func (p *persistence) drainOn(ctx context.Context, lob *lobby.Lobby) {
	p.drain = make(chan struct{})
	go func() {
		defer close(p.drain)
		select {
		case <-ctx.Done():
			lob.Drain()
		case <-lob.Done():
		}
	}()
}

// close flushes and closes the store (after the lobby has stopped, so the
// tables' journals are complete).
func (p *persistence) close(logger *log.Logger) {
	if p.drain != nil {
		<-p.drain
	}
	if err := p.store.Close(); err != nil {
		logger.Error("store not closed cleanly", "err", err)
	}
}
