// Package store keeps what must outlive the server process — identities and
// their reserved names and settings, finished game records, ratings, and the
// journals of running tables — in one embedded SQLite database
// (modernc.org/sqlite: pure Go, so the binary stays static) in the data dir.
//
// The database runs in WAL mode with a busy timeout, and its schema is
// brought up to date by the ordered migrations in migrations.go when it is
// opened. A Store is safe for concurrent use by many goroutines.
//
// Durability: every method returns after its transaction has committed, so
// nothing it wrote is lost when the process is killed (kill -9). Against a
// power cut or an OS crash, commits are made durable (fsync) by Flush, which
// the store also runs in the background at most SyncEvery after a write
// (100 ms by default); WithSyncEvery(0) fsyncs every commit instead.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/cardroom/cardroom/ratings"
)

// FileName is the database's file name in the data dir.
const FileName = "cardroom.db"

// DefaultSyncEvery bounds how long a commit waits for its fsync.
const DefaultSyncEvery = 100 * time.Millisecond

// busyTimeout is how long a writer waits for another's lock.
const busyTimeout = 5 * time.Second

// Errors.
var (
	ErrNotFound      = errors.New("store: not found")
	ErrClosed        = errors.New("store: closed")
	ErrBadName       = errors.New("store: a name must not be empty")
	ErrBadJSON       = errors.New("store: not a single line of valid JSON")
	ErrBadGame       = errors.New("store: a game needs a table id, a rule set, seats and its record")
	ErrJournalExists = errors.New("store: the table already has a journal")
	ErrNoJournal     = errors.New("store: the table has no journal")
	ErrTooNew        = errors.New("store: the database was written by a newer cardroom")
)

// Store is the open database. Its methods may be called from any goroutine.
type Store struct {
	db    *sql.DB
	now   func() time.Time
	model ratings.Model
	q     statements

	// writeMu lets one write transaction of ours run at a time: SQLite has
	// one writer anyway, and queueing here is far quicker than SQLite's
	// busy handler, which sleeps and retries.
	writeMu sync.Mutex

	syncEvery time.Duration
	release   time.Duration // a name's holder unseen this long loses it; 0: never
	syncMu    sync.Mutex    // guards syncConn
	syncConn  *sql.Conn     // synchronous=FULL: one commit on it fsyncs the WAL
	dirty     atomic.Bool
	fault     atomic.Pointer[error] // set by FailWrites: every write fails with it
	stop      chan struct{}         // closed by Close to stop the syncer
	done      chan struct{}         // closed by the syncer when it returns
	closeOnce sync.Once
	closeErr  error
}

type options struct {
	now       func() time.Time
	model     ratings.Model
	syncEvery time.Duration
	release   time.Duration
}

// Option changes how Open sets up a store.
type Option func(*options)

// WithClock makes the store read the time (first and last seen, rating
// updates, journal times) from now instead of time.Now.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithModel rates games with m instead of ratings.Default().
func WithModel(m ratings.Model) Option { return func(o *options) { o.model = m } }

// WithNameRelease sets how long a name stays reserved to a key that is not
// seen again (DefaultNameRelease; 0: for ever).
func WithNameRelease(d time.Duration) Option { return func(o *options) { o.release = max(d, 0) } }

// WithSyncEvery sets how soon after a commit it is fsynced: d > 0 runs Flush
// in the background every d while there are writes; 0 fsyncs every commit
// before it returns (slower, nothing to flush).
func WithSyncEvery(d time.Duration) Option { return func(o *options) { o.syncEvery = d } }

// Open opens (creating it when missing) the database in dir, which is
// created with mode 0700 when missing, and applies the migrations it lacks.
func Open(dir string, opts ...Option) (*Store, error) {
	o := options{now: time.Now, model: ratings.Default(), syncEvery: DefaultSyncEvery, release: DefaultNameRelease}
	for _, f := range opts {
		f(&o)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	path := filepath.Join(dir, FileName)
	// Create the file ourselves so that it (and SQLite's -wal and -shm files,
	// which copy its mode) is private.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	f.Close()
	db, err := openDB(path, o.syncEvery == 0)
	if err != nil {
		return nil, err
	}
	if err := migrate(db, migrations, o.now()); err != nil {
		db.Close()
		return nil, err
	}
	s := &Store{db: db, now: o.now, model: o.model, syncEvery: o.syncEvery, release: o.release}
	if err := s.q.prepare(db); err != nil {
		s.q.close()
		db.Close()
		return nil, err
	}
	if err := s.rekey(); err != nil {
		s.q.close()
		db.Close()
		return nil, err
	}
	if s.syncEvery > 0 {
		conn, err := db.Conn(context.Background())
		if err == nil {
			_, err = conn.ExecContext(context.Background(), "PRAGMA synchronous = FULL")
		}
		if err != nil {
			if conn != nil {
				conn.Close()
			}
			s.q.close()
			db.Close()
			return nil, fmt.Errorf("store: %w", err)
		}
		s.syncConn = conn
		s.stop, s.done = make(chan struct{}), make(chan struct{})
		go s.syncer()
	}
	return s, nil
}

// statements are the queries every login runs (the lobby reserving a
// name, the screen reading its settings) and every table event (its
// journal line), prepared once: parsing them again each time was half of
// what a name reservation cost. database/sql prepares each on a pooled
// connection the first time it runs there.
type statements struct {
	touch       *sql.Stmt // id, now, now
	nameOwner   *sql.Stmt // name_key → id, last_seen
	setName     *sql.Stmt // name, name_key, id
	settings    *sql.Stmt // id → settings
	journalSeq  *sql.Stmt // lines, now, table_id → last_seq
	journalLine *sql.Stmt // table_id, seq, line
}

func (q *statements) prepare(db *sql.DB) error {
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&q.touch, `INSERT INTO identities (id, first_seen, last_seen) VALUES (?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen`},
		{&q.nameOwner, `SELECT id, last_seen FROM identities WHERE name_key = ?`},
		{&q.setName, `UPDATE identities SET name = ?, name_key = ? WHERE id = ?`},
		{&q.settings, `SELECT settings FROM identities WHERE id = ?`},
		{&q.journalSeq, `UPDATE journals SET last_seq = last_seq + ?, updated = ? WHERE table_id = ? RETURNING last_seq`},
		{&q.journalLine, `INSERT INTO journal_lines (table_id, seq, line) VALUES (?, ?, ?)`},
	} {
		st, err := db.Prepare(p.sql)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		*p.st = st
	}
	return nil
}

func (q *statements) close() {
	for _, st := range []*sql.Stmt{q.touch, q.nameOwner, q.setName, q.settings, q.journalSeq, q.journalLine} {
		if st != nil {
			st.Close()
		}
	}
}

// openDB opens the database file with the connection settings every pooled
// connection gets.
func openDB(path string, fullSync bool) (*sql.DB, error) {
	q := url.Values{}
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "1")
	// Write transactions take the write lock at BEGIN, so two of them never
	// deadlock upgrading a read lock; the busy timeout queues them instead.
	q.Set("_txlock", "immediate")
	// Temporary tables, sorts and statement journals stay in memory: the
	// container image has no writable temporary directory.
	q.Add("_pragma", "temp_store(memory)")
	if fullSync {
		q.Set("_synchronous", "FULL")
	} else {
		q.Set("_synchronous", "NORMAL")
	}
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	return db, nil
}

// Close flushes, stops the background syncer and closes the database.
// Calling it again returns the first call's result.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		var errs []error
		if s.stop != nil {
			close(s.stop)
			<-s.done
			errs = append(errs, s.Flush())
			s.syncMu.Lock()
			errs = append(errs, s.syncConn.Close())
			s.syncConn = nil
			s.syncMu.Unlock()
		}
		s.q.close()
		errs = append(errs, s.db.Close())
		s.closeErr = errors.Join(errs...)
	})
	return s.closeErr
}

// syncer flushes every syncEvery while there were writes, until Close.
func (s *Store) syncer() {
	defer close(s.done)
	t := time.NewTicker(s.syncEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			_ = s.Flush() // an error here shows again at the next Flush or Close
		}
	}
}

// Flush makes every commit so far durable against a power cut: it commits a
// tiny transaction with synchronous=FULL, which fsyncs the whole WAL file.
// It does nothing when nothing was written since the last Flush, or when the
// store fsyncs every commit (WithSyncEvery(0)).
func (s *Store) Flush() error {
	if s.syncEvery == 0 || !s.dirty.Swap(false) {
		return nil
	}
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	if s.syncConn == nil {
		return ErrClosed
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if _, err := s.syncConn.ExecContext(context.Background(), "UPDATE sync SET n = n + 1"); err != nil {
		s.dirty.Store(true)
		return fmt.Errorf("store: flush: %w", err)
	}
	return nil
}

// wrote notes a commit for the next Flush.
func (s *Store) wrote() { s.dirty.Store(true) }

// FailWrites makes every write transaction fail with err (wrapped) until it
// is called with nil: a fault hook, so tests can play a full disk.
func (s *Store) FailWrites(err error) {
	if err == nil {
		s.fault.Store(nil)
		return
	}
	s.fault.Store(&err)
}

// tx runs f in a write transaction and commits it when f returns nil.
func (s *Store) tx(f func(tx *sql.Tx) error) error {
	if e := s.fault.Load(); e != nil {
		return fmt.Errorf("store: %w", *e)
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	tx, err := s.db.BeginTx(context.Background(), nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	s.wrote()
	return nil
}

// ms is how times are stored: Unix milliseconds.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS reads a stored time; 0 is the zero time.
func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v).UTC()
}

// HasSchema reports whether the database file in dir holds a schema this
// package made, that is whether some server has used it; a file that is
// not a database is an error. It changes nothing in the file.
func HasSchema(dir string) (bool, error) {
	db, err := openDB(filepath.Join(dir, FileName), false)
	if err != nil {
		return false, err
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").Scan(&n); err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	return n > 0, nil
}
