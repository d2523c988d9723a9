package tui

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// botSession is carol's `ssh host bot` session, her program's lines in in.
type botSession struct {
	cliSession
	in io.Reader
}

func (s botSession) Stdin() io.Reader { return s.in }

// robo is a placed bot of carol's key: the first legal move, named robo.
type robo struct{}

func (*robo) Decide(v engine.View, _ *rand.Rand) engine.Move { return v.LegalMoves()[0] }
func (*robo) Name() string                                   { return "remote:robo" }
func (*robo) SeatName() string                               { return "robo" }

// `ssh host bot` from a key whose bots hold seats in two running games asks
// which; a seat the key's other connection still plays is refused; once
// that program has left, the key takes the seat back, its hello marked
// rejoined and under the seat's name.
func TestCLIBotTakesItsSeatBack(t *testing.T) {
	l, stop := runLobby(t)
	t.Cleanup(stop)
	a := NewApp(l, games.Registry(), nil)
	sub, err := l.Subscribe()
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	bob := tables.Player{ID: "SHA256:bob", Name: "bob"}
	var ts []*tables.Table
	var bots []*robo
	for range 2 {
		c, err := l.Create(lobby.CreateRequest{Host: bob, Ruleset: "singularity", Seats: 3, TurnTimer: lobby.Off, BotPace: lobby.Off})
		if err != nil {
			t.Fatal(err)
		}
		b := &robo{}
		if seat, err := c.Table.PlaceBot(b, "SHA256:carol", engine.Spectator); err != nil || seat != 1 {
			t.Fatalf("PlaceBot = %d, %v", seat, err)
		}
		if err := c.Table.Start(bob); err != nil {
			t.Fatal(err)
		}
		ts, bots = append(ts, c.Table), append(bots, b)
	}
	for u := range sub.C { // the lobby knows both games are under way
		if len(u.Tables) == 2 && !slices.ContainsFunc(u.Tables, func(ti lobby.TableInfo) bool {
			return ti.Phase != tables.Playing || !slices.Contains(ti.BotKeys, "SHA256:carol")
		}) {
			break
		}
	}
	run := func(lang string, args ...string) (string, string, int) {
		var out, errOut strings.Builder
		code := a.Command(botSession{cliSession{env: cliEnvs[lang]}, strings.NewReader("")}, args, &out, &errOut)
		return out.String(), errOut.String(), code
	}

	_, errOut, code := run("en", "bot")
	if code != 2 || !strings.Contains(errOut, "several tables") || !strings.Contains(errOut, ts[0].ID()) || !strings.Contains(errOut, ts[1].ID()) {
		t.Errorf("bot at two tables: exit %d, %q", code, errOut)
	}
	if _, deErr, _ := run("de", "bot"); !strings.Contains(deErr, "mehreren Tischen") {
		t.Errorf("in German: %q", deErr)
	}
	out, errOut, code := run("en", "bot", ts[0].ID())
	if code != 1 || !strings.Contains(out, `"id":0`) || !strings.Contains(errOut, tables.ErrBotConnected.Error()) {
		t.Errorf("a seat the key's other connection plays: exit %d, %q, %q", code, out, errOut)
	}

	if err := ts[0].UnplaceBot(bots[0]); err != nil { // that program left
		t.Fatal(err)
	}
	out, errOut, code = run("en", "bot", ts[0].ID())
	var hello map[string]any
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &hello); err != nil || code != 0 || errOut != "" {
		t.Fatalf("taking the seat back: exit %d, %q, %q", code, out, errOut)
	}
	if hello["type"] != "hello" || hello["seat"] != 1.0 || hello["name"] != "robo" || hello["rejoined"] != true || hello["table"] != ts[0].ID() {
		t.Errorf("hello %v, want seat 1 rejoined as robo", hello)
	}
}
