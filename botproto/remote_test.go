package botproto

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/cardroom/cardroom/botproto/prototest"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/engine/trick"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// recorder keeps every byte written to the bot.
type recorder struct {
	mu  sync.Mutex
	buf bytes.Buffer
	w   io.Writer
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	r.buf.Write(p)
	r.mu.Unlock()
	return r.w.Write(p)
}

// take returns the bytes written since the last take.
func (r *recorder) take() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.buf.String()
	r.buf.Reset()
	return s
}

// scripted is a bot on the far end of a pipe: answer gives its line for a
// move request ("" says nothing). It stops when the server's end closes.
type scripted struct {
	remote *Remote
	rec    *recorder
	toBot  *io.PipeWriter
	wg     sync.WaitGroup
	got    chan map[string]any // every message the bot read, when not nil
}

func newScripted(t *testing.T, fallback engine.Bot, answer func(req map[string]any) string) *scripted {
	t.Helper()
	br, bw := io.Pipe() // server → bot
	sr, sw := io.Pipe() // bot → server
	s := &scripted{rec: &recorder{w: bw}, toBot: bw, got: make(chan map[string]any, 1024)}
	s.remote = NewRemote(sr, s.rec, Options{Name: "script", Fallback: fallback})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer sw.Close()
		sc := bufio.NewScanner(br)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var msg map[string]any
			if err := json.Unmarshal(sc.Bytes(), &msg); err != nil {
				t.Errorf("the server wrote a line that is not JSON: %q", sc.Text())
				continue
			}
			select {
			case s.got <- msg:
			default:
			}
			if msg["type"] == "move" {
				if a := answer(msg); a != "" {
					io.WriteString(sw, a+"\n")
				}
			}
		}
		io.Copy(io.Discard, br)
	}()
	t.Cleanup(s.stop)
	return s
}

// stop closes the server's end and waits for the bot and the reader.
func (s *scripted) stop() {
	s.toBot.Close()
	s.wg.Wait()
	<-s.remote.Done()
}

// first answers the first legal move.
func first(req map[string]any) string {
	b, _ := json.Marshal(Answer{ID: int(req["id"].(float64)), Move: req["legal"].([]any)[0].(string)})
	return string(b)
}

// TestRemoteWholeGame: a scripted bot plays seat 0 of a whole game of each
// rule set through the protocol; every byte the server writes to it is
// checked against the cards it may not know at that moment (ON-4).
func TestRemoteWholeGame(t *testing.T) {
	for _, rs := range []string{"singularity", "specialrounds", "boerenbridge", "doudizhu"} {
		t.Run(rs, func(t *testing.T) {
			s := newScripted(t, nil, first)
			r, _ := games.Registry().Lookup(rs)
			g, _, err := r.Start(min(max(4, r.MinPlayers), r.MaxPlayers), nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.remote.Hello(Hello{Game: rs, Players: g.Players(), Seat: 0}); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			decisions := 0
			for !g.Done() {
				seat := g.Next()
				if seat == engine.Chance {
					if err := g.Deal(rng); err != nil {
						t.Fatal(err)
					}
					continue
				}
				m := games.RandomBot{}.Decide(g.View(seat), rng)
				if seat == 0 {
					secret := prototest.Secret(g, 0)
					m = s.remote.DecideContext(context.Background(), g.View(0), rng)
					out := s.rec.take()
					for _, c := range secret {
						if strings.Contains(out, `"`+c+`"`) {
							t.Fatalf("decision %d: the bot was sent %s, a card of another seat's hand: %s", decisions+1, c, out)
						}
					}
					decisions++
				}
				if err := g.Apply(seat, m); err != nil {
					t.Fatalf("seat %d: %v", seat, err)
				}
			}
			if f := s.remote.Faults(); len(f) != 0 {
				t.Errorf("faults: %+v", f)
			}
			if decisions < 10 {
				t.Errorf("only %d decisions", decisions)
			}
		})
	}
}

// lastError is the last error message the bot was sent.
func lastError(s *scripted) map[string]any {
	var e map[string]any
	for {
		select {
		case m := <-s.got:
			if m["type"] == "error" {
				e = m
			}
		default:
			return e
		}
	}
}

// TestRemoteRefusals: garbage, an illegal move, a move for another
// decision, silence until the deadline and a closed stream each get the
// fallback's move, a clear error to the bot and a fault.
func TestRemoteRefusals(t *testing.T) {
	r, _ := games.Registry().Lookup("singularity")
	g, _, _ := r.Start(4, nil)
	rng := rand.New(rand.NewPCG(1, 1))
	for g.Next() == engine.Chance {
		g.Deal(rng)
	}
	seat := g.Next()
	v := g.View(seat)
	fallback := trick.BaselineBot{}
	want := fallback.Decide(v, rng)
	cases := []struct {
		name, kind, says string
		answer           func(req map[string]any) string
	}{
		{"garbage", "garbage", "not an answer (not a JSON object): hello?", func(map[string]any) string { return "hello?" }},
		{"no move", "garbage", `not an answer (no "move")`, func(map[string]any) string { return `{"id":1}` }},
		{"id not a number", "garbage", `not an answer ("id" is not a whole number)`, func(map[string]any) string { return `{"id":"1","move":"bid 0"}` }},
		{"wrong id", "garbage", "answer for decision 8, but decision 1 is asked", func(map[string]any) string { return `{"id":8,"move":"bid 0"}` }},
		{"bad text", "illegal", "bad move", func(req map[string]any) string { return `{"id":1,"move":"bid two"}` }},
		{"illegal", "illegal", "not a legal move", func(req map[string]any) string { return `{"id":1,"move":"play AS"}` }},
		{"long line", "garbage", "longer than", func(req map[string]any) string { return strings.Repeat("x", MaxLine+10) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newScripted(t, fallback, c.answer)
			// No deadline: the decision ends only because the answer is refused at once.
			m := s.remote.DecideContext(context.Background(), v, rand.New(rand.NewPCG(1, 1)))
			if m != want {
				t.Errorf("move %v, want the fallback's %v", m, want)
			}
			f := s.remote.Faults()
			if len(f) != 1 || f[0].Kind != c.kind || !strings.Contains(f[0].Err, c.says) {
				t.Errorf("faults %+v, want one %s saying %q", f, c.kind, c.says)
			}
			s.stop()
			if e := lastError(s); e == nil || !strings.Contains(e["error"].(string), c.says) || e["played"] != want.String() {
				t.Errorf("error message %v", e)
			}
		})
	}
	t.Run("late", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s := newScripted(t, fallback, func(map[string]any) string { cancel(); return "" }) // the deadline passes
		if m := s.remote.DecideContext(ctx, v, rand.New(rand.NewPCG(1, 1))); m != want {
			t.Errorf("move %v, want the fallback's %v", m, want)
		}
		if f := s.remote.Faults(); len(f) != 1 || f[0].Kind != "late" {
			t.Errorf("faults %+v", f)
		}
	})
	t.Run("closed", func(t *testing.T) {
		s := newScripted(t, fallback, first)
		s.stop()
		if m := s.remote.DecideContext(context.Background(), v, rng); m != want {
			t.Errorf("move %v, want the fallback's %v", m, want)
		}
		if f := s.remote.Faults(); len(f) != 1 || f[0].Kind != "closed" {
			t.Errorf("faults %+v", f)
		}
	})
	t.Run("unknown field ignored", func(t *testing.T) {
		s := newScripted(t, fallback, func(req map[string]any) string {
			return `{"id":1,"move":"` + req["legal"].([]any)[0].(string) + `","note":"x"}`
		})
		if m := s.remote.DecideContext(context.Background(), v, rng); m != v.LegalMoves()[0] {
			t.Errorf("move %v, want the bot's %v", m, v.LegalMoves()[0])
		}
		if f := s.remote.Faults(); len(f) != 0 {
			t.Errorf("faults %+v, want none", f)
		}
	})
	t.Run("stale answer", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		n := 0
		s := newScripted(t, fallback, func(req map[string]any) string {
			if n++; n == 1 {
				cancel() // decision 1 gets no answer in time
				return ""
			}
			return `{"id":1,"move":"bid 0"}` + "\n" + first(req) // decision 1's answer, late, then decision 2's
		})
		s.remote.DecideContext(ctx, v, rng)
		if m := s.remote.DecideContext(context.Background(), v, rng); m != v.LegalMoves()[0] {
			t.Errorf("move %v, want the bot's %v", m, v.LegalMoves()[0])
		}
		if f := s.remote.Faults(); len(f) != 1 || f[0].ID != 1 {
			t.Errorf("faults %+v, want decision 1 late only", f)
		}
	})
}
