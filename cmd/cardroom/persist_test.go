package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/store"
	"github.com/cardroom/cardroom/tables"
)

// crashChildEnv names the data dir of the scripted game when the test binary
// runs as the child of TestKilledGameFinishesTheSame.
const crashChildEnv = "CARDROOM_CRASH_CHILD_DIR"

var crashAlice = tables.Player{ID: "SHA256:crash-alice", Name: "alice"}

// crashT0 is the time of every record line: the game is the same game to
// the byte, however often it is killed.
var crashT0 = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

// fixedClock reads crashT0 and runs real timers (the game has none: no turn
// timer, bots at pace 0).
type fixedClock struct{ tables.RealClock }

func (fixedClock) Now() time.Time { return crashT0 }

// firstBot plays the first legal move: alice's bot plays as alice's script
// does, so her seat's moves do not depend on whether she is back yet.
type firstBot struct{}

func (firstBot) Decide(v engine.View, _ *rand.Rand) engine.Move { return v.LegalMoves()[0] }

// randBot plays a random legal move, drawing on the table's randomness.
type randBot struct{}

func (randBot) Decide(v engine.View, rng *rand.Rand) engine.Move {
	l := v.LegalMoves()
	return l[rng.IntN(len(l))]
}

func crashBots(_ string, seat int) engine.Bot {
	if seat == 0 {
		return firstBot{}
	}
	return randBot{}
}

// TestCrashChild is the scripted game: alice (seat 0, a person with a key)
// plays a special-rounds table of four against bots at pace 0, in the store
// in $CARDROOM_CRASH_CHILD_DIR. Run again after a kill, it restores the
// table from the store and finishes the game; once the game is archived it
// does nothing.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashChildEnv)
	if dir == "" {
		t.Skip("the child of TestKilledGameFinishesTheSame")
	}
	logger := log.NewWithOptions(os.Stderr, log.Options{Prefix: "child"})
	per, err := openPersistence(dir, logger)
	if err != nil {
		t.Fatal(err)
	}
	defer per.close(logger)
	if g, err := per.keeper.Games(crashAlice.ID, 0); err != nil || len(g) > 0 {
		return // finished already
	}
	saved, err := per.keeper.Unfinished() // the journal the lobby restores, if any
	if err != nil {
		t.Fatal(err)
	}
	lob := lobby.New(per.wire(lobby.Config{
		Registry: games.Registry(), Bots: crashBots, Clock: fixedClock{}, Logger: logger,
		Seed: 42, TurnTimer: lobby.Off, BotPace: lobby.Off,
	}))
	lobbyDone := make(chan error, 1)
	go func() { lobbyDone <- lob.Run(context.Background()) }()
	defer func() {
		_ = lob.Shutdown(context.Background())
		<-lobbyDone
	}()
	if _, err := lob.Enter(crashAlice.ID, crashAlice.Name, false); err != nil {
		t.Fatal(err)
	}
	// List is answered after Run has restored every journal: decide from
	// the state after the restore, not before it.
	u, err := lob.List()
	if err != nil {
		t.Fatal(err)
	}
	var tb *tables.Table
	switch {
	case len(u.Tables) > 0: // restored
		if tb, err = lob.Table(u.Tables[0].ID); err != nil {
			t.Fatal(err)
		}
	case len(saved) > 0:
		// Restored, and over already (the kill came after its last move,
		// before its archive): the deferred Shutdown waits for the archive.
		fmt.Println(playingMark)
		fmt.Println(doneMark)
		return
	default:
		c, err := lob.Create(lobby.CreateRequest{Host: crashAlice, Ruleset: "specialrounds", Seats: 4, TurnTimer: lobby.Off, BotPace: lobby.Off})
		if err != nil {
			t.Fatal(err)
		}
		tb = c.Table
		if err := tb.Start(crashAlice); err != nil {
			t.Fatal(err)
		}
	}
	sub, err := tb.Subscribe(crashAlice) // alice is back (ON-2)
	if err != nil && !errors.Is(err, tables.ErrClosed) {
		t.Fatal(err)
	}
	fmt.Println(playingMark)
	if sub != nil {
		moved := 0
		for s := range sub.C {
			if s.Phase == tables.Playing && s.Turn == s.You && s.View != nil {
				if l := s.View.LegalMoves(); len(l) > 0 {
					if tb.Move(crashAlice, l[0]) == nil { // a stale snapshot's move is refused: fine
						moved++
						fmt.Printf("%s %d\n", movedMark, moved)
					}
				}
			}
		}
	}
	<-tb.Done()
	fmt.Println(doneMark)
}

// playingMark is what the child prints once its table plays.
const playingMark = "crash child: playing"

// doneMark is what the child prints once its table has ended.
const doneMark = "crash child: the game is over"

// movedMark, then a count, is what the child prints after each of alice's
// moves: "crash child: alice moved 3".
const movedMark = "crash child: alice moved"

// runChild runs the scripted game in a child process in dir. kill > 0 kills
// it (SIGKILL) as soon as alice has made that many moves in this run: a
// point inside the game, whatever the machine's speed (the child goes on
// for the moment the kill takes). killAfter > 0 kills it that long after it
// started, wherever it is then (opening the store, restoring, playing). It
// reports whether the child exited by itself and how long it played.
func runChild(t *testing.T, dir string, kill int, killAfter time.Duration) (exited bool, played time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+dir)
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	poll := time.NewTicker(time.Millisecond)
	defer poll.Stop()
	hang := time.NewTimer(2 * time.Minute)
	defer hang.Stop()
	mark := ""
	if kill > 0 {
		mark = fmt.Sprintf("%s %d\n", movedMark, kill)
	}
	var timed <-chan time.Time
	if killAfter > 0 {
		tm := time.NewTimer(killAfter)
		defer tm.Stop()
		timed = tm.C
	}
	var playing time.Time
	for {
		select {
		case <-timed:
			_ = cmd.Process.Kill() // SIGKILL
			<-done
			return false, killAfter
		case err := <-done:
			if err != nil {
				t.Fatalf("child: %v\n%s", err, out.String())
			}
			if playing.IsZero() {
				return true, 0
			}
			return true, time.Since(playing)
		case <-poll.C:
			o := out.String()
			if playing.IsZero() && strings.Contains(o, playingMark) {
				playing = time.Now()
			}
			if mark != "" && strings.Contains(o, mark) {
				_ = cmd.Process.Kill() // SIGKILL
				<-done
				return false, time.Since(playing)
			}
		case <-hang.C:
			_ = cmd.Process.Kill()
			<-done
			t.Fatalf("child hung:\n%s", out.String())
		}
	}
}

// syncBuffer is a bytes.Buffer the child's output goroutines and the test
// share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// finished reads the scripted game back from the store in dir: the archived
// game, and the lines of the unfinished journal when there is one.
func finished(t *testing.T, dir string) (games []store.Game, journalLines int) {
	t.Helper()
	s, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	list, err := s.Games(crashAlice.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range list {
		full, err := s.Game(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, full)
	}
	open, err := s.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range open {
		journalLines += int(j.Lines)
	}
	return games, journalLines
}

// A scripted game killed with SIGKILL at random (seeded) moments,
// restarted each time and finished, ends with the very record and totals of
// the same game run without interruption. "The same game": the same seed,
// alice's script and her bot play the same (first legal) move, and the
// table's randomness is drawn per step from (seed, events so far), so the
// deal or the bot move after event n is the same whether the table ran all
// along or was restored from its journal; the clock is fixed, so even the
// record's times agree.
func TestKilledGameFinishesTheSame(t *testing.T) {
	if os.Getenv(crashChildEnv) != "" {
		t.Skip("in the child")
	}
	if testing.Short() {
		t.Skip("runs child processes")
	}
	ref := t.TempDir()
	ended, span := runChild(t, ref, 0, 0)
	if !ended || span <= 0 {
		t.Fatal("the reference run did not play to its end")
	}
	want, _ := finished(t, ref)
	if len(want) != 1 {
		t.Fatalf("reference run archived %d games, want 1", len(want))
	}

	// Four games. Each is killed first right after alice's k-th move, k
	// seeded from 1 to 40, so that kill falls inside the game however fast
	// the machine runs it; then at random moments (a restored table plays
	// on as soon as alice is back, which the child is at once, so these
	// fall mostly on the restore itself), until one run ends by itself.
	rng := rand.New(rand.NewPCG(8, 8))
	kills, midGame := 0, 0
	for trial := range 4 {
		dir := t.TempDir()
		for try := range 3 {
			k, after := 1+rng.IntN(40), time.Duration(rng.Int64N(int64(span)))+time.Millisecond
			if try > 0 {
				k = 0
			} else {
				after = 0
			}
			if ended, _ := runChild(t, dir, k, after); ended {
				break
			}
			kills++
			if got, lines := finished(t, dir); len(got) == 0 && lines > 0 {
				midGame++
			}
		}
		if ended, _ := runChild(t, dir, 0, 0); !ended {
			t.Fatal("the last run did not end")
		}
		got, _ := finished(t, dir)
		if len(got) != 1 {
			t.Fatalf("game %d: %d games archived after the kills, want 1", trial, len(got))
		}
		if !bytes.Equal(got[0].Record, want[0].Record) {
			t.Fatalf("game %d: the killed game's record differs from the uninterrupted one:\n%s\nwant\n%s", trial, got[0].Record, want[0].Record)
		}
		if !slices.Equal(got[0].Totals(), want[0].Totals()) {
			t.Fatalf("game %d: totals %v, want %v", trial, got[0].Totals(), want[0].Totals())
		}
	}
	t.Logf("the uninterrupted game played %v; %d kills, %d of them mid-game", span.Round(time.Millisecond), kills, midGame)
	if midGame < 2 {
		t.Errorf("%d kills fell in the middle of a game, want at least 2 (the game played %v)", midGame, span)
	}
	got := want
	rep, err := engine.Replay(games.Registry(), bytes.NewReader(got[0].Record))
	if err != nil || !rep.Ended || !slices.Equal(rep.Result.Totals, got[0].Totals()) {
		t.Fatalf("the record replays to %v (ended %v, %v); the store says %v", rep.Result.Totals, rep.Ended, err, got[0].Totals())
	}
	if got[0].Seats[0].PlayerID != crashAlice.ID || got[0].Seats[0].Name != "alice" {
		t.Fatalf("seat 0 is %+v, want alice's key", got[0].Seats[0])
	}
}

// A graceful shutdown closes the store well within the 10 s budget, and the
// next start opens it again.
func TestServeShutdownClosesTheStore(t *testing.T) {
	dir := t.TempDir()
	for range 2 {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		cfg := sshserver.Config{Listen: ln.Addr().String(), DataDir: dir, KeepaliveInterval: -1, IdleTimeout: -1}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- serve(ctx, ln, cfg, 0, 0, log.NewWithOptions(io.Discard, log.Options{})) }()
		start := time.Now()
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("serve did not stop within 10 s")
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("shutdown took %v", d)
		}
	}
	s, err := store.Open(dir)
	if err != nil {
		t.Fatalf("the store does not open after two runs: %v", err)
	}
	s.Close()
}
