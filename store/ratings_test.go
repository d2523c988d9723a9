package store

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/cardroom/cardroom/ratings"
)

func TestUpdateRatings(t *testing.T) {
	c := newClock()
	s := open(t, t.TempDir(), WithClock(c.Now))
	m := ratings.Default()
	must(t, s.Seen("a"))
	if _, err := s.ReserveName("a", "alice"); err != nil {
		t.Fatal(err)
	}

	r, err := s.Rating("a", "trick")
	must(t, err)
	if r.Rating != m.New() || r.Games != 0 || !r.Updated.IsZero() || r.Name != "alice" {
		t.Errorf("unrated player: %+v; want the new rating, 0 games, name alice", r)
	}

	ids := []string{"a", "b", BotID("basic"), "c"}
	places := []int{2, 1, 3, 3}
	got, err := s.UpdateRatings("trick", ids, places)
	must(t, err)
	d := m.New()
	want, err := m.RatePlayers([]ratings.Rating{d, d, d, d}, places)
	must(t, err)
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("game 1, %s: %v, want %v", ids[i], got[i], want[i])
		}
	}
	// The second game starts from the stored ratings.
	c.Add(time.Minute)
	got2, err := s.UpdateRatings("trick", []string{"c", "a"}, nil)
	must(t, err)
	want2, err := m.RatePlayers([]ratings.Rating{want[3], want[0]}, nil)
	must(t, err)
	if got2[0] != want2[0] || got2[1] != want2[1] {
		t.Errorf("game 2: %v, want %v", got2, want2)
	}
	ra, err := s.Rating("a", "trick")
	must(t, err)
	if ra.Rating != want2[1] || ra.Games != 2 || !ra.Updated.Equal(c.Now()) {
		t.Errorf("a after two games: %+v; want %v, 2 games, updated %v", ra, want2[1], c.Now())
	}
	// Families are apart.
	if r, _ := s.Rating("a", "doudizhu"); r.Games != 0 {
		t.Errorf("a in doudizhu: %+v, want unrated", r)
	}

	people, err := s.Leaderboard("trick", true, 10)
	must(t, err)
	if len(people) != 3 {
		t.Fatalf("people on the board: %+v", people)
	}
	for i := 1; i < len(people); i++ {
		if people[i].Ordinal() > people[i-1].Ordinal() {
			t.Errorf("leaderboard not by ordinal: %+v", people)
		}
	}
	for _, p := range people {
		if IsBot(p.PlayerID) {
			t.Errorf("a bot among the people: %+v", p)
		}
		if p.PlayerID == "a" && p.Name != "alice" {
			t.Errorf("a's name on the board: %q", p.Name)
		}
	}
	bots, err := s.Leaderboard("trick", false, 10)
	must(t, err)
	if len(bots) != 1 || bots[0].PlayerID != BotID("basic") || bots[0].Name != "basic" || bots[0].Games != 1 {
		t.Errorf("bots on the board: %+v", bots)
	}
	if top, _ := s.Leaderboard("trick", true, 1); len(top) != 1 || top[0] != people[0] {
		t.Errorf("top 1: %+v, want %+v", top, people[:1])
	}

	if _, err := s.UpdateRatings("trick", []string{"a"}, nil); !errors.Is(err, ratings.ErrTooFewTeams) {
		t.Errorf("a game of one: %v, want ErrTooFewTeams", err)
	}
	if _, err := s.UpdateRatings("trick", []string{"a", "b"}, []int{1}); !errors.Is(err, ratings.ErrPlaces) {
		t.Errorf("places short: %v, want ErrPlaces", err)
	}
}

// Two seats of one bot kind: each seat is rated, the bot gets the mean, and
// the game counts once.
func TestUpdateRatingsOneBotTwoSeats(t *testing.T) {
	s := open(t, t.TempDir())
	m := ratings.Default()
	bot := BotID("basic")
	got, err := s.UpdateRatings("doudizhu", []string{bot, "a", bot}, []int{1, 2, 3})
	must(t, err)
	d := m.New()
	seats, err := m.RatePlayers([]ratings.Rating{d, d, d}, []int{1, 2, 3})
	must(t, err)
	mean := ratings.Rating{Mu: (seats[0].Mu + seats[2].Mu) / 2, Sigma: (seats[0].Sigma + seats[2].Sigma) / 2}
	if math.Abs(got[0].Mu-mean.Mu) > 1e-12 || got[0] != got[2] || got[1] != seats[1] {
		t.Errorf("got %v; want the bot at %v and a at %v", got, mean, seats[1])
	}
	r, err := s.Rating(bot, "doudizhu")
	must(t, err)
	if r.Games != 1 || r.Rating != got[0] {
		t.Errorf("bot: %+v; want 1 game at %v", r, got[0])
	}
}
