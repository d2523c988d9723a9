package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/cardroom/cardroom/botproto"
	"github.com/cardroom/cardroom/cmd/cardroom/internal/oracle"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
)

// player moves for a seat in a sim game: a table's bot (from the seat's
// view), the oracle (from the whole game) or an external program (over
// botproto).
type player interface {
	move(g engine.Game, seat int, rng *rand.Rand) (engine.Move, error)
	// close ends the player's game and returns the moves a fallback made
	// for it.
	close(g engine.Game) []botproto.Fault
}

// viewPlayer is a table's bot: it sees the seat's view only.
type viewPlayer struct{ b engine.Bot }

func (p viewPlayer) move(g engine.Game, seat int, rng *rand.Rand) (engine.Move, error) {
	return p.b.Decide(g.View(seat), rng), nil
}

func (viewPlayer) close(engine.Game) []botproto.Fault { return nil }

// oraclePlayer sees every hand.
type oraclePlayer struct{ o *oracle.Bot }

func (p oraclePlayer) move(g engine.Game, seat int, rng *rand.Rand) (engine.Move, error) {
	return p.o.DecideGame(g, seat, rng), nil
}

func (oraclePlayer) close(engine.Game) []botproto.Fault { return nil }

// startTime is the least time an external bot has for its first decision,
// which includes starting the program.
const startTime = 5 * time.Second

// execPrefix names an external program: exec:./mybot, exec:python3 bot.py.
const execPrefix = "exec:"

// checkPlayer reports whether name is a bot sim can seat at a game of
// ruleset: one of the tables' bots, the oracle, or exec:PROGRAM.
func checkPlayer(ruleset, name string) error {
	if name == oracle.Name {
		return nil
	}
	if _, ok := oracle.NewHalf(name); ok {
		if ruleset == "doudizhu" {
			return fmt.Errorf("%s is for the trick games (doudizhu has oracle)", name)
		}
		return nil
	}
	if cmd, ok := strings.CutPrefix(name, execPrefix); ok {
		args := strings.Fields(cmd)
		if len(args) == 0 {
			return errors.New("exec: names no program (write exec:./mybot)")
		}
		if _, err := exec.LookPath(args[0]); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	_, err := games.NewBot(ruleset, name)
	return err
}

// newPlayer makes the player of a name checkPlayer accepted, for seat;
// without --clock the bots' wall-clock guards are off.
func newPlayer(c simConfig, name string, seat int) player {
	if name == oracle.Name {
		return oraclePlayer{oracle.New()}
	}
	if o, ok := oracle.NewHalf(name); ok {
		return oraclePlayer{o}
	}
	if cmd, ok := strings.CutPrefix(name, execPrefix); ok {
		t := c.MoveTime
		if t <= 0 {
			t = time.Second
		}
		return &execPlayer{args: strings.Fields(cmd), seat: seat, timeout: t, fallback: games.Baseline(c.Game, seat)}
	}
	b, _ := games.NewBot(c.Game, name)
	if u, ok := b.(unbounded); ok && !c.Clock {
		b = u.Unbounded()
	}
	return viewPlayer{b}
}

// tableBot reports whether name is one of the tables' bots (not the oracle
// or an external program).
func tableBot(ruleset, name string) bool {
	_, err := games.NewBot(ruleset, name)
	return err == nil
}

// execPlayer is an external program speaking botproto on its stdin and
// stdout, started at its seat's first move; the rule-based baseline moves
// for it when its answer is refused or late.
type execPlayer struct {
	args     []string
	seat     int
	timeout  time.Duration
	fallback engine.Bot

	started bool // the first decision has been asked
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stdout  io.ReadCloser
	remote  *botproto.Remote
}

func (p *execPlayer) start(g engine.Game) error {
	p.cmd = exec.Command(p.args[0], p.args[1:]...)
	p.cmd.Stderr = os.Stderr // the bot's own messages, for its author
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		return err
	}
	if p.stdout, err = p.cmd.StdoutPipe(); err != nil {
		return err
	}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", p.args[0], err)
	}
	p.remote = botproto.NewRemote(p.stdout, p.stdin, botproto.Options{Fallback: p.fallback})
	return p.remote.Hello(botproto.Hello{Game: g.Ruleset(), Players: g.Players(), Seat: p.seat})
}

func (p *execPlayer) move(g engine.Game, seat int, rng *rand.Rand) (engine.Move, error) {
	if p.remote == nil {
		if err := p.start(g); err != nil {
			return engine.Move{}, err
		}
	}
	t := p.timeout
	if !p.started {
		t, p.started = max(t, startTime), true // the first decision waits for the program to start
	}
	ctx, cancel := context.WithTimeout(context.Background(), t)
	defer cancel()
	return p.remote.DecideContext(ctx, g.View(seat), rng), nil
}

// close tells the program the game is over, closes its stdin and waits for
// it to exit (killing it after a second).
func (p *execPlayer) close(g engine.Game) []botproto.Fault {
	if p.remote == nil {
		return nil
	}
	_ = p.remote.End(botproto.End{Totals: g.Result().Totals})
	p.stdin.Close()
	exited := make(chan struct{})
	go func() {
		<-p.remote.Done() // the program closed its stdout (or died)
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(time.Second):
		_ = p.cmd.Process.Kill()
		<-exited
	}
	_ = p.cmd.Wait()
	return p.remote.Faults()
}
