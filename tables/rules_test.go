package tables

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
)

func toyHand(t *testing.T, s Snapshot) *toyView {
	t.Helper()
	v, ok := s.View.(*toyView)
	if !ok {
		t.Fatalf("view is %T, want *toyView", s.View)
	}
	return v
}

// ON-2: a player who drops keeps the seat while the bot plays it, and takes
// over at once when they come back with the same key.
func TestON2DropAndReconnectTakesOverAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.BotPace = time.Second
		r := newRig(t, cfg)
		spy := r.subscribe(carol)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		if s := spy.now(); s.Turn != 0 || kinds(s) != "hbb" {
			t.Fatalf("turn %d, seats %q; want alice (seat 0) to bid first, seats hbb", s.Turn, kinds(s))
		}
		a.sub.Close() // alice's connection drops
		if s := spy.now(); kinds(s) != "abb" || s.Seats[0].Connected || s.Seats[0].Name != "alice" {
			t.Fatalf("after the drop: seats %q %+v; want alice's seat kept, away", kinds(s), s.Seats[0])
		}
		r.advance(time.Second) // her bot bids at the bot pace
		if s := spy.now(); s.Turn != 1 {
			t.Fatalf("turn %d after the bot pace, want 1: alice's bot bid for her", s.Turn)
		}
		a = r.subscribe(alice) // same key comes back
		if s := a.now(); kinds(s) != "hbb" || s.You != 0 || !s.Seats[0].Connected {
			t.Fatalf("after reconnecting: seats %q, you %d; want alice human in seat 0", kinds(s), s.You)
		}
		for range 2 { // the two bots bid
			r.advance(time.Second)
			synctest.Wait()
		}
		r.advance(time.Hour) // no timer: the table waits for alice
		s := a.now()
		if s.Turn != 0 || r.clock.Pending() != 0 {
			t.Fatalf("turn %d, %d timers pending; want alice to move, no bot timer", s.Turn, r.clock.Pending())
		}
		must(t, r.table.Move(alice, engine.PlayCard(toyHand(t, s).Hand[0])))
		if s := a.now(); s.Turn != 1 {
			t.Fatalf("turn %d after alice played, want 1", s.Turn)
		}
	})
}

// ON-3: when the turn timer runs out the seat's bot moves and the seat is
// away until its person acts again.
func TestON3TimerExpiryBotMovesAndMarksAway(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.TurnTimer = DefaultTurnTimer
		cfg.BotPace = time.Second
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		s := a.now()
		if want := t0.Add(60 * time.Second); s.Turn != 0 || !s.Deadline.Equal(want) {
			t.Fatalf("turn %d deadline %v; want alice to move by %v", s.Turn, s.Deadline, want)
		}
		r.advance(59 * time.Second)
		if s := a.now(); s.Turn != 0 || kinds(s) != "hbb" {
			t.Fatalf("at 59 s: turn %d seats %q; want still alice's turn", s.Turn, kinds(s))
		}
		r.advance(time.Second)
		s = a.now()
		if s.Turn != 1 || kinds(s) != "abb" || !s.Deadline.IsZero() {
			t.Fatalf("at 60 s: turn %d seats %q deadline %v; want the bot to have bid, alice away", s.Turn, kinds(s), s.Deadline)
		}
		if last := s.Chat[len(s.Chat)-1]; !last.System || !strings.Contains(last.Text, "ran out of time") {
			t.Fatalf("no system line about the timer: %+v", s.Chat)
		}
		for range 2 {
			r.advance(time.Second)
			synctest.Wait()
		}
		s = a.now()
		if s.Turn != 0 || kinds(s) != "abb" || r.clock.Pending() != 1 {
			t.Fatalf("turn %d seats %q pending %d; want alice's turn, played by her bot at its pace", s.Turn, kinds(s), r.clock.Pending())
		}
		must(t, r.table.SetAway(alice, false)) // she is back before her bot moves
		s = a.now()
		if kinds(s) != "hbb" || s.Deadline.IsZero() {
			t.Fatalf("after SetAway(false): seats %q deadline %v; want alice human with a running timer", kinds(s), s.Deadline)
		}
		must(t, r.table.Move(alice, engine.PlayCard(toyHand(t, s).Hand[0])))
		if s := a.now(); s.Turn != 1 || kinds(s) != "hbb" {
			t.Fatalf("after her move: turn %d seats %q", s.Turn, kinds(s))
		}
	})
}

// ON-4: each subscriber gets its seat's view; spectators the public one.
// Bots decide from their own seat's view.
func TestON4SpectatorsGetSpectatorViews(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Bots = func(ruleset string, seat int) engine.Bot { return &checkBot{t: t, seat: seat} }
		r := newRig(t, cfg)
		must(t, r.table.Watch(bob))
		b := r.subscribe(bob)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		sb, sa := b.now(), a.now()
		if v := toyHand(t, sb); sb.You != engine.Spectator || v.Seat != engine.Spectator || v.Hand != nil || len(v.Legal) != 0 {
			t.Fatalf("bob's view: you %d, %+v; want the spectator view without a hand", sb.You, v)
		}
		if v := toyHand(t, sa); v.Seat != 0 || v.HandSeat != 0 || len(v.Hand) != 2 {
			t.Fatalf("alice's view: %+v; want seat 0's own hand", v)
		}
		if !slices.Equal(sb.Spectators, []string{"bob"}) {
			t.Fatalf("spectators %v, want [bob]", sb.Spectators)
		}
		if sum := <-r.table.Summaries(); sum.Spectators != 1 || sum.Humans != 1 || sum.Bots != 2 || sum.Round != 1 {
			t.Fatalf("summary %+v", sum)
		}
		must(t, r.table.Move(alice, engine.BidMove(1)))
		// The bots bid and the game goes on to alice's turn again.
		if s := a.now(); s.Turn != 0 {
			t.Fatalf("turn %d, want 0", s.Turn)
		}
	})
}

// checkBot fails the test if it is given any view but its own seat's.
type checkBot struct {
	t    *testing.T
	seat int
}

func (b *checkBot) Decide(v engine.View, _ *rand.Rand) engine.Move {
	tv := v.(*toyView)
	if tv.Seat != b.seat || tv.HandSeat != b.seat {
		b.t.Errorf("bot of seat %d got the view of seat %d holding seat %d's hand", b.seat, tv.Seat, tv.HandSeat)
	}
	return v.LegalMoves()[0]
}

func TestChatCleansLimitsAndRateLimits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.ChatLines = 4
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Chat(alice, "hi \x1b[31mred\x1b[0m\x07 there\r\n"))
		if s := a.now(); len(s.Chat) != 1 || s.Chat[0].Text != "hi red there" || s.Chat[0].From != "alice" || s.Chat[0].Seat != 0 {
			t.Fatalf("chat %+v, want one clean line from alice", s.Chat)
		}
		if err := r.table.Chat(bob, "\x1b]0;pwned\x07 \t\u202e"); !errors.Is(err, ErrChatEmpty) {
			t.Fatalf("escape-only line: got %v, want ErrChatEmpty", err)
		}
		if err := r.table.Chat(bob, strings.Repeat("é", MaxChatRunes+1)); !errors.Is(err, ErrChatTooLong) {
			t.Fatalf("long line: got %v, want ErrChatTooLong", err)
		}
		must(t, r.table.Chat(bob, strings.Repeat("é", MaxChatRunes)))
		for i := 1; i < ChatBurst; i++ {
			must(t, r.table.Chat(alice, "again"))
		}
		if err := r.table.Chat(alice, "one more"); !errors.Is(err, ErrChatTooFast) {
			t.Fatalf("line %d at once: got %v, want ErrChatTooFast", ChatBurst+1, err)
		}
		r.advance(ChatEvery)
		must(t, r.table.Chat(alice, "later"))
		if s := a.now(); len(s.Chat) != 4 || s.Chat[3].Text != "later" {
			t.Fatalf("chat log %+v, want the last 4 lines", s.Chat)
		}
	})
}

// SR-9: chat is closed while the game says so (here round 1 of the toy).
func TestChatClosedWhenTheGameSaysSo(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Options = engine.Options{"closed": "1"}
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		if s := a.now(); !s.ChatClosed {
			t.Fatal("snapshot does not say chat is closed")
		}
		if err := r.table.Chat(alice, "my card is low"); !errors.Is(err, ErrChatClosed) {
			t.Fatalf("got %v, want ErrChatClosed", err)
		}
	})
}

func TestCleanText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain", "plain"},
		{"  a \t b\n\nc  ", "a b c"},
		{"\x1b[2J\x1b[Hclear", "clear"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1bPdcs\x1b\\after", "after"},
		{"bell\x07 del\x7f nul\x00", "bell del nul"},
		{"c1\u009b31mcsi", "c1csi"},
		{"bidi\u202eevil\u2066", "bidievil"},
		{"bad\xffutf8", "badutf8"},
		{"ünïcödé ♠", "ünïcödé ♠"},
		{"\x1b", ""},
	} {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHostOnlyActions(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("boerenbridge"))
		a := r.subscribe(alice)
		must(t, r.table.Sit(bob, 1))
		if err := r.table.Start(bob); !errors.Is(err, ErrNotHost) {
			t.Fatalf("bob starts: got %v, want ErrNotHost", err)
		}
		if err := r.table.HandToBot(bob, 0); !errors.Is(err, ErrNotHost) {
			t.Fatalf("bob hands seat 0 to a bot: got %v, want ErrNotHost", err)
		}
		must(t, r.table.HandToBot(alice, 1))
		if s := a.now(); kinds(s) != "hbf" {
			t.Fatalf("seats %q, want bob's seat given to a bot", kinds(s))
		}
		must(t, r.table.Start(alice))
		if err := r.table.Start(alice); !errors.Is(err, ErrNotWaiting) {
			t.Fatalf("second start: got %v, want ErrNotWaiting", err)
		}
		if err := r.table.Penalty(bob, 1, -5, "late"); !errors.Is(err, ErrNotHost) {
			t.Fatalf("bob's penalty: got %v, want ErrNotHost", err)
		}
		if err := r.table.Penalty(alice, 1, 5, "late"); !errors.Is(err, ErrBadPenalty) {
			t.Fatalf("positive penalty: got %v, want ErrBadPenalty", err)
		}
		must(t, r.table.Penalty(alice, 1, -5, "misdeal\x1b[2J"))
		if s := a.now(); s.Result.Totals[1] != -5 || !strings.Contains(s.Chat[len(s.Chat)-1].Text, "misdeal") {
			t.Fatalf("totals %v chat %+v; want seat 1 at -5 and a line about it", s.Result.Totals, s.Chat)
		}
		r.stop()
	})
}

// BB-7: a penalty is -1 to -MaxPenalty points; a bigger one is refused
// with the range, and the totals stay as they were.
func TestPenaltyIsBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("boerenbridge"))
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		for _, pts := range []int{-MaxPenalty - 1, -9999999, 0} {
			err := r.table.Penalty(alice, 1, pts, "huge")
			if !errors.Is(err, ErrBadPenalty) || !strings.Contains(err.Error(), fmt.Sprintf("-1 to -%d", MaxPenalty)) {
				t.Fatalf("penalty of %d: got %v, want ErrBadPenalty naming the range", pts, err)
			}
		}
		if s := a.now(); s.Result.Totals[1] != 0 {
			t.Fatalf("refused penalties counted: totals %v", s.Result.Totals)
		}
		must(t, r.table.Penalty(alice, 1, -MaxPenalty, "the most there is"))
		if s := a.now(); s.Result.Totals[1] != -MaxPenalty {
			t.Fatalf("totals %v, want seat 1 at %d", s.Result.Totals, -MaxPenalty)
		}
		r.stop()
	})
}

// BB-7: the penalty is a record line.
func TestBB7PenaltyRecorded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("boerenbridge"))
		must(t, r.table.Start(alice))
		must(t, r.table.Penalty(alice, 2, -1, "talking"))
		if err := r.stop(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Run: %v", err)
		}
		if rec := r.sink.get("t1"); !strings.Contains(rec, `{"e":"penalty","seat":2,"points":-1,"reason":"talking"`) {
			t.Fatalf("no penalty line in\n%s", rec)
		}
	})
}

func TestPenaltyOnlyAtBoerenbridge(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		must(t, r.table.Start(alice))
		if err := r.table.Penalty(alice, 1, -5, "late"); !errors.Is(err, ErrNoPenalty) {
			t.Fatalf("got %v, want ErrNoPenalty", err)
		}
	})
}

// SI-5: a seat whose person is away when a singularity round's bidding
// begins sits the round out: the record says so before the first bid, and
// its bot plays the whole round even if the person comes back.
func TestSI5SitoutRecordedBeforeFirstBid(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("singularity"))
		must(t, r.table.Sit(bob, 1))
		must(t, r.table.Disconnect(bob))
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		if s := a.now(); s.Turn != 0 {
			t.Fatalf("turn %d, want alice to bid first", s.Turn)
		}
		b := r.subscribe(bob) // back, but the round has begun without him
		must(t, r.table.Move(alice, engine.BidMove(1)))
		if err := r.table.Move(bob, engine.BidMove(1)); !errors.Is(err, ErrSittingOut) {
			t.Fatalf("bob's move: got %v, want ErrSittingOut", err)
		}
		if s := b.now(); kinds(s) != "hhb" || s.Turn != 0 {
			t.Fatalf("seats %q turn %d; want bob human again, his bot having bid, alice to play", kinds(s), s.Turn)
		}
		r.stop()
		rec := r.sink.get("t1")
		lines := strings.Split(rec, "\n")
		if len(lines) < 4 || !strings.HasPrefix(lines[1], `{"e":"deal"`) ||
			!strings.HasPrefix(lines[2], `{"e":"sitout","round":1,"seat":1,`) ||
			!strings.HasPrefix(lines[3], `{"e":"move","seat":0,"move":"bid 1"`) {
			t.Fatalf("record does not have the sitout right before the first bid:\n%s", rec)
		}
		if n := strings.Count(rec, `"sitout"`); n != 1 {
			t.Fatalf("%d sitout lines, want 1", n)
		}
	})
}

func TestMovesAndSeats(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		if err := r.table.Move(alice, engine.BidMove(1)); !errors.Is(err, ErrNotPlaying) {
			t.Fatalf("move before start: %v", err)
		}
		if err := r.table.Sit(bob, 0); !errors.Is(err, ErrSeatTaken) {
			t.Fatalf("bob sits on alice: %v", err)
		}
		if err := r.table.Sit(bob, 3); !errors.Is(err, ErrNoSeat) {
			t.Fatalf("seat 3 of 3: %v", err)
		}
		must(t, r.table.Sit(bob, -1))
		must(t, r.table.Sit(bob, 2)) // change seats before the start
		must(t, r.table.Leave(bob))
		a := r.subscribe(alice)
		if s := a.now(); kinds(s) != "hff" {
			t.Fatalf("seats %q, want hff", kinds(s))
		}
		must(t, r.table.Start(alice))
		var illegal *engine.IllegalMove
		if err := r.table.Move(alice, engine.BidMove(7)); !errors.As(err, &illegal) {
			t.Fatalf("bid 7: got %v, want the engine's *IllegalMove", err)
		}
		if err := r.table.Move(bob, engine.BidMove(1)); !errors.Is(err, ErrNotSeated) {
			t.Fatalf("bob moves: %v", err)
		}
		must(t, r.table.Sit(bob, 1)) // takes over a bot seat during the game
		if err := r.table.Move(bob, engine.BidMove(1)); !errors.Is(err, ErrNotYourTurn) {
			t.Fatalf("bob out of turn: %v", err)
		}
		must(t, r.table.Move(alice, engine.BidMove(1)))
		if s := a.now(); kinds(s) != "hhb" || s.Turn != 1 || s.Seats[1].Name != "bob" {
			t.Fatalf("seats %q turn %d; want bob in seat 1, to move", kinds(s), s.Turn)
		}
		must(t, r.table.Leave(bob)) // a bot plays his seat from now on
		if s := a.now(); kinds(s) != "hbb" || s.Turn != 0 {
			t.Fatalf("after bob left: seats %q turn %d", kinds(s), s.Turn)
		}
		r.stop()
		if err := r.table.Sit(carol, -1); !errors.Is(err, ErrClosed) {
			t.Fatalf("sit at a closed table: %v", err)
		}
		if _, err := r.table.Subscribe(carol); !errors.Is(err, ErrClosed) {
			t.Fatalf("subscribe to a closed table: %v", err)
		}
		a.sub.Close() // harmless after the end
	})
}

// A table stopped early (shutdown) keeps its record, and says why it ended.
func TestStopMidGameKeepsRecord(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(2)))
		if err := r.stop(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Run: got %v, want context.Canceled", err)
		}
		s := a.now()
		if s.Phase != Over || s.Ended == "" || len(s.Standings) != 3 {
			t.Fatalf("last snapshot: phase %v ended %q standings %v", s.Phase, s.Ended, s.Standings)
		}
		rec := r.sink.get("t1")
		if !strings.Contains(rec, `"move":"bid 2"`) || strings.Contains(rec, `"e":"end"`) {
			t.Fatalf("record of a stopped game:\n%s", rec)
		}
		if _, err := engine.Replay(engine.NewRegistry(toyRuleset("toy")), strings.NewReader(rec)); err != nil {
			t.Fatalf("the record of a stopped game does not replay: %v", err)
		}
	})
}

func TestNoRecordForAGameNeverStarted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		must(t, r.table.Sit(bob, 1))
		r.stop()
		if rec := r.sink.get("t1"); rec != "" {
			t.Fatalf("record of an unstarted game:\n%s", rec)
		}
	})
}

type panicBot struct{}

func (panicBot) Decide(engine.View, *rand.Rand) engine.Move { panic("bot bug") }

// A panic inside a table ends that table with its record kept; another
// table goes on.
func TestPanicRecoveredRecordKept(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.Bots = func(_ string, seat int) engine.Bot {
			if seat == 1 {
				return panicBot{}
			}
			return nil
		}
		r := newRig(t, cfg)
		other := newRig(t, Config{ID: "t2", Ruleset: toyRuleset("toy"), Seats: 3, Host: bob, SeatHost: true})
		o := other.subscribe(bob)
		must(t, other.table.Start(bob))
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		must(t, r.table.Move(alice, engine.BidMove(1))) // then seat 1's bot panics
		if err := r.wait(); !errors.Is(err, ErrTableAborted) {
			t.Fatalf("Run: got %v, want ErrTableAborted", err)
		}
		s := a.now()
		if s.Phase != Over || !strings.Contains(s.Ended, "internal error") {
			t.Fatalf("last snapshot: phase %v ended %q", s.Phase, s.Ended)
		}
		if a.now(); a.open {
			t.Fatal("subscription still open")
		}
		if rec := r.sink.get("t1"); !strings.Contains(rec, `"move":"bid 1"`) {
			t.Fatalf("record lost:\n%s", rec)
		}
		if len(r.log.errors) == 0 {
			t.Fatal("the panic was not logged")
		}
		must(t, other.table.Move(bob, engine.BidMove(0)))
		if s := o.now(); s.Phase != Playing || s.Turn != 0 {
			t.Fatalf("the other table: phase %v turn %d", s.Phase, s.Turn)
		}
	})
}

func TestRunOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		synctest.Wait()
		if err := r.table.Run(context.Background()); !errors.Is(err, ErrRunning) {
			t.Fatalf("second Run: %v", err)
		}
	})
}

func TestNewValidates(t *testing.T) {
	cfg := defaultConfig("toy")
	cfg.Seats = 6
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "3 to 4 players") {
		t.Fatalf("6 seats: %v", err)
	}
	cfg = defaultConfig("toy")
	cfg.Options = engine.Options{"rounds": "9"}
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "rounds") {
		t.Fatalf("rounds 9: %v", err)
	}
	cfg = defaultConfig("toy")
	cfg.ID = "../x"
	if _, err := New(cfg); err == nil {
		t.Fatal("an unsafe id was accepted")
	}
}

func TestFileSink(t *testing.T) {
	dir := t.TempDir()
	s := FileSink{Dir: dir}
	must(t, s.Save("abc", []byte("one\n")))
	must(t, s.Save("abc", []byte("two\n")))
	for name, want := range map[string]string{"abc.jsonl": "one\n", "abc-2.jsonl": "two\n"} {
		p := filepath.Join(dir, "records", name)
		b, err := os.ReadFile(p)
		if err != nil || string(b) != want {
			t.Fatalf("%s: %q, %v; want %q", name, b, err, want)
		}
		if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
			t.Fatalf("%s has mode %v, want 0600", name, fi.Mode().Perm())
		}
	}
	if fi, _ := os.Stat(filepath.Join(dir, "records")); fi.Mode().Perm() != 0o700 {
		t.Fatalf("records dir has mode %v, want 0700", fi.Mode().Perm())
	}
	if err := s.Save("../evil", nil); err == nil {
		t.Fatal("unsafe id accepted")
	}
	// The record a shutdown saved is replaced by its game's whole record
	// once the game ends after the restart; another game's is not.
	must(t, s.Save("def", []byte("{\"header\":1}\n{\"e\":\"bid\"}\n")))
	must(t, s.Save("def", []byte("{\"header\":1}\n{\"e\":\"bid\"}\n{\"e\":\"end\"}\n")))
	must(t, s.Save("def", []byte("{\"header\":2}\n")))
	for name, want := range map[string]string{"def.jsonl": "{\"header\":1}\n{\"e\":\"bid\"}\n{\"e\":\"end\"}\n", "def-2.jsonl": "{\"header\":2}\n"} {
		if b, err := os.ReadFile(filepath.Join(dir, "records", name)); err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", name, b, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "records", "def-3.jsonl")); err == nil {
		t.Error("the game's whole record went to a file of its own")
	}
}

// A later save of a game whose seats are named otherwise by then (a seat
// changed hands, its holder was renamed) replaces the earlier record; a
// game of the same table id with another seed or start does not.
func TestFileSinkSameGameRenamedSeat(t *testing.T) {
	dir := t.TempDir()
	s := FileSink{Dir: dir}
	head := func(seats, seed, started string) string {
		return `{"record":"cardroom/1","ruleset":"toy","options":{"rounds":3},"seats":[` + seats + `],"started":"` + started + `","table":"egn3mu","seed":` + seed + `}` + "\n"
	}
	first := head(`"alice","robo","bob"`, "42", "2026-03-01T20:00:00Z") + `{"e":"move","seat":0,"move":"bid 1"}` + "\n"
	must(t, s.Save("egn3mu", []byte(first)))
	second := head(`"alice","Grace","bob"`, "42", "2026-03-01T20:00:00Z") + `{"e":"move","seat":0,"move":"bid 1"}` + "\n" + `{"e":"move","seat":1,"move":"bid 0"}` + "\n"
	must(t, s.Save("egn3mu", []byte(second)))
	third := `{"record":"cardroom/1","ruleset":"toy","options":{"rounds":3},"seats":["alice","a much longer name than before","bob"],"started":"2026-03-01T20:00:00Z","table":"egn3mu","seed":42,"finished_by":["","","Grace"]}` + "\n" + `{"e":"end","totals":[1,2,3]}` + "\n"
	must(t, s.Save("egn3mu", []byte(third)))
	files, _ := filepath.Glob(filepath.Join(dir, "records", "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("records %q: want one file for one game", files)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "records", "egn3mu.jsonl")); err != nil || string(b) != third {
		t.Fatalf("egn3mu.jsonl: %q, %v; want the last save\n%q", b, err, third)
	}
	for i, other := range []string{
		head(`"alice","robo","bob"`, "43", "2026-03-01T20:00:00Z"),                                                 // another seed
		head(`"alice","robo","bob"`, "42", "2026-03-01T20:00:01Z"),                                                 // another start
		strings.Replace(head(`"alice","robo","bob"`, "42", "2026-03-01T20:00:00Z"), `"rounds":3`, `"rounds":4`, 1), // other options
		head(`"alice","robo"`, "42", "2026-03-01T20:00:00Z"),                                                       // other seats
	} {
		must(t, s.Save("egn3mu", []byte(other)))
		if _, err := os.Stat(filepath.Join(dir, "records", fmt.Sprintf("egn3mu-%d.jsonl", i+2))); err != nil {
			t.Errorf("game %d of the same table id did not get a file of its own: %v", i+2, err)
		}
	}
}

func TestFakeClock(t *testing.T) {
	c := NewFakeClock(t0)
	a, b := c.NewTimer(2*time.Second), c.NewTimer(time.Second)
	c.Advance(time.Second)
	select {
	case at := <-b.C():
		if !at.Equal(t0.Add(time.Second)) {
			t.Fatalf("fired at %v", at)
		}
	default:
		t.Fatal("timer b did not fire")
	}
	if !a.Stop() || c.Pending() != 0 {
		t.Fatal("Stop of a pending timer")
	}
	c.Advance(time.Hour)
	select {
	case <-a.C():
		t.Fatal("a stopped timer fired")
	default:
	}
}

// A waiting table nobody is at closes after IdleClose, without a record; a
// host who leaves before the start hands the table to the next person.
func TestIdleWaitingTableCloses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.IdleClose = DefaultIdleClose
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		b := r.subscribe(bob)
		must(t, r.table.Leave(alice))
		if s := b.now(); s.Host != "bob" || !s.YouHost {
			t.Fatalf("host %q (bob is host: %v), want bob", s.Host, s.YouHost)
		}
		must(t, r.table.Disconnect(bob))
		r.advance(time.Hour) // bob is still subscribed: not idle
		if s := b.now(); s.Phase != Waiting {
			t.Fatalf("phase %v, want waiting", s.Phase)
		}
		b.sub.Close()
		r.advance(DefaultIdleClose - time.Second)
		synctest.Wait()
		select {
		case <-r.table.Done():
			t.Fatal("closed too early")
		default:
		}
		r.advance(time.Second)
		if err := r.wait(); err != nil {
			t.Fatalf("Run: %v", err)
		}
		if rec := r.sink.get("t1"); rec != "" {
			t.Fatalf("a record for a game never played:\n%s", rec)
		}
	})
}
