package tables

import (
	"bufio"
	"encoding/json"
	"io"
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

		if seat, err := r.table.PlaceBot(remote, engine.Spectator); err != nil || seat != 1 {
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
		if _, err := r.table.PlaceBot(b, 2); err != nil {
			t.Fatal(err)
		}
		if s := a.now(); s.Seats[2].Kind != Bot {
			t.Fatalf("seat 2: %+v", s.Seats[2])
		}
		must(t, r.table.UnplaceBot(b))
		if s := a.now(); s.Seats[2].Kind != Free {
			t.Fatalf("seat 2 after the bot left: %+v, want free", s.Seats[2])
		}
		if _, err := r.table.PlaceBot(b, 2); err != nil {
			t.Fatal(err)
		}
		must(t, r.table.Start(alice))
		must(t, r.table.UnplaceBot(b))
		if s := a.now(); s.Seats[2].Kind != Bot {
			t.Fatalf("seat 2 after the start: %+v, want the bot's", s.Seats[2])
		}
		if _, err := r.table.PlaceBot(b, engine.Spectator); err != ErrNotWaiting {
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
			if _, err := r.table.PlaceBot(namedBot{name: name}, engine.Spectator); err != ErrBotNameTaken {
				t.Errorf("a bot named %q beside the person alice: %v, want ErrBotNameTaken", name, err)
			}
		}
		if _, err := r.table.PlaceBot(namedBot{name: "piet"}, engine.Spectator); err != nil {
			t.Fatal(err)
		}
		if _, err := r.table.PlaceBot(namedBot{name: "Piet"}, engine.Spectator); err != ErrBotNameTaken {
			t.Errorf("a second bot named Piet: %v, want ErrBotNameTaken", err)
		}
		if _, err := r.table.PlaceBot(namedBot{name: "klaas"}, engine.Spectator); err != nil {
			t.Errorf("a bot with a free name: %v", err)
		}
		if s := a.now(); s.Seats[1].Name != "piet" || s.Seats[2].Name != "klaas" {
			t.Errorf("seats: %+v", s.Seats)
		}
	})
}
