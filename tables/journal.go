package tables

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// Journal keeps what a running game has done so that its table survives a
// crash, and keeps the game when it ends. The table calls it from its own
// goroutine: Start once when the game starts, Append with the new lines
// before any subscriber sees their effect (and before a person hears that
// their move was taken), Finish once when the game is over. Append must be
// quick (the store commits a small transaction and batches its fsyncs).
//
// Lines are JSON lines: the header is a RECORD.md header with extra
// informative keys (the table's settings and seat owners, see Restore); the
// event lines are RECORD.md event lines plus the table's own lines, whose
// "e" starts with "x-": "x-seat" (a seat changed hands during the game),
// "x-admit" (admit.go), "x-clock" (turnclock.go), "x-chat" (chatjournal.go),
// "x-name" (rename.go), "x-here" (here.go).
// Only the event lines go into the finished game's record. The journal of a
// table that stops without its game being over (server shutdown, a crash)
// stays, and Restore brings the table back from it.
type Journal interface {
	Start(tableID string, header []byte) error
	Append(tableID string, lines ...[]byte) error
	// Finish keeps a game that has ended (archives its record, rates it)
	// and drops its journal.
	Finish(f Finished) error
}

// Dropper is a Journal that also keeps tables still waiting for their
// start (waiting.go): Reset writes a table's journal afresh as a header
// alone (a waiting table's, each time its seats or settings change; its
// game's, when it starts), and Drop forgets a waiting table that closed.
type Dropper interface {
	Reset(tableID string, header []byte) error
	Drop(tableID string) error
}

// Finished is a game as its table ended it, for Journal.Finish.
type Finished struct {
	Table   string
	Ruleset string
	Started time.Time
	Ended   time.Time
	// Complete reports whether the game was played to its end. It is false
	// when the table stopped after an internal error: the record is kept but
	// the game must not be rated.
	Complete bool
	Record   []byte // RECORD.md, with its end line when Complete
	Seats    []FinishedSeat
}

// FinishedSeat is one seat of a finished game.
type FinishedSeat struct {
	// Player is the person the seat is credited to (ON-6): who held it for
	// most of its moves (ID "" when that was the seat's bot).
	Player Player
	// Bot is the kind of the seat's bot (BotKind) when the seat is
	// credited to it.
	Bot      string
	Name     string // the credited name, as in the record's header
	Finisher string // the bot that finished the seat for Player ("" when they did)
	// From is the round from which Player held the seat when they took it
	// over part-way (Credit.From): the seat is not rated. 0: from its
	// first move.
	From  int
	Total int
	Place int // 1 for the winner; equal totals share a place
}

// Saved is a table's journal as read back after a restart.
type Saved struct {
	Table  string
	Header []byte
	Lines  [][]byte
	// Moved: the table ran on another node of a cluster, which is gone;
	// this one runs it now (the table says so instead of "restarted").
	Moved bool
}

// BotLevels is the Config.BotLevels the table was created with, read from
// the journal's header (nil when it has none or cannot be read: Restore
// reports a bad header), so the caller can make the same bots for Restore's
// Config.Bots.
func (s Saved) BotLevels() []string {
	var h struct {
		Room struct {
			BotLevels []string `json:"bot_levels"`
		} `json:"cardroom_table"` // roomKey
	}
	if json.Unmarshal(s.Header, &h) != nil {
		return nil
	}
	return h.Room.BotLevels
}

// BotKind names a bot for ratings: its Name() when it has one (a bot with
// levels should say which: "trickbot-strong"), else its String(), else its
// Go type ("trick.BaselineBot").
func BotKind(b engine.Bot) string {
	if n, ok := b.(interface{ Name() string }); ok && n.Name() != "" {
		return n.Name()
	}
	if n, ok := b.(fmt.Stringer); ok && n.String() != "" {
		return n.String()
	}
	if b == nil {
		return "firstlegal"
	}
	t := reflect.TypeOf(b)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeOf(firstLegal{}) {
		return "firstlegal"
	}
	return t.String()
}

// Salts of the per-event random number generators.
const (
	dealSalt = 0xdea1dea1dea1dea1
	botSalt  = 0xb07b07b07b07b07b
)

// rngAt is the randomness of the next step: a generator seeded from the
// table's seed, the kind of step and the number of events so far. Seeding
// per step instead of drawing from one long stream is what lets a restored
// table continue exactly as the uninterrupted one would have: the deal after
// event n, and the bot move after event n, get the same cards and the same
// choice whether the table ran all along or was rebuilt from its journal.
func (t *Table) rngAt(salt uint64) *rand.Rand {
	return cards.NewRand(splitmix(t.cfg.Seed ^ salt ^ splitmix(uint64(len(t.events)))))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// journalState is the table's side of its journal. Owned by Run.
type journalState struct {
	header  []byte   // to Start with, nil once started (or without a journal)
	started bool     // Start returned nil (or the table was restored)
	broken  bool     // the header could not be made: the journal is not written
	queue   [][]byte // lines not appended yet
	paused  bool     // a write failed: the game waits until it succeeds (savefail.go)
	retry   Timer    // the next try of a failed write; nil when none
	waiting []byte   // the waiting table's header last written (waiting.go); nil when none is
}

// roomHeader is the journal header's extra key: what the table needs to come
// back that RECORD.md has no field for.
type roomHeader struct {
	Name        string        `json:"name"`
	Host        playerJSON    `json:"host"`
	Owners      []*playerJSON `json:"owners"` // by seat; null: a bot plays it
	Private     bool          `json:"private,omitempty"`
	Code        string        `json:"code,omitempty"`
	TurnTimerMS int64         `json:"turn_timer_ms"`
	BotPaceMS   int64         `json:"bot_pace_ms"`
	// TrickPauseMS is the table's trick pause; absent (older records): the server's.
	TrickPauseMS *int64   `json:"trick_pause_ms,omitempty"`
	BotLevels    []string `json:"bot_levels,omitempty"` // by seat; "": the default
	Admitted     []string `json:"admitted,omitempty"`   // keys let in before the start (admit.go)
	// Waiting: the table had not started when the server stopped (waiting.go).
	Waiting  bool `json:"waiting,omitempty"`
	HostGone bool `json:"host_gone,omitempty"` // the host left with nobody seated (host.go)
	// Chat: the last chat lines (a game's: those said before its start; chatjournal.go).
	Chat []chatJSON `json:"chat,omitempty"`
	// Placed: by seat, the bot placed in it by hand when the game started
	// (placebot.go); null: none. Left out when no seat had one.
	Placed []*placedJSON `json:"placed_bots,omitempty"`
}

// placedJSON is a placed bot as the journal keeps it: its seat name, its
// kind (BotKind) and the key of its program, which its seat keeps after a
// restart.
type placedJSON struct {
	Name string `json:"name,omitempty"`
	Kind string `json:"kind"`
	Key  string `json:"key,omitempty"`
}

// roomKey is the header key of roomHeader.
const roomKey = "cardroom_table"

type playerJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Guest bool   `json:"guest,omitempty"`
}

func toJSON(p Player) *playerJSON {
	if p.ID == "" {
		return nil
	}
	return &playerJSON{p.ID, p.Name, p.Guest}
}

func (p *playerJSON) player() Player {
	if p == nil {
		return Player{}
	}
	return Player{ID: p.ID, Name: p.Name, Guest: p.Guest}
}

// seatLine is the journal's "x-seat" line: seat changed hands during the
// game (Owner nil: a bot plays it from now on).
type seatLine struct {
	E     string      `json:"e"`
	Seat  int         `json:"seat"`
	Owner *playerJSON `json:"owner"`
	Host  *playerJSON `json:"host,omitempty"`      // the host role passed to this person (host.go)
	Gone  bool        `json:"host_gone,omitempty"` // the host left with nobody seated (host.go)
}

const evSeat = "x-seat"

// startJournal prepares the journal's header when the game starts.
func (t *Table) startJournal() {
	if t.cfg.Journal == nil {
		return
	}
	line, err := t.journalHeader(t.names, false)
	if err != nil {
		t.journalFailed("header", err)
		return
	}
	t.jr.header = line
}

// journalHeader is the journal's header line: the record's with roomHeader.
func (t *Table) journalHeader(names []string, waiting bool) ([]byte, error) {
	h := engine.Header{Ruleset: t.rs.Name, Options: t.opts, Seats: names, Started: t.started, Table: t.cfg.ID, Seed: t.cfg.Seed}
	line, err := engine.MarshalHeader(t.rs, h)
	if err != nil {
		return nil, err
	}
	pause := t.cfg.TrickPause.Milliseconds()
	room := roomHeader{
		Name: t.cfg.Name, Host: playerJSON{t.host.ID, t.host.Name, t.host.Guest},
		Private: t.cfg.Private, Code: t.cfg.Code,
		TurnTimerMS: t.cfg.TurnTimer.Milliseconds(), BotPaceMS: t.cfg.BotPace.Milliseconds(),
		BotLevels: t.cfg.BotLevels, TrickPauseMS: &pause, Admitted: t.admitted,
		Waiting: waiting, HostGone: waiting && t.hostGone, Chat: t.chatForHeader(),
	}
	for _, s := range t.seats {
		room.Owners = append(room.Owners, toJSON(s.owner))
	}
	if !waiting {
		room.Placed = t.placedJSON()
	}
	extra, err := json.Marshal(room)
	if err != nil {
		return nil, err
	}
	return addHeaderKey(line, roomKey, extra), nil
}

// addHeaderKey adds key with the JSON value v to a record's header line, a
// JSON object, before its last brace. line's array is not written to.
func addHeaderKey(line []byte, key string, v []byte) []byte {
	return append(append(append(line[:len(line)-1:len(line)-1], `,"`+key+`":`...), v...), '}')
}

// queueLine queues a line for the journal, which settle writes; what names
// the line in a failure.
func (t *Table) queueLine(what string, v any) {
	if t.cfg.Journal == nil || t.jr.broken {
		return
	}
	line, err := json.Marshal(v)
	if err != nil {
		t.journalFailed(what, err)
		return
	}
	t.jr.queue = append(t.jr.queue, line)
}

// queueEvent queues an event line for the journal.
func (t *Table) queueEvent(e engine.Event) { t.queueLine("event", e) }

// queueOwner queues an x-seat line: seat i changed hands during the game.
func (t *Table) queueOwner(i int) {
	t.queueSeat(seatLine{E: evSeat, Seat: i, Owner: toJSON(t.seats[i].owner)})
}

// queueHost journals that the host role passed on when seat i was left.
func (t *Table) queueHost(i int) {
	t.queueSeat(seatLine{E: evSeat, Seat: i, Owner: toJSON(t.seats[i].owner), Host: toJSON(t.host)})
}

func (t *Table) queueSeat(l seatLine) { t.queueLine("seat", l) }

// persist writes what the journal lacks: its header, then the queued lines.
func (t *Table) persist() {
	j := t.cfg.Journal
	if j == nil || t.jr.broken {
		return
	}
	if t.jr.header != nil {
		start := j.Start
		if d, ok := j.(Dropper); ok && t.jr.waiting != nil {
			start = d.Reset // the game's journal takes the waiting table's place
		}
		if err := start(t.cfg.ID, t.jr.header); err != nil {
			t.saveFailed("start", err)
			return
		}
		t.jr.header, t.jr.started, t.jr.waiting = nil, true, nil
	}
	if len(t.jr.queue) == 0 || !t.jr.started {
		t.saved()
		return
	}
	if err := j.Append(t.cfg.ID, t.jr.queue...); err != nil {
		t.saveFailed("append", err)
		return
	}
	clear(t.jr.queue)
	t.jr.queue = t.jr.queue[:0]
	t.saved()
}

// journalFailed stops journaling when the table cannot even make a line of
// it (a bug, not a full disk: that pauses, see saveFailed): a journal with
// a gap would restore a different game. The game goes on, and is still
// kept when it ends.
func (t *Table) journalFailed(what string, err error) {
	t.jr.broken, t.jr.queue = true, nil
	t.log.Error("table: journal "+what+" failed: this game will not survive a restart", "table", t.cfg.ID, "err", err)
}

// endJournal hands the game to the journal when the table ends: a game over
// (or stopped by an internal error) is finished; a game stopped by the
// server (ctx) keeps its journal, to be restored at the next start.
func (t *Table) endJournal(runErr error, record []byte) {
	j := t.cfg.Journal
	if j == nil {
		return
	}
	complete := false
	if !t.broken {
		t.safely("done", func() { complete = t.g.Done() })
	}
	stopped := errors.Is(runErr, context.Canceled) || errors.Is(runErr, context.DeadlineExceeded)
	if !complete && stopped {
		t.keepRunningClock()
		t.persist() // the journal stays, to be restored
		return
	}
	if record == nil {
		t.log.Error("table: no record to keep", "table", t.cfg.ID)
		return
	}
	f := Finished{
		Table: t.cfg.ID, Ruleset: t.rs.Name, Started: t.started, Ended: t.clock.Now(),
		Complete: complete, Record: record,
	}
	places := map[int]int{}
	for _, s := range t.standings {
		places[s.Seat] = s.Place
	}
	var totals []int
	t.safely("totals", func() { totals = t.g.Result().Totals })
	for i, c := range t.credits() { // ON-6
		fs := FinishedSeat{Player: c.Player, Name: c.Name, Finisher: c.Finisher, From: c.From, Place: places[i]}
		if i < len(totals) {
			fs.Total = totals[i]
		}
		if fs.Player.ID == "" {
			fs.Bot = BotKind(t.seatBot(i))
		}
		f.Seats = append(f.Seats, fs)
	}
	t.keepFinished(j, f)
}

// seatBot is seat i's bot, made when it had none yet.
func (t *Table) seatBot(i int) engine.Bot {
	b := t.seatBots[i]
	if b == nil {
		if t.bots != nil {
			b = t.bots(t.rs.Name, i)
		}
		if b == nil {
			b = firstLegal{}
		}
		t.seatBots[i] = b
	}
	return b
}

// Restore rebuilds a table from its journal exactly: the header gives the
// rule set, options, seats, seed and the table's settings (its id, name,
// host, invite code, timers); every event line is replayed through the
// engine with the checks of engine.Replay. Each seat keeps its owner, who is
// away until they come back with the same key (ON-2): their bot plays
// meanwhile; it keeps too when they last came to the table (here.go).
// A seat a bot was placed in (placebot.go) keeps that bot's name, kind and
// key, the Fallback moving for it (leftBot) until its key's program takes
// it back. cfg gives what a journal does not hold (Clock, Bots, Journal,
// Shared, Sink, Logger, IdleClose, UnattendedClose, ChatLines); the rest of it is
// overwritten.
// The restored table goes on journaling into the same journal.
func Restore(reg *engine.Registry, saved Saved, cfg Config) (*Table, error) {
	h, rs, err := engine.ParseHeader(reg, saved.Header)
	if err != nil {
		return nil, fmt.Errorf("restore %s: header: %w", saved.Table, err)
	}
	var extra map[string]json.RawMessage
	if err := json.Unmarshal(saved.Header, &extra); err != nil {
		return nil, fmt.Errorf("restore %s: header: %w", saved.Table, err)
	}
	var room roomHeader
	if raw, ok := extra[roomKey]; ok {
		if err := json.Unmarshal(raw, &room); err != nil {
			return nil, fmt.Errorf("restore %s: header %s: %w", saved.Table, roomKey, err)
		}
	}
	if h.Table != "" && h.Table != saved.Table {
		return nil, fmt.Errorf("restore %s: the header names table %q", saved.Table, h.Table)
	}
	cfg.ID, cfg.Name, cfg.Ruleset, cfg.Options, cfg.Seats = saved.Table, room.Name, rs, h.Options, len(h.Seats)
	cfg.Host, cfg.SeatHost, cfg.Private, cfg.Code, cfg.Seed = room.Host.player(), false, room.Private, room.Code, h.Seed
	cfg.TurnTimer = time.Duration(room.TurnTimerMS) * time.Millisecond
	cfg.BotPace = time.Duration(room.BotPaceMS) * time.Millisecond
	cfg.BotLevels, cfg.Admitted = room.BotLevels, room.Admitted
	if room.TrickPauseMS != nil {
		cfg.TrickPause = max(time.Duration(*room.TrickPauseMS)*time.Millisecond, 0)
	}
	if room.Waiting {
		return restoreWaiting(saved, cfg, room)
	}
	t, err := New(cfg)
	if err != nil {
		return nil, fmt.Errorf("restore %s: %w", saved.Table, err)
	}
	t.names = append([]string(nil), h.Seats...)
	t.restoreChat(room)
	t.started = h.Started
	if t.started.IsZero() {
		t.started = t.clock.Now()
	}
	for i := range t.seats {
		var o *playerJSON
		if i < len(room.Owners) {
			o = room.Owners[i]
		}
		t.seats[i] = restoredSeat(o)
		if i < len(room.Placed) && room.Placed[i] != nil && t.seats[i].kind() == Bot {
			t.seatBots[i], t.seats[i].botKey = t.leftBot(room.Placed[i], i), room.Placed[i].Key
		}
	}
	for n, line := range saved.Lines {
		if err := t.replayLine(line); err != nil {
			return nil, fmt.Errorf("restore %s: journal line %d: %w", saved.Table, n+2, err)
		}
	}
	t.cfg.Admitted = slices.Clone(t.admitted) // with those let in and those who held a seat or the host role
	t.restoredClock()
	t.phase = Playing
	t.jr.started = true
	how := "each seat's bot plays until its person is back"
	if t.waitsForPeople() { // it holds until one of them is back
		how = "the game goes on when its people are back, a bot playing for any who are not"
	}
	if saved.Moved {
		t.system("the table moved to another server: " + how)
	} else {
		t.system("the server restarted: " + how)
	}
	t.lastSum = t.summary()
	t.summaries.Put(t.lastSum)
	return t, nil
}

// restoredSeat is a seat as a restart leaves it: its owner away (ON-2), as
// the restart's chat line tells everyone, or a bot's.
func restoredSeat(o *playerJSON) seat {
	if o == nil || o.ID == "" {
		return seat{bot: true}
	}
	return seat{owner: o.player(), told: true}
}

// replayLine applies one journal line after the header, as engine.Replay
// would (plus the table's x- lines).
func (t *Table) replayLine(line []byte) error {
	var kind struct {
		E string `json:"e"`
	}
	if err := json.Unmarshal(line, &kind); err != nil {
		return fmt.Errorf("not a JSON line: %v", err)
	}
	switch kind.E {
	case evSeat:
		var sl seatLine
		if err := json.Unmarshal(line, &sl); err != nil {
			return err
		}
		if sl.Seat < 0 || sl.Seat >= len(t.seats) {
			return fmt.Errorf("there is no seat %d", sl.Seat)
		}
		old := t.seats[sl.Seat].owner
		t.addAdmitted(old.ID, old.Guest) // who held a seat stays let in
		t.seats[sl.Seat] = restoredSeat(sl.Owner)
		t.seatBots[sl.Seat] = nil // a placed bot goes with its seat
		if sl.Host != nil && sl.Host.ID != "" {
			t.addAdmitted(t.host.ID, t.host.Guest) // and who was the host
			t.host = sl.Host.player()
		}
		t.hostGone = sl.Gone
		return nil
	case evAdmit:
		var al admitLine
		if err := json.Unmarshal(line, &al); err != nil {
			return err
		}
		t.addAdmitted(al.ID, false)
		return nil
	case evClock:
		return t.replayClock(line)
	case evChat:
		return t.replayChat(line)
	case evName:
		return t.replayName(line)
	case evHere:
		return t.replayHere(line)
	}
	var e engine.Event
	if err := json.Unmarshal(line, &e); err != nil {
		return err
	}
	g := t.g
	switch e.E {
	case engine.EvMove:
		if g.Done() {
			return errors.New("the game is over: no more moves")
		}
		if e.Seat < 0 || e.Seat >= g.Players() {
			return fmt.Errorf("there is no seat %d", e.Seat)
		}
		switch next := g.Next(); {
		case next == engine.Chance:
			return fmt.Errorf("seat %d may not %s: the cards must be dealt first", e.Seat, e.Move)
		case next != e.Seat:
			return fmt.Errorf("seat %d may not %s: it is seat %d's turn", e.Seat, e.Move, next)
		}
		if err := g.Apply(e.Seat, e.Move); err != nil {
			return err
		}
		t.credit(e.Seat)
	case engine.EvEnd:
		return errors.New("a journal has no end line")
	default:
		if err := g.Event(e); err != nil {
			return err
		}
		if e.E == engine.EvSitout && e.Seat >= 0 && e.Seat < len(t.seats) {
			t.seats[e.Seat].sitout = e.Round
		}
	}
	t.observe(e)
	if e.E == engine.EvSitout {
		t.sitoutAt = len(t.events)
	}
	return nil
}

// Code is the table's invite code ("" for a public table).
func (t *Table) Code() string { return t.cfg.Code }

// Private reports whether the table is private.
func (t *Table) Private() bool { return t.cfg.Private }

// Creator is who created the table (its first host; a restored table's
// from its journal).
func (t *Table) Creator() Player { return t.cfg.Host }
