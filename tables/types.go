package tables

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// Errors a table returns to the player who asked. They are written for a
// person to read.
var (
	ErrClosed       = errors.New("the table has closed")
	ErrRunning      = errors.New("the table is already running")
	ErrNotHost      = errors.New("only the table's host may do that")
	ErrNotSeated    = errors.New("you do not sit at this table")
	ErrSeatTaken    = errors.New("that seat is taken")
	ErrNoSeat       = errors.New("there is no such seat")
	ErrNoFreeSeat   = errors.New("every seat is taken")
	ErrBotNameTaken = errors.New("someone at this table already has that name: give the bot another one")
	ErrNotWaiting   = errors.New("the game has already started")
	ErrNotPlaying   = errors.New("the game is not being played")
	ErrNotYourTurn  = errors.New("it is not your turn")
	ErrSittingOut   = errors.New("you sit this round out (SI-5): your bot plays it, you are back next round")
	ErrTrickShown   = errors.New("the trick is being shown: play when it is cleared")
	ErrChatEmpty    = errors.New("nothing left to send: the line held only spaces, control characters or escape sequences")
	ErrChatTooLong  = errors.New("that chat line is too long")
	ErrChatTooFast  = errors.New("you are chatting too fast: wait a moment")
	ErrChatClosed   = errors.New("chat is closed until this trick is complete (forehead round)")
	ErrNoPenalty    = errors.New("penalties are given only at boerenbridge tables (BB-7)")
	ErrBadPenalty   = errors.New("a penalty is -1 to -" + strconv.Itoa(MaxPenalty) + " points with a reason")
	ErrTableAborted = errors.New("the table stopped after an internal error")
	ErrNoBotSeat    = errors.New("no bot of this key holds a seat in this table's game")
	ErrBotConnected = errors.New("this key's bot still plays its seat over another connection: one connection a seat (a dropped connection is noticed at the server's next keepalive)")
)

// Player is a person: ID is their SSH key fingerprint (or a guest id), Name
// their display name.
type Player struct {
	ID    string
	Name  string
	Guest bool
}

// SeatKind says who plays a seat now.
type SeatKind uint8

// The seat kinds (ON-1).
const (
	Free  SeatKind = iota // nobody yet; a bot takes it when the game starts
	Human                 // a person plays it
	Bot                   // a bot plays it, nobody owns it
	Away                  // a person owns it but is away or disconnected: their bot plays
)

func (k SeatKind) String() string {
	switch k {
	case Free:
		return "free"
	case Human:
		return "human"
	case Bot:
		return "bot"
	case Away:
		return "away"
	}
	return "?"
}

// Phase is where the table is in its life.
type Phase uint8

// The phases.
const (
	Waiting Phase = iota // seats are being taken; the host starts the game
	Playing
	Over // the game ended (or the table stopped): Snapshot.Standings is set
)

func (p Phase) String() string {
	switch p {
	case Waiting:
		return "waiting"
	case Playing:
		return "playing"
	case Over:
		return "over"
	}
	return "?"
}

// BotFactory makes the bot of a seat. The table calls it once per seat that
// needs a bot; a nil Bot falls back to the first legal move. The bot must be
// safe for concurrent calls: with a bot pace, a decision the table dropped
// or overruled may still be running when the seat's next one starts (every
// bot in this repository keeps no state between calls).
type BotFactory func(ruleset string, seat int) engine.Bot

// Logger is what a table logs through; *log.Logger of
// github.com/charmbracelet/log satisfies it.
type Logger interface {
	Info(msg any, keyvals ...any)
	Warn(msg any, keyvals ...any)
	Error(msg any, keyvals ...any)
}

// ChatCloser may be implemented by a game or by its views: while
// ChatClosed reports true the table refuses chat lines. The forehead round
// of SR-9 closes chat from the deal until the trick is complete. The table
// asks the game first, else its spectator view.
type ChatCloser interface {
	ChatClosed() bool
}

// PacedChancer may be implemented by a game: when PacedChance reports true,
// the pending chance step is one players should see happen (a card of a
// trump-choice draw, SR-6), so the table takes it at the bots' pace instead
// of at once.
type PacedChancer interface {
	PacedChance() bool
}

// Rounder may be implemented by a game or by its views: Round is the
// 1-based round (or deal) in progress, or the next one to be dealt. The
// table asks the game first, else its spectator view (and else counts the
// deals of the record) — for the lobby list, snapshots and SI-5 sitout lines.
type Rounder interface {
	Round() int
}

// Defaults a lobby gives new tables.
const (
	DefaultTurnTimer = 60 * time.Second
	DefaultBotPace   = time.Second
	// DefaultTrickPause is long enough to read who won a trick.
	DefaultTrickPause = 1500 * time.Millisecond
	// DefaultBotBudget is how long a bot may think about a move at a table
	// with a bot pace (the goal: strong within 300 ms a decision at p99). It
	// is a little above the strong levels' own 150 ms guard, so a bot
	// finishing its last sample is rarely overruled, and leaves room for a
	// busy machine's delay in waking the table (BenchmarkStrong8Tables).
	DefaultBotBudget = 200 * time.Millisecond
	DefaultChatLines = 50
	DefaultIdleClose = 10 * time.Minute
	// DefaultUnattendedClose is the grace a running table nobody is at gets
	// (Config.UnattendedClose of a server's tables).
	DefaultUnattendedClose = time.Minute
	// DefaultSeatHold is how long a running game waits for its people
	// when all have left its table (Config.SeatHold of a server's tables).
	DefaultSeatHold = 30 * time.Minute
	// MaxChatRunes is the longest chat line accepted, in characters.
	MaxChatRunes = 200
	// ChatBurst lines may be sent at once; after that one line per ChatEvery.
	ChatBurst = 5
	ChatEvery = 2 * time.Second
)

// Config describes a table. Ruleset, Options and Seats are validated by New
// through Ruleset.Start.
type Config struct {
	ID   string // unique among the server's tables; safe as a file name
	Name string // for people
	// Ruleset and Options (as given by the host; New fills in defaults).
	Ruleset *engine.Ruleset
	Options engine.Options
	Seats   int // number of seats
	Host    Player
	// SeatHost puts the host in seat 0 at once.
	SeatHost bool
	Private  bool   // listed as private; joined with Code
	Code     string // invite code of a private table, shown to its seats
	// Admitted are the keys a private table lets in besides its host and
	// seats, kept in its journal (admit.go); Restore reads them back.
	Admitted []string
	Seed     uint64 // the deal (and bot) randomness
	// TurnTimer is how long a person has for a move (ON-3); 0 turns it off.
	TurnTimer time.Duration
	// BotPace is how long a bot waits before its move; 0 moves at once.
	BotPace time.Duration
	// TrickPause is how long a completed trick (and the end of a deal)
	// stays on screen before the game goes on (pause.go); 0: no pause.
	TrickPause time.Duration
	// BotBudget bounds a bot's decision (DefaultBotBudget when 0), and
	// never exceeds TurnTimer when that is set. With a BotPace the bot
	// decides off the table's goroutine while the pace runs, is told to
	// stop at the budget (engine.ContextBot) and, when its move is not in
	// a moment later, the table plays the Fallback bot's move. Without
	// a BotPace the bot decides in the table's goroutine, with the budget
	// as its context's deadline when the Clock is RealClock.
	BotBudget time.Duration
	// BotLevels is the bot level the table was created with for each seat
	// ("" or missing: the default), as its creator chose it. The table does
	// not read it: Bots makes the bots. It is kept in the journal so that a
	// restored table can be given the same bots (Saved.BotLevels).
	BotLevels []string
	// IdleClose closes a table still waiting for its start when nobody has
	// been at it (no subscriber, no connected person in a seat) for this
	// long; 0 never does.
	IdleClose time.Duration
	// UnattendedClose ends a running game when nobody has been at its table
	// (no subscriber: no person connected and no spectator) for this long,
	// so bots do not play on for nobody, unless SeatHold holds it for a
	// person's seat; 0 never does. The game is kept, unrated, as unfinished.
	UnattendedClose time.Duration
	// SeatHold: a running game none of whose people is at its table
	// (spectators do not count) while a person still has a seat there
	// (gone to the lobby, dropped) holds still for them, no bot
	// moving and no turn timer running, and ends, unfinished, after this
	// long; 0: no hold (UnattendedClose applies).
	SeatHold time.Duration
	// JournalRetry is how often a table whose journal cannot be written
	// tries again, paused meanwhile (DefaultJournalRetry when 0).
	JournalRetry time.Duration
	// ChatLines is how many chat lines snapshots carry (DefaultChatLines when 0).
	ChatLines int

	Clock Clock      // RealClock{} when nil
	Bots  BotFactory // first-legal-move bots when nil
	// Fallback makes the bot that moves for a seat whose bot has not
	// decided in time (see BotBudget): it must decide at once, as a
	// rule-based bot does. The seat's first legal move when nil.
	Fallback BotFactory
	Sink     RecordSink // records are dropped when nil
	// Journal keeps the game as it is played and when it ends (see
	// Journal); without one a crash loses the game.
	Journal Journal
	// Shared: the Journal is shared with other servers (a cluster), one of
	// which takes the game over when this server stops the table: a game
	// stopped before its end then leaves no record here (the server that
	// finishes it keeps the record).
	Shared bool
	Logger Logger // nothing is logged when nil
}

// SeatInfo is one seat as players see it.
type SeatInfo struct {
	Name      string // the person's name; BotName(seat) for a bot; "" when free
	Kind      SeatKind
	Connected bool // the person owning the seat has a live connection
	Guest     bool
	// TimedOut: the seat is away because its timer ran out once; the
	// person still has each of their turns (away.go).
	TimedOut bool
}

// ChatLine is one line of the table's chat. System lines come from the table
// itself (a seat taken over, a penalty given).
type ChatLine struct {
	Time   time.Time
	From   string
	Seat   int // the speaker's seat, engine.Spectator when not seated
	Text   string
	System bool
}

// Standing is one seat's place at the end: places are shared by equal totals
// (1, 1, 3).
type Standing struct {
	Place int
	Seat  int
	Name  string
	Total int
}

// Snapshot is what one subscriber sees of a table at one moment. It is a
// plain value; its slices, its Options map and its View are shared with
// other subscribers and must be treated as read-only.
type Snapshot struct {
	Version  uint64 // grows with every change of the table
	TableID  string
	Name     string
	Ruleset  string
	Title    string
	Options  engine.Options // the full options, defaults filled in
	Private  bool
	Code     string // the invite code; only for seated players and the host
	Seats    []SeatInfo
	Host     string // the host's name
	YouHost  bool   // the subscriber is the host
	You      int    // the subscriber's seat, or engine.Spectator
	Phase    Phase
	View     engine.View // the subscriber's seat's view (spectators: engine.Spectator's); nil while waiting
	Turn     int         // engine.Game.Next while playing; engine.Over when over
	Deadline time.Time   // when the person to move runs out of time; zero without a timer
	// BotLevels are the table's Config.BotLevels (read-only): a game
	// played again gets the same bots.
	BotLevels []string
	// BotRounds are the rounds the subscriber's bot played for them since
	// they were last back: moved themselves, said they were back, or sat
	// or subscribed again (read-only).
	BotRounds []int
	// GoneRounds are the rounds the subscriber's bot moved for them while
	// they were gone (a dropped connection, the lobby), on the screen they
	// came back with (Sit or Subscribe), until they move or say they are
	// back; nil for everyone else (read-only).
	GoneRounds []int
	TurnTimer  time.Duration
	BotPace    time.Duration
	// TrickPause is the table's Config.TrickPause: a game played again
	// keeps it.
	TrickPause time.Duration
	// Paused: the table holds a completed trick (the view's last trick)
	// or the end of a deal on screen for a moment; nobody is timed.
	Paused bool
	// Held: the game waits for its people (none of them is at the table);
	// nobody moves until one is back (Config.SeatHold).
	Held bool
	// SeatHold is the table's Config.SeatHold: whether (and how long) its
	// game would wait for its people.
	SeatHold   time.Duration
	Round      int // from the view's Round when it has one
	Result     engine.Result
	Chat       []ChatLine // the last lines, oldest first
	ChatClosed bool
	Spectators []string
	Standings  []Standing // set when Phase is Over and the game was played
	// Credits says, by seat, who each seat is credited to once the game is
	// over (ON-6); Seats then carry the credited names.
	Credits []Credit
	// Holders says, by seat, who held each seat that changed hands in the
	// game, in turn and from which round (nil for a seat that did not, and
	// nil when none did), so the score sheet credits each round to whoever
	// played it (read-only).
	Holders [][]Holder
	Ended   string // why the table ended early ("server shutting down", "internal error"); "" otherwise
	// Unsaved is set while the table cannot save its game: the snapshot is
	// the last one shown before, moves are refused until it is saved.
	Unsaved bool
	// Moving is set on the last snapshot of a table on another node of a
	// cluster while that node is gone and another one takes the table
	// over; the next snapshot comes from there.
	Moving bool
}

// Summary is a table as the lobby lists it.
type Summary struct {
	ID         string
	Name       string
	Ruleset    string
	Title      string
	Seats      int
	Humans     int // seats owned by people (away ones included)
	Bots       int
	Free       int
	Round      int
	Spectators int
	Private    bool
	Host       string
	HostHere   bool // the host is at the table to start it: seated and not away, or watching it
	Phase      Phase
	Held       bool // the game waits for its people (Snapshot.Held)
	TurnTimer  time.Duration
	BotPace    time.Duration
	TrickPause time.Duration
	// Options are the rule options the table plays (its game's defaults
	// filled in), so the lobby can name the unusual ones before anyone
	// sits down. Shared: never changed.
	Options engine.Options
	// Owners are the keys of the people who own each seat ("" for none),
	// HostID the host's key: the lobby lets them back into a private
	// table by its id and shows it to them. Never shown to anyone.
	Owners [MaxSeats]string `json:"-"`
	HostID string           `json:"-"`
	// BotKeys are, by seat, the keys whose programs placed the seats' bots
	// (placebot.go; nil when no seat has one): the lobby finds the seat a
	// bot's key takes back, on any node of a cluster. Never shown.
	BotKeys []string `json:"bot_keys,omitempty"`
	// LastHere is when each seat's person last came to the table or left
	// it (zero: not known; a restored table's, when each last came, from
	// its journal): the lobby sends a person with seats in two games back
	// to the one they were at last.
	LastHere [MaxSeats]time.Time
}

// MaxSeats is the most seats a table has.
const MaxSeats = 6

// firstLegal is the bot of last resort: the first legal move.
type firstLegal struct{}

func (firstLegal) Decide(v engine.View, _ *rand.Rand) engine.Move {
	if l := v.LegalMoves(); len(l) > 0 {
		return l[0]
	}
	return engine.Move{}
}

type nopLogger struct{}

func (nopLogger) Info(any, ...any)  {}
func (nopLogger) Warn(any, ...any)  {}
func (nopLogger) Error(any, ...any) {}

// botNames name the bots by seat, so a table of bots reads like a table of
// players; the seat's Kind says it is a bot.
var botNames = [...]string{"Ada", "Alan", "Grace", "Claude", "Edsger", "Barbara"}

// BotName is the name of the bot in seat i.
func BotName(i int) string {
	if i >= 0 && i < len(botNames) {
		return botNames[i]
	}
	return "bot"
}
