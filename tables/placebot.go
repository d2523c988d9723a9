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
// waits on it longer than on its own bots.

// SeatNamer may be implemented by a placed bot: the name its seat shows.
type SeatNamer interface{ SeatName() string }

type placeBotCmd struct {
	b     engine.Bot
	seat  int
	reply chan placed
}

type placed struct {
	seat int
	err  error
}

func (placeBotCmd) isCommand() {}

// PlaceBot seats b in a free seat (engine.Spectator: the first free one)
// before the start and returns the seat. A person who later takes the
// seat replaces the bot for good.
func (t *Table) PlaceBot(b engine.Bot, seat int) (int, error) {
	r := make(chan placed, 1)
	p, err := send(t, placeBotCmd{b, seat, r}, r)
	if err != nil {
		return -1, err
	}
	return p.seat, p.err
}

func (t *Table) placeBot(b engine.Bot, want int) (int, error) {
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
	t.seats[want] = seat{bot: true}
	t.seatBots[want] = b
	t.system(fmt.Sprintf("%s (a bot) sits at seat %d", t.botSeatName(want), want+1))
	t.dirty = true
	return want, nil
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
// seat stays a bot's and its fallback plays. It is no error when b holds no
// seat. b must be comparable (a pointer, as botproto.Remote is).
func (t *Table) UnplaceBot(b engine.Bot) error {
	r := make(chan error, 1)
	return t.call(unplaceBotCmd{b, r}, r)
}

func (t *Table) unplaceBot(b engine.Bot) error {
	if t.phase != Waiting {
		return nil
	}
	for i := range t.seats {
		if t.seats[i].kind() == Bot && t.seatBots[i] == b {
			t.system(fmt.Sprintf("%s (a bot) left seat %d", t.botSeatName(i), i+1))
			t.seats[i], t.seatBots[i] = seat{}, nil
			t.dirty = true
		}
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
		p := &placedJSON{Kind: BotKind(b)}
		if n, ok := b.(SeatNamer); ok {
			p.Name = n.SeatName()
		}
		out[i] = p
	}
	return out
}

// leftBot holds a placed bot's seat in a restored game, the program being
// gone with the server it sat on: the seat keeps the bot's name and kind
// (its ratings), and the table's Fallback moves for it, as the placed bot's
// own fallback does once its program has left.
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
