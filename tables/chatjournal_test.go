package tables

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// chatTexts is the chat as comparable text: who said what, where, when.
func chatTexts(lines []ChatLine) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, fmt.Sprintf("%s|%d|%s|%v|%d", l.From, l.Seat, l.Text, l.System, l.Time.UnixMilli()))
	}
	return out
}

// A game's chat survives a crash: the lines said before the start (in the
// game's header) and during the game (x-chat lines, journaled at once) come
// back, the last ChatLines of them, before the restart's line.
func TestRestoredGameKeepsItsChat(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.ChatLines, cfg.BotPace = 4, time.Second // the restored table's bots wait
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		r.subscribe(alice) // at the table: the game waits for their moves
		r.subscribe(bob)
		must(t, r.table.Chat(alice, "before the start"))
		must(t, r.table.Start(alice))
		for _, s := range []string{"one", "two", "three"} {
			must(t, r.table.Chat(bob, s))
		}
		must(t, r.table.Chat(alice, "four"))
		before := r.subscribe(carol).now().Chat
		crashed := j.saved("t1")
		rr := restoredRig(t, reg, crashed, Config{ChatLines: 4}, newMemJournal())
		after := rr.subscribe(carol).now().Chat
		if len(after) != 4 || !strings.HasPrefix(after[3].Text, "the server restarted") {
			t.Fatalf("restored chat %q; want 3 lines from before and the restart's", chatTexts(after))
		}
		if got, want := chatTexts(after[:3]), chatTexts(before[1:]); !slices.Equal(got, want) {
			t.Fatalf("restored chat %q, want the last lines from before %q", got, want)
		}
		// The lines before the start are in the game's header.
		var h struct {
			Room roomHeader `json:"cardroom_table"`
		}
		must(t, json.Unmarshal(crashed.Header, &h))
		if len(h.Room.Chat) == 0 || h.Room.Chat[len(h.Room.Chat)-1].Text != "before the start" {
			t.Fatalf("the game's header holds the chat %+v, want the line said before the start last", h.Room.Chat)
		}
	})
}

// A waiting table's chat comes back with it after a stop: its header,
// written afresh at each line, holds the last ChatLines of them.
func TestWaitingTableKeepsItsChat(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		j := dropJournal{newMemJournal()}
		cfg := defaultConfig("toy")
		cfg.ChatLines, cfg.Journal = 3, j
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		for i := range 4 {
			must(t, r.table.Chat(alice, fmt.Sprintf("line %d", i)))
		}
		before := r.subscribe(carol).now().Chat
		if r.stop() == nil {
			t.Fatal("Run returned nil after its context ended")
		}
		saved := j.saved("t1")
		if len(saved.Lines) != 0 {
			t.Fatalf("the waiting table's journal has lines %q, want its header alone", saved.Lines)
		}
		rr := &rig{t: t, clock: r.clock, sink: r.sink, log: r.log, errc: make(chan error, 1)}
		tb, err := Restore(engine.NewRegistry(toyRuleset("toy")), saved, Config{Clock: r.clock, Logger: r.log, Journal: j, ChatLines: 3})
		must(t, err)
		rr.run(tb)
		after := rr.subscribe(carol).now().Chat
		if got, want := chatTexts(after), chatTexts(before); len(want) != 3 || !slices.Equal(got, want) {
			t.Fatalf("restored waiting table's chat %q, want %q", got, want)
		}
	})
}
