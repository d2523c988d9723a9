// Package tables runs card tables: a Table is an actor, one goroutine (Run)
// that owns an engine.Game and everything around it — seats, spectators,
// bots, the turn timer, chat and the record. Everything reaches it as a
// command on its inbox (one method per command, each returning the table's
// answer), and it speaks only through snapshots, one latest-wins Mailbox per
// subscriber, so a slow client never delays the table. With a bot pace, a
// bot decides off that goroutine, bounded by a deadline, while the table
// goes on serving commands (think.go); the table owns those goroutines too.
//
// Rules implemented here (RULES.md Part C): bots fill free seats on Start
// (ON-1); a person who drops keeps the seat while their bot plays, and takes
// over at once on return (ON-2); the turn timer makes the bot make that one
// move and marks the seat away (ON-3, away.go); each subscriber gets only its seat's view, spectators
// the public one (ON-4); every event is recorded with its time and the record
// is saved when the table ends, however it ends (ON-5). Also SI-5 sitouts
// (singularity) and BB-7 penalties (boerenbridge). A completed trick, and
// the end of a deal, is held on screen for Config.TrickPause (pause.go).
//
// Persistence (journal.go): with a Journal, every event is appended to the
// table's journal before any subscriber sees its effect, and a finished game
// is handed to Journal.Finish; Restore rebuilds a table from its journal
// after a restart. The deal and bot randomness is drawn per step, from the
// seed and the number of events so far, so that a restored table plays on
// exactly as the uninterrupted one would have.
package tables

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Rule set names the table treats specially (SI-5, BB-7).
const (
	singularity  = "singularity"
	boerenbridge = "boerenbridge"
)

// GivesPenalties reports whether the host of a table of this rule set may
// give penalties (Penalty): boerenbridge's scorekeeper does (BB-7).
func GivesPenalties(ruleset string) bool { return ruleset == boerenbridge }

// MaxReasonRunes bounds a penalty's reason.
const MaxReasonRunes = 80

// MaxPenalty bounds a penalty's points (-1 to -MaxPenalty): more than any
// round scores in any scoring (at most 340: progressive, 17 cards), so a
// penalty can cost more than a round, and narrow enough for the score sheet.
const MaxPenalty = 1000

// Table is one card table. Create it with New, run it with Run (once), and
// talk to it through its methods from any goroutine.
type Table struct {
	// Immutable after New.
	cfg   Config
	rs    *engine.Ruleset
	opts  engine.Options
	clock Clock
	log   Logger
	bots  BotFactory

	inbox     chan command      // unbuffered; never closed; read only by Run
	done      chan struct{}     // closed when Run has finished
	summaries *Mailbox[Summary] // owned by the Run goroutine (New puts the first)
	running   atomic.Bool

	// Owned by the Run goroutine.
	g          engine.Game
	phase      Phase
	seats      []seat
	host       Player
	hostGone   bool     // the host left with nobody seated: the next to sit is host (host.go)
	admitted   []string // keys let into a private table (admit.go)
	spect      []Player
	subs       map[int]*subscriber
	nextSub    int
	version    uint64
	dirty      bool
	chat       []ChatLine
	chatTokens map[string]*bucket
	events     []engine.Event // the events of g so far, each with its time (record)
	lastEv     engine.Event
	dealRound  int  // the round of the last deal or draw seen
	playedDeal bool // a play was made since that deal
	sitoutAt   int  // len(events) when SI-5 was last checked
	started    time.Time
	names      []string      // seat names when the game started (the record's header), the credited ones once over (ON-6)
	held       [][]holding   // by seat: who held it for how many of its moves (credit.go)
	runs       [][]holderRun // by seat: who held it in turn, for the score sheet (credit.go)
	jr         journalState
	seatBots   []engine.Bot
	over       chan struct{} // closed once the game has ended (placebot.go)
	armed      armKey
	botTimer   Timer
	turnTimer  Timer
	idleTimer  Timer         // a waiting table nobody is at closes when it fires
	idleFor    time.Duration // the grace idleTimer was set to
	pause      Timer         // the completed trick on screen ends when it fires (pause.go)
	deadline   time.Time
	left       turnLeft        // what was left of a turn clock that stopped before its turn ended (turnclock.go)
	ctx        context.Context // Run's context (Background before Run): decisions derive from it
	thinking   *decision       // the bot decision in flight for armed, nil when none
	thinkers   sync.WaitGroup  // every deciding goroutine, stale ones included
	standings  []Standing
	ended      string
	broken     bool    // the game panicked: do not ask it for views any more
	lastSum    Summary // the last summary put in summaries
}

type seat struct {
	owner     Player    // ID "" when nobody owns the seat
	bot       bool      // ownerless and played by a bot (filled at start or handed over)
	away      bool      // the owner is away (ON-3) until they act: their bot plays every turn
	connected bool      // the owner has a live connection
	sitout    int       // the round this seat sits out (SI-5), 0 when none
	missed    int       // turns in a row the owner's timer ran out on (away.go)
	botRounds []int     // the rounds the bot played for the owner since they were last back
	untold    []int     // botRounds of a return by Sit that the owner's next Subscribe is to be told (away.go)
	told      bool      // the others were told the bot plays until the owner is back
	lastHere  time.Time // when the owner last came to the table or left it (Summary.LastHere)
	botKey    string    // the key whose program placed the seat's bot (placebot.go): it may take the seat back
}

func (s *seat) kind() SeatKind {
	switch {
	case s.owner.ID == "" && s.bot:
		return Bot
	case s.owner.ID == "":
		return Free
	case s.connected && !s.away && s.missed == 0:
		return Human
	}
	return Away
}

type subscriber struct {
	player Player
	box    *Mailbox[Snapshot]
	last   Snapshot // the last snapshot put in box (savefail.go shows it again)
	gone   []int    // the rounds its person's bot moved for them while they were gone, until they act (away.go)
}

type bucket struct {
	tokens float64
	at     time.Time
}

type armKey struct {
	phase  Phase
	events int
	next   int
	bot    bool
	chance bool // a chance step shown at the bots' pace (PacedChancer)
	forced bool // the person to move has one move nobody chooses, played for them (forced)
	paused bool // a completed trick is on screen (pause.go): nobody moves
	held   bool // the game waits for its people (waitsForPeople): nobody moves
}

// New validates cfg (rule set, options, number of seats) and returns a table
// waiting for players. Call Run to start its goroutine: the command methods
// wait for it.
func New(cfg Config) (*Table, error) {
	if cfg.Ruleset == nil {
		return nil, fmt.Errorf("a table needs a rule set")
	}
	if !validID(cfg.ID) {
		return nil, fmt.Errorf("table id %q: use letters, digits, - and _", cfg.ID)
	}
	if cfg.Seats > MaxSeats {
		return nil, fmt.Errorf("a table has at most %d seats", MaxSeats)
	}
	g, opts, err := cfg.Ruleset.Start(cfg.Seats, cfg.Options)
	if err != nil {
		return nil, err
	}
	if cfg.TurnTimer < 0 {
		cfg.TurnTimer = 0
	}
	if cfg.BotPace < 0 {
		cfg.BotPace = 0
	}
	if cfg.BotBudget <= 0 {
		cfg.BotBudget = DefaultBotBudget
	}
	if cfg.ChatLines <= 0 {
		cfg.ChatLines = DefaultChatLines
	}
	if cfg.Name == "" {
		cfg.Name = cfg.Ruleset.Title
	}
	t := &Table{
		cfg: cfg, rs: cfg.Ruleset, opts: opts,
		clock: cfg.Clock, log: cfg.Logger, bots: cfg.Bots,
		inbox:      make(chan command),
		done:       make(chan struct{}),
		summaries:  NewMailbox[Summary](),
		g:          g,
		seats:      make([]seat, cfg.Seats),
		host:       cfg.Host,
		admitted:   slices.Clone(cfg.Admitted),
		subs:       map[int]*subscriber{},
		chatTokens: map[string]*bucket{},
		seatBots:   make([]engine.Bot, cfg.Seats),
		over:       make(chan struct{}),
		sitoutAt:   -1,
		armed:      armKey{next: engine.Over - 1},
		ctx:        context.Background(),
	}
	if t.clock == nil {
		t.clock = RealClock{}
	}
	if t.log == nil {
		t.log = nopLogger{}
	}
	if cfg.SeatHost && cfg.Host.ID != "" {
		t.seats[0] = seat{owner: cfg.Host, connected: true, lastHere: t.clock.Now()}
	}
	t.lastSum = t.summary()
	t.summaries.Put(t.lastSum)
	return t, nil
}

// ID is the table's id.
func (t *Table) ID() string { return t.cfg.ID }

// Name is the table's name.
func (t *Table) Name() string { return t.cfg.Name }

// Ruleset is the table's rule set.
func (t *Table) Ruleset() *engine.Ruleset { return t.rs }

// Done is closed when the table has ended and Run returned.
func (t *Table) Done() <-chan struct{} { return t.done }

// Summaries delivers the table's lobby summary after every change (latest
// wins). The channel is closed when the table ends. Meant for one reader:
// the lobby.
func (t *Table) Summaries() <-chan Summary { return t.summaries.C() }

// Run is the table's goroutine: it serves commands, deals, moves the bots and
// runs the timers until the game is over (nil), ctx ends (ctx.Err()), or a
// panic inside the table (an error wrapping ErrTableAborted). However it
// ends, the record of a started game is saved, subscribers get a last
// snapshot and their channels are closed. Run may be called once.
func (t *Table) Run(ctx context.Context) error {
	if !t.running.CompareAndSwap(false, true) {
		return ErrRunning
	}
	err := t.loop(ctx)
	t.finish(err)
	return err
}

func (t *Table) loop(ctx context.Context) (err error) {
	defer func() {
		if r := recover(); r != nil {
			t.broken = true
			t.log.Error("table panicked", "table", t.cfg.ID, "panic", r, "stack", string(debug.Stack()))
			err = fmt.Errorf("%w: %v", ErrTableAborted, r)
		}
	}()
	t.ctx = ctx
	t.dirty = true
	if err := t.settle(); err != nil {
		return err
	}
	for t.phase != Over {
		var botC, turnC, idleC, cutC, pauseC <-chan time.Time
		var thinkC <-chan decided
		if d := t.thinking; d != nil {
			if !d.ready {
				thinkC = d.result
			}
			if d.cut != nil {
				cutC = d.cut.C()
			}
		}
		if t.idleTimer != nil {
			idleC = t.idleTimer.C()
		}
		if t.botTimer != nil {
			botC = t.botTimer.C()
		}
		if t.turnTimer != nil {
			turnC = t.turnTimer.C()
		}
		if t.pause != nil {
			pauseC = t.pause.C()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case c := <-t.inbox:
			t.handle(c)
		case <-botC:
			t.botTimer = nil
			if err := t.botFired(); err != nil {
				return err
			}
		case <-turnC:
			t.turnTimer = nil
			if err := t.turnExpired(); err != nil {
				return err
			}
		case r := <-thinkC:
			if err := t.decided(r); err != nil {
				return err
			}
		case <-cutC:
			t.thinking.cut = nil
			if err := t.cutFired(); err != nil {
				return err
			}
		case <-pauseC:
			t.pause = nil
			t.dirty = true
		case <-t.retryC():
			t.retrySave()
		case <-idleC:
			t.idleTimer = nil
			if t.idle() {
				why := "nobody was at the table"
				if t.waitsForPeople() {
					why = "its players did not come back"
				}
				t.log.Info("table closed: "+why, "table", t.cfg.ID, "phase", t.phase.String())
				t.phase, t.ended, t.dirty = Over, why, true
			}
		}
		if err := t.settle(); err != nil {
			return err
		}
	}
	return nil
}

// finish ends the table: record, last snapshot, closed channels.
func (t *Table) finish(err error) {
	defer close(t.done)
	t.stopRetry()
	t.stopTimers()
	t.endPause()
	t.dropDecision()
	t.thinkers.Wait() // every goroutine the table started has returned
	if t.idleTimer != nil {
		t.idleTimer.Stop()
		t.idleTimer = nil
	}
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		t.ended = "the table was closed"
	default:
		t.ended = "the table stopped after an internal error"
		if !t.broken {
			t.log.Error("table stopped", "table", t.cfg.ID, "err", err)
		}
	}
	if !t.begun() {
		if t.phase == Waiting && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			t.keepWaiting() // the server stops: the table comes back at its next start
		} else {
			t.dropWaiting()
		}
	}
	if t.begun() {
		t.phase = Over
		t.safely("standings", func() { t.credited(); t.standings = Standings(t.g.Result().Totals, t.names) })
		var data []byte
		if !t.handedOn(err) {
			data = t.saveRecord()
		}
		t.endJournal(err, data)
	}
	t.phase = Over
	t.dirty = true
	t.safely("last snapshot", func() { t.broadcast() })
	for id, s := range t.subs {
		s.box.Close()
		delete(t.subs, id)
	}
	t.summaries.Close()
}

// handedOn reports whether the table stopped (runErr) before its game was
// over while another server is to take the game over (Config.Shared).
func (t *Table) handedOn(runErr error) bool {
	stopped := errors.Is(runErr, context.Canceled) || errors.Is(runErr, context.DeadlineExceeded)
	if !t.cfg.Shared || !stopped || t.broken {
		return false
	}
	over := false
	t.safely("done", func() { over = t.g.Done() })
	return !over
}

// safely runs f, logging instead of propagating a panic (used while the table
// ends, when the game may be broken).
func (t *Table) safely(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			t.broken = true
			t.log.Error("table: "+what+" panicked", "table", t.cfg.ID, "panic", r)
		}
	}()
	f()
}

// saveRecord writes the record, gives it to the Sink (if any) and returns
// it (nil when it could not be written).
func (t *Table) saveRecord() []byte {
	var data []byte
	var err error
	t.safely("record", func() {
		h := engine.Header{Ruleset: t.rs.Name, Options: t.opts, Seats: t.names, Started: t.started, Table: t.cfg.ID, Seed: t.cfg.Seed}
		data, err = engine.MarshalRecord(t.rs, h, recordGame{t.g, t.events})
		if err == nil {
			data, err = t.creditKeys(data)
		}
	})
	if data == nil && err == nil {
		err = fmt.Errorf("the record could not be written")
	}
	if err != nil {
		t.log.Error("table: record not written", "table", t.cfg.ID, "err", err)
		return nil
	}
	if t.cfg.Sink == nil {
		return data
	}
	if err := t.cfg.Sink.Save(t.cfg.ID, data); err != nil {
		t.log.Error("table: record not saved", "table", t.cfg.ID, "err", err)
	}
	return data
}

// recordGame is the game with the table's copy of its events, each with
// its time, for MarshalRecord.
type recordGame struct {
	engine.Game
	events []engine.Event
}

func (g recordGame) Events() []engine.Event { return g.events }

// settle brings the table to rest after a change: deals, moves the bots that
// move at once, checks SI-5, arms the timers, and sends snapshots.
func (t *Table) settle() error {
	if t.jr.paused {
		return nil // nothing moves or shows until the journal is written (savefail.go)
	}
	if t.phase == Playing {
		if err := t.advance(); err != nil {
			return err
		}
	}
	t.closeDeserted()
	t.schedule()
	t.persist() // every event is in the journal before anyone sees it
	t.keepWaiting()
	if t.jr.paused {
		return nil
	}
	if t.dirty {
		t.dirty = false
		t.version++
		t.broadcast()
	}
	return nil
}

// maxSteps bounds the steps advance takes at once: more means the engine
// makes no progress.
const maxSteps = 1 << 20

func (t *Table) advance() error {
	for range maxSteps {
		if t.pause != nil {
			return nil // the completed trick stays on screen; then the game goes on
		}
		if t.g.Done() {
			t.phase = Over
			t.gameOver()
			t.credited()
			t.standings = Standings(t.g.Result().Totals, t.names)
			t.dirty = true
			return nil
		}
		next := t.g.Next()
		if next == engine.Chance { // a deal is nobody's move: it goes on while the game is held, so the turn it brings shows
			if t.cfg.BotPace > 0 && t.pacedChance() {
				return nil // schedule arms the bot timer; botFired deals
			}
			if err := t.g.Deal(t.rngAt(dealSalt)); err != nil {
				return fmt.Errorf("deal: %w", err)
			}
			if err := t.dealt(); err != nil {
				return err
			}
			continue
		}
		if t.waitsForPeople() {
			return nil // nobody moves until someone is back
		}
		if next < 0 || next >= len(t.seats) {
			return fmt.Errorf("the game named seat %d to move", next)
		}
		t.checkSitout(next)
		if t.botDriven(next) && t.cfg.BotPace == 0 {
			if err := t.botMove(next); err != nil {
				return err
			}
			continue
		}
		if !t.botDriven(next) && t.cfg.BotPace == 0 && t.forced(next) {
			if err := t.forcedPlay(next); err != nil {
				return err
			}
			continue
		}
		return nil
	}
	return fmt.Errorf("the game made no progress in %d steps", maxSteps)
}

// record adds one event the game has just taken (a move, a sitout, a
// penalty, or a deal or draw read back by dealt) to the table's copy of the
// record, with the time now, and queues it for the journal. Keeping this copy
// is what makes a step cost O(1): the engine's Events deep-copies the whole
// record, so the table reads it only after a deal.
func (t *Table) record(e engine.Event) {
	e.Time = t.clock.Now()
	t.observe(e)
	t.queueEvent(e)
	t.dirty = true
	t.maybePause(e)
}

// observe appends e to the table's events and follows the round.
func (t *Table) observe(e engine.Event) {
	t.events = append(t.events, e)
	t.lastEv = e
	switch {
	case (e.E == engine.EvDeal || e.E == engine.EvDraw) && e.Round > 0:
		if e.Round != t.dealRound {
			t.dealRound, t.playedDeal = e.Round, false
		}
	case e.E == engine.EvMove && e.Move.Kind == engine.Play:
		t.playedDeal = true
	}
}

// moved records seat's move m, which the game has just taken. The game
// records a move as given, except the hidden play of the forehead round
// (SR-9), where it records the card it played for the seat: that one is
// read back.
func (t *Table) moved(seat int, m engine.Move) {
	if m.Kind == engine.Play && m.Card == cards.None && m.Ranks == "" {
		if evs := t.g.Events(); len(evs) == len(t.events)+1 {
			m = evs[len(evs)-1].Move
		}
	}
	t.credit(seat)
	t.record(engine.MoveEvent(seat, m))
}

// dealt records the events a Deal added (one deal or one draw). It is the
// only place the table reads the engine's whole record: once per deal.
func (t *Table) dealt() error {
	evs := t.g.Events()
	if len(evs) <= len(t.events) {
		return fmt.Errorf("deal: the game recorded no event")
	}
	for _, e := range evs[len(t.events):] {
		t.record(e)
	}
	return nil
}

// round is the round in progress: Round of the game or of its spectator
// view when either implements Rounder, otherwise the round of the last deal
// (one more once that round has been played and the next has not been dealt
// yet, as in a blind round).
func (t *Table) round() int {
	if r, ok := t.g.(Rounder); ok {
		return r.Round()
	}
	if r, ok := t.g.View(engine.Spectator).(Rounder); ok {
		return r.Round()
	}
	if t.playedDeal {
		return t.dealRound + 1
	}
	return t.dealRound
}

// chatClosed asks the game, or else its spectator view, whether chat is
// closed now (ChatCloser).
func (t *Table) chatClosed() bool {
	if t.phase != Playing || t.broken {
		return false
	}
	if c, ok := t.g.(ChatCloser); ok {
		return c.ChatClosed()
	}
	if c, ok := t.g.View(engine.Spectator).(ChatCloser); ok {
		return c.ChatClosed()
	}
	return false
}

// checkSitout records SI-5 sitouts: when a singularity round's bidding
// begins (the game awaits the round's first bid), every seat whose person is
// away or disconnected sits the round out. The engine checks the line; a
// refused line is logged and skipped.
func (t *Table) checkSitout(next int) {
	if t.rs.Name != singularity || t.sitoutAt == len(t.events) {
		return
	}
	if e := t.lastEv; (e.E == engine.EvMove && e.Move.Kind == engine.Bid) || e.E == engine.EvSitout {
		return
	}
	if !slices.ContainsFunc(t.g.Legal(next), func(m engine.Move) bool { return m.Kind == engine.Bid }) {
		return
	}
	t.sitoutAt = len(t.events)
	r := t.round()
	for i := range t.seats {
		s := &t.seats[i]
		if s.owner.ID == "" || (s.connected && !s.away) || s.sitout == r {
			continue
		}
		ev := engine.Event{E: engine.EvSitout, Seat: i, Round: r}
		if err := t.g.Event(ev); err != nil {
			t.log.Warn("table: sitout refused", "table", t.cfg.ID, "seat", i, "round", r, "err", err)
			continue
		}
		s.sitout = r
		t.record(ev)
		t.sitoutAt = len(t.events)
	}
}

// botDriven reports whether seat's moves are made by its bot now.
func (t *Table) botDriven(i int) bool {
	s := &t.seats[i]
	if s.owner.ID == "" || !s.connected || s.away {
		return true
	}
	return s.sitout != 0 && s.sitout == t.round()
}

// forced reports whether seat i's only move is one nobody chooses: the
// forehead round's card, which its holder cannot see and which is played
// for them on their turn (SR-9).
func (t *Table) forced(i int) bool {
	ms := t.g.Legal(i)
	return len(ms) == 1 && ms[0].Kind == engine.Play && ms[0].Card == cards.None && ms[0].Ranks == ""
}

// forcedPlay plays seat i's one move for its holder, who stays as they are
// (not away: there was nothing to choose).
func (t *Table) forcedPlay(i int) error {
	m := t.g.Legal(i)[0]
	if err := t.g.Apply(i, m); err != nil {
		return fmt.Errorf("seat %d's only move %v: %w", i, m, err)
	}
	t.moved(i, m)
	return nil
}

// botMove has seat i's bot decide in the table's goroutine (no bot pace)
// and plays its move.
func (t *Table) botMove(i int) error {
	ctx, cancel := t.decisionContext(t.botBudget())
	defer cancel()
	return t.playBot(i, engine.DecideContext(ctx, t.seatBot(i), t.g.View(i), t.rngAt(botSalt)))
}

// playBot plays m, the move seat i's bot chose, or the seat's first legal
// move when the game refuses m.
func (t *Table) playBot(i int, m engine.Move) error {
	round := t.round()
	if err := t.g.Apply(i, m); err != nil {
		t.log.Warn("table: bot made an illegal move", "table", t.cfg.ID, "seat", i, "move", m.String(), "err", err)
		legal := t.g.Legal(i)
		if len(legal) == 0 {
			return fmt.Errorf("seat %d must move but has no legal move", i)
		}
		if err := t.g.Apply(i, legal[0]); err != nil {
			return fmt.Errorf("seat %d: legal move %s refused: %w", i, legal[0], err)
		}
		m = legal[0]
	}
	t.botTakesOver(i)
	t.botPlayed(i, round)
	t.moved(i, m)
	return nil
}

func (t *Table) currentKey() armKey {
	k := armKey{phase: t.phase, events: len(t.events), next: engine.Over, paused: t.pause != nil, held: t.waitsForPeople()}
	if t.phase == Playing && !t.g.Done() && !k.paused {
		k.next = t.g.Next()
		if k.held && k.next != engine.Chance {
			k.next = engine.Over // nobody moves until someone is back; a deal goes on
		}
		if k.next >= 0 && k.next < len(t.seats) {
			k.bot = t.botDriven(k.next)
		}
		k.chance = k.next == engine.Chance && t.pacedChance()
		k.forced = k.next >= 0 && k.next < len(t.seats) && !k.bot && t.forced(k.next)
	}
	return k
}

// idle reports whether a waiting or running table has nobody at it (or a
// held game none of its people) and an end in sight (see idleAfter).
func (t *Table) idle() bool {
	return t.idleAfter() > 0 && (t.nobodyAt() || t.waitsForPeople())
}

// schedule arms the bot pace timer or the turn timer for whoever moves now,
// and the idle timer of a waiting table nobody is at.
func (t *Table) schedule() {
	switch idle := t.idle(); {
	case idle && (t.idleTimer == nil || t.idleFor != t.idleAfter()):
		if t.idleTimer != nil {
			t.idleTimer.Stop()
		}
		t.idleFor = t.idleAfter()
		t.idleTimer = t.clock.NewTimer(t.idleFor)
	case !idle && t.idleTimer != nil:
		t.idleTimer.Stop()
		t.idleTimer = nil
	}
	k := t.currentKey()
	if k == t.armed {
		return
	}
	t.keepTurnLeft(t.armed, k)
	t.armed = k
	t.stopTimers()
	t.dropDecision()
	if !t.deadline.IsZero() {
		t.deadline = time.Time{}
		t.dirty = true
	}
	if k.chance && t.cfg.BotPace > 0 {
		t.botTimer = t.clock.NewTimer(t.cfg.BotPace)
		return
	}
	if k.phase != Playing || k.next < 0 {
		return
	}
	switch {
	case k.forced:
		t.botTimer = t.clock.NewTimer(t.cfg.BotPace) // played at the bots' pace, no turn timer
	case k.bot && t.cfg.BotPace > 0:
		t.botTimer = t.clock.NewTimer(t.cfg.BotPace)
		t.think(k, false) // the bot thinks while the pace runs
	case !k.bot && t.cfg.TurnTimer > 0:
		d := t.turnTime(k) // what is left of it when the person left during this turn (turnclock.go)
		t.turnTimer = t.clock.NewTimer(d)
		t.deadline = t.clock.Now().Add(d)
		t.dirty = true
	}
}

func (t *Table) stopTimers() {
	if t.botTimer != nil {
		t.botTimer.Stop()
		t.botTimer = nil
	}
	if t.turnTimer != nil {
		t.turnTimer.Stop()
		t.turnTimer = nil
	}
}

func (t *Table) botFired() error {
	k := t.currentKey()
	if k != t.armed {
		return nil // stale
	}
	if k.chance {
		if err := t.g.Deal(t.rngAt(dealSalt)); err != nil {
			return fmt.Errorf("deal: %w", err)
		}
		return t.dealt()
	}
	if k.forced {
		return t.forcedPlay(k.next)
	}
	if !k.bot {
		return nil
	}
	if d := t.thinking; d != nil && d.key == k {
		d.paced = true
		if d.ready {
			return t.playDecision()
		}
		return nil // the move is played when the decision is in
	}
	return t.botMove(k.next)
}

// pacedChance reports whether the game wants its pending chance step shown
// at the bots' pace (PacedChancer): the cards of a trump-choice draw one by
// one.
func (t *Table) pacedChance() bool {
	p, ok := t.g.(PacedChancer)
	return ok && p.PacedChance()
}

// turnExpired: the person to move ran out of time (ON-3). Their bot moves
// and the seat is away until they act.
func (t *Table) turnExpired() error {
	k := t.currentKey()
	if k != t.armed || k.bot {
		return nil // stale
	}
	t.timedOut(k.next)
	if t.cfg.BotPace == 0 {
		return t.botMove(k.next)
	}
	// Their bot decides off the table's goroutine, and moves as soon as it
	// has decided: the person has used up the time already, no pace.
	t.armed = t.currentKey()
	if !t.deadline.IsZero() {
		t.deadline = time.Time{}
		t.dirty = true
	}
	t.think(t.armed, true)
	return nil
}

func (t *Table) seatOf(id string) int {
	if id == "" {
		return engine.Spectator
	}
	for i := range t.seats {
		if t.seats[i].owner.ID == id {
			return i
		}
	}
	return engine.Spectator
}

func (t *Table) watching(id string) int {
	return slices.IndexFunc(t.spect, func(p Player) bool { return p.ID == id })
}

func (t *Table) unwatch(id string) {
	if i := t.watching(id); i >= 0 {
		t.spect = slices.Delete(t.spect, i, i+1)
		t.dirty = true
	}
}

func (t *Table) system(text string) {
	t.appendChat(ChatLine{Time: t.clock.Now(), Seat: engine.Spectator, Text: text, System: true})
}

func (t *Table) appendChat(l ChatLine) {
	t.keepChat(l)
	t.queueChat(l) // chatjournal.go
	t.dirty = true
}

// Standings ranks seats by total, highest first; equal totals share a
// place. names are the seats' names, in seat order.
func Standings(totals []int, names []string) []Standing {
	out := make([]Standing, len(totals))
	for i, v := range totals {
		name := ""
		if i < len(names) {
			name = names[i]
		}
		out[i] = Standing{Seat: i, Name: name, Total: v}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Total > out[j].Total })
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && out[i].Total == out[i-1].Total {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}

// seatNames are the names of the seats now (BotName for a bot's).
func (t *Table) seatNames() []string {
	out := make([]string, len(t.seats))
	for i, s := range t.seatInfos() {
		out[i] = s.Name
	}
	return out
}

// seatInfos describes the seats for a snapshot.
func (t *Table) seatInfos() []SeatInfo {
	out := make([]SeatInfo, len(t.seats))
	for i := range t.seats {
		s := &t.seats[i]
		info := SeatInfo{Name: s.owner.Name, Kind: s.kind(), Connected: s.owner.ID != "" && s.connected, Guest: s.owner.Guest, TimedOut: s.missed > 0 && !s.away}
		if info.Kind == Bot {
			info.Name = t.botSeatName(i)
		}
		out[i] = info
	}
	return out
}

func (t *Table) summary() Summary {
	s := Summary{
		ID: t.cfg.ID, Name: t.cfg.Name, Ruleset: t.rs.Name, Title: t.rs.Title,
		Seats: len(t.seats), Spectators: len(t.spect), Private: t.cfg.Private,
		Host: t.host.Name, HostID: t.host.ID, Phase: t.phase, TurnTimer: t.cfg.TurnTimer, BotPace: t.cfg.BotPace, TrickPause: t.cfg.TrickPause,
		Held: t.waitsForPeople(), Options: t.opts,
	}
	for i := range t.seats {
		s.Owners[i], s.LastHere[i] = t.seats[i].owner.ID, t.seats[i].lastHere
		if k := t.seats[i].botKey; k != "" && t.seats[i].kind() == Bot {
			if s.BotKeys == nil {
				s.BotKeys = make([]string, len(t.seats))
			}
			s.BotKeys[i] = k
		}
		switch t.seats[i].kind() {
		case Free:
			s.Free++
		case Bot:
			s.Bots++
		default:
			s.Humans++
		}
	}
	s.HostHere = t.hostHere()
	if t.begun() && !t.broken {
		s.Round = t.round()
	}
	return s
}

// hostHere reports whether the host is at the table to start it: in their
// seat and not away, or, not seated, watching it.
func (t *Table) hostHere() bool {
	if t.hostGone || t.host.ID == "" {
		return false
	}
	if i := t.seatOf(t.host.ID); i >= 0 {
		return t.seats[i].kind() == Human
	}
	return t.watching(t.host.ID) >= 0 || t.subscribed(t.host.ID)
}

// broadcast sends every subscriber its snapshot of the current version, and
// the lobby its summary.
func (t *Table) broadcast() {
	base := Snapshot{
		Version: t.version, TableID: t.cfg.ID, Name: t.cfg.Name, Ruleset: t.rs.Name, Title: t.rs.Title,
		Options: t.opts, Private: t.cfg.Private, Seats: t.seatInfos(), Host: t.host.Name,
		Phase: t.phase, Turn: engine.Over, Deadline: t.deadline, TurnTimer: t.cfg.TurnTimer, BotPace: t.cfg.BotPace, TrickPause: t.cfg.TrickPause,
		Paused: t.pause != nil, Held: t.waitsForPeople(), SeatHold: t.cfg.SeatHold, BotLevels: t.cfg.BotLevels,
		Chat: slices.Clone(t.chat), Standings: t.standings, Ended: t.ended,
	}
	for _, p := range t.spect {
		base.Spectators = append(base.Spectators, p.Name)
	}
	if t.phase == Over && t.begun() && !t.broken {
		base.Credits = t.credits()
		for i := range base.Seats {
			base.Seats[i].Name = base.Credits[i].Name // the sheet names who is credited (ON-6)
		}
	}
	live := t.begun() && !t.broken
	var spectatorView engine.View
	if live {
		spectatorView = t.g.View(engine.Spectator)
		base.Round = t.round()
		base.Holders = t.holders()
		base.ChatClosed = t.chatClosed()
		base.Result = t.g.Result()
		if t.phase == Playing {
			base.Turn = t.g.Next()
		}
	}
	views := map[int]engine.View{engine.Spectator: spectatorView}
	for _, sub := range t.subs {
		snap := base
		snap.You = t.seatOf(sub.player.ID)
		if snap.You >= 0 {
			snap.BotRounds, snap.GoneRounds = t.seats[snap.You].botRounds, sub.gone
		}
		snap.YouHost = sub.player.ID != "" && sub.player.ID == t.host.ID
		if snap.You < 0 && !snap.YouHost {
			snap.Code = ""
		} else {
			snap.Code = t.cfg.Code
		}
		if live {
			v, ok := views[snap.You]
			if !ok {
				v = t.g.View(snap.You)
				views[snap.You] = v
			}
			snap.View = v
		}
		sub.box.Put(snap)
		sub.last = snap
	}
	if sum := t.summary(); !sameSummary(sum, t.lastSum) {
		t.lastSum = sum
		t.summaries.Put(sum)
	}
}

// sameSummary reports whether two summaries of a table agree (its options
// are one map, which never changes, so this is quick).
func sameSummary(a, b Summary) bool { return reflect.DeepEqual(a, b) }

// ---- commands ------------------------------------------------------------

// command is a plain value on the table's inbox; each carries a reply
// channel of size one, so the table never blocks answering.
type command interface{ isCommand() }

type (
	sitCmd struct {
		p     Player
		seat  int
		reply chan error
	}
	leaveCmd struct {
		p     Player
		reply chan error
	}
	disconnectCmd struct {
		p     Player
		reply chan error
	}
	moveCmd struct {
		p     Player
		m     engine.Move
		reply chan error
	}
	chatCmd struct {
		p     Player
		text  string
		reply chan error
	}
	startCmd struct {
		p     Player
		reply chan error
	}
	handCmd struct {
		p     Player
		seat  int
		reply chan error
	}
	penaltyCmd struct {
		p      Player
		seat   int
		points int
		reason string
		reply  chan error
	}
	awayCmd struct {
		p     Player
		away  bool
		reply chan error
	}
	watchCmd struct {
		p     Player
		on    bool
		reply chan error
	}
	subscribeCmd struct {
		p     Player
		reply chan *Subscription
	}
	unsubscribeCmd struct {
		id    int
		reply chan error
	}
)

func (sitCmd) isCommand()         {}
func (leaveCmd) isCommand()       {}
func (disconnectCmd) isCommand()  {}
func (moveCmd) isCommand()        {}
func (chatCmd) isCommand()        {}
func (startCmd) isCommand()       {}
func (handCmd) isCommand()        {}
func (penaltyCmd) isCommand()     {}
func (awayCmd) isCommand()        {}
func (watchCmd) isCommand()       {}
func (subscribeCmd) isCommand()   {}
func (unsubscribeCmd) isCommand() {}

// send delivers c and waits for the answer on reply; ErrClosed when the
// table has ended (or ends meanwhile).
func send[T any](t *Table, c command, reply chan T) (T, error) {
	var zero T
	select {
	case t.inbox <- c:
	case <-t.done:
		return zero, ErrClosed
	}
	select {
	case r := <-reply:
		return r, nil
	case <-t.done:
		select { // the answer may have come just before the end
		case r := <-reply:
			return r, nil
		default:
			return zero, ErrClosed
		}
	}
}

func (t *Table) call(c command, reply chan error) error {
	err, cerr := send(t, c, reply)
	if cerr != nil {
		return cerr
	}
	return err
}

// Sit puts p in seat (engine.Spectator, i.e. -1: the first seat available).
// Before the start any free seat can be taken, and a seated player may
// change seats; during the game only a seat played by a bot nobody owns.
// The owner of a seat sitting again reconnects and takes over at once (ON-2).
func (t *Table) Sit(p Player, seat int) error {
	r := make(chan error, 1)
	return t.call(sitCmd{p, seat, r}, r)
}

// Leave gives p's seat up (before the start it becomes free, during the game
// a bot plays it from now on) and stops p watching.
func (t *Table) Leave(p Player) error {
	r := make(chan error, 1)
	return t.call(leaveCmd{p, r}, r)
}

// Disconnect marks p's connection lost: p keeps the seat and the bot plays it
// until p comes back (Sit or Subscribe) (ON-2). Closing p's last
// Subscription does the same.
func (t *Table) Disconnect(p Player) error {
	r := make(chan error, 1)
	return t.call(disconnectCmd{p, r}, r)
}

// Move makes p's move. The error says why a move is refused: the engine's
// own reason for an illegal move.
func (t *Table) Move(p Player, m engine.Move) error {
	r := make(chan error, 1)
	return t.call(moveCmd{p, m, r}, r)
}

// Chat says text at the table. The text is cleaned of control characters and
// escape sequences; an empty, too long, too fast or closed-chat line is
// refused with an error saying which.
func (t *Table) Chat(p Player, text string) error {
	r := make(chan error, 1)
	return t.call(chatCmd{p, text, r}, r)
}

// Start starts the game; bots take the free seats (ON-1). Host only.
func (t *Table) Start(p Player) error {
	r := make(chan error, 1)
	return t.call(startCmd{p, r}, r)
}

// HandToBot gives seat to a bot: its person (if any) loses it. Host only.
func (t *Table) HandToBot(p Player, seat int) error {
	r := make(chan error, 1)
	return t.call(handCmd{p, seat, r}, r)
}

// Penalty gives seat a penalty of points (negative) with a reason, as the
// scorekeeper of BB-7. Host only, boerenbridge tables only, during the game.
func (t *Table) Penalty(p Player, seat, points int, reason string) error {
	r := make(chan error, 1)
	return t.call(penaltyCmd{p, seat, points, reason, r}, r)
}

// SetAway marks p away (their bot plays) or back.
func (t *Table) SetAway(p Player, away bool) error {
	r := make(chan error, 1)
	return t.call(awayCmd{p, away, r}, r)
}

// Watch adds p to the spectators (listed by name, counted in the lobby).
func (t *Table) Watch(p Player) error {
	r := make(chan error, 1)
	return t.call(watchCmd{p, true, r}, r)
}

// Unwatch removes p from the spectators.
func (t *Table) Unwatch(p Player) error {
	r := make(chan error, 1)
	return t.call(watchCmd{p, false, r}, r)
}

// Subscribe returns p's subscription: a snapshot at once, then one after
// every change, latest wins. p sees their seat's view when seated, the
// spectator view otherwise. A seated p subscribing is back (ON-2).
func (t *Table) Subscribe(p Player) (*Subscription, error) {
	r := make(chan *Subscription, 1)
	return send(t, subscribeCmd{p, r}, r)
}

// Subscription is one subscriber's stream of snapshots.
type Subscription struct {
	// C receives the snapshots. The table closes it on Close or when the
	// table ends (after the last snapshot).
	C    <-chan Snapshot
	stop func()
	once sync.Once
}

// Close ends the subscription. Closing a seated player's last subscription
// counts as a disconnect. Safe to call more than once.
func (s *Subscription) Close() {
	s.once.Do(s.stop)
}

// handle runs one command in the table's goroutine.
func (t *Table) handle(c command) {
	switch c := c.(type) {
	case sitCmd:
		c.reply <- t.sit(c.p, c.seat)
	case admitCmd:
		c.reply <- t.admit(c.p)
	case placeBotCmd:
		i, err := t.placeBot(c.b, c.key, c.seat)
		c.reply <- placed{seat: i, err: err}
	case botSeatCmd:
		i, err := t.keySeat(c.key)
		c.reply <- placed{seat: i, err: err, name: t.botSeatNameAt(i)}
	case rejoinBotCmd:
		i, err := t.rejoinBot(c.b, c.key)
		c.reply <- placed{seat: i, err: err}
	case unplaceBotCmd:
		c.reply <- t.unplaceBot(c.b)
	case leaveCmd:
		c.reply <- t.leave(c.p)
	case disconnectCmd:
		i := t.seatOf(c.p.ID)
		if i < 0 {
			c.reply <- ErrNotSeated
			return
		}
		t.gone(i)
		c.reply <- nil
	case moveCmd:
		c.reply <- t.move(c.p, c.m)
	case chatCmd:
		c.reply <- t.say(c.p, c.text)
	case startCmd:
		c.reply <- t.start(c.p)
	case handCmd:
		c.reply <- t.handToBot(c.p, c.seat)
	case penaltyCmd:
		c.reply <- t.penalty(c)
	case awayCmd:
		i := t.seatOf(c.p.ID)
		if i < 0 {
			c.reply <- ErrNotSeated
			return
		}
		if c.away {
			t.seats[i].away = true
		} else {
			t.back(i)
			t.acted(i)
		}
		t.dirty = true
		c.reply <- nil
	case watchCmd:
		c.reply <- t.watch(c.p, c.on)
	case subscribeCmd:
		t.nextSub++
		box := NewMailbox[Snapshot]()
		sub := &subscriber{player: c.p, box: box}
		t.subs[t.nextSub] = sub
		t.rename(c.p, t.seatOf(c.p.ID))
		if i := t.seatOf(c.p.ID); i >= 0 {
			t.arrive(i)
			sub.gone, t.seats[i].untold = t.seats[i].untold, nil
		} else if t.watching(c.p.ID) < 0 {
			// Whoever sees the table from no seat watches it, also when
			// their previous subscription's close (which unwatches) came
			// after their new Watch.
			t.spect = append(t.spect, c.p)
		}
		t.dirty = true // the new subscriber gets its first snapshot in settle
		id := t.nextSub
		c.reply <- NewSubscription(box.C(), func() {
			r := make(chan error, 1)
			_ = t.call(unsubscribeCmd{id, r}, r)
		})
	case unsubscribeCmd:
		sub, ok := t.subs[c.id]
		if ok {
			sub.box.Close()
			delete(t.subs, c.id)
			if !t.subscribed(sub.player.ID) {
				if i := t.seatOf(sub.player.ID); i >= 0 {
					t.gone(i)
				} else {
					t.unwatch(sub.player.ID) // a spectator who no longer sees the table is not watching
				}
			}
		}
		c.reply <- nil
	default:
		panic(fmt.Sprintf("tables: unknown command %T", c))
	}
}

func (t *Table) subscribed(id string) bool {
	for _, s := range t.subs {
		if s.player.ID == id {
			return true
		}
	}
	return false
}

func (t *Table) sit(p Player, want int) error {
	if p.ID == "" {
		return fmt.Errorf("a player needs an id")
	}
	if want < engine.Spectator || want >= len(t.seats) {
		return ErrNoSeat
	}
	if t.phase == Over {
		return ErrNotPlaying
	}
	mine := t.seatOf(p.ID)
	if mine >= 0 && (want == engine.Spectator || want == mine) {
		t.rename(p, mine)
		t.seats[mine].connected = true // their screen is about to open the table
		t.arrive(mine)
		return nil
	}
	if mine >= 0 && t.phase != Waiting {
		return fmt.Errorf("you already sit at seat %d", mine+1)
	}
	takeable := func(i int) bool {
		k := t.seats[i].kind()
		if t.phase == Waiting {
			return k == Free || k == Bot
		}
		return k == Bot
	}
	if want == engine.Spectator {
		want = slices.IndexFunc(t.seats, func(s seat) bool { return s.kind() == Free })
		if want < 0 && t.phase != Waiting {
			want = slices.IndexFunc(t.seats, func(s seat) bool { return s.kind() == Bot })
		}
		if want < 0 {
			return ErrNoFreeSeat
		}
	}
	if !takeable(want) {
		return ErrSeatTaken
	}
	if mine >= 0 {
		t.seats[mine] = seat{}
	}
	t.seats[want] = seat{owner: p, connected: true}
	t.seatBots[want] = nil // a placed bot goes with its seat
	t.unwatch(p.ID)
	if t.phase == Playing {
		t.system(fmt.Sprintf("%s takes over seat %d", p.Name, want+1))
		t.queueOwner(want)
	}
	t.claimHost(p, want)
	t.dirty = true
	return nil
}

func (t *Table) leave(p Player) error {
	i := t.seatOf(p.ID)
	if i < 0 {
		watching := t.watching(p.ID) >= 0
		t.unwatch(p.ID)
		if t.phase == Waiting && t.isHost(p) && !t.hostGone { // a host who watched leaves for good
			t.passHost(p, -1)
			t.dirty = true
			return nil
		}
		if watching {
			return nil
		}
		return ErrNotSeated
	}
	if t.phase == Waiting {
		t.seats[i] = seat{}
	} else {
		t.seats[i] = seat{bot: true}
		t.system(fmt.Sprintf("%s left: a bot plays seat %d", p.Name, i+1))
		t.queueOwner(i)
	}
	t.passHost(p, i)
	t.unwatch(p.ID)
	t.dirty = true
	return nil
}

func (t *Table) move(p Player, m engine.Move) error {
	if t.phase != Playing {
		return ErrNotPlaying
	}
	if t.jr.paused {
		return ErrSavePaused
	}
	i := t.seatOf(p.ID)
	if i < 0 {
		return ErrNotSeated
	}
	s := &t.seats[i]
	if s.sitout != 0 && s.sitout == t.round() {
		return ErrSittingOut
	}
	if t.g.Next() != i {
		return ErrNotYourTurn
	}
	if t.pause != nil { // the trick is held for everyone, the next to move too
		return ErrTrickShown
	}
	if err := t.g.Apply(i, m); err != nil {
		return err
	}
	t.back(i) // the person acted (ON-3)
	t.acted(i)
	t.moved(i, m)
	t.persist() // in the journal before the mover hears it was taken
	if t.jr.paused {
		return ErrMoveHeld // shown to nobody until it is saved
	}
	return nil
}

func (t *Table) say(p Player, text string) error {
	if t.chatClosed() {
		return ErrChatClosed
	}
	text = Clean(text)
	if text == "" {
		return ErrChatEmpty
	}
	if n := utf8.RuneCountInString(text); n > MaxChatRunes {
		return fmt.Errorf("%w: %d characters, at most %d", ErrChatTooLong, n, MaxChatRunes)
	}
	now := t.clock.Now()
	b := t.chatTokens[p.ID]
	if b == nil {
		b = &bucket{tokens: ChatBurst, at: now}
		t.chatTokens[p.ID] = b
	}
	b.tokens = min(ChatBurst, b.tokens+float64(now.Sub(b.at))/float64(ChatEvery))
	b.at = now
	if b.tokens < 1 {
		return ErrChatTooFast
	}
	b.tokens--
	name := Clean(p.Name)
	if name == "" {
		name = "?"
	}
	t.appendChat(ChatLine{Time: now, From: name, Seat: t.seatOf(p.ID), Text: text})
	return nil
}

// begun reports whether the game has started (it may be over since).
func (t *Table) begun() bool { return t.names != nil }

func (t *Table) isHost(p Player) bool { return p.ID != "" && p.ID == t.host.ID }

func (t *Table) start(p Player) error {
	if !t.isHost(p) {
		return ErrNotHost
	}
	if t.phase != Waiting {
		return ErrNotWaiting
	}
	t.names = make([]string, len(t.seats))
	for i := range t.seats {
		s := &t.seats[i]
		if s.owner.ID == "" {
			s.bot = true
			t.names[i] = t.botSeatName(i)
		} else {
			t.names[i] = s.owner.Name
		}
	}
	t.started = t.clock.Now()
	t.phase = Playing
	t.startJournal()
	for i := range t.seats {
		t.queueHere(i)
	}
	t.dirty = true
	return nil
}

func (t *Table) handToBot(p Player, i int) error {
	if !t.isHost(p) {
		return ErrNotHost
	}
	if i < 0 || i >= len(t.seats) {
		return ErrNoSeat
	}
	if t.phase == Over {
		return ErrNotPlaying
	}
	owner := t.seats[i].owner
	if owner.ID != "" {
		t.system(fmt.Sprintf("the host handed %s's seat %d to a bot", owner.Name, i+1))
	}
	t.seats[i] = seat{bot: true}
	if owner.ID != "" && t.subscribed(owner.ID) && t.watching(owner.ID) < 0 {
		t.spect = append(t.spect, owner) // they see the table on, from no seat, and may sit again
	}
	if t.phase == Playing {
		t.queueOwner(i)
	}
	t.dirty = true
	return nil
}

func (t *Table) penalty(c penaltyCmd) error {
	if !t.isHost(c.p) {
		return ErrNotHost
	}
	if !GivesPenalties(t.rs.Name) {
		return ErrNoPenalty
	}
	if t.phase != Playing {
		return ErrNotPlaying
	}
	if c.seat < 0 || c.seat >= len(t.seats) {
		return ErrNoSeat
	}
	reason := Clean(c.reason)
	if c.points >= 0 || c.points < -MaxPenalty || reason == "" || utf8.RuneCountInString(reason) > MaxReasonRunes {
		return fmt.Errorf("%w (at most %d characters)", ErrBadPenalty, MaxReasonRunes)
	}
	ev := engine.Event{E: engine.EvPenalty, Seat: c.seat, Points: c.points, Reason: reason}
	if err := t.g.Event(ev); err != nil {
		return err
	}
	t.record(ev)
	t.persist()
	t.system(fmt.Sprintf("penalty: seat %d (%s) %d points: %s", c.seat+1, t.seatNames()[c.seat], c.points, reason))
	return nil
}

func (t *Table) watch(p Player, on bool) error {
	if p.ID == "" {
		return fmt.Errorf("a player needs an id")
	}
	if !on {
		t.unwatch(p.ID)
		return nil
	}
	if t.seatOf(p.ID) >= 0 || t.watching(p.ID) >= 0 {
		return nil
	}
	t.spect = append(t.spect, p)
	t.dirty = true
	return nil
}
