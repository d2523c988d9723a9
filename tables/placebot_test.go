package tables

import (
	"bufio"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/botproto"
	"github.com/cardroom/cardroom/engine"
)

// A remote bot placed in a seat (PlaceBot, as the SSH bot command does)
// that answers garbage, then an illegal move, then nothing, then the first
// legal move: each bad answer gets a clear error line, its fallback's move
// is played at the table's pace (the injected clock), and the seat shows as
// a bot under its own name.
func TestPlacedRemoteBotRefusedAtThePace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace = time.Second // BotBudget: the default, 200 ms
		r := newRig(t, cfg)

		br, bw := io.Pipe() // table → bot
		sr, sw := io.Pipe() // bot → table
		remote := botproto.NewRemote(sr, bw, botproto.Options{Name: "scripty", Fallback: bidOne{}})
		defer func() { bw.Close(); sr.Close() }() // on a failure: the bot and the reader end
		var mu sync.Mutex
		var errs []string
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // the bot
			defer wg.Done()
			defer sw.Close()
			sc := bufio.NewScanner(br)
			n := 0
			for sc.Scan() {
				var msg map[string]any
				if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
					t.Errorf("not JSON: %q", sc.Text())
				}
				switch msg["type"] {
				case "error":
					mu.Lock()
					errs = append(errs, msg["error"].(string))
					mu.Unlock()
				case "move":
					switch n++; n {
					case 1:
						io.WriteString(sw, "{oops\n")
					case 2:
						io.WriteString(sw, `{"id":2,"move":"bid 9"}`+"\n")
					case 3: // nothing
					default:
						b, _ := json.Marshal(botproto.Answer{ID: int(msg["id"].(float64)), Move: msg["legal"].([]any)[0].(string)})
						sw.Write(append(b, '\n'))
					}
				}
			}
		}()

		if seat, err := r.table.PlaceBot(remote, "", engine.Spectator); err != nil || seat != 1 {
			t.Fatalf("PlaceBot = %d, %v; want seat 1", seat, err)
		}
		a := r.subscribe(alice)
		if s := a.now(); s.Seats[1].Kind != Bot || s.Seats[1].Name != "scripty" {
			t.Fatalf("seat 1: %+v, want the bot scripty", s.Seats[1])
		}
		must(t, r.table.Start(alice))
		bot1 := 0
		for range 200 {
			s := a.now()
			if s.Phase == Over {
				break
			}
			switch s.Turn {
			case 0:
				must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
			case 1:
				bot1++
				// Before the pace nothing moves, whatever the bot said.
				r.advance(time.Second - time.Millisecond)
				if s := a.now(); s.Turn != 1 {
					t.Fatalf("seat 1's move %d came before the pace", bot1)
				}
				r.advance(time.Millisecond)
			default:
				r.advance(time.Second)
			}
		}
		if s := a.now(); s.Phase != Over {
			t.Fatalf("the game did not end: %+v", s)
		}
		bw.Close()
		wg.Wait()
		<-remote.Done()
		mu.Lock()
		defer mu.Unlock()
		want := []string{"not an answer", `"bid 9" is not a legal move now`, "no move for decision 3 in time"}
		if len(errs) != len(want) {
			t.Fatalf("errors sent to the bot: %q, want %d", errs, len(want))
		}
		for i, w := range want {
			if !strings.Contains(errs[i], w) {
				t.Errorf("error %d: %q, want %q", i+1, errs[i], w)
			}
		}
		if f := remote.Faults(); len(f) != 3 || bot1 < 4 {
			t.Errorf("faults %+v over %d decisions", f, bot1)
		}
		rec := r.record()
		if !strings.Contains(rec, `"seat":1,"move":"bid 1"`) {
			t.Errorf("seat 1 did not bid the fallback's 1:\n%s", rec)
		}
	})
}

// A placed bot that leaves before the start frees its seat; after the
// start its seat stays a bot's.
func TestUnplaceBot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		a := r.subscribe(alice)
		b := bidOne{}
		if _, err := r.table.PlaceBot(b, "", 2); err != nil {
			t.Fatal(err)
		}
		if s := a.now(); s.Seats[2].Kind != Bot {
			t.Fatalf("seat 2: %+v", s.Seats[2])
		}
		must(t, r.table.UnplaceBot(b))
		if s := a.now(); s.Seats[2].Kind != Free {
			t.Fatalf("seat 2 after the bot left: %+v, want free", s.Seats[2])
		}
		if _, err := r.table.PlaceBot(b, "", 2); err != nil {
			t.Fatal(err)
		}
		must(t, r.table.Start(alice))
		must(t, r.table.UnplaceBot(b))
		if s := a.now(); s.Seats[2].Kind != Bot {
			t.Fatalf("seat 2 after the start: %+v, want the bot's", s.Seats[2])
		}
		if _, err := r.table.PlaceBot(b, "", engine.Spectator); err != ErrNotWaiting {
			t.Errorf("PlaceBot after the start: %v", err)
		}
	})
}

// namedBot is a placed bot with a name of its own, as a remote bot has.
type namedBot struct {
	bidOne
	name string
}

func (b namedBot) SeatName() string { return b.name }

// A placed bot may not take the name of a person or another bot at the
// table, compared as people's names are (case and look-alikes folded).
func TestPlaceBotRefusesANameAtTheTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		a := r.subscribe(alice)
		for _, name := range []string{"alice", "ALICE", "аlice"} { // the last with a Cyrillic а
			if _, err := r.table.PlaceBot(namedBot{name: name}, "", engine.Spectator); err != ErrBotNameTaken {
				t.Errorf("a bot named %q beside the person alice: %v, want ErrBotNameTaken", name, err)
			}
		}
		if _, err := r.table.PlaceBot(namedBot{name: "piet"}, "", engine.Spectator); err != nil {
			t.Fatal(err)
		}
		if _, err := r.table.PlaceBot(namedBot{name: "Piet"}, "", engine.Spectator); err != ErrBotNameTaken {
			t.Errorf("a second bot named Piet: %v, want ErrBotNameTaken", err)
		}
		if _, err := r.table.PlaceBot(namedBot{name: "klaas"}, "", engine.Spectator); err != nil {
			t.Errorf("a bot with a free name: %v", err)
		}
		if s := a.now(); s.Seats[1].Name != "piet" || s.Seats[2].Name != "klaas" {
			t.Errorf("seats: %+v", s.Seats)
		}
	})
}

// A placed bot's seat keeps the bot's name and kind over restarts, its
// program gone: the Fallback moves for it (not the table's bot for the
// seat), the records each stop saves name it, and they go to one file; a
// person who took the seat over holds it after the restart.
func TestPlacedBotSeatSurvivesRestarts(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	fallback := func(string, int) engine.Bot { return bidOne{} }
	tableBot := func(string, int) engine.Bot { return randomBot{} }
	placed := namedBot{name: "robo"}
	for _, takenOver := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			cfg := defaultConfig("toy")
			cfg.Options, cfg.BotPace = engine.Options{"rounds": "5"}, time.Second
			j := newMemJournal()
			cfg.Journal, cfg.Bots, cfg.Fallback = j, tableBot, fallback
			r := newRig(t, cfg)
			if _, err := r.table.PlaceBot(placed, "", 1); err != nil {
				t.Fatal(err)
			}
			must(t, r.table.Start(alice))
			if takenOver {
				must(t, r.table.Sit(bob, 1))
			}
			r.advance(time.Second)
			r.stop()
			sink := FileSink{Dir: t.TempDir()}
			must(t, sink.Save("t1", []byte(r.sink.get("t1"))))

			for run := 1; run <= 2; run++ { // the server starts and stops twice
				r = restoredRig(t, reg, j.saved("t1"), Config{Bots: tableBot, Fallback: fallback}, j)
				s := r.subscribe(carol).now()
				switch {
				case takenOver && (s.Seats[1].Kind != Away || s.Seats[1].Name != "bob"):
					t.Fatalf("run %d: seat 1 %+v, want bob away", run, s.Seats[1])
				case !takenOver && (s.Seats[1].Kind != Bot || s.Seats[1].Name != "robo"):
					t.Fatalf("run %d: seat 1 %+v, want the bot robo", run, s.Seats[1])
				}
				r.advance(time.Second)
				r.stop()
				rec := r.sink.get("t1")
				h, _, err := engine.ParseHeader(reg, []byte(rec[:strings.IndexByte(rec, '\n')]))
				must(t, err)
				if want := map[bool]string{false: "robo", true: "bob"}[takenOver]; h.Seats[1] != want {
					t.Fatalf("run %d: the record's seats %q, want %s at seat 1", run, h.Seats, want)
				}
				must(t, sink.Save("t1", []byte(rec)))
			}
			if files, _ := filepath.Glob(filepath.Join(sink.Dir, "records", "*")); len(files) != 1 {
				t.Fatalf("records %q: want one file for one game", files)
			}

			r = restoredRig(t, reg, j.saved("t1"), Config{Bots: tableBot, Fallback: fallback}, j)
			if !takenOver {
				for over := false; !over; {
					r.advance(time.Second)
					select {
					case <-r.table.GameOver():
						over = true
					default:
					}
				}
				r.stop()
				if len(j.finished) != 1 {
					t.Fatalf("finished %+v, want the game", j.finished)
				}
				seat := j.finished[0].Seats[1]
				if seat.Name != "robo" || seat.Bot != BotKind(placed) {
					t.Fatalf("finished seat 1 %+v, want robo rated as %s", seat, BotKind(placed))
				}
				if rec := r.sink.get("t1"); strings.Count(rec, `"seat":1,"move":"bid 1"`) != strings.Count(rec, `"seat":1,"move":"bid`) {
					t.Fatalf("seat 1 bid other than its fallback:\n%s", rec)
				}
			}
		})
	}
}
