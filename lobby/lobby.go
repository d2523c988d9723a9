// Package lobby is the in-memory directory of a cardroom server: who is
// online, the tables and their summaries, private tables' invite codes, and
// display names reserved to the first key that used them (while the server
// runs, or for good through a NameRegistry). One goroutine (Run) owns all of it; requests are plain values on its
// inbox, and lobby screens subscribe to Updates through the same
// latest-wins tables.Mailbox the tables use.
//
// The lobby owns the tables' goroutines: it starts each table it creates,
// and on shutdown it stops every one of them and waits until each has
// written its record.
package lobby

import (
	"cmp"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/names"
	"github.com/cardroom/cardroom/tables"
)

// Errors for people.
var (
	ErrClosed      = errors.New("the lobby is closed: the server is shutting down")
	ErrNoTable     = errors.New("there is no such table")
	ErrNoCode      = errors.New("no table has that invite code")
	ErrPrivate     = errors.New("that table is private: ask its host for the invite code")
	ErrNotOnline   = errors.New("you are not in the lobby")
	ErrNoIdentity  = errors.New("a player needs an id")
	ErrBadSeats    = errors.New("a table has 3 to 6 seats")
	ErrTooManyTabs = errors.New("the server has as many tables as it can take")
	ErrOtherNode   = errors.New("that table runs on another server of this card room: a bot can join only the tables of the server it is connected to")
)

// MaxNameCells is the widest display name, in terminal cells.
const MaxNameCells = names.MaxCells

// codeAlphabet holds the characters of invite codes: no 0/O, 1/I/L, 5/S,
// 2/Z, 8/B that read alike.
const codeAlphabet = "ACDEFGHJKMNPQRTUVWXY34679"

// CodeLen is the length of an invite code ("K7QF3M"): 25^6, about 2^28
// codes, so guessing one behind the limits on wrong codes is hopeless.
const CodeLen = 6

// DefaultPublishEvery is the Config.PublishEvery a server uses: a lobby
// screen is at most a quarter of a second behind, and a burst of logins
// costs every screen four updates a second instead of one per login.
const DefaultPublishEvery = 250 * time.Millisecond

// Config wires a lobby.
type Config struct {
	Registry *engine.Registry
	Bots     tables.BotFactory
	Sink     tables.RecordSink
	Clock    tables.Clock  // tables.RealClock{} when nil
	Logger   tables.Logger // nothing is logged when nil
	// LevelBots makes the bot of a level ("easy", "normal", "strong") for a
	// seat, for tables created with CreateRequest.BotLevels; an unknown level
	// is an error. Nil: every table uses Bots.
	LevelBots func(ruleset, level string, seat int) (engine.Bot, error)
	// Fallback makes the bot that moves for a seat whose bot did not decide
	// in time (tables.Config.Fallback); nil: the first legal move.
	Fallback tables.BotFactory
	// Seed seeds table ids and table seeds; 0 takes one from crypto/rand
	// (tests pass a fixed one). Invite codes always come from crypto/rand.
	Seed uint64
	// TurnTimer and BotPace are the defaults of new tables
	// (tables.DefaultTurnTimer, tables.DefaultBotPace when 0).
	TurnTimer time.Duration
	BotPace   time.Duration
	// TrickPause is every table's pause after a completed trick
	// (tables.Config.TrickPause; 0: none).
	TrickPause time.Duration
	// IdleClose closes a table waiting for its start that nobody has been
	// at for this long (tables.DefaultIdleClose when 0; Off: never).
	IdleClose time.Duration
	// UnattendedClose ends a running game whose table nobody (no person
	// connected, no spectator) has been at for this long, restored tables
	// too, unless a person keeps a seat there (SeatHold;
	// tables.DefaultUnattendedClose when 0; Off: never).
	UnattendedClose time.Duration
	// SeatHold is how long a running game waits, holding still, for its
	// people when all have left its table but still have their seats: gone
	// to the lobby, dropped, not back since a restart (tables.Config.SeatHold;
	// tables.DefaultSeatHold when 0; Off: no hold, UnattendedClose applies).
	SeatHold time.Duration
	// MaxTables bounds the tables running at once (200 when 0).
	MaxTables int
	// MaxTablesPerPlayer bounds the tables one person (a key, or an
	// address for guests) hosts at once (DefaultMaxTablesPerPlayer when 0;
	// negative: no bound).
	MaxTablesPerPlayer int
	// PublishEvery coalesces lobby updates: subscribers get at most one
	// update per PublishEvery. A change after a quiet interval goes out at
	// once; changes within the interval go out together at its end, as one
	// update of the state then. Zero: every change goes out at once.
	// A server uses DefaultPublishEvery: every update wakes every lobby
	// screen, so a burst of logins would otherwise cost O(people online)
	// per login.
	PublishEvery time.Duration

	// Journal is given to every table: it journals the game as it is
	// played and keeps it when it ends (nil: games do not survive a crash).
	Journal tables.Journal
	// JournalRetry is how often a table whose journal cannot be written
	// tries again (tables.DefaultJournalRetry when 0).
	JournalRetry time.Duration
	// Saved lists the journals of the tables that were running when the
	// server last stopped; Run restores them before it serves anyone (nil:
	// none).
	Saved SavedTables
	// Names keeps display names reserved across restarts (nil: names are
	// reserved in memory while the server runs). Guests never reserve one.
	Names NameRegistry
	// Cluster shares the directory with the other nodes of a cluster
	// (nil: this lobby is the only one).
	Cluster Cluster
}

// NameRegistry keeps the names people (never guests) reserved: the first key
// to use a name keeps it. *store.Store fits it through an adapter
// (cardroom/keeper).
type NameRegistry interface {
	// Reserve reserves name (compared case-insensitively) for id, freeing
	// the name id held before; when someone else holds it, it reserves the
	// first free variant (name2, name3, …) and returns the name id now holds.
	Reserve(id, name string) (string, error)
	// Owner returns the id holding name, "" when nobody does.
	Owner(name string) (string, error)
}

// SavedTables reads back the journals of unfinished tables.
type SavedTables interface {
	Unfinished() ([]tables.Saved, error)
}

// Online is one person in the lobby.
type Online struct {
	ID       string
	Name     string
	Guest    bool
	Sessions int
}

// TableInfo is a table as the lobby lists it.
type TableInfo struct {
	tables.Summary
	// Again is the id of the finished table this one plays again (again.go),
	// "" for none: its people see who started it on their game-over screen.
	Again string
	// admitted are the keys a private table lets in by its id besides its
	// seats' people and its host: everyone who came in with its code, or
	// held a seat or the host role before (see Admits); a restored table's
	// start from its journal (tables.Table.Admitted). Shared: never
	// appended to in place.
	admitted []string
}

// Update is what a lobby screen shows: everyone online and every table.
// Its slices are shared between subscribers and must be treated as
// read-only.
type Update struct {
	Version uint64
	Online  []Online    // by name
	Tables  []TableInfo // oldest first
	// Elsewhere counts the people online on the other nodes of a cluster.
	Elsewhere int
}

// OnlineCount is how many people are online in the whole card room: here
// and on the other nodes of a cluster.
func (u Update) OnlineCount() int { return len(u.Online) + u.Elsewhere }

// Entry is the answer to Enter.
type Entry struct {
	Player tables.Player
	// Note tells the player why their name is not the one they asked for
	// ("" when it is).
	Note string
	// Seated are the ids of the tables where the player holds a seat, the
	// running game they were at last first, then the other running games
	// and the waiting tables in the lobby's order: where they go back to.
	Seated []string
}

// Timer settings of a CreateRequest.
const (
	// Default (the zero value) takes the lobby's default.
	Default time.Duration = 0
	// Off turns the turn timer off, or makes bots move at once.
	Off time.Duration = -1
)

// CreateRequest asks for a new table.
type CreateRequest struct {
	Host    tables.Player
	Ruleset string         // a name of the registry
	Options engine.Options // validated by the rule set; defaults for the rest
	Seats   int            // 0: the game's own number (3–6 where it allows)
	Name    string         // "" : "<host>'s <game>"
	Private bool           // a private table is joined with its invite code
	// TurnTimer, BotPace and TrickPause: Default, Off, or a duration.
	TurnTimer  time.Duration
	BotPace    time.Duration
	TrickPause time.Duration
	// Watch: the host does not take seat 0 (they watch, or sit later).
	Watch bool
	// BotLevels chooses, by seat, the level of the bot that plays it when
	// nobody does ("" or missing: the default). Needs Config.LevelBots.
	BotLevels []string
	// Again is the id of a finished table this one plays again (again.go):
	// the first to ask creates the table, the others are given it.
	Again string
}

// Created is the answer to Create.
type Created struct {
	Table *tables.Table
	Info  TableInfo
	Code  string // the invite code of a private table
}

// Lobby is the directory. Create it with New and run it with Run.
type Lobby struct {
	cfg   Config
	clock tables.Clock
	log   tables.Logger

	inbox   chan request        // unbuffered; read only by Run; never closed
	summary chan tables.Summary // from the tables' forwarders; never closed
	ended   chan string         // a table's runner: its id, when Run returned
	quit    chan struct{}       // closed when Run stops serving requests
	done    chan struct{}       // closed when Run has returned
	stop    chan struct{}       // closed by Shutdown
	stopOne sync.Once
	running sync.Once
	drain   atomic.Bool // set by Drain: no new tables

	// Owned by the Run goroutine.
	rng        *rand.Rand
	names      map[string]string // folded name → the key it is reserved to
	addrs      map[string]string // player id → the address they are online from
	guesses    guesses           // wrong invite codes per key and address
	online     map[string]*Online
	roster     []Online            // everyone online, by name then id
	shared     bool                // roster is cur's Online: copy it before a change
	byName     map[string][]string // folded name → the ids online under it
	tabs       map[string]*entry
	order      []string // table ids, oldest first
	codes      map[string]string
	again      map[string]string // a finished table's id → the table playing it again (again.go)
	finished   []finished        // who ended private tables let in, oldest first (again.go)
	stuck      map[string]bool   // ids of journals that could not be restored
	subs       map[int]*subscriber
	nextSub    int
	version    uint64
	dirty      bool   // the state changed since cur was built
	urgent     bool   // a table people could sit at no longer can: publish at once
	cur        Update // the update of version; shared, never changed
	sent       uint64 // the version every subscriber has been given
	lastPub    time.Time
	pubTimer   tables.Timer // the pending trailing publish; nil when none
	others     int          // people online on the other nodes
	toldOnline int          // the online count last given to the cluster
	tablesWG   sync.WaitGroup
	cancel     context.CancelFunc // stops every table
	tctx       context.Context
}

type subscriber struct {
	box  *tables.Mailbox[Update]
	sent uint64 // the version last put into box
}

type entry struct {
	t     tables.Handle
	local *tables.Table // nil for a table of another node
	info  TableInfo
	code  string
	host  string // who created it, as hostOf counts them
	// creator is the key that created it: the table counts toward their
	// hosting limit while they host it still (hosting).
	creator string
}

// New returns a lobby; call Run.
func New(cfg Config) *Lobby {
	if cfg.Clock == nil {
		cfg.Clock = tables.RealClock{}
	}
	if cfg.Logger == nil {
		cfg.Logger = nopLogger{}
	}
	if cfg.TurnTimer == 0 {
		cfg.TurnTimer = tables.DefaultTurnTimer
	}
	if cfg.BotPace == 0 {
		cfg.BotPace = tables.DefaultBotPace
	}
	if cfg.IdleClose == 0 {
		cfg.IdleClose = tables.DefaultIdleClose
	}
	if cfg.UnattendedClose == 0 {
		cfg.UnattendedClose = tables.DefaultUnattendedClose
	}
	if cfg.SeatHold == 0 {
		cfg.SeatHold = tables.DefaultSeatHold
	}
	if cfg.MaxTables <= 0 {
		cfg.MaxTables = 200
	}
	if cfg.MaxTablesPerPlayer == 0 {
		cfg.MaxTablesPerPlayer = DefaultMaxTablesPerPlayer
	}
	seed := cfg.Seed
	if seed == 0 {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:])
	}
	l := &Lobby{
		cfg: cfg, clock: cfg.Clock, log: cfg.Logger,
		inbox:   make(chan request),
		summary: make(chan tables.Summary),
		ended:   make(chan string),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		stop:    make(chan struct{}),
		rng:     cards.NewRand(seed),
		names:   map[string]string{},
		addrs:   map[string]string{},
		online:  map[string]*Online{},
		byName:  map[string][]string{},
		tabs:    map[string]*entry{},
		codes:   map[string]string{},
		stuck:   map[string]bool{},
		subs:    map[int]*subscriber{},
	}
	l.tctx, l.cancel = context.WithCancel(context.Background())
	return l
}

// Run serves the lobby until ctx ends or Shutdown is called; then it stops
// every table, waits for all of them (each writes its record) and returns.
// Run may be called once.
func (l *Lobby) Run(ctx context.Context) error {
	first := false
	l.running.Do(func() { first = true })
	if !first {
		return errors.New("lobby: Run called twice")
	}
	defer close(l.done)
	l.restore()
	l.dirty = true
	l.publish()
	var err error
loop:
	for {
		select {
		case <-ctx.Done():
			err = ctx.Err()
			break loop
		case <-l.stop:
			break loop
		case r := <-l.inbox:
			l.handle(r)
		case li := <-l.listings():
			l.listed(li)
		case s := <-l.adopted():
			l.adopt(s)
		case n := <-l.elsewhere():
			l.others, l.dirty = n, true
		case s := <-l.summary:
			if e, ok := l.tabs[s.ID]; ok {
				if seatable(e.info) && !seatable(TableInfo{Summary: s}) {
					l.urgent = true
				}
				old := e.info
				e.info = TableInfo{Summary: s, admitted: old.admitted, Again: old.Again}
				if old.Private { // who held a seat or the host role stays let in
					for _, id := range old.Owners {
						l.admit(e, id)
					}
					l.admit(e, old.HostID)
				}
				l.dirty = true
				l.share(e)
			}
		case id := <-l.ended:
			l.removeTable(id)
		case <-l.timerC():
			l.pubTimer = nil
			l.send()
		}
		l.publish()
		l.tellOnline()
	}
	if l.pubTimer != nil {
		l.pubTimer.Stop()
		l.pubTimer = nil
	}
	close(l.quit)
	l.cancel()
	l.tablesWG.Wait()
	for id, s := range l.subs {
		s.box.Close()
		delete(l.subs, id)
	}
	return err
}

// Shutdown stops the lobby and every table, and waits until each table has
// ended and written its record, or until ctx ends.
func (l *Lobby) Shutdown(ctx context.Context) error {
	l.stopOne.Do(func() { close(l.stop) })
	select {
	case <-l.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// BotPace is the bot pace new tables get by default (lobby.Off: bots
// move at once).
func (l *Lobby) BotPace() time.Duration { return l.cfg.BotPace }

// TurnTimer is the turn timer new tables get by default (0: none).
func (l *Lobby) TurnTimer() time.Duration { return max(l.cfg.TurnTimer, 0) }

// TrickPause is the pause after a completed trick new tables get by default
// (0: none).
func (l *Lobby) TrickPause() time.Duration { return max(l.cfg.TrickPause, 0) }

// Drain makes the lobby refuse new tables (ErrClosed) from now on, while
// everything else goes on: the first step of a graceful shutdown.
func (l *Lobby) Drain() { l.drain.Store(true) }

// Done is closed when Run has returned.
func (l *Lobby) Done() <-chan struct{} { return l.done }

// publish gives the subscribers the latest state after a change: at once,
// or, within Config.PublishEvery of the last publish, when that interval
// ends (the trailing publish, which carries every change made meanwhile).
// A table quick play could seat people at and no longer can (seatable) is
// published at once all the same: quick play joins the first waiting table
// a screen shows, and a screen an interval behind would send people to
// full tables, or to one whose host just went away.
func (l *Lobby) publish() {
	if !l.dirty && l.sent == l.cur.Version {
		return // nothing new
	}
	every := l.cfg.PublishEvery
	if every <= 0 || l.urgent {
		l.urgent = false
		if l.pubTimer != nil {
			l.pubTimer.Stop() // this publish carries what it would have
			l.pubTimer = nil
		}
		l.send()
		return
	}
	if l.pubTimer != nil {
		return // the trailing publish will carry it
	}
	if !l.lastPub.IsZero() {
		if wait := l.lastPub.Add(every).Sub(l.clock.Now()); wait > 0 {
			l.pubTimer = l.clock.NewTimer(wait)
			return
		}
	}
	l.send()
}

// timerC is the channel of the pending trailing publish (nil: none).
func (l *Lobby) timerC() <-chan time.Time {
	if l.pubTimer == nil {
		return nil
	}
	return l.pubTimer.C()
}

// send puts the latest update into every mailbox that does not hold it
// yet. The update is built once and shared by all of them.
func (l *Lobby) send() {
	u := l.latest()
	if l.sent == u.Version {
		return
	}
	for _, s := range l.subs {
		if s.sent != u.Version {
			s.sent = u.Version
			s.box.Put(u)
		}
	}
	l.sent = u.Version
	l.lastPub = l.clock.Now()
}

// latest returns the update of the current state, building it (under a
// new version) only when the state changed since the last one.
func (l *Lobby) latest() Update {
	if l.dirty {
		l.dirty = false
		l.version++
		l.cur = l.current()
	}
	return l.cur
}

// ---- requests ------------------------------------------------------------

type request interface{ isRequest() }

type (
	enterReq struct {
		in    Login
		reply chan result[Entry]
	}
	exitReq struct {
		id    string
		reply chan result[struct{}]
	}
	createReq struct {
		req   CreateRequest
		reply chan result[Created]
	}
	findReq struct {
		id, code string
		who      string // who asks: their wrong codes are counted, and a private table lets its own people in by id
		addr     string // who's address, when they have not entered the lobby
		any      bool   // private tables by id too (to leave them)
		reply    chan result[tables.Handle]
	}
	listReq struct {
		reply chan result[Update]
	}
	subscribeReq struct {
		reply chan result[*Subscription]
	}
	unsubscribeReq struct {
		id    int
		reply chan result[struct{}]
	}
	botNameReq struct {
		name, key string
		reply     chan result[struct{}]
	}
)

func (enterReq) isRequest()       {}
func (exitReq) isRequest()        {}
func (createReq) isRequest()      {}
func (findReq) isRequest()        {}
func (listReq) isRequest()        {}
func (subscribeReq) isRequest()   {}
func (unsubscribeReq) isRequest() {}
func (botNameReq) isRequest()     {}

type result[T any] struct {
	v   T
	err error
}

func call[T any](l *Lobby, r request, reply chan result[T]) (T, error) {
	var zero T
	select {
	case l.inbox <- r:
	case <-l.quit:
		return zero, ErrClosed
	}
	select {
	case res := <-reply:
		return res.v, res.err
	case <-l.quit:
		select { // the answer may have come just before the lobby stopped
		case res := <-reply:
			return res.v, res.err
		default:
			return zero, ErrClosed
		}
	}
}

// Enter brings a session of player id into the lobby under the name they ask
// for. A name belongs to the first key that used it while the server runs
// (guests hold theirs only while online); anyone else gets a free variant
// (alice → alice2) and a note saying why.
func (l *Lobby) Enter(id, name string, guest bool) (Entry, error) {
	return l.Login(Login{ID: id, Name: name, Guest: guest})
}

// Login is Enter with what the lobby should know about the name asked for.
// A name is cleaned (names.Clean: NFC, no escapes or invisible characters,
// bounded marks and width) and compared by names.Key, so a name that looks
// like another one is taken like it. A login whose name cannot be reserved
// (the store cannot write) is refused with ErrNameNotSaved, or with
// ErrRoomUnreachable when the registry is a cluster's that has no majority.
func (l *Lobby) Login(in Login) (Entry, error) {
	r := make(chan result[Entry], 1)
	return call(l, enterReq{in, r}, r)
}

// Exit ends one session of player id; they leave the online list with
// their last session.
func (l *Lobby) Exit(id string) error {
	r := make(chan result[struct{}], 1)
	_, err := call(l, exitReq{id, r}, r)
	return err
}

// Create validates req and starts a new table. Its host gives up any seat
// at another waiting table (leaveWaiting).
func (l *Lobby) Create(req CreateRequest) (Created, error) {
	r := make(chan result[Created], 1)
	c, err := call(l, createReq{req: req, reply: r}, r)
	if err == nil {
		l.leaveWaiting(req.Host, c.Info.ID)
	}
	return c, err
}

// Table returns the open table with the given id (a private one only with
// its code: FindCode).
func (l *Lobby) Table(id string) (*tables.Table, error) {
	r := make(chan result[tables.Handle], 1)
	return localTable(call(l, findReq{id: strings.TrimSpace(id), reply: r}, r))
}

// FindCode returns the table with the invite code (any case, spaces
// ignored). It is not limited: people's codes go through Join and Watch,
// which count wrong ones.
func (l *Lobby) FindCode(code string) (*tables.Table, error) {
	r := make(chan result[tables.Handle], 1)
	return localTable(call(l, findReq{code: normCode(code), reply: r}, r))
}

// FindCodeFor is FindCode for the key who at the address addr, who need
// not be in the lobby (a bot's program): a wrong code counts against them
// as one typed in the lobby does, and too many make them wait.
func (l *Lobby) FindCodeFor(who, addr, code string) (*tables.Table, error) {
	r := make(chan result[tables.Handle], 1)
	return localTable(call(l, findReq{code: normCode(code), who: who, addr: addr, reply: r}, r))
}

// localTable is the table h when it runs in this process: a bot program's
// seat is placed only there (ErrOtherNode otherwise).
func localTable(h tables.Handle, err error) (*tables.Table, error) {
	if err != nil {
		return nil, err
	}
	t, ok := h.(*tables.Table)
	if !ok {
		return nil, ErrOtherNode
	}
	return t, nil
}

// find returns the table named by an id, or else by an invite code, for
// p: a private table by its id only when it admits p (Admits); by its
// code, it admits p from then on. A wrong code counts against p's wrong
// codes (TooManyGuesses once there were too many).
func (l *Lobby) find(p tables.Player, idOrCode string) (tables.Handle, error) {
	r := make(chan result[tables.Handle], 1)
	t, err := call(l, findReq{id: strings.TrimSpace(idOrCode), code: normCode(idOrCode), who: p.ID, reply: r}, r)
	if err == nil && t.Private() {
		err = t.Admit(p) // in its journal: a restored table lets p in too
	}
	return t, err
}

// Join seats p at the table named by id or invite code (seat -1: any); p
// gives up any seat at another waiting table (leaveWaiting). Someone who
// holds a seat in a running game takes none in another (mayTakeOver).
func (l *Lobby) Join(p tables.Player, idOrCode string, seat int) (tables.Handle, error) {
	t, err := l.find(p, idOrCode)
	if err != nil {
		return nil, err
	}
	if err := l.mayTakeOver(p, t.ID()); err != nil {
		return nil, err
	}
	if err := t.Sit(p, seat); err != nil {
		return t, err
	}
	l.leaveWaiting(p, t.ID())
	return t, nil
}

// Watch makes p a spectator of the table named by id or invite code.
func (l *Lobby) Watch(p tables.Player, idOrCode string) (tables.Handle, error) {
	t, err := l.find(p, idOrCode)
	if err != nil {
		return nil, err
	}
	return t, t.Watch(p)
}

// Leave takes p off the table with the given id (seat or spectator).
func (l *Lobby) Leave(p tables.Player, id string) error {
	r := make(chan result[tables.Handle], 1)
	t, err := call(l, findReq{id: id, any: true, reply: r}, r)
	if err != nil {
		return err
	}
	return t.Leave(p)
}

// List returns the lobby as it is now.
func (l *Lobby) List() (Update, error) {
	r := make(chan result[Update], 1)
	return call(l, listReq{r}, r)
}

// Subscribe returns a stream of lobby updates: one of the state now at
// once, then one after every change (or every Config.PublishEvery while
// things change), latest wins.
func (l *Lobby) Subscribe() (*Subscription, error) {
	r := make(chan result[*Subscription], 1)
	return call(l, subscribeReq{r}, r)
}

// Subscription is one lobby screen's stream of updates.
type Subscription struct {
	// C receives updates; the lobby closes it on Close or when it stops.
	C    <-chan Update
	l    *Lobby
	id   int
	once sync.Once
}

// Close ends the subscription; safe to call more than once.
func (s *Subscription) Close() {
	s.once.Do(func() {
		r := make(chan result[struct{}], 1)
		_, _ = call(s.l, unsubscribeReq{s.id, r}, r)
	})
}

func (l *Lobby) handle(r request) {
	switch r := r.(type) {
	case enterReq:
		e, err := l.enter(r.in)
		r.reply <- result[Entry]{e, err}
	case exitReq:
		o, ok := l.online[r.id]
		if !ok {
			r.reply <- result[struct{}]{err: ErrNotOnline}
			return
		}
		l.unlist(o)
		if o.Sessions--; o.Sessions <= 0 {
			delete(l.online, r.id)
			delete(l.addrs, r.id)
		} else {
			l.list(o)
		}
		l.dirty = true
		r.reply <- result[struct{}]{}
	case createReq:
		c, err := l.create(r.req)
		r.reply <- result[Created]{c, err}
	case findReq:
		t, err := l.lookup(r)
		r.reply <- result[tables.Handle]{t, err}
	case listReq:
		r.reply <- result[Update]{v: l.latest()}
	case subscribeReq:
		l.nextSub++
		u := l.latest() // a new screen starts from the state now
		s := &subscriber{box: tables.NewMailbox[Update](), sent: u.Version}
		s.box.Put(u)
		l.subs[l.nextSub] = s
		r.reply <- result[*Subscription]{v: &Subscription{C: s.box.C(), l: l, id: l.nextSub}}
	case unsubscribeReq:
		if s, ok := l.subs[r.id]; ok {
			s.box.Close()
			delete(l.subs, r.id)
		}
		r.reply <- result[struct{}]{}
	case botNameReq:
		var err error
		if l.takenFor(r.name, r.key) {
			err = ErrBotNamePerson
		}
		r.reply <- result[struct{}]{err: err}
	case botSeatsReq:
		r.reply <- result[botSeats]{v: l.botSeats(r)}
	default:
		panic(fmt.Sprintf("lobby: unknown request %T", r))
	}
}

// current builds the update of the current state under the current
// version; latest calls it. The online list is the roster itself, not a
// copy: the roster is copied when it next changes.
func (l *Lobby) current() Update {
	u := Update{Version: l.version, Online: slices.Clip(l.roster), Elsewhere: l.others} // clipped: an append by a reader copies
	l.shared = true
	for _, id := range l.order {
		u.Tables = append(u.Tables, l.tabs[id].info)
	}
	return u
}

func byNameThenID(a, b Online) int {
	if c := strings.Compare(a.Name, b.Name); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// own makes the roster the lobby's alone before a change (an update
// shares it otherwise).
func (l *Lobby) own() {
	if l.shared {
		l.roster = append(make([]Online, 0, len(l.roster)+len(l.roster)/8+8), l.roster...)
		l.shared = false
	}
}

// list puts o on the roster and in the name index, as it is now.
func (l *Lobby) list(o *Online) {
	l.own()
	i, found := slices.BinarySearchFunc(l.roster, *o, byNameThenID)
	if found {
		l.roster[i] = *o
	} else {
		l.roster = slices.Insert(l.roster, i, *o)
	}
	k := fold(o.Name)
	if !slices.Contains(l.byName[k], o.ID) {
		l.byName[k] = append(l.byName[k], o.ID)
	}
}

// unlist takes o (as listed) off the roster and out of the name index.
func (l *Lobby) unlist(o *Online) {
	if i, found := slices.BinarySearchFunc(l.roster, *o, byNameThenID); found {
		l.own()
		l.roster = slices.Delete(l.roster, i, i+1)
	}
	k := fold(o.Name)
	ids := slices.DeleteFunc(l.byName[k], func(id string) bool { return id == o.ID })
	if len(ids) == 0 {
		delete(l.byName, k)
	} else {
		l.byName[k] = ids
	}
}

// lookup finds the table of r: by id (a private one only for the people
// it admits, or to leave it), else by invite code.
func (l *Lobby) lookup(r findReq) (tables.Handle, error) {
	err := ErrNoTable
	if r.id != "" {
		if e, ok := l.tabs[r.id]; ok {
			if e.code == "" || r.any || e.info.Admits(r.who) {
				return e.t, nil
			}
			err = ErrPrivate
		}
	}
	if r.code != "" {
		if r.who != "" && codeShaped(r.code) { // anything else is a table id mistyped, not a guess
			if err := l.tryCode(r.who, cmp.Or(l.addrs[r.who], r.addr)); err != nil {
				return nil, err
			}
		}
		id, ok := l.codes[r.code]
		if !ok {
			if r.who != "" && codeShaped(r.code) {
				l.wrongCode(r.who, cmp.Or(l.addrs[r.who], r.addr))
			}
			if r.id == "" {
				return nil, ErrNoCode
			}
			return nil, err
		}
		e := l.tabs[id]
		l.admit(e, r.who)
		return e.t, nil
	}
	return nil, err
}

// admit lets the key id into e's private table by its id from now on.
func (l *Lobby) admit(e *entry, id string) {
	if id == "" || e.info.Admits(id) {
		return
	}
	e.info.admitted = append(slices.Clip(e.info.admitted), id) // clipped: updates share the old one
	l.dirty = true
	l.share(e)
}

// Admits reports whether the private table lets the key id in by its id,
// without the code: its host, the people in its seats, and everyone who
// came in with the code or held a seat or the host role before. A public
// table admits everyone.
func (t TableInfo) Admits(id string) bool {
	if !t.Private {
		return true
	}
	if id == "" {
		return false
	}
	return id == t.HostID || t.Holds(id) || slices.Contains(t.admitted, id)
}

// Holds reports whether the key id owns a seat at the table.
func (t TableInfo) Holds(id string) bool {
	return id != "" && slices.Contains(t.Owners[:], id)
}

// LastHereOf is when the key id last came to the table or left it, as the
// owner of a seat there (zero: not known).
func (t TableInfo) LastHereOf(id string) time.Time {
	if i := slices.Index(t.Owners[:], id); id != "" && i >= 0 {
		return t.LastHere[i]
	}
	return time.Time{}
}

// For is the tables of u that the key id may see: every public table, and
// the private ones that admit id (Admits). It is u.Tables itself when
// nothing is hidden from id.
func (u Update) For(id string) []TableInfo {
	hide := slices.ContainsFunc(u.Tables, func(t TableInfo) bool { return !t.Admits(id) })
	if !hide {
		return u.Tables
	}
	out := make([]TableInfo, 0, len(u.Tables))
	for _, t := range u.Tables {
		if t.Admits(id) {
			out = append(out, t)
		}
	}
	return out
}

// seated is the ids of the tables where the key id holds a seat (seatedIn).
func (l *Lobby) seated(id string) []string {
	ts := make([]TableInfo, 0, len(l.order))
	for _, tid := range l.order {
		ts = append(ts, l.tabs[tid].info)
	}
	return seatedIn(ts, id)
}

// seatedIn is the ids of the tables of ts where the key id holds a seat:
// running games first, the one they were at last first of all, then
// waiting tables, each otherwise in the order of ts.
func seatedIn(ts []TableInfo, id string) []string {
	var playing, waiting []TableInfo
	for _, info := range ts {
		switch {
		case !info.Holds(id):
		case info.Phase == tables.Playing:
			playing = append(playing, info)
		case info.Phase == tables.Waiting:
			waiting = append(waiting, info)
		}
	}
	slices.SortStableFunc(playing, func(a, b TableInfo) int { return b.LastHereOf(id).Compare(a.LastHereOf(id)) })
	out := make([]string, 0, len(playing)+len(waiting))
	for _, info := range append(playing, waiting...) {
		out = append(out, info.ID)
	}
	return out
}

// Seated is the ids of the tables of u where the key id holds a seat, the
// one to go back to first (see Entry.Seated).
func (u Update) Seated(id string) []string { return seatedIn(u.Tables, id) }

// ---- names ---------------------------------------------------------------

// fold is the form names are compared in: names that look alike are one
// name (names.Key).
func fold(name string) string { return names.Key(name) }

// ErrNameNotSaved refuses a login whose name could not be reserved: the
// store cannot write.
var ErrNameNotSaved = errors.New("the server cannot save your name right now (its disk may be full): please try again later")

// ErrRoomUnreachable refuses a login whose name the other nodes of a
// cluster could not agree on: this node cannot reach enough of them.
var ErrRoomUnreachable = errors.New("the server cannot reach the rest of the card room: please try again in a minute")

// takenFor reports whether name cannot be given to player id: someone
// else reserved it (or one that looks like it), or someone else online
// uses it.
func (l *Lobby) takenFor(name, id string) bool {
	if l.cfg.Names != nil {
		owner, err := l.cfg.Names.Owner(name)
		if err != nil {
			l.log.Warn("lobby: name registry", "err", err)
		}
		if owner != "" && owner != id {
			return true
		}
	} else if owner, ok := l.names[fold(name)]; ok && owner != id {
		return true
	}
	for _, oid := range l.byName[fold(name)] {
		if oid != id {
			return true
		}
	}
	return false
}

// ErrBotNamePerson refuses a bot a name that a person holds on this server.
var ErrBotNamePerson = errors.New("a person on this server has that name: give the bot another one")

// BotName refuses name to a bot that plays with the key key when a person
// (another key) reserved it or one that looks like it, or uses it online.
func (l *Lobby) BotName(name, key string) error {
	r := make(chan result[struct{}], 1)
	_, err := call(l, botNameReq{name, key, r}, r)
	return err
}

// reserve keeps name for the key id: in the registry (which may give a
// variant if the name was taken meanwhile) or in memory.
func (l *Lobby) reserve(id, name string) (string, error) {
	if l.cfg.Names == nil {
		l.names[fold(name)] = id
		return name, nil
	}
	got, err := l.cfg.Names.Reserve(id, name)
	if err != nil || got == "" {
		l.log.Error("lobby: name not reserved: login refused", "player", id, "name", name, "err", err)
		if errors.Is(err, ErrRoomUnreachable) {
			return "", ErrRoomUnreachable
		}
		return "", ErrNameNotSaved
	}
	return got, nil
}

// Login is who enters the lobby (Lobby.Login).
type Login struct {
	ID    string
	Name  string // the name asked for
	Guest bool
	// Replaced says why the name the client first asked for was replaced
	// by Name before it got here (names.Escapes, names.Invisible), so the
	// player can be told.
	Replaced names.Change
	// Addr is the address (IP) the player connects from: wrong invite codes
	// and tables hosted are counted per address too (guests have a new id
	// every time).
	Addr string
}

// noteFor tells the player why their name is not the one they asked for.
func noteFor(why names.Change, name string) string {
	switch why {
	case names.Escapes:
		return "your name had control characters or escape sequences in it, so it was not used; you are " + name
	case names.Invisible:
		return "your name had invisible characters in it, so it was not used; you are " + name
	case names.Marks:
		return "your name had too many accents on one letter; you are " + name
	case names.Cut:
		return fmt.Sprintf("your name was too long (at most %d columns wide; CJK characters and emoji take two); you are %s", names.MaxCells, name)
	case names.Symbols:
		return "a name may hold only letters, digits and - _ . (no spaces or other signs); you are " + name
	}
	return ""
}

func (l *Lobby) enter(in Login) (Entry, error) {
	id, want, guest := in.ID, in.Name, in.Guest
	if id == "" {
		return Entry{}, ErrNoIdentity
	}
	name, why := names.Clean(want)
	if in.Replaced != names.Unchanged {
		why = in.Replaced
	}
	note := ""
	if name == "" {
		name = "guest"
		if !guest {
			name = "player"
		}
		note = fmt.Sprintf("%q cannot be shown as a name", tables.Clean(want))
	} else {
		note = noteFor(why, name)
	}
	if l.takenFor(name, id) {
		base := name
		for n := 2; ; n++ {
			if v := names.Variant(base, n); !l.takenFor(v, id) {
				name = v
				break
			}
		}
		switch {
		case why == names.Escapes || why == names.Invisible:
			note = noteFor(why, name) // what they most need to know
		case !plain(base):
			note = fmt.Sprintf("the name %s looks too much like someone else's name; you are %s", base, name)
		default:
			note = fmt.Sprintf("the name %s is taken by someone else on this server; you are %s", base, name)
		}
	}
	if !guest { // a guest holds a name only while online
		got, err := l.reserve(id, name)
		if err != nil {
			return Entry{}, err
		}
		name = got
	}
	o := l.online[id]
	if o == nil {
		o = &Online{ID: id, Guest: guest}
		l.online[id] = o
	} else {
		l.unlist(o)
	}
	o.Name = name
	o.Sessions++
	if in.Addr != "" {
		l.addrs[id] = in.Addr
	}
	l.list(o)
	l.dirty = true
	l.log.Info("lobby: entered", "player", id, "name", name, "asked", tables.Clean(want), "guest", guest)
	return Entry{Player: tables.Player{ID: id, Name: name, Guest: guest}, Note: note, Seated: l.seated(id)}, nil
}

// plain reports whether name is all ASCII: when such a name is taken, it is
// taken, not only like another one.
func plain(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// ---- tables --------------------------------------------------------------

func normCode(code string) string {
	return strings.ToUpper(strings.Join(strings.Fields(code), ""))
}

// newCode draws a free invite code from crypto/rand (never from the seed:
// knowing a server's seed must not give its codes away).
func (l *Lobby) newCode() string {
	for {
		b := make([]byte, CodeLen)
		for i := range b {
			b[i] = codeAlphabet[randIntN(len(codeAlphabet))]
		}
		if _, taken := l.codes[string(b)]; !taken {
			return string(b)
		}
	}
}

const idAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// randIntN is a uniform number in [0, n) from crypto/rand.
func randIntN(n int) int {
	var b [8]byte
	_, _ = crand.Read(b[:])
	return int(binary.LittleEndian.Uint64(b[:]) % uint64(n))
}

// NamesTable reports whether s is shaped like a table id or an invite code (existing or not).
func NamesTable(s string) bool {
	if codeShaped(normCode(s)) {
		return true
	}
	if len(s) != 6 {
		return false
	}
	for _, c := range strings.ToLower(s) {
		if !strings.ContainsRune(idAlphabet, c) {
			return false
		}
	}
	return true
}

func (l *Lobby) newID() string {
	for {
		b := make([]byte, 6)
		for i := range b {
			b[i] = idAlphabet[l.rng.IntN(len(idAlphabet))]
		}
		if _, taken := l.tabs[string(b)]; !taken && !l.stuck[string(b)] {
			return string(b)
		}
	}
}

func (l *Lobby) create(req CreateRequest) (Created, error) {
	if req.Host.ID == "" {
		return Created{}, ErrNoIdentity
	}
	if l.drain.Load() {
		return Created{}, ErrClosed
	}
	if c, ok := l.playingAgain(req); ok {
		return c, nil
	}
	if l.locals() >= l.cfg.MaxTables {
		return Created{}, ErrTooManyTabs
	}
	host := l.hostOf(req.Host.ID, req.Host.Guest)
	if err := l.mayHost(host); err != nil {
		return Created{}, err
	}
	rs, err := l.cfg.Registry.Lookup(req.Ruleset)
	if err != nil {
		return Created{}, err
	}
	seats := req.Seats
	if seats == 0 {
		seats = min(max(4, rs.MinPlayers), rs.MaxPlayers)
	}
	if seats < 3 || seats > 6 {
		return Created{}, ErrBadSeats
	}
	name := tables.Clean(req.Name)
	name = ansi.Truncate(name, 32, "")
	if name == "" {
		name = req.Host.Name + "'s " + rs.Title
	}
	bots, err := l.botsFor(rs.Name, seats, req.BotLevels)
	if err != nil {
		return Created{}, err
	}
	cfg := tables.Config{
		ID: l.newID(), Name: name, Ruleset: rs, Options: req.Options, Seats: seats,
		Host: req.Host, SeatHost: !req.Watch, Private: req.Private, Seed: l.rng.Uint64(),
		TurnTimer: pick(req.TurnTimer, l.cfg.TurnTimer), BotPace: pick(req.BotPace, l.cfg.BotPace),
		IdleClose: max(l.cfg.IdleClose, 0), UnattendedClose: max(l.cfg.UnattendedClose, 0), SeatHold: max(l.cfg.SeatHold, 0), TrickPause: pick(req.TrickPause, max(l.cfg.TrickPause, 0)), JournalRetry: l.cfg.JournalRetry, BotLevels: req.BotLevels,
		Clock: l.clock, Bots: bots, Sink: l.cfg.Sink, Logger: l.log, Journal: l.cfg.Journal, Shared: l.cfg.Cluster != nil,
		Fallback: l.cfg.Fallback,
	}
	if req.Private {
		cfg.Code, cfg.Admitted = l.newCode(), l.admittedAgain(req)
	}
	t, err := tables.New(cfg)
	if err != nil {
		return Created{}, err
	}
	e := &entry{t: t, local: t, code: cfg.Code, host: host, creator: req.Host.ID, info: TableInfo{Summary: <-t.Summaries(), Again: req.Again, admitted: cfg.Admitted}}
	l.tabs[cfg.ID] = e
	l.order = append(l.order, cfg.ID)
	if cfg.Code != "" {
		l.codes[cfg.Code] = cfg.ID
	}
	l.start(t)
	l.share(e)
	l.dirty = true
	l.noteAgain(req, cfg.ID)
	l.log.Info("table created", "table", cfg.ID, "game", rs.Name, "host", req.Host.Name, "private", req.Private)
	return Created{Table: t, Info: e.info, Code: cfg.Code}, nil
}

func pick(asked, def time.Duration) time.Duration {
	switch {
	case asked == Default:
		return def
	case asked < 0:
		return 0
	}
	return asked
}

// start runs the table and forwards its summaries; both goroutines are the
// lobby's, stopped (via tctx) and waited for in Run. The actor is the only
// caller, and it no longer calls start once it has stopped serving.
func (l *Lobby) start(t *tables.Table) {
	if l.cfg.Cluster != nil {
		l.cfg.Cluster.Serve(t)
	}
	l.tablesWG.Add(2)
	go func() {
		defer l.tablesWG.Done()
		err := t.Run(l.tctx)
		if err != nil && !errors.Is(err, context.Canceled) {
			l.log.Warn("table ended", "table", t.ID(), "err", err)
		}
		select {
		case l.ended <- t.ID():
		case <-l.quit:
		}
	}()
	go func() {
		defer l.tablesWG.Done()
		for s := range t.Summaries() {
			select {
			case l.summary <- s:
			case <-l.quit:
				return
			}
		}
	}()
}

// seatable reports whether quick play may seat people at the table from
// the lobby's list: it waits, has a free seat, and its host is there to
// start it.
func seatable(t TableInfo) bool { return t.Phase == tables.Waiting && t.Free > 0 && t.HostHere }

// QuickPlay is the ids of the tables of u where quick play of game seats
// the key id, in the lobby's order: the public waiting tables of that game
// with a free seat whose host is at the table to start them (a table whose
// host is away or elsewhere would keep id waiting), and the ones id hosts.
func (u Update) QuickPlay(id, game string) []string {
	var out []string
	for _, t := range u.Tables {
		if t.Ruleset == game && !t.Private && t.Phase == tables.Waiting && t.Free > 0 && (t.HostHere || t.HostID == id) {
			out = append(out, t.ID)
		}
	}
	return out
}

func (l *Lobby) removeTable(id string) {
	e, ok := l.tabs[id]
	if !ok {
		return
	}
	if seatable(e.info) {
		l.urgent = true
	}
	delete(l.tabs, id)
	l.unshare(e, id)
	l.forgetAgain(id)
	l.keepFinished(id, e)
	if e.code != "" {
		delete(l.codes, e.code)
	}
	l.order = slices.DeleteFunc(l.order, func(s string) bool { return s == id })
	l.dirty = true
}

type nopLogger struct{}

func (nopLogger) Info(any, ...any)  {}
func (nopLogger) Warn(any, ...any)  {}
func (nopLogger) Error(any, ...any) {}

// restore brings back the tables whose journals Saved lists, keeping their
// ids and invite codes; each seat waits for its person's key while its bot
// plays (ON-2). A journal that cannot be restored is logged and left alone
// (its id is not given to a new table).
func (l *Lobby) restore() {
	if l.cfg.Saved == nil {
		return
	}
	saved, err := l.cfg.Saved.Unfinished()
	if err != nil {
		l.log.Error("lobby: the unfinished tables could not be read", "err", err)
		return
	}
	for _, s := range saved {
		l.restoreOne(s)
	}
}

// restoreOne brings back one table from its journal and starts it.
func (l *Lobby) restoreOne(s tables.Saved) {
	cfg := tables.Config{
		IdleClose: max(l.cfg.IdleClose, 0), UnattendedClose: max(l.cfg.UnattendedClose, 0), SeatHold: max(l.cfg.SeatHold, 0), TrickPause: max(l.cfg.TrickPause, 0), JournalRetry: l.cfg.JournalRetry,
		Clock: l.clock, Bots: l.restoredBots(s), Sink: l.cfg.Sink, Logger: l.log, Journal: l.cfg.Journal, Shared: l.cfg.Cluster != nil,
		Fallback: l.cfg.Fallback,
	}
	t, err := tables.Restore(l.cfg.Registry, s, cfg)
	if err == nil && l.tabs[t.ID()] != nil {
		err = fmt.Errorf("table id %s restored twice", t.ID())
	}
	if err == nil && t.Code() != "" && l.codes[t.Code()] != "" {
		err = fmt.Errorf("invite code %s restored twice", t.Code())
	}
	if err != nil {
		l.stuck[s.Table] = true
		l.log.Error("lobby: table not restored", "table", s.Table, "err", err)
		return
	}
	c := t.Creator()
	e := &entry{t: t, local: t, code: t.Code(), host: l.hostOf(c.ID, c.Guest), creator: c.ID, info: TableInfo{Summary: <-t.Summaries(), admitted: t.Admitted()}}
	l.tabs[t.ID()] = e
	l.order = append(l.order, t.ID())
	if e.code != "" {
		l.codes[e.code] = t.ID()
	}
	l.start(t)
	l.share(e)
	l.dirty = true
	l.log.Info("table restored", "table", t.ID(), "game", t.Ruleset().Name, "events", len(s.Lines))
}

// restoredBots is the bot factory of a restored table: the levels it was
// created with, or the lobby's bots when they cannot be had any more (a
// level this server does not know is logged, and that seat gets the default).
func (l *Lobby) restoredBots(s tables.Saved) tables.BotFactory {
	levels := s.BotLevels()
	if len(levels) == 0 || l.cfg.LevelBots == nil {
		return l.cfg.Bots
	}
	h, _, err := engine.ParseHeader(l.cfg.Registry, s.Header)
	if err != nil {
		return l.cfg.Bots // Restore reports the header
	}
	for i, lvl := range levels {
		if lvl == "" {
			continue
		}
		if _, err := l.cfg.LevelBots(h.Ruleset, lvl, i); err != nil {
			l.log.Warn("lobby: restored table's bot level unknown; the seat gets the default bot", "table", s.Table, "seat", i, "level", lvl, "err", err)
			levels = slices.Clone(levels)
			levels[i] = ""
		}
	}
	bots, err := l.botsFor(h.Ruleset, max(len(h.Seats), len(levels)), levels)
	if err != nil {
		return l.cfg.Bots
	}
	return bots
}

// botsFor is the bot factory of a new table: the lobby's, or one that seats
// the bot of the level asked for each seat. A level that does not exist is
// an error naming it.
func (l *Lobby) botsFor(ruleset string, seats int, levels []string) (tables.BotFactory, error) {
	if len(levels) == 0 || l.cfg.LevelBots == nil {
		return l.cfg.Bots, nil
	}
	if len(levels) > seats {
		return nil, fmt.Errorf("%d bot levels for %d seats", len(levels), seats)
	}
	chosen := make([]string, seats)
	for i, lvl := range levels {
		if lvl == "" {
			continue
		}
		if _, err := l.cfg.LevelBots(ruleset, lvl, i); err != nil {
			return nil, err
		}
		chosen[i] = lvl
	}
	level, fallback := l.cfg.LevelBots, l.cfg.Bots
	return func(rs string, seat int) engine.Bot {
		if seat >= 0 && seat < len(chosen) && chosen[seat] != "" {
			if b, err := level(rs, chosen[seat], seat); err == nil {
				return b
			}
		}
		if fallback != nil {
			return fallback(rs, seat)
		}
		return nil
	}, nil
}
