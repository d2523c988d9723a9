package tables

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/cardroom/cardroom/engine"
)

// ON-6 in the record: alice plays most of her seat and leaves near the end,
// so her bot finishes it. The finished record's header names her, and its
// informative finished_by key names the bot beside her; a record where
// everyone finished their own seat has no such key. A replay takes both.
func TestON6RecordNamesTheFinisher(t *testing.T) {
	for _, leave := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.Options = engine.Options{"rounds": "5"}
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			must(t, r.table.Start(alice))
			const late = 8
			moves := 0
			var s Snapshot
			for {
				s = a.now()
				if s.Phase == Over {
					break
				}
				if s.Turn != 0 || s.View == nil || len(s.View.LegalMoves()) == 0 {
					t.Fatalf("turn %d: alice cannot move", s.Turn)
				}
				must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
				if moves++; moves == late && leave {
					must(t, r.table.Leave(alice))
				}
			}
			r.stop()
			rec := r.sink.get("t1")
			header, _, _ := strings.Cut(rec, "\n")
			var h struct {
				Seats      []string `json:"seats"`
				FinishedBy []string `json:"finished_by"`
			}
			must(t, json.Unmarshal([]byte(header), &h))
			if h.Seats[0] != "alice" {
				t.Errorf("header seats %q; want alice credited", h.Seats)
			}
			if !leave {
				if h.FinishedBy != nil {
					t.Errorf("finished_by %q in a game everyone finished", h.FinishedBy)
				}
			} else if len(h.FinishedBy) != 3 || h.FinishedBy[0] == "" || !slices.Equal(h.FinishedBy[1:], []string{"", ""}) {
				t.Errorf("finished_by %q; want the bot beside alice only", h.FinishedBy)
			} else if h.FinishedBy[0] != s.Credits[0].Finisher {
				t.Errorf("finished_by %q; the sheet at the end says %q", h.FinishedBy, s.Credits[0].Finisher)
			}
			if rep, err := engine.Replay(engine.NewRegistry(toyRuleset("toy")), strings.NewReader(rec)); err != nil || !rep.Ended {
				t.Errorf("replay: %v", err)
			}
		})
	}
}
