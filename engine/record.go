package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/cardroom/cardroom/engine/cards"
)

// RecordFormat is the value of "record" in a record's header line.
const RecordFormat = "cardroom/1"

// Header is the first line of a record (RECORD.md).
type Header struct {
	Ruleset string
	Options Options  // canonical values; defaults may be left out
	Seats   []string // display names in seat order
	// Informative fields, ignored by replay.
	Started time.Time
	Table   string
	Seed    uint64
}

// The kinds of record line (Event.E).
const (
	EvDeal    = "deal"
	EvDraw    = "draw"
	EvMove    = "move"
	EvSitout  = "sitout"
	EvPenalty = "penalty"
	EvEnd     = "end"
)

// Event is one record line after the header: a deal, a trump-choice draw, a
// move, a sitout, a penalty or the end. Which fields are used depends on E;
// RECORD.md lists them.
type Event struct {
	E string
	// Round is the 1-based round (deal, draw, sitout in trick games).
	Round int
	// Dealer is the dealer of a trick-game deal.
	Dealer int
	// Hands are the dealt hands, one per seat (deal).
	Hands [][]cards.Card
	// Turned is the turned trump card of a trick-game deal, cards.None when
	// no card is turned.
	Turned cards.Card
	// Bottom holds the three bottom cards of a Dou Dizhu deal; a deal event
	// with Bottom set is a Dou Dizhu deal.
	Bottom []cards.Card
	// FirstBidder is the first bidder of a Dou Dizhu deal.
	FirstBidder int
	// Seat is the acting seat (draw, move, sitout, penalty).
	Seat int
	// Card is the card drawn (draw).
	Card cards.Card
	// Move is the move made (move).
	Move Move
	// Points (negative) and Reason of a penalty.
	Points int
	Reason string
	// Totals of the end line.
	Totals []int
	// Time is when it happened (informative, written as "t"; zero: left out).
	Time time.Time
}

// Clone returns a deep copy of e: it shares no slice with e.
func (e Event) Clone() Event {
	if e.Hands != nil {
		hs := make([][]cards.Card, len(e.Hands))
		for i, h := range e.Hands {
			hs[i] = slices.Clone(h)
		}
		e.Hands = hs
	}
	e.Bottom = slices.Clone(e.Bottom)
	e.Totals = slices.Clone(e.Totals)
	return e
}

// CloneEvents returns a deep copy of es, for a game's Events.
func CloneEvents(es []Event) []Event {
	out := make([]Event, len(es))
	for i, e := range es {
		out[i] = e.Clone()
	}
	return out
}

// MoveEvent returns the record line of seat's move m.
func MoveEvent(seat int, m Move) Event { return Event{E: EvMove, Seat: seat, Move: m} }

type wireEvent struct {
	E           string          `json:"e"`
	Round       *int            `json:"round,omitempty"`
	Dealer      *int            `json:"dealer,omitempty"`
	Hands       *[][]cards.Card `json:"hands,omitempty"`
	Turned      json.RawMessage `json:"turned,omitempty"`
	Bottom      *[]cards.Card   `json:"bottom,omitempty"`
	FirstBidder *int            `json:"first_bidder,omitempty"`
	Seat        *int            `json:"seat,omitempty"`
	Card        *cards.Card     `json:"card,omitempty"`
	Move        *Move           `json:"move,omitempty"`
	Points      *int            `json:"points,omitempty"`
	Reason      *string         `json:"reason,omitempty"`
	Totals      *[]int          `json:"totals,omitempty"`
	T           string          `json:"t,omitempty"`
}

// MarshalJSON writes the event as one record line, with exactly the fields
// RECORD.md gives its kind.
func (e Event) MarshalJSON() ([]byte, error) {
	w := wireEvent{E: e.E}
	switch e.E {
	case EvDeal:
		w.Hands = &e.Hands
		if e.Bottom != nil {
			w.Bottom = &e.Bottom
			w.FirstBidder = &e.FirstBidder
		} else {
			w.Round, w.Dealer = &e.Round, &e.Dealer
			w.Turned = json.RawMessage("null")
			if e.Turned != cards.None {
				w.Turned = json.RawMessage(`"` + e.Turned.String() + `"`)
			}
		}
	case EvDraw:
		w.Round, w.Seat, w.Card = &e.Round, &e.Seat, &e.Card
	case EvMove:
		w.Seat, w.Move = &e.Seat, &e.Move
	case EvSitout:
		w.Seat, w.Round = &e.Seat, &e.Round
	case EvPenalty:
		w.Seat, w.Points, w.Reason = &e.Seat, &e.Points, &e.Reason
	case EvEnd:
		w.Totals = &e.Totals
	default:
		return nil, fmt.Errorf("unknown event %q", e.E)
	}
	if !e.Time.IsZero() {
		w.T = e.Time.UTC().Format(time.RFC3339Nano)
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads one record line, requiring every field its kind needs.
func (e *Event) UnmarshalJSON(b []byte) error {
	var w wireEvent
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("not a valid record line: %v", err)
	}
	missing := func(field string) error {
		return fmt.Errorf("%s line has no %q", w.E, field)
	}
	out := Event{E: w.E, Turned: cards.None, Card: cards.None}
	switch w.E {
	case EvDeal:
		if w.Hands == nil {
			return missing("hands")
		}
		out.Hands = *w.Hands
		if w.Bottom != nil {
			out.Bottom = *w.Bottom
			if w.FirstBidder == nil {
				return missing("first_bidder")
			}
			out.FirstBidder = *w.FirstBidder
			break
		}
		if w.Round == nil {
			return missing("round")
		}
		if w.Dealer == nil {
			return missing("dealer")
		}
		if w.Turned == nil {
			return missing("turned")
		}
		out.Round, out.Dealer = *w.Round, *w.Dealer
		if string(w.Turned) != "null" {
			var c cards.Card
			if err := json.Unmarshal(w.Turned, &c); err != nil {
				return fmt.Errorf("turned: %v", err)
			}
			out.Turned = c
		}
	case EvDraw:
		if w.Round == nil {
			return missing("round")
		}
		if w.Seat == nil {
			return missing("seat")
		}
		if w.Card == nil {
			return missing("card")
		}
		out.Round, out.Seat, out.Card = *w.Round, *w.Seat, *w.Card
	case EvMove:
		if w.Seat == nil {
			return missing("seat")
		}
		if w.Move == nil {
			return missing("move")
		}
		out.Seat, out.Move = *w.Seat, *w.Move
	case EvSitout:
		if w.Seat == nil {
			return missing("seat")
		}
		if w.Round == nil {
			return missing("round")
		}
		out.Seat, out.Round = *w.Seat, *w.Round
	case EvPenalty:
		if w.Seat == nil {
			return missing("seat")
		}
		if w.Points == nil {
			return missing("points")
		}
		if w.Reason == nil {
			return missing("reason")
		}
		out.Seat, out.Points, out.Reason = *w.Seat, *w.Points, *w.Reason
	case EvEnd:
		if w.Totals == nil {
			return missing("totals")
		}
		out.Totals = *w.Totals
	case "":
		return fmt.Errorf("record line has no \"e\"")
	default:
		return fmt.Errorf("unknown event %q", clip(w.E))
	}
	if w.T != "" {
		if t, err := time.Parse(time.RFC3339Nano, w.T); err == nil {
			out.Time = t
		}
	}
	*e = out
	return nil
}

type wireHeader struct {
	Record  string                     `json:"record"`
	Ruleset string                     `json:"ruleset"`
	Options map[string]json.RawMessage `json:"options"`
	Seats   []string                   `json:"seats"`
	Started string                     `json:"started,omitempty"`
	Table   string                     `json:"table,omitempty"`
	Seed    uint64                     `json:"seed,omitempty"`
}

// MarshalHeader writes h as a record's first line (without newline). Options
// are written with their JSON types; those at their default are left out.
func MarshalHeader(r *Ruleset, h Header) ([]byte, error) {
	opts := map[string]json.RawMessage{}
	for k, v := range r.EncodeOptions(h.Options) {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		opts[k] = b
	}
	w := wireHeader{Record: RecordFormat, Ruleset: h.Ruleset, Options: opts, Seats: h.Seats, Table: h.Table, Seed: h.Seed}
	if w.Seats == nil {
		w.Seats = []string{}
	}
	if !h.Started.IsZero() {
		w.Started = h.Started.UTC().Format(time.RFC3339)
	}
	return json.Marshal(w)
}

// ParseHeader reads and checks a record's first line against the registry:
// the format, a known rule set, valid options and a valid number of seats.
func ParseHeader(reg *Registry, line []byte) (Header, *Ruleset, error) {
	var w wireHeader
	if err := json.Unmarshal(line, &w); err != nil {
		return Header{}, nil, fmt.Errorf("not a record header: %v", err)
	}
	if w.Record != RecordFormat {
		return Header{}, nil, fmt.Errorf("not a %s record (record is %q)", RecordFormat, clip(w.Record))
	}
	r, err := reg.Lookup(w.Ruleset)
	if err != nil {
		return Header{}, nil, err
	}
	opts, err := r.DecodeOptions(w.Options)
	if err != nil {
		return Header{}, nil, err
	}
	if n := len(w.Seats); n < r.MinPlayers || n > r.MaxPlayers {
		return Header{}, nil, fmt.Errorf("%s takes %d–%d seats, the header names %d", r.Name, r.MinPlayers, r.MaxPlayers, n)
	}
	h := Header{Ruleset: r.Name, Options: opts, Seats: w.Seats, Table: w.Table, Seed: w.Seed}
	if t, err := time.Parse(time.RFC3339, w.Started); err == nil {
		h.Started = t
	}
	return h, r, nil
}

// MarshalRecord writes a whole record: the header, the events, and an end
// line with the totals when the game is done.
func MarshalRecord(r *Ruleset, h Header, g Game) ([]byte, error) {
	var buf bytes.Buffer
	line, err := MarshalHeader(r, h)
	if err != nil {
		return nil, err
	}
	buf.Write(line)
	buf.WriteByte('\n')
	for _, e := range g.Events() {
		line, err := json.Marshal(e)
		if err != nil {
			return nil, err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	if g.Done() {
		line, _ := json.Marshal(Event{E: EvEnd, Totals: g.Result().Totals})
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return buf.Bytes(), nil
}

// IllegalMove is the error a game returns for a move the rules forbid.
type IllegalMove struct {
	Seat   int
	Move   Move
	Reason string // for a player: "must follow H", "not your turn"
}

func (e *IllegalMove) Error() string {
	return fmt.Sprintf("seat %d may not %s: %s", e.Seat, e.Move, e.Reason)
}

// Illegal returns an *IllegalMove error.
func Illegal(seat int, m Move, format string, args ...any) error {
	return &IllegalMove{Seat: seat, Move: m, Reason: fmt.Sprintf(format, args...)}
}
