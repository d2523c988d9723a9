package tables_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// A table of bots: create it, run its goroutine, subscribe, start, and read
// snapshots (latest wins) until the game is over. Real servers get tables
// from the lobby, which runs and stops them.
func Example() {
	rs := &engine.Ruleset{Name: "count", Title: "Count", MinPlayers: 3, MaxPlayers: 3,
		New: func(n int, _ engine.Options) (engine.Game, error) { return &count{n: n}, nil }}
	host := tables.Player{ID: "SHA256:host", Name: "host"}
	t, err := tables.New(tables.Config{ID: "demo", Ruleset: rs, Seats: 3, Host: host, Seed: 1})
	if err != nil {
		panic(err)
	}
	go t.Run(context.Background())
	sub, _ := t.Subscribe(host) // not seated: the spectator view
	defer sub.Close()
	_ = t.Start(host) // bots take the three free seats (ON-1)
	var last tables.Snapshot
	for s := range sub.C { // closed when the table ends
		last = s
	}
	fmt.Println(last.Phase, last.Seats[0].Kind, last.Standings[0].Place, last.Standings[0].Total)
	// Output: over bot 1 2
}

// count: each seat says "bid 1" twice; no cards.
type count struct {
	n, moves int
	events   []engine.Event
}

func (g *count) Ruleset() string { return "count" }
func (g *count) Players() int    { return g.n }
func (g *count) Next() int {
	if g.Done() {
		return engine.Over
	}
	return g.moves % g.n
}
func (g *count) Legal(seat int) []engine.Move {
	if seat != g.Next() {
		return nil
	}
	return []engine.Move{engine.BidMove(1)}
}
func (g *count) Apply(seat int, m engine.Move) error {
	if seat != g.Next() || m != engine.BidMove(1) {
		return engine.Illegal(seat, m, "say bid 1 in turn")
	}
	g.moves++
	g.events = append(g.events, engine.MoveEvent(seat, m))
	return nil
}
func (g *count) Deal(*rand.Rand) error     { return fmt.Errorf("no cards") }
func (g *count) Event(engine.Event) error  { return fmt.Errorf("no events") }
func (g *count) View(seat int) engine.View { return countView{seat, g.Legal(seat)} }
func (g *count) Done() bool                { return g.moves == 2*g.n }
func (g *count) Events() []engine.Event    { return g.events }
func (g *count) Result() engine.Result {
	totals := make([]int, g.n)
	for s := range totals {
		totals[s] = min(2, (g.moves+g.n-1-s)/g.n)
	}
	return engine.Result{Totals: totals}
}

type countView struct {
	seat  int
	legal []engine.Move
}

func (v countView) ViewSeat() int             { return v.seat }
func (v countView) LegalMoves() []engine.Move { return v.legal }
