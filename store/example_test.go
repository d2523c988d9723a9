package store_test

import (
	"fmt"
	"os"

	"github.com/cardroom/cardroom/store"
)

// The life of a table: its journal while it runs, then the finished game
// archived and rated.
func Example() {
	dir, err := os.MkdirTemp("", "cardroom-store")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	s, err := store.Open(dir)
	if err != nil {
		panic(err)
	}
	defer s.Close()

	name, _ := s.ReserveName("SHA256:alice", "alice")
	_ = s.StartJournal("t1", []byte(`{"record":"cardroom/1","ruleset":"doudizhu","seats":["alice","Ada","Alan"]}`))
	_, _ = s.Append("t1", []byte(`{"e":"move","seat":0,"move":"bid 3"}`))

	// After a crash, a restart finds the table and its moves.
	open, _ := s.Unfinished()
	_, lines, _ := s.Journal("t1")
	fmt.Println(name, len(open), "unfinished table,", len(lines), "move")

	id, _ := s.Archive(store.Game{
		Table: "t1", Ruleset: "doudizhu",
		Seats: []store.Seat{
			{PlayerID: "SHA256:alice", Name: "alice", Total: 6, Place: 1},
			{PlayerID: store.BotID("basic"), Name: "Ada", Total: -3, Place: 2},
			{PlayerID: store.BotID("basic"), Name: "Alan", Total: -3, Place: 2},
		},
		Record: []byte("…the whole record…\n"),
	})
	_, _ = s.UpdateRatings("doudizhu", []string{"SHA256:alice", store.BotID("basic"), store.BotID("basic")}, []int{1, 2, 2})
	open, _ = s.Unfinished()
	g, _ := s.Game(id)
	board, _ := s.Leaderboard("doudizhu", true, 10)
	fmt.Println(len(open), "unfinished;", g.Totals(), "archived;", board[0].Name, "leads with", board[0].Games, "game")
	// Output:
	// alice 1 unfinished table, 1 move
	// 0 unfinished; [6 -3 -3] archived; alice leads with 1 game
}
