package cluster

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/trick"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// request is one command to a table on its subject.
type request struct {
	Op     string        `json:"op"`
	P      tables.Player `json:"p"`
	Seat   int           `json:"seat,omitempty"`
	Points int           `json:"points,omitempty"`
	Move   engine.Move   `json:"move,omitzero"`
	Text   string        `json:"text,omitempty"`
	Away   bool          `json:"away,omitempty"`
	To     string        `json:"to,omitempty"`  // where a subscription's snapshots go; with Sub, whose subscription it is
	Sub    string        `json:"sub,omitempty"` // a subscription, once made
}

// reply is a table's answer.
type reply struct {
	Err     *wireErr `json:"err,omitempty"`
	Sub     string   `json:"sub,omitempty"`
	Private bool     `json:"private,omitempty"`
}

// wireErr carries an error: which of the errors people are told it is (so
// errors.Is holds on the other node), its text, and an illegal move's
// reason.
type wireErr struct {
	Code    string              `json:"code,omitempty"`
	Text    string              `json:"text"`
	Illegal *engine.IllegalMove `json:"illegal,omitempty"`
}

// known are the errors a table or the lobby gives people, by code.
var known = map[string]error{
	"closed": tables.ErrClosed, "running": tables.ErrRunning, "not_host": tables.ErrNotHost,
	"not_seated": tables.ErrNotSeated, "seat_taken": tables.ErrSeatTaken, "no_seat": tables.ErrNoSeat,
	"no_free_seat": tables.ErrNoFreeSeat, "not_waiting": tables.ErrNotWaiting, "not_playing": tables.ErrNotPlaying,
	"not_your_turn": tables.ErrNotYourTurn, "sitting_out": tables.ErrSittingOut, "trick_shown": tables.ErrTrickShown,
	"chat_empty": tables.ErrChatEmpty, "chat_too_long": tables.ErrChatTooLong, "chat_too_fast": tables.ErrChatTooFast,
	"chat_closed": tables.ErrChatClosed, "no_penalty": tables.ErrNoPenalty, "bad_penalty": tables.ErrBadPenalty,
	"aborted": tables.ErrTableAborted, "save_paused": tables.ErrSavePaused, "move_held": tables.ErrMoveHeld,
	"no_table": lobby.ErrNoTable, "private": lobby.ErrPrivate,
}

// remoteErr is an error from a table on another node: its own text, and
// the error of this process it stands for.
type remoteErr struct {
	text string
	is   error
}

func (e *remoteErr) Error() string { return e.text }
func (e *remoteErr) Unwrap() error { return e.is }

func encodeErr(err error) *wireErr {
	if err == nil {
		return nil
	}
	w := &wireErr{Text: err.Error()}
	for code, k := range known {
		if errors.Is(err, k) {
			w.Code = code
			break
		}
	}
	var ill *engine.IllegalMove
	if errors.As(err, &ill) {
		w.Illegal = ill
	}
	return w
}

func (w *wireErr) err() error {
	if w == nil {
		return nil
	}
	if w.Illegal != nil {
		return w.Illegal
	}
	k := known[w.Code]
	if k != nil && k.Error() == w.Text {
		return k
	}
	if k != nil {
		return &remoteErr{w.Text, k}
	}
	return errors.New(w.Text)
}

// snapshot is a tables.Snapshot on the wire: its View with the kind of
// game it is a view of.
type snapshot struct {
	tables.Snapshot
	ViewKind string          `json:"view_kind,omitempty"`
	ViewData json.RawMessage `json:"view_data,omitempty"`
	End      bool            `json:"end,omitempty"` // the table ended the subscription
}

// encodeSnapshot writes s for the subscriber's node.
func encodeSnapshot(s tables.Snapshot) ([]byte, error) {
	w := snapshot{Snapshot: s}
	w.View = nil
	switch v := s.View.(type) {
	case nil:
	case *trick.View:
		w.ViewKind = "trick"
	case *doudizhu.View:
		w.ViewKind = "doudizhu"
	default:
		return nil, fmt.Errorf("cluster: a view of type %T cannot be sent", v)
	}
	if s.View != nil {
		b, err := json.Marshal(s.View)
		if err != nil {
			return nil, err
		}
		w.ViewData = b
	}
	return json.Marshal(w)
}

// decodeSnapshot reads a snapshot encodeSnapshot wrote; end reports the
// table's end of the subscription (s.Moving: the table stopped here and
// goes on on another node).
func decodeSnapshot(b []byte) (s tables.Snapshot, end bool, err error) {
	var w snapshot
	if err := json.Unmarshal(b, &w); err != nil {
		return s, false, err
	}
	if w.End {
		return tables.Snapshot{Moving: w.Moving}, true, nil
	}
	s = w.Snapshot
	var v engine.View
	switch w.ViewKind {
	case "":
	case "trick":
		v = &trick.View{}
	case "doudizhu":
		v = &doudizhu.View{}
	default:
		return s, false, fmt.Errorf("cluster: unknown view kind %q", w.ViewKind)
	}
	if v != nil {
		if err := json.Unmarshal(w.ViewData, v); err != nil {
			return s, false, err
		}
		s.View = v
	}
	return s, false, nil
}
