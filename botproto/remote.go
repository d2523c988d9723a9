package botproto

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// MaxLine is the longest line a bot may send; a longer one is refused.
const MaxLine = 4096

// maxQueued is how many unread lines the bot may send ahead; more are
// dropped.
const maxQueued = 32

// Fault is a decision the fallback bot made for the remote bot.
type Fault struct {
	ID   int    // the decision
	Kind string // "garbage", "illegal", "late", "closed"
	Err  string // what the bot was told
}

// Remote is a bot on the other end of a stream: an engine.ContextBot that
// writes each decision's view to w and reads the answer from r. A decision
// ends at ctx's deadline (or Timeout, when ctx has none); a garbage, illegal
// or late answer is refused with an ErrorMessage and Fallback decides
// instead. Decisions take turns (one stream); it is safe for concurrent use.
//
// NewRemote starts one goroutine that reads r; it ends when r returns an
// error (EOF, closed): the owner closes r when the bot is done with.
type Remote struct {
	name     string
	fallback engine.Bot
	timeout  time.Duration
	w        io.Writer

	turn chan struct{} // one decision (or write) at a time: holds the stream

	mu      sync.Mutex
	queue   []string // lines read, not yet taken; guarded by mu
	readErr error    // why reading ended; guarded by mu
	faults  []Fault  // guarded by mu
	id      int      // the last decision's id; guarded by turn

	notify chan struct{} // size one: a line came in
	done   chan struct{} // closed when reading ends
}

// Options set up a Remote.
type Options struct {
	// Name is the bot's name at the seat (a table shows it and rates the bot
	// as store.BotID of it).
	Name string
	// Fallback moves for the bot when its answer is refused; nil: the
	// first legal move.
	Fallback engine.Bot
	// Timeout bounds a decision whose context has no deadline (0: none).
	Timeout time.Duration
}

// NewRemote returns the bot on the far end of r and w.
func NewRemote(r io.Reader, w io.Writer, o Options) *Remote {
	b := &Remote{name: o.Name, fallback: o.Fallback, timeout: o.Timeout, w: w,
		turn: make(chan struct{}, 1), notify: make(chan struct{}, 1), done: make(chan struct{})}
	go b.read(r)
	return b
}

// read queues r's lines until r ends.
func (b *Remote) read(r io.Reader) {
	defer close(b.done)
	br := bufio.NewReaderSize(r, MaxLine)
	for {
		line, long, err := readLine(br)
		if err != nil {
			b.mu.Lock()
			b.readErr = err
			b.mu.Unlock()
			return
		}
		if long {
			line = "\x00long"
		}
		b.mu.Lock()
		if len(b.queue) < maxQueued {
			b.queue = append(b.queue, line)
		}
		b.mu.Unlock()
		select {
		case b.notify <- struct{}{}:
		default:
		}
	}
}

// readLine reads one line; long reports that it was longer than MaxLine
// (the rest is skipped).
func readLine(br *bufio.Reader) (string, bool, error) {
	line, err := br.ReadSlice('\n')
	if err == nil {
		return strings.TrimRight(string(line), "\r\n"), false, nil
	}
	if !errors.Is(err, bufio.ErrBufferFull) {
		return "", false, err
	}
	for errors.Is(err, bufio.ErrBufferFull) {
		_, err = br.ReadSlice('\n')
	}
	return "", true, err
}

// Name is the bot's kind, "remote:" and its name: a table keeps and rates
// the bot under it (tables.BotKind), apart from the tables' own bots.
func (b *Remote) Name() string { return "remote:" + b.name }

// SeatName is the bot's name, shown at its seat (tables.SeatNamer).
func (b *Remote) SeatName() string { return b.name }

// Done is closed once the bot's stream has ended.
func (b *Remote) Done() <-chan struct{} { return b.done }

// Faults lists the decisions the fallback made, in order.
func (b *Remote) Faults() []Fault {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.faults)
}

// Hello writes the first line.
func (b *Remote) Hello(h Hello) error {
	h.Type, h.Protocol = "hello", Protocol
	return b.send(context.Background(), h)
}

// End writes the last line.
func (b *Remote) End(e End) error {
	e.Type = "end"
	return b.send(context.Background(), e)
}

// send writes one message when the stream is free (or gives up once ctx
// is done).
func (b *Remote) send(ctx context.Context, msg any) error {
	select {
	case b.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-b.turn }()
	return b.write(msg)
}

func (b *Remote) write(msg any) error {
	line, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = b.w.Write(append(line, '\n'))
	return err
}

// Decide is DecideContext without a context (Timeout bounds it).
func (b *Remote) Decide(v engine.View, rng *rand.Rand) engine.Move {
	return b.DecideContext(context.Background(), v, rng)
}

// DecideContext sends the seat's view and legal moves and returns the
// bot's answer, or the fallback's move when the answer is refused or not
// in once ctx is done (or after Timeout, when ctx has no deadline).
func (b *Remote) DecideContext(ctx context.Context, v engine.View, rng *rand.Rand) engine.Move {
	legal := v.LegalMoves()
	if len(legal) == 0 {
		return engine.Move{}
	}
	if _, ok := ctx.Deadline(); !ok && b.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.timeout)
		defer cancel()
	}
	select {
	case b.turn <- struct{}{}:
	default:
		select {
		case b.turn <- struct{}{}:
		case <-ctx.Done():
			return b.fallbackMove(v, legal, rng, Fault{Kind: "late", Err: "the previous decision still holds the stream"}, false)
		}
	}
	defer func() { <-b.turn }()
	b.id++
	id := b.id
	b.drop() // answers to earlier decisions come too late
	req := MoveRequest{Type: "move", ID: id, Legal: texts(legal), View: EncodeView(v)}
	if d, ok := ctx.Deadline(); ok {
		req.TimeMS = max(time.Until(d).Milliseconds(), 1)
	}
	if err := b.write(req); err != nil {
		return b.fallbackMove(v, legal, rng, Fault{ID: id, Kind: "closed", Err: "the bot's stream is closed"}, false)
	}
	for {
		if line, ok := b.take(); ok {
			m, f, mine := b.judge(line, id, legal)
			if !mine {
				continue
			}
			if f == nil {
				return m
			}
			return b.fallbackMove(v, legal, rng, *f, true)
		}
		select {
		case <-b.notify:
		case <-b.done:
			if _, ok := b.peek(); ok {
				continue // lines read before the end
			}
			return b.fallbackMove(v, legal, rng, Fault{ID: id, Kind: "closed", Err: "the bot's stream ended"}, false)
		case <-ctx.Done():
			f := Fault{ID: id, Kind: "late", Err: fmt.Sprintf("no move for decision %d in time (%d ms)", id, req.TimeMS)}
			return b.fallbackMove(v, legal, rng, f, true)
		}
	}
}

// judge reads an answer line: the move (f nil), or why it is refused;
// mine is false for a late answer to an earlier decision (ignored).
// Fields other than id and move are ignored, so that bots may send more
// than a later protocol version needs.
func (b *Remote) judge(line string, id int, legal []engine.Move) (m engine.Move, f *Fault, mine bool) {
	if line == "\x00long" {
		return m, &Fault{ID: id, Kind: "garbage", Err: fmt.Sprintf("a line longer than %d bytes", MaxLine)}, true
	}
	a, why := parseAnswer(line)
	if why != "" {
		return m, &Fault{ID: id, Kind: "garbage", Err: fmt.Sprintf("not an answer (%s): %s (write one JSON object a line, {\"id\": %d, \"move\": \"…\"})", why, clip(line), id)}, true
	}
	if a.ID >= 1 && a.ID < id {
		return m, nil, false
	}
	if a.ID != id {
		return m, &Fault{ID: id, Kind: "garbage", Err: fmt.Sprintf("answer for decision %d, but decision %d is asked", a.ID, id)}, true
	}
	for _, l := range legal {
		if l.String() == a.Move {
			return l, nil, true
		}
	}
	if _, err := engine.ParseMove(a.Move); err != nil {
		return m, &Fault{ID: id, Kind: "illegal", Err: err.Error()}, true
	}
	return m, &Fault{ID: id, Kind: "illegal", Err: fmt.Sprintf("%q is not a legal move now (legal: %s)", clip(a.Move), strings.Join(texts(legal), ", "))}, true
}

// fallbackMove records f, moves for the bot and, when tell, says so to the
// bot (the stream is held).
func (b *Remote) fallbackMove(v engine.View, legal []engine.Move, rng *rand.Rand, f Fault, tell bool) engine.Move {
	m := legal[0]
	if b.fallback != nil {
		if fm := b.fallback.Decide(v, rng); slices.Contains(legal, fm) {
			m = fm
		}
	}
	b.mu.Lock()
	b.faults = append(b.faults, f)
	b.mu.Unlock()
	if tell {
		_ = b.write(ErrorMessage{Type: "error", ID: f.ID, Error: f.Err, Played: m.String()})
	}
	return m
}

func (b *Remote) take() (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.queue) == 0 {
		return "", false
	}
	l := b.queue[0]
	b.queue = b.queue[1:]
	return l, true
}

func (b *Remote) peek() (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.queue) == 0 {
		return "", false
	}
	return b.queue[0], true
}

// drop forgets the lines not yet taken.
func (b *Remote) drop() {
	b.mu.Lock()
	b.queue = nil
	b.mu.Unlock()
}

func texts(ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// clip shortens a bot's text quoted back to it.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// parseAnswer reads an answer line, or says in words what is wrong with it.
func parseAnswer(line string) (Answer, string) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &raw); err != nil {
		return Answer{}, "not a JSON object"
	}
	var a Answer
	switch {
	case raw["id"] == nil:
		return a, `no "id"`
	case json.Unmarshal(raw["id"], &a.ID) != nil:
		return a, `"id" is not a whole number`
	case raw["move"] == nil:
		return a, `no "move"`
	case json.Unmarshal(raw["move"], &a.Move) != nil:
		return a, `"move" is not a string`
	}
	return a, ""
}
