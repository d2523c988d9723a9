package tables

import (
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/trick"
)

// ON-3: one timeout plays that one move; the person keeps their next turn,
// with the timer, and is shown away until they act. A second timeout in a
// row hands every turn to the bot. Their snapshot lists the rounds their
// bot played for them.
func TestON3OneTimeoutPlaysOneMove(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.TurnTimer = 10 * time.Second
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		synctest.Wait()             // the table has armed the timer
		r.advance(10 * time.Second) // alice's bid runs out
		s := a.now()
		if s.Turn != 0 || kinds(s) != "abb" || !s.Seats[0].TimedOut || s.Deadline.IsZero() {
			t.Fatalf("after one timeout: turn %d seats %q timed out %v deadline %v; want alice to play her card herself, shown away",
				s.Turn, kinds(s), s.Seats[0].TimedOut, s.Deadline)
		}
		if !slices.Equal(s.BotRounds, []int{1}) {
			t.Fatalf("bot rounds %v, want [1]", s.BotRounds)
		}
		if last := s.Chat[len(s.Chat)-1].Text; !strings.Contains(last, "ran out of time: their bot made that move") {
			t.Fatalf("system line %q", last)
		}
		must(t, r.table.Move(alice, engine.PlayCard(toyHand(t, s).Hand[0])))
		if s := a.now(); kinds(s) != "hbb" || s.BotRounds != nil || s.Seats[0].TimedOut {
			t.Fatalf("after her own move: seats %q bot rounds %v", kinds(s), s.BotRounds)
		}
		// Two in a row: her last card of round 1, her bid of round 2.
		synctest.Wait() // the table has armed the timer
		r.advance(10 * time.Second)
		if s := a.now(); s.Turn != 0 || s.Deadline.IsZero() || !s.Seats[0].TimedOut {
			t.Fatalf("round 2: turn %d deadline %v; want alice to bid herself", s.Turn, s.Deadline)
		}
		synctest.Wait() // the table has armed the timer
		r.advance(10 * time.Second)
		s = a.now()
		if kinds(s) != "abb" || s.Seats[0].TimedOut || !slices.Equal(s.BotRounds, []int{1, 2}) {
			t.Fatalf("after two timeouts: seats %q timed out %v bot rounds %v; want away for good, bot rounds [1 2]", kinds(s), s.Seats[0].TimedOut, s.BotRounds)
		}
		if s.Phase != Over {
			t.Fatalf("phase %v: her bot should have played the rest at once", s.Phase)
		}
	})
}

// Any key brings a timed-out person back (SetAway false): human again,
// their own turn with the timer.
func TestON3BackAfterTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.TurnTimer = 10 * time.Second
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		synctest.Wait() // the table has armed the timer
		r.advance(10 * time.Second)
		must(t, r.table.SetAway(alice, false))
		if s := a.now(); kinds(s) != "hbb" || s.Turn != 0 || s.Deadline.IsZero() {
			t.Fatalf("back: seats %q turn %d deadline %v", kinds(s), s.Turn, s.Deadline)
		}
	})
}

// The rounds a bot played for its person start anew when they are back:
// a timeout after they said so lists only its own round, not the rounds
// they were told of already.
func TestON3BotRoundsSinceBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r, a := timedOutAtRoundOnesEnd(t)
		if s := a.now(); !slices.Equal(s.BotRounds, []int{1}) {
			t.Fatalf("after round 1's timeout: bot rounds %v, want [1]", s.BotRounds)
		}
		must(t, r.table.SetAway(alice, false))
		if s := a.now(); s.BotRounds != nil {
			t.Fatalf("back: bot rounds %v, want none", s.BotRounds)
		}
		synctest.Wait()             // the table has armed the timer
		r.advance(10 * time.Second) // her bid of round 2
		if s := a.now(); s.Round != 2 || !slices.Equal(s.BotRounds, []int{2}) {
			t.Fatalf("round %d: bot rounds %v, want [2]", s.Round, s.BotRounds)
		}
	})
}

// SI-5 with ON-3: the round a person sits out, as they were away when its
// bidding began, is not listed again once they are back: their bot plays
// it, as their screen says, and they were told of it coming back.
func TestON3SatOutRoundNotListedAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("singularity")
		cfg.Options = engine.Options{"rounds": "3"}
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		a, b := r.subscribe(alice), r.subscribe(bob)
		must(t, r.table.Start(alice))
		must(t, r.table.SetAway(alice, true))
		back := false
		for s := b.now(); s.Round < 3; s = b.now() {
			if s.Round == 2 && !back {
				must(t, r.table.SetAway(alice, false))
				back = true
			}
			if s.Turn != 1 {
				t.Fatalf("round %d: the table waits for seat %d", s.Round, s.Turn)
			}
			must(t, r.table.Move(bob, s.View.LegalMoves()[0]))
		}
		if s := a.now(); s.Turn != 0 || s.BotRounds != nil {
			t.Fatalf("round 3: turn %d, bot rounds %v; want alice to bid, no rounds listed", s.Turn, s.BotRounds)
		}
		r.stop()
		if rec := r.sink.get("t1"); !strings.Contains(rec, `{"e":"sitout","round":2,"seat":0,`) {
			t.Fatalf("alice did not sit round 2 out:\n%s", rec)
		}
	})
}

// SI-5 with ON-3: a person who timed out once on the last move of a round
// is not sat out of the next round: they bid it themselves. One who is
// away when its bidding begins sits it out.
func TestSI5OneTimeoutDoesNotSitOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r, a := timedOutAtRoundOnesEnd(t)
		s := a.now()
		if s.Round != 2 || s.Turn != 0 || s.Deadline.IsZero() {
			t.Fatalf("round %d turn %d deadline %v; want alice to bid round 2 herself", s.Round, s.Turn, s.Deadline)
		}
		must(t, r.table.Move(alice, engine.BidMove(0)))
		must(t, r.table.SetAway(alice, true))
		s = a.now() // her bot plays on; round 3's bidding begins while she is away
		if s.Phase != Over {
			t.Fatalf("phase %v", s.Phase)
		}
		r.stop()
		rec := r.sink.get("t1")
		if n := strings.Count(rec, `"sitout"`); n != 1 || !strings.Contains(rec, `{"e":"sitout","round":3,"seat":0,`) {
			t.Fatalf("want one sitout, of alice in round 3:\n%s", rec)
		}
	})
}

// ON-3 with SR-8: alice runs out of time on her last card of round 9 and
// still makes her own blind bid of round 10 (the bids before the deal).
func TestON3OneTimeoutKeepsTheBlindRound(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rs, _ := realRegistry().Lookup("specialrounds")
		cfg := Config{ID: "b", Ruleset: rs, Seats: 3, Host: alice, SeatHost: true, Seed: 3, Bots: realBots, TurnTimer: 10 * time.Second}
		r := newRig(t, cfg)
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		timedOut := false
		for s := a.now(); ; s = a.now() {
			if s.Phase != Playing {
				t.Fatal("the game ended before round 10")
			}
			if s.Turn != 0 {
				t.Fatalf("round %d: the table waits for seat %d", s.Round, s.Turn)
			}
			v := s.View.(*trick.View)
			if v.Round == 10 && v.Phase == trick.PhaseBid {
				if !timedOut || s.Deadline.IsZero() || !s.Seats[0].TimedOut {
					t.Fatalf("round 10: timed out %v, deadline %v; want alice's own blind bid, with the timer", timedOut, s.Deadline)
				}
				must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
				return
			}
			if v.Round == 9 && v.Phase == trick.PhasePlay && len(v.Hand) == 1 {
				r.advance(10 * time.Second)
				timedOut = true
				continue
			}
			must(t, r.table.Move(alice, s.View.LegalMoves()[0]))
		}
	})
}

// A person who leaves a running game's screen (esc, a lost connection) is
// said to have stepped away, so the others know why a bot plays the seat.
func TestSteppingAwayIsAnnounced(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		b := r.subscribe(bob)
		must(t, r.table.Sit(alice, 0))
		must(t, r.table.Start(alice))
		must(t, r.table.Disconnect(alice))
		s := b.now()
		if last := s.Chat[len(s.Chat)-1].Text; !strings.Contains(last, "alice stepped away: their bot plays until they are back") {
			t.Fatalf("last system line %q", last)
		}
	})
}

// Each time a person leaves a running game's screen and comes back, the
// others read that they stepped away and then, once, that they are back,
// whether the table hears their Sit or their Subscribe first.
func TestBackOncePerReturn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		b := r.subscribe(bob)
		must(t, r.table.Sit(alice, 0))
		must(t, r.table.Sit(bob, 1))
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		a.now()
		a.sub.Close() // a lost connection
		must(t, r.table.Sit(alice, -1))
		a = r.subscribe(alice)
		a.now()
		a.sub.Close() // esc, and back from the lobby: Subscribe first
		a = r.subscribe(alice)
		must(t, r.table.Sit(alice, -1))
		a.now()
		must(t, r.table.SetAway(alice, false)) // she was back already
		var got []string
		for _, l := range b.now().Chat {
			if strings.HasPrefix(l.Text, "alice ") {
				got = append(got, l.Text)
			}
		}
		away := "alice stepped away: their bot plays until they are back"
		if want := []string{away, "alice is back", away, "alice is back"}; !slices.Equal(got, want) {
			t.Fatalf("alice's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// linesAbout is the system lines about name that w's screen shows.
func linesAbout(w *watcher, name string) []string {
	var got []string
	for _, l := range w.now().Chat {
		if l.System && strings.HasPrefix(l.Text, name+" ") {
			got = append(got, l.Text)
		}
	}
	return got
}

// ON-3: one timeout does not mean the person left, so their next key is
// not announced as a return; after a second timeout in a row it is.
func TestOneTimeoutIsNoReturn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg := defaultConfig("toy")
		cfg.TurnTimer = 10 * time.Second
		cfg.Options = engine.Options{"rounds": "5"}
		r := newRig(t, cfg)
		must(t, r.table.Sit(bob, 1))
		a := r.subscribe(alice)
		b := r.subscribe(bob)
		must(t, r.table.Start(alice))
		synctest.Wait()             // the table has armed the timer
		r.advance(10 * time.Second) // alice's bid runs out
		a.now()
		must(t, r.table.SetAway(alice, false)) // her next key
		once := "alice ran out of time: their bot made that move"
		if got, want := linesAbout(b, "alice"), []string{once}; !slices.Equal(got, want) {
			t.Fatalf("after one timeout and a key:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for timeouts := 0; timeouts < 2; { // bob plays his turns; alice's run out twice in a row
			s := b.now()
			if s.Phase != Playing {
				t.Fatal("the game ended")
			}
			if s.Turn == 1 {
				must(t, r.table.Move(bob, s.View.LegalMoves()[0]))
				continue
			}
			r.advance(10 * time.Second)
			timeouts++
		}
		must(t, r.table.SetAway(alice, false))
		again := "alice ran out of time again: their bot plays until they are back"
		if got, want := linesAbout(b, "alice"), []string{once, once, again, "alice is back"}; !slices.Equal(got, want) {
			t.Fatalf("after two timeouts and a key:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// A person whose bot takes their turn because they said :away, or because
// they had gone before the game began, is said once to be away, at the
// bot's first move for them; their return is then announced.
func TestBotTakingOverIsAnnouncedOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, how := range []string{"away", "gone before the start"} {
			cfg := defaultConfig("toy")
			cfg.ID = strings.Fields(how)[0]
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			b := r.subscribe(bob)
			must(t, r.table.Sit(bob, 1))
			must(t, r.table.Sit(carol, 2))
			if how == "away" {
				r.subscribe(carol).now()
				must(t, r.table.Start(alice))
				must(t, r.table.SetAway(carol, true))
			} else {
				must(t, r.table.Disconnect(carol))
				must(t, r.table.Start(alice))
			}
			for range 6 { // alice's and bob's turns, and carol's bot's between them
				switch s := b.now(); s.Turn {
				case 0:
					must(t, r.table.Move(alice, a.now().View.LegalMoves()[0]))
				case 1:
					must(t, r.table.Move(bob, s.View.LegalMoves()[0]))
				default:
					t.Fatalf("%s: the table waits for seat %d", how, s.Turn)
				}
			}
			if how == "away" {
				must(t, r.table.SetAway(carol, false))
			} else {
				r.subscribe(carol) // her screen opens the table again
			}
			away := "carol is away: their bot plays until they are back"
			if got, want := linesAbout(b, "carol"), []string{away, "carol is back"}; !slices.Equal(got, want) {
				t.Fatalf("%s: carol's lines:\n%s\nwant:\n%s", how, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			r.stop()
		}
	})
}

// A person the others were told is away (:away, then their bot's move) who
// then closes their screen is not said to step away as well.
func TestAwayThenGoneIsToldOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		b := r.subscribe(bob)
		must(t, r.table.Sit(bob, 1))
		a := r.subscribe(alice)
		must(t, r.table.Start(alice))
		a.now()
		must(t, r.table.SetAway(alice, true)) // her bid: her bot moves
		b.now()
		a.sub.Close()
		away := "alice is away: their bot plays until they are back"
		if got, want := linesAbout(b, "alice"), []string{away}; !slices.Equal(got, want) {
			t.Fatalf("alice's lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

// ON-2 with ON-3: a person away after two timeouts who goes to the lobby
// has their game held like anyone else, also when the key that took them
// there said they were back after their screen had closed (esc at the away
// line: the table may hear the close first).
func TestON2AwayPersonInTheLobbyHoldsTheGame(t *testing.T) {
	for _, backFirst := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			j := newMemJournal()
			cfg := defaultConfig("toy")
			cfg.Options = engine.Options{"rounds": "5"}
			cfg.BotPace, cfg.TurnTimer = time.Second, 10*time.Second
			cfg.UnattendedClose, cfg.SeatHold, cfg.Journal = time.Minute, 30*time.Minute, j
			r := newRig(t, cfg)
			a := r.subscribe(alice)
			must(t, r.table.Start(alice))
			for range 40 { // two timeouts in a row: away for good
				if s := a.now(); s.Seats[0].Kind == Away && !s.Seats[0].TimedOut {
					break
				}
				r.advance(time.Second)
			}
			if s := a.now(); s.Phase != Playing || s.Seats[0].Kind != Away || s.Seats[0].TimedOut {
				t.Fatalf("phase %v seat %+v; want alice away for good in a running game", s.Phase, s.Seats[0])
			}
			if backFirst {
				must(t, r.table.SetAway(alice, false))
			}
			a.sub.Close() // esc: to the lobby
			if !backFirst {
				must(t, r.table.SetAway(alice, false))
			}
			synctest.Wait()
			held := j.count("t1")
			r.advance(29 * time.Minute)
			synctest.Wait()
			if n := j.count("t1"); n != held {
				t.Fatalf("back first %v: %d journal lines after 29 minutes in the lobby, want %d: the game went on without her", backFirst, n, held)
			}
			if sum := r.summary(); !sum.Held {
				t.Fatalf("back first %v: the lobby's summary does not say the game waits for her", backFirst)
			}
			a = r.subscribe(alice) // back at the table: her own turns, with the timer
			if s := a.now(); s.Phase != Playing || s.Held || kinds(s) != "hbb" {
				t.Fatalf("back first %v: once back: phase %v held %v seats %q", backFirst, s.Phase, s.Held, kinds(s))
			}
		})
	}
}

// timedOutAtRoundOnesEnd starts a 3-round Singularity table with a 10 s
// turn timer where alice bids round 1, plays a card, and times out on her
// last card of the round.
func timedOutAtRoundOnesEnd(t *testing.T) (*rig, *watcher) {
	t.Helper()
	cfg := defaultConfig("singularity")
	cfg.TurnTimer = 10 * time.Second
	cfg.Options = engine.Options{"rounds": "3"}
	r := newRig(t, cfg)
	a := r.subscribe(alice)
	must(t, r.table.Start(alice))
	must(t, r.table.Move(alice, engine.BidMove(1)))
	must(t, r.table.Move(alice, engine.PlayCard(toyHand(t, a.now()).Hand[0])))
	synctest.Wait()             // the table has armed the timer
	r.advance(10 * time.Second) // her last card of round 1
	return r, a
}

// ON-2: a person whose connection dropped during their bid, which their
// bot made at once, is told on the screen they come back with (Sit, then
// Subscribe) which rounds their bot moved for them; nobody else's snapshot
// says so, and theirs stops saying so once they move. Back again when
// their bot made no move, they are told nothing.
func TestGoneRoundsOnReturn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, defaultConfig("toy"))
		must(t, r.table.Sit(alice, 0))
		must(t, r.table.Sit(bob, 1))
		a, b := r.subscribe(alice), r.subscribe(bob)
		must(t, r.table.Start(alice))
		if s := a.now(); s.Turn != 0 {
			t.Fatalf("turn %d, want alice's bid", s.Turn)
		}
		a.sub.Close() // a lost connection: her bot bids at once
		if s := b.now(); s.Turn != 1 || s.GoneRounds != nil {
			t.Fatalf("after alice dropped: turn %d, bob's gone rounds %v; want bob to bid, none", s.Turn, s.GoneRounds)
		}
		must(t, r.table.Sit(alice, -1))
		a = r.subscribe(alice)
		if s := a.now(); !slices.Equal(s.GoneRounds, []int{1}) || s.BotRounds != nil {
			t.Fatalf("alice back: gone rounds %v, bot rounds %v; want [1], none", s.GoneRounds, s.BotRounds)
		}
		if s := b.now(); s.GoneRounds != nil {
			t.Fatalf("bob's snapshot carries alice's gone rounds %v", s.GoneRounds)
		}
		must(t, r.table.Move(bob, b.now().View.LegalMoves()[0]))
		if s := a.now(); !slices.Equal(s.GoneRounds, []int{1}) {
			t.Fatalf("after bob's move: alice's gone rounds %v; want [1] until she moves", s.GoneRounds)
		}
		for s := a.now(); s.Turn != 0; s = a.now() { // the bot's bid, then the play
			if s.Phase != Playing {
				t.Fatalf("phase %v before alice's turn came", s.Phase)
			}
			if s.Turn == 1 {
				must(t, r.table.Move(bob, b.now().View.LegalMoves()[0]))
			}
		}
		must(t, r.table.Move(alice, a.now().View.LegalMoves()[0]))
		if s := a.now(); s.GoneRounds != nil {
			t.Fatalf("after her own move: gone rounds %v", s.GoneRounds)
		}
		a.sub.Close() // esc, and back from the lobby with nothing played for her
		a = r.subscribe(alice)
		must(t, r.table.Sit(alice, -1))
		if s := a.now(); s.GoneRounds != nil || s.Turn == 0 {
			t.Fatalf("back with no move made for her: gone rounds %v, turn %d", s.GoneRounds, s.Turn)
		}
	})
}
