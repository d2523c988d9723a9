package tables

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

// keyBot is a placed bot as a remote bot is (a pointer, named, of its own
// kind) that bids 2 and counts its decisions.
type keyBot struct {
	name  string
	calls atomic.Int32
}

func (b *keyBot) Decide(v engine.View, _ *rand.Rand) engine.Move {
	b.calls.Add(1)
	if l := v.LegalMoves(); slices.Contains(l, engine.BidMove(2)) {
		return engine.BidMove(2)
	}
	return v.LegalMoves()[0]
}

func (b *keyBot) Name() string     { return "remote:" + b.name }
func (b *keyBot) SeatName() string { return b.name }

// countBot is a Fallback that bids 1 and counts its decisions.
type countBot struct{ calls atomic.Int32 }

func (b *countBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	b.calls.Add(1)
	return bidOne{}.Decide(v, rng)
}

const roboKey = "SHA256:robo"

// playUntil answers alice's turns and lets the bots move at their pace
// until done holds, failing when the game ends first.
func playUntil(r *rig, a *watcher, done func(Snapshot) bool) {
	r.t.Helper()
	for range 500 {
		s := a.now()
		if done(s) {
			return
		}
		if s.Phase != Playing {
			r.t.Fatalf("the game ended first: %+v", s)
		}
		if s.Turn == 0 {
			must(r.t, r.table.Move(alice, s.View.LegalMoves()[0]))
		} else {
			r.advance(time.Second)
		}
	}
	r.t.Fatal("no end in 500 steps")
}

// A bot placed by a key that leaves after the start: the Fallback plays its
// seat, under its name; a new bot of the same key takes the seat back and
// decides the next move, the chat saying so; another key cannot take it,
// nor can a second bot of the key while the first still plays; the game is
// rated under the bot's kind.
func TestPlacedBotTakesItsSeatBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options, cfg.BotPace = engine.Options{"rounds": "3"}, time.Second
		fb := &countBot{}
		j := newMemJournal()
		cfg.Fallback, cfg.Journal = func(string, int) engine.Bot { return fb }, j
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		first := &keyBot{name: "robo"}
		if seat, err := r.table.PlaceBot(first, roboKey, engine.Spectator); err != nil || seat != 1 {
			t.Fatalf("PlaceBot = %d, %v; want seat 1", seat, err)
		}
		if _, _, err := r.table.BotSeat(roboKey); !errors.Is(err, ErrNoBotSeat) {
			t.Errorf("BotSeat before the start: %v, want ErrNoBotSeat", err)
		}
		must(t, r.table.Start(alice))
		playUntil(r, a, func(s Snapshot) bool { return first.calls.Load() >= 2 && s.Turn == 0 })
		if i, _, err := r.table.BotSeat(roboKey); i != 1 || !errors.Is(err, ErrBotConnected) {
			t.Errorf("BotSeat while the bot plays: %d, %v; want seat 1, ErrBotConnected", i, err)
		}
		if _, err := r.table.RejoinBot(&keyBot{name: "robo"}, roboKey); !errors.Is(err, ErrBotConnected) {
			t.Errorf("a second bot of the key while the first plays: %v, want ErrBotConnected", err)
		}
		if s := r.summary(); len(s.BotKeys) != 3 || s.BotKeys[1] != roboKey || s.BotKeys[0]+s.BotKeys[2] != "" {
			t.Errorf("summary bot keys %q, want the key at seat 1", s.BotKeys)
		}

		must(t, r.table.UnplaceBot(first)) // its program left
		s := a.now()
		if s.Seats[1].Kind != Bot || s.Seats[1].Name != "robo" {
			t.Fatalf("seat 1 after its program left: %+v, want the bot robo", s.Seats[1])
		}
		if last := s.Chat[len(s.Chat)-1].Text; last != "robo (a bot) lost its connection: a bot plays seat 2 until robo is back" {
			t.Errorf("chat: %q", last)
		}
		calls := first.calls.Load()
		playUntil(r, a, func(s Snapshot) bool { return fb.calls.Load() >= 2 && s.Turn == 0 })
		if first.calls.Load() != calls {
			t.Errorf("the bot that left decided %d more times", first.calls.Load()-calls)
		}

		other := &keyBot{name: "robo"}
		if _, _, err := r.table.BotSeat("SHA256:mallory"); !errors.Is(err, ErrNoBotSeat) {
			t.Errorf("BotSeat of another key: %v, want ErrNoBotSeat", err)
		}
		if _, err := r.table.RejoinBot(other, "SHA256:mallory"); !errors.Is(err, ErrNoBotSeat) {
			t.Errorf("another key takes the seat: %v, want ErrNoBotSeat", err)
		}
		if _, err := r.table.RejoinBot(&keyBot{name: "someone"}, roboKey); err == nil {
			t.Error("a bot under another name took the seat back")
		}
		if i, name, err := r.table.BotSeat(roboKey); i != 1 || name != "robo" || err != nil {
			t.Fatalf("BotSeat = %d, %q, %v; want seat 1, robo", i, name, err)
		}
		second := &keyBot{name: "robo"}
		if i, err := r.table.RejoinBot(second, roboKey); i != 1 || err != nil {
			t.Fatalf("RejoinBot = %d, %v; want seat 1", i, err)
		}
		s = a.now()
		if last := s.Chat[len(s.Chat)-1].Text; last != "robo (a bot) is back at seat 2" {
			t.Errorf("chat: %q", last)
		}
		if s.Seats[1].Kind != Bot || s.Seats[1].Name != "robo" {
			t.Errorf("seat 1 after the bot came back: %+v", s.Seats[1])
		}
		fbCalls := fb.calls.Load()
		must(t, r.table.Move(alice, s.View.LegalMoves()[0])) // seat 1 is next
		r.advance(time.Second)
		if second.calls.Load() != 1 || fb.calls.Load() != fbCalls {
			t.Fatalf("the next decision: the new bot %d, the fallback %d more; want the new bot's",
				second.calls.Load(), fb.calls.Load()-fbCalls)
		}
		playUntil(r, a, func(s Snapshot) bool { return s.Phase == Over })
		if fb.calls.Load() != fbCalls || other.calls.Load() != 0 {
			t.Errorf("after the bot came back the fallback decided %d times, the other key's bot %d",
				fb.calls.Load()-fbCalls, other.calls.Load())
		}
		r.stop()
		if len(j.finished) != 1 || j.finished[0].Seats[1].Bot != "remote:robo" || j.finished[0].Seats[1].Name != "robo" {
			t.Fatalf("finished %+v, want seat 1 rated as remote:robo", j.finished)
		}
	})
}

// The journal keeps the key of a placed bot: after a restart the seat,
// played by the Fallback under the bot's name, is taken back by a bot of
// the same key only, and the summary names the key for the lobby.
func TestPlacedBotKeySurvivesRestart(t *testing.T) {
	reg := engine.NewRegistry(toyRuleset("toy"))
	synctest.Test(t, func(t *testing.T) {
		fb := &countBot{}
		fallback := func(string, int) engine.Bot { return fb }
		cfg := defaultConfig("toy")
		cfg.Options, cfg.BotPace = engine.Options{"rounds": "3"}, time.Second
		j := newMemJournal()
		cfg.Journal, cfg.Fallback = j, fallback
		r := newRig(t, cfg)
		if _, err := r.table.PlaceBot(&keyBot{name: "robo"}, roboKey, 1); err != nil {
			t.Fatal(err)
		}
		must(t, r.table.Start(alice))
		r.advance(time.Second)
		r.stop()
		saved := j.saved("t1")
		if !strings.Contains(string(saved.Header), `"placed_bots":[null,{"name":"robo","kind":"remote:robo","key":"SHA256:robo"},null]`) {
			t.Fatalf("the journal's header does not keep the key:\n%s", saved.Header)
		}

		r = restoredRig(t, reg, saved, Config{Fallback: fallback}, j)
		if s := r.summary(); len(s.BotKeys) != 3 || s.BotKeys[1] != roboKey {
			t.Errorf("restored summary bot keys %q, want the key at seat 1", s.BotKeys)
		}
		if _, err := r.table.RejoinBot(&keyBot{name: "robo"}, "SHA256:mallory"); !errors.Is(err, ErrNoBotSeat) {
			t.Errorf("another key after the restart: %v, want ErrNoBotSeat", err)
		}
		back := &keyBot{name: "robo"}
		if i, err := r.table.RejoinBot(back, roboKey); i != 1 || err != nil {
			t.Fatalf("RejoinBot after the restart = %d, %v; want seat 1", i, err)
		}
		a := r.subscribe(alice)
		must(t, r.table.Sit(alice, 0))
		playUntil(r, a, func(s Snapshot) bool { return s.Phase == Over })
		if back.calls.Load() == 0 {
			t.Error("the bot that came back never decided")
		}
		r.stop()
		if len(j.finished) != 1 || j.finished[0].Seats[1].Bot != "remote:robo" {
			t.Fatalf("finished %+v, want seat 1 rated as remote:robo", j.finished)
		}
	})
}
