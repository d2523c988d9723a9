package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/hostkeys"
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

// errNoDatabase refuses to start without the database of a server that has
// run before (its host key is there): history, ratings and reserved names
// would silently start empty, and another key could take someone's name.
var errNoDatabase = errors.New("no silent fresh start")

// checkDatabase refuses a data dir that has the host key but whose
// database is missing or empty, unless fresh says a new start is meant.
func checkDatabase(dataDir string, fresh bool) error {
	if fresh {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dataDir, hostkeys.FileName)); err != nil {
		return nil // a first start: there is nothing to lose
	}
	db := filepath.Join(dataDir, store.FileName)
	st, err := os.Stat(db)
	what := "is missing"
	switch {
	case err == nil && st.Size() > 0:
		ok, err := store.HasSchema(dataDir)
		if accessProblem(err) { // not damage: no backup to restore
			return &accessError{path: db, what: "the database", need: needReadWrite, dir: dataDir, err: err}
		}
		if err != nil {
			return fmt.Errorf("database %s: %w (restore it from a backup made with `cardroom backup FILE`)", db, err)
		}
		if ok {
			return nil
		}
		what = "holds no tables"
	case err == nil:
		what = "is empty"
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("database: %w", err)
	}
	return fmt.Errorf("%w: %s %s, but the host key next to it says this server has run before, so its history, ratings and reserved names would be lost.\n"+
		"To restore: stop here, copy your latest backup (made with `cardroom backup FILE`) to %s, and start again.\n"+
		"To start afresh on purpose: cardroom serve --new-database", errNoDatabase, db, what, db)
}

// openPersistence opens (creating, migrating) the store in dataDir.
func openPersistence(dataDir string, logger *log.Logger, opts ...store.Option) (*persistence, error) {
	s, err := store.Open(dataDir, opts...)
	if accessProblem(err) {
		return nil, &accessError{path: filepath.Join(dataDir, store.FileName), what: "the database", need: needReadWrite, dir: dataDir, err: err}
	}
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	n, err := s.DropPooledBotRatings()
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	if n > 0 {
		logger.Warn("dropped the ratings of every bot pooled under one name by --metrics before this version; its levels are rated apart from now on",
			"id", store.PooledBotID, "ratings", n)
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
