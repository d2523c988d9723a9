package tables

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// memJournal is a Journal in memory. gate, when set, holds every Append
// until a value is received from it.
type memJournal struct {
	mu       sync.Mutex
	header   map[string][]byte
	lines    map[string][][]byte
	finished []Finished
	gate     chan struct{}
}

func newMemJournal() *memJournal {
	return &memJournal{header: map[string][]byte{}, lines: map[string][][]byte{}}
}

func (j *memJournal) Start(id string, header []byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.header[id] = bytes.Clone(header)
	return nil
}

func (j *memJournal) Append(id string, lines ...[]byte) error {
	if j.gate != nil {
		<-j.gate
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, l := range lines {
		if !json.Valid(l) || bytes.ContainsAny(l, "\n") {
			panic("journal: not one JSON line: " + string(l))
		}
		j.lines[id] = append(j.lines[id], bytes.Clone(l))
	}
	return nil
}

func (j *memJournal) Finish(f Finished) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.finished = append(j.finished, f)
	delete(j.header, f.Table)
	delete(j.lines, f.Table)
	return nil
}

func (j *memJournal) saved(id string) Saved {
	j.mu.Lock()
	defer j.mu.Unlock()
	return Saved{Table: id, Header: bytes.Clone(j.header[id]), Lines: append([][]byte(nil), j.lines[id]...)}
}

func (j *memJournal) count(id string) int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.lines[id])
}

// randomBot plays a random legal move: it draws on the table's randomness,
// so a restored table must give it the same.
type randomBot struct{}

func (randomBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	l := v.LegalMoves()
	return l[rng.IntN(len(l))]
}

func randomBots(string, int) engine.Bot { return randomBot{} }

var timeField = regexp.MustCompile(`,"t":"[^"]*"`)

// untimed is a record without its times.
func untimed(rec string) string { return timeField.ReplaceAllString(rec, "") }

// The journal holds the game's record as it is played: its header and event
// lines are the record's (plus the table's own keys), and Finish gets the
// whole record, seats, places and totals. Special rounds have the forehead
// round, where the engine records a card the seat could not see.
func TestJournalHoldsTheRecord(t *testing.T) {
	reg := realRegistry()
	for _, name := range []string{"specialrounds", "doudizhu", "singularity"} {
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				rs, err := reg.Lookup(name)
				must(t, err)
				j := newMemJournal()
				cfg := Config{ID: "j-" + name, Ruleset: rs, Seats: rs.MinPlayers, Host: alice, Seed: 21, Bots: randomBots, Journal: j}
				r := newRig(t, cfg)
				must(t, r.table.Start(alice))
				if err := r.wait(); err != nil {
					t.Fatalf("Run: %v", err)
				}
				if len(j.finished) != 1 {
					t.Fatalf("Finish called %d times, want once", len(j.finished))
				}
				f := j.finished[0]
				rec := r.sink.get(cfg.ID)
				if string(f.Record) != rec || !f.Complete || f.Ruleset != name || f.Table != cfg.ID {
					t.Fatalf("finished %+v; want the complete record the sink got", f)
				}
				rep, err := engine.Replay(reg, strings.NewReader(rec))
				if err != nil || !rep.Ended {
					t.Fatalf("replay: %v", err)
				}
				for i, s := range f.Seats {
					if s.Total != rep.Result.Totals[i] || s.Place < 1 || s.Bot != "tables.randomBot" || s.Player.ID != "" {
						t.Fatalf("seat %d: %+v; total %d", i, s, rep.Result.Totals[i])
					}
				}
			})
		})
	}
}

// What the journal holds while the game runs is the record so far: the
// header and every event line, in order.
func TestJournalLinesAreTheRecordSoFar(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := realRegistry()
		rs, _ := reg.Lookup("specialrounds")
		j := newMemJournal()
		cfg := Config{ID: "jl", Ruleset: rs, Seats: 4, Host: alice, Seed: 5, Bots: randomBots, Journal: j, BotPace: time.Second}
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		for range 200 {
			synctest.Wait()
			r.advance(time.Second)
		}
		synctest.Wait()
		s := j.saved("jl")
		r.stop()
		if len(j.finished) != 0 {
			t.Fatal("a table stopped by its context finished its game")
		}
		rec := strings.Split(strings.TrimSpace(r.sink.get("jl")), "\n")
		if len(s.Lines) != len(rec)-1 || len(s.Lines) < 200 {
			t.Fatalf("journal has %d lines, the record %d events", len(s.Lines), len(rec)-1)
		}
		for i, l := range s.Lines {
			if string(l) != rec[i+1] {
				t.Fatalf("journal line %d %s, record line %s", i+2, l, rec[i+1])
			}
		}
		h, _, err := engine.ParseHeader(reg, s.Header)
		if err != nil || h.Seed != 5 || h.Table != "jl" || !bytes.Contains(s.Header, []byte(`"`+roomKey+`":`)) {
			t.Fatalf("journal header %s: %v", s.Header, err)
		}
	})
}

// A table whose journal another server takes over (Config.Shared) and
// which is stopped mid-game leaves no record: the server that finishes the
// game keeps it. Its journal stays, to be taken over.
func TestSharedJournalStoppedLeavesNoRecord(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs, _ := realRegistry().Lookup("specialrounds")
		j := newMemJournal()
		cfg := Config{ID: "js", Ruleset: rs, Seats: 4, Host: alice, Seed: 5, Bots: randomBots, Journal: j, BotPace: time.Second, Shared: true}
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		for range 20 {
			r.advance(time.Second)
		}
		synctest.Wait()
		r.stop()
		if rec := r.sink.get("js"); rec != "" || len(j.finished) != 0 {
			t.Fatalf("a handed-on table kept a record (%d bytes) or finished its game (%d)", len(rec), len(j.finished))
		}
		if n := j.count("js"); n < 20 {
			t.Fatalf("the journal holds %d lines after 20 moves", n)
		}
	})
}

// A move is in the journal before its mover hears it was taken and before
// any subscriber sees it.
func TestMoveJournaledBeforeAnyoneSeesIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		w := r.subscribe(bob)
		must(t, r.table.Start(alice)) // deals; alice (seat 0) bids first
		before := w.now()
		n := j.count("t1")
		j.gate = make(chan struct{})
		moved := make(chan error, 1)
		go func() { moved <- r.table.Move(alice, engine.BidMove(1)) }()
		synctest.Wait()
		select {
		case err := <-moved:
			t.Fatalf("Move returned (%v) before its journal line was written", err)
		default:
		}
		if s := w.now(); s.Version != before.Version {
			t.Fatalf("a snapshot (version %d) went out before the move was journaled", s.Version)
		}
		j.gate <- struct{}{} // the move's line
		close(j.gate)        // and whatever follows
		must(t, <-moved)
		if l := j.saved("t1").Lines; len(l) <= n || !strings.HasPrefix(string(l[n]), `{"e":"move","seat":0,"move":"bid 1"`) {
			t.Fatalf("journal after the move: %q; want alice's bid as line %d", l, n+2)
		}
		if s := w.now(); s.Version == before.Version {
			t.Fatal("no snapshot after the move")
		}
	})
}

// A table stopped mid-round and restored from its journal is the same table:
// same views, seats owned by the same keys (away until they come back,
// ON-2), and it plays on to the very record the uninterrupted table writes.
func TestRestoreMidRound(t *testing.T) {
	reg := realRegistry()
	for _, name := range []string{"specialrounds", "boerenbridge", "doudizhu"} {
		t.Run(name, func(t *testing.T) {
			rs, _ := reg.Lookup(name)
			cfg := Config{ID: "rm", Name: "alice's", Ruleset: rs, Seats: rs.MinPlayers, Host: alice, SeatHost: true,
				Private: true, Code: "K7QF", Seed: 99, Bots: randomBots, BotPace: time.Second, TurnTimer: time.Minute}
			// alice is away from the start (her bot plays): the same game
			// whether or not she is restored away.
			play := func(t *testing.T, stopAfter int) (want string, j *memJournal, view engine.View) {
				j = newMemJournal()
				c := cfg
				c.Journal = j
				r := newRig(t, c)
				must(t, r.table.Sit(bob, 1))
				must(t, r.table.Start(alice))
				must(t, r.table.Disconnect(alice))
				must(t, r.table.Disconnect(bob))
				w := r.subscribe(carol)
				for i := 0; stopAfter < 0 || i < stopAfter; i++ {
					synctest.Wait()
					if r.stopped || r.table.done == nil {
						break
					}
					select {
					case <-r.table.Done():
						return r.sink.get("rm"), j, nil
					default:
					}
					r.advance(time.Second)
				}
				view = w.now().View
				r.stop()
				return r.sink.get("rm"), j, view // the record the stop saved
			}
			var full string
			synctest.Test(t, func(t *testing.T) { full, _, _ = play(t, -1) })
			if full == "" {
				t.Fatal("the uninterrupted game did not end")
			}
			synctest.Test(t, func(t *testing.T) {
				partial, j, view := play(t, 37)
				saved := j.saved("rm")
				c := Config{Bots: randomBots, Journal: j}
				r := &rig{t: t, clock: NewFakeClock(t0.Add(time.Hour)), sink: &memSink{}, log: &testLog{}, errc: make(chan error, 1)}
				c.Clock, c.Sink, c.Logger = r.clock, r.sink, r.log
				tb, err := Restore(reg, saved, c)
				if err != nil {
					t.Fatalf("Restore: %v", err)
				}
				if tb.ID() != "rm" || tb.Name() != "alice's" || tb.Code() != "K7QF" || !tb.Private() {
					t.Fatalf("restored %s %q code %q private %v", tb.ID(), tb.Name(), tb.Code(), tb.Private())
				}
				r.table = tb
				ctx, cancel := context.WithCancel(context.Background())
				r.cancel = cancel
				go func() { r.errc <- tb.Run(ctx) }()
				t.Cleanup(func() { r.stop() })
				w := r.subscribe(carol) // spectators watch again
				s := w.now()
				if !reflect.DeepEqual(s.View, view) {
					t.Fatalf("restored spectator view\n%+v\nwant\n%+v", s.View, view)
				}
				if got := kinds(s); got[:2] != "aa" || strings.Contains(got[2:], "a") {
					t.Fatalf("restored seats %q: want alice and bob away, bots elsewhere", got)
				}
				if s.Seats[0].Name != "alice" || s.Seats[1].Name != "bob" || s.Phase != Playing || s.TurnTimer != time.Minute || s.BotPace != time.Second {
					t.Fatalf("restored snapshot %+v", s)
				}
				a := r.subscribe(alice) // alice is back (ON-2)
				if got := kinds(a.now()); got[0] != 'h' {
					t.Fatalf("after alice subscribed seats are %q", got)
				}
				if got := linesAboutSinceRestart(w, "alice"); !slices.Equal(got, []string{"alice is back"}) {
					t.Fatalf("alice's lines after the restart: %q; want her return only", got)
				}
				a.sub.Close()
				must(t, tb.Disconnect(alice))
				for range 100000 {
					synctest.Wait()
					select {
					case <-tb.Done():
					default:
						r.advance(time.Second)
						continue
					}
					break
				}
				must(t, r.wait())
				if got := linesAboutSinceRestart(w, "bob"); len(got) != 0 {
					t.Fatalf("bob's lines after the restart: %q; want none, the restart's line said his bot plays", got)
				}
				got := r.sink.get("rm")
				if untimed(got) != untimed(full) {
					t.Fatalf("restored game's record differs from the uninterrupted one:\n%s\nwant\n%s", got, full)
				}
				// The game's record replaces the one the stop saved
				// (FileSink): they begin with the same header line.
				if head, _, _ := strings.Cut(got, "\n"); partial == "" || !strings.HasPrefix(partial, head+"\n") {
					t.Fatalf("the record the stop saved begins otherwise than the game's:\n%.300s\nwant\n%.300s", partial, head)
				}
				if len(j.finished) != 1 || !j.finished[0].Complete || j.finished[0].Seats[0].Player != alice || j.finished[0].Seats[1].Player.ID != bob.ID {
					t.Fatalf("finished %+v", j.finished)
				}
			})
		})
	}
}

// linesAboutSinceRestart is linesAbout after the restart's line (the chat
// from before the restart is restored with the table).
func linesAboutSinceRestart(w *watcher, name string) []string {
	var got []string
	for _, l := range w.now().Chat {
		switch {
		case l.System && strings.HasPrefix(l.Text, "the server restarted"):
			got = nil
		case l.System && strings.HasPrefix(l.Text, name+" "):
			got = append(got, l.Text)
		}
	}
	return got
}

// A journal line the rules refuse stops the restore, naming the line.
func TestRestoreRefusesABadLine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		synctest.Wait()
		r.stop()
		s := j.saved("t1")
		bad := fmt.Sprintf("journal line %d", len(s.Lines)+2) // after the header and the lines so far
		s.Lines = append(s.Lines, []byte(`{"e":"move","seat":2,"move":"bid 1"}`))
		_, err := Restore(engine.NewRegistry(toyRuleset("toy")), s, Config{})
		if err == nil || !strings.Contains(err.Error(), bad) {
			t.Fatalf("Restore: %v; want an error naming %s", err, bad)
		}
	})
}

// eventsCounter counts the calls of Events, which copy the whole record.
type eventsCounter struct {
	engine.Game
	calls *int
}

func (g eventsCounter) Events() []engine.Event { *g.calls++; return g.Game.Events() }

// A step costs O(1), not O(events so far): the table reads the engine's
// whole record only once per deal, not after every move.
func TestEventsReadOncePerDeal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		calls := 0
		rs := toyRuleset("toy")
		newGame := rs.New
		rs.New = func(n int, o engine.Options) (engine.Game, error) {
			g, err := newGame(n, o)
			return eventsCounter{g, &calls}, err
		}
		cfg := defaultConfig("toy")
		cfg.Ruleset, cfg.SeatHost, cfg.Options, cfg.Journal = rs, false, engine.Options{"rounds": "5"}, newMemJournal()
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		must(t, r.wait())
		// 5 deals; the record written at the end reads the table's own copy.
		if calls != 5 {
			t.Fatalf("Events called %d times in a game of 5 deals, want 5", calls)
		}
	})
}

// Seats that change hands during the game are journaled: the restored
// table gives each seat to whoever held it last.
func TestRestoreKeepsSeatChanges(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options, cfg.BotPace = engine.Options{"rounds": "5"}, time.Second
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Sit(carol, 2))
		must(t, r.table.Start(alice))
		must(t, r.table.Sit(bob, 1))         // bob takes over the bot's seat
		must(t, r.table.Leave(carol))        // carol's seat goes to a bot
		must(t, r.table.HandToBot(alice, 0)) // and so does alice's own
		s := restored(t, r, j, nil, carol)
		if got := kinds(s); got != "bab" || s.Seats[1].Name != "bob" {
			t.Fatalf("restored seats %q (%+v); want a bot, bob away, a bot", got, s.Seats)
		}
	})
}

// The bot levels a table was created with are in its journal: a restored
// table hands them back (and journals them again), so its seats get the same
// bots after a restart.
func TestRestoreKeepsBotLevels(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotLevels = []string{"", "strong", "easy"}
		j := newMemJournal()
		cfg.Journal = j
		r := newRig(t, cfg)
		must(t, r.table.Start(alice))
		synctest.Wait()
		r.stop()
		s := j.saved("t1")
		if got := s.BotLevels(); !slices.Equal(got, cfg.BotLevels) {
			t.Fatalf("Saved.BotLevels() = %q, want %q", got, cfg.BotLevels)
		}
		tb, err := Restore(engine.NewRegistry(toyRuleset("toy")), s, Config{})
		must(t, err)
		if !slices.Equal(tb.cfg.BotLevels, cfg.BotLevels) {
			t.Fatalf("restored table's BotLevels = %q, want %q", tb.cfg.BotLevels, cfg.BotLevels)
		}
		if got := (Saved{Header: []byte(`{"ruleset":"toy"}`)}).BotLevels(); got != nil {
			t.Fatalf("a header without levels: %q, want nil", got)
		}
	})
}

// The trick pause a table was created with is in its journal: a restored
// table keeps it, and one from an older record without it takes the
// server's.
func TestRestoreKeepsTrickPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, pause := range []time.Duration{0, 3 * time.Second} {
			cfg := defaultConfig("toy")
			cfg.TrickPause = pause
			j := newMemJournal()
			cfg.Journal = j
			r := newRig(t, cfg)
			must(t, r.table.Start(alice))
			synctest.Wait()
			r.stop()
			tb, err := Restore(engine.NewRegistry(toyRuleset("toy")), j.saved("t1"), Config{TrickPause: time.Second})
			must(t, err)
			if tb.cfg.TrickPause != pause {
				t.Fatalf("restored trick pause %v, want %v", tb.cfg.TrickPause, pause)
			}
		}
		old := Saved{Table: "t1", Header: []byte(`{"ruleset":"toy","seats":["alice","bob","carol"],"cardroom_table":{"name":"x","host":{"id":"K"}}}`)}
		if tb, err := Restore(engine.NewRegistry(toyRuleset("toy")), old, Config{TrickPause: time.Second}); err == nil && tb.cfg.TrickPause != time.Second {
			t.Fatalf("an older record's table pauses %v, want the server's 1s", tb.cfg.TrickPause)
		}
	})
}
