package tables

import (
	"fmt"
	"slices"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/names"
)

// A bot placed in a seat by hand (a remote bot over SSH) instead of made
// by the table's BotFactory: the seat is a bot's (SeatKind Bot) like any
// other, shown under the bot's SeatName, rated under BotKind, and decided
// through the same deadline and fallback (think.go), so the table never
// waits on it longer than on its own bots. The seat remembers the key of
// the program that placed it: when that program leaves during the game the
// table's Fallback plays the seat (leftBot), and a program of the same key
// takes the seat back (RejoinBot), after a restart too.

// SeatNamer may be implemented by a placed bot: the name its seat shows.
type SeatNamer interface{ SeatName() string }

type placeBotCmd struct {
	b     engine.Bot
	key   string
	seat  int
	reply chan placed
}

type placed struct {
	seat int
	err  error
	name string // the seat's name (botSeatCmd)
}

func (placeBotCmd) isCommand() {}

// PlaceBot seats b, the bot of a program connected with key (a key
// fingerprint; "": none, it cannot come back), in a free seat
// (engine.Spectator: the first free one) before the start and returns the
// seat. A person who later takes the seat replaces the bot for good.
func (t *Table) PlaceBot(b engine.Bot, key string, seat int) (int, error) {
	r := make(chan placed, 1)
	p, err := send(t, placeBotCmd{b, key, seat, r}, r)
	if err != nil {
		return -1, err
	}
	return p.seat, p.err
}

func (t *Table) placeBot(b engine.Bot, key string, want int) (int, error) {
	if t.phase != Waiting {
		return -1, ErrNotWaiting
	}
	if want < engine.Spectator || want >= len(t.seats) {
		return -1, ErrNoSeat
	}
	if want == engine.Spectator {
		if want = slices.IndexFunc(t.seats, func(s seat) bool { return s.kind() == Free }); want < 0 {
			return -1, ErrNoFreeSeat
		}
	}
	if t.seats[want].kind() != Free {
		return -1, ErrSeatTaken
	}
	if n, ok := b.(SeatNamer); ok && t.nameAtTable(n.SeatName()) {
		return -1, ErrBotNameTaken
	}
	t.seats[want] = seat{bot: true, botKey: key}
	t.seatBots[want] = b
	t.system(fmt.Sprintf("%s (a bot) sits at seat %d", t.botSeatName(want), want+1))
	t.dirty = true
	return want, nil
}

type botSeatCmd struct {
	key   string
	reply chan placed
}

func (botSeatCmd) isCommand() {}

// BotSeat is the seat, and the name it shows, that a bot placed by key
// holds in the running game, its program gone: RejoinBot takes it back.
// ErrNoBotSeat: no such seat; ErrBotConnected: its program still plays it
// (the seat is returned too).
func (t *Table) BotSeat(key string) (seat int, name string, err error) {
	r := make(chan placed, 1)
	p, err := send(t, botSeatCmd{key, r}, r)
	if err != nil {
		return -1, "", err
	}
	return p.seat, p.name, p.err
}

type rejoinBotCmd struct {
	b     engine.Bot
	key   string
	reply chan placed
}

func (rejoinBotCmd) isCommand() {}

// RejoinBot seats b, the bot of a new program of key, in the seat (see
// BotSeat) that key's placed bot holds in the running game and whose
// program left: b decides from the seat's next decision on, in place of
// the Fallback, under the seat's name (b must show it) and kind.
func (t *Table) RejoinBot(b engine.Bot, key string) (int, error) {
	r := make(chan placed, 1)
	p, err := send(t, rejoinBotCmd{b, key, r}, r)
	if err != nil {
		return -1, err
	}
	return p.seat, p.err
}

// keySeat is the seat of BotSeat: a seat whose program left before one
// whose program still plays.
func (t *Table) keySeat(key string) (int, error) {
	if key == "" || t.phase != Playing {
		return -1, ErrNoBotSeat
	}
	playing := -1
	for i := range t.seats {
		if t.seats[i].kind() != Bot || t.seats[i].botKey != key {
			continue
		}
		if _, gone := t.seatBots[i].(*leftBot); gone {
			return i, nil
		}
		if playing < 0 {
			playing = i
		}
	}
	if playing >= 0 {
		return playing, ErrBotConnected
	}
	return -1, ErrNoBotSeat
}

func (t *Table) rejoinBot(b engine.Bot, key string) (int, error) {
	i, err := t.keySeat(key)
	if err != nil {
		return -1, err
	}
	name := t.botSeatName(i)
	if n, ok := b.(SeatNamer); !ok || n.SeatName() != name {
		return -1, fmt.Errorf("the bot taking seat %d back must be named %s", i+1, name)
	}
	t.seatBots[i] = b
	t.system(fmt.Sprintf("%s (a bot) is back at seat %d", name, i+1))
	t.dirty = true
	return i, nil
}

// botSeatNameAt is botSeatName of seat i, "" when i is no seat.
func (t *Table) botSeatNameAt(i int) string {
	if i < 0 || i >= len(t.seats) {
		return ""
	}
	return t.botSeatName(i)
}

// GameOver is closed once the game has been played to its end (Done
// follows when the table closes).
func (t *Table) GameOver() <-chan struct{} { return t.over }

// gameOver closes over, once.
func (t *Table) gameOver() {
	select {
	case <-t.over:
	default:
		close(t.over)
	}
}

// Seats is the number of seats at the table.
func (t *Table) Seats() int { return t.cfg.Seats }

type unplaceBotCmd struct {
	b     engine.Bot
	reply chan error
}

func (unplaceBotCmd) isCommand() {}

// UnplaceBot frees the seat of b, a bot PlaceBot seated, while the game has
// not started (a remote bot that left before the start); once it has, the
// seat stays a bot's and the table's Fallback plays it until a program of
// the key that placed it comes back (RejoinBot). It is no error when b
// holds no seat. b must be comparable (a pointer, as botproto.Remote is).
func (t *Table) UnplaceBot(b engine.Bot) error {
	r := make(chan error, 1)
	return t.call(unplaceBotCmd{b, r}, r)
}

func (t *Table) unplaceBot(b engine.Bot) error {
	for i := range t.seats {
		if t.seats[i].kind() != Bot || t.seatBots[i] != b {
			continue
		}
		name := t.botSeatName(i)
		switch {
		case t.phase == Waiting:
			t.system(fmt.Sprintf("%s (a bot) left seat %d", name, i+1))
			t.seats[i], t.seatBots[i] = seat{}, nil
		case t.phase == Playing && t.seats[i].botKey != "":
			t.system(fmt.Sprintf("%s (a bot) lost its connection: a bot plays seat %d until %s is back", name, i+1, name))
			t.seatBots[i] = t.leftBot(&placedJSON{Name: name, Kind: BotKind(b)}, i)
		default:
			continue
		}
		t.dirty = true
	}
	return nil
}

// botSeatName is the name a bot's seat i shows: its placed bot's, or
// BotName(i).
// nameAtTable reports whether a seat's person or bot has name, compared
// as people's names are (names.Key), so that no bot passes for another seat.
func (t *Table) nameAtTable(name string) bool {
	if name == "" {
		return false
	}
	key := names.Key(name)
	for i, s := range t.seats {
		switch s.kind() {
		case Free:
			continue
		case Bot:
			if names.Key(t.botSeatName(i)) == key {
				return true
			}
		default:
			if names.Key(s.owner.Name) == key {
				return true
			}
		}
	}
	return false
}

func (t *Table) botSeatName(i int) string {
	if n, ok := t.seatBots[i].(SeatNamer); ok && n.SeatName() != "" {
		return n.SeatName()
	}
	return BotName(i)
}

// placedJSON is, by seat, the bots placed by hand that hold their seats,
// for the game's journal header; nil when there are none.
func (t *Table) placedJSON() []*placedJSON {
	var out []*placedJSON
	for i, b := range t.seatBots {
		if b == nil || t.seats[i].kind() != Bot {
			continue
		}
		if out == nil {
			out = make([]*placedJSON, len(t.seats))
		}
		p := &placedJSON{Kind: BotKind(b), Key: t.seats[i].botKey}
		if n, ok := b.(SeatNamer); ok {
			p.Name = n.SeatName()
		}
		out[i] = p
	}
	return out
}

// leftBot holds a placed bot's seat whose program is gone (it left, or a
// restored game's was gone with the server it sat on): the seat keeps the
// bot's name and kind (its ratings), and the table's Fallback moves for it
// until a program of its key takes it back (RejoinBot).
type leftBot struct {
	engine.Bot
	name, kind string
}

// Name is the placed bot's kind (BotKind).
func (b *leftBot) Name() string { return b.kind }

// SeatName is the placed bot's name at its seat.
func (b *leftBot) SeatName() string { return b.name }

// leftBot is the bot for seat i, whose placed bot p the journal kept.
func (t *Table) leftBot(p *placedJSON, i int) engine.Bot {
	var b engine.Bot = firstLegal{}
	if t.cfg.Fallback != nil {
		if f := t.cfg.Fallback(t.rs.Name, i); f != nil {
			b = f
		}
	}
	return &leftBot{Bot: b, name: p.Name, kind: p.Kind}
}
