package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// maxLine bounds one record line; the longest real line (a 60-card deal) is
// far shorter.
const maxLine = 1 << 20

// LineError names the first bad line of a record and why it is bad.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Report is what a replay computed.
type Report struct {
	Ruleset string
	Header  Header
	Result  Result
	// Ended reports whether the record had its end line (and so the game was
	// over and the totals matched).
	Ended bool
	// Game is the game as replayed, at the record's last line.
	Game Game
}

// Replay reads a record, checks every line against the rules and scores it
// (RECORD.md "Replay and check"). A record that stops mid-game is valid. The
// error, when there is one, is a *LineError naming the first bad line.
func Replay(reg *Registry, rd io.Reader) (Report, error) {
	br := bufio.NewReaderSize(rd, 64<<10)
	var (
		rep   Report
		n     int
		blank int // the first blank line seen; blank lines may only end a record
	)
	fail := func(err error) (Report, error) { return rep, &LineError{Line: n, Err: err} }
	for {
		line, err := readLine(br)
		if err == io.EOF {
			break
		}
		n++
		if err != nil {
			return fail(err)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			if blank == 0 {
				blank = n
			}
			continue
		}
		if blank != 0 {
			n = blank
			return fail(errors.New("blank line inside the record"))
		}
		if n == 1 {
			h, r, err := ParseHeader(reg, line)
			if err != nil {
				return fail(err)
			}
			g, err := r.New(len(h.Seats), h.Options)
			if err != nil {
				return fail(err)
			}
			rep.Ruleset, rep.Header, rep.Game = r.Name, h, g
			continue
		}
		if rep.Ended {
			return fail(errors.New("nothing may follow the end line"))
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil {
			return fail(err)
		}
		if err := applyLine(rep.Game, e); err != nil {
			return fail(err)
		}
		rep.Ended = e.E == EvEnd
	}
	if rep.Game == nil {
		return rep, &LineError{Line: 1, Err: errors.New("the record is empty: line 1 must be the header")}
	}
	rep.Result = rep.Game.Result()
	return rep, nil
}

// applyLine applies one record line after the header to g.
func applyLine(g Game, e Event) error {
	switch e.E {
	case EvMove:
		if g.Done() {
			return errors.New("the game is over: no more moves")
		}
		if e.Seat < 0 || e.Seat >= g.Players() {
			return fmt.Errorf("there is no seat %d", e.Seat)
		}
		switch next := g.Next(); {
		case next == Chance:
			return fmt.Errorf("seat %d may not %s: the cards must be dealt first", e.Seat, e.Move)
		case next != e.Seat:
			return fmt.Errorf("seat %d may not %s: it is seat %d's turn", e.Seat, e.Move, next)
		}
		return g.Apply(e.Seat, e.Move)
	case EvEnd:
		if !g.Done() {
			return errors.New("end line before the game is over")
		}
		if got := g.Result().Totals; !slices.Equal(got, e.Totals) {
			return fmt.Errorf("end totals %v differ from the computed totals %v", e.Totals, got)
		}
		return nil
	}
	return g.Event(e)
}

// readLine reads one line without its newline; a last line without newline is
// fine. Lines longer than maxLine are an error.
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			if err == io.EOF && buf != nil {
				return buf, nil
			}
			return nil, err
		}
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return nil, fmt.Errorf("line longer than %d bytes", maxLine)
		}
		if !isPrefix {
			return bytes.TrimSuffix(buf, []byte("\r")), nil
		}
	}
}
