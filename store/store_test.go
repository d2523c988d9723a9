package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	if os.Getenv(crashEnv) != "" {
		crashChild() // never returns
	}
	goleak.VerifyTestMain(m)
}

// clock is a fake clock that moves only when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// open opens a store in dir that the test closes when it ends.
func open(t *testing.T, dir string, opts ...Option) *Store {
	t.Helper()
	s, err := Open(dir, opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func tables(t *testing.T, s *Store) map[string]bool {
	t.Helper()
	rows, err := s.db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table'`)
	must(t, err)
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var n string
		must(t, rows.Scan(&n))
		out[n] = true
	}
	must(t, rows.Err())
	return out
}

func TestOpenEmpty(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	s := open(t, dir)
	v, err := s.Version()
	must(t, err)
	if v != len(migrations) {
		t.Errorf("version %d, want %d", v, len(migrations))
	}
	have := tables(t, s)
	for _, want := range []string{"schema_migrations", "identities", "games", "game_seats", "ratings", "journals", "journal_lines", "sync"} {
		if !have[want] {
			t.Errorf("no table %s after migrating an empty database; have %v", want, have)
		}
	}
	var mode string
	must(t, s.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode))
	if mode != "wal" {
		t.Errorf("journal_mode %q, want wal", mode)
	}
	var busy int
	must(t, s.db.QueryRow(`PRAGMA busy_timeout`).Scan(&busy))
	if busy != int(busyTimeout.Milliseconds()) {
		t.Errorf("busy_timeout %d, want %d", busy, busyTimeout.Milliseconds())
	}
	var temp int // 2: memory, for the container image without a temporary directory
	must(t, s.db.QueryRow(`PRAGMA temp_store`).Scan(&temp))
	if temp != 2 {
		t.Errorf("temp_store %d, want 2 (memory)", temp)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("data dir: %v, %v; want mode 0700", fi.Mode(), err)
	}
	if fi, err := os.Stat(filepath.Join(dir, FileName)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("database file: %v, %v; want mode 0600", fi.Mode(), err)
	}
	// Opening again applies nothing more.
	must(t, s.Close())
	s2 := open(t, dir)
	var n int
	must(t, s2.db.QueryRow(`SELECT count(*) FROM schema_migrations`).Scan(&n))
	if n != len(migrations) {
		t.Errorf("%d migrations recorded after a second open, want %d", n, len(migrations))
	}
}

// TestMigrateFromPrevious creates the database of every earlier schema
// version, writes what that version can hold, opens it with this version and
// checks that it was migrated with the data intact.
func TestMigrateFromPrevious(t *testing.T) {
	for prev := 1; prev < len(migrations); prev++ {
		t.Run(fmt.Sprintf("from version %d", prev), func(t *testing.T) {
			dir := t.TempDir()
			db, err := openDB(filepath.Join(dir, FileName), false)
			must(t, err)
			must(t, migrate(db, migrations[:prev], time.Unix(1, 0)))
			exec := func(q string, args ...any) {
				t.Helper()
				if _, err := db.Exec(q, args...); err != nil {
					t.Fatal(err)
				}
			}
			// Version 1: identities.
			exec(`INSERT INTO identities (id, name, name_key, settings, first_seen, last_seen) VALUES ('SHA256:a', 'Alice', 'alice', '{"lang":"nl"}', 1000, 2000)`)
			if prev >= 2 {
				exec(`INSERT INTO games (id, table_id, ruleset, started, ended, record) VALUES (7, 't1', 'singularity', 1000, 5000, '{"record":"cardroom/1"}')`)
				exec(`INSERT INTO game_seats (game_id, seat, player_id, name, total, place) VALUES (7, 0, 'SHA256:a', 'Alice', 30, 1), (7, 1, 'bot:basic', 'Ada', -10, 2)`)
			}
			if prev >= 3 {
				exec(`INSERT INTO ratings (player_id, family, bot, mu, sigma, games, updated) VALUES ('SHA256:a', 'trick', 0, 27.5, 8.0, 1, 5000)`)
			}
			must(t, db.Close())

			s := open(t, dir)
			if v, err := s.Version(); err != nil || v != len(migrations) {
				t.Fatalf("version %d (%v), want %d", v, err, len(migrations))
			}
			it, err := s.Identity("SHA256:a")
			must(t, err)
			if it.Name != "Alice" || string(it.Settings) != `{"lang":"nl"}` || it.FirstSeen.UnixMilli() != 1000 || it.LastSeen.UnixMilli() != 2000 {
				t.Errorf("identity after migration: %+v", it)
			}
			if prev >= 2 {
				g, err := s.Game(7)
				must(t, err)
				if g.Table != "t1" || len(g.Seats) != 2 || g.Seats[1].PlayerID != "bot:basic" || g.Seats[0].Total != 30 || g.Seats[0].Finisher != "" {
					t.Errorf("game after migration: %+v", g)
				}
			}
			if prev >= 3 {
				r, err := s.Rating("SHA256:a", "trick")
				must(t, err)
				if r.Mu != 27.5 || r.Sigma != 8 || r.Games != 1 {
					t.Errorf("rating after migration: %+v", r)
				}
			}
			// The newest tables work.
			if prev >= 2 {
				id, err := s.SaveGame(game("t3", time.Unix(9, 0), Seat{"SHA256:a", "Alice", 1, 1, "Grace", 3}))
				must(t, err)
				if g, err := s.Game(id); err != nil || g.Seats[0].Finisher != "Grace" || g.Seats[0].From != 3 {
					t.Errorf("finisher after migration: %+v, %v", g.Seats, err)
				}
				if list, err := s.Games("SHA256:a", 0); err != nil || len(list) != 2 || list[0].Seats[0].Finisher != "Grace" || list[1].Seats[0].Finisher != "" || list[0].Seats[0].From != 3 || list[1].Seats[0].From != 0 {
					t.Errorf("Games after migration: %+v, %v", list, err)
				}
			}
			must(t, s.StartJournal("t2", []byte(`{"record":"cardroom/1"}`)))
			if _, err := s.Append("t2", []byte(`{"e":"move"}`)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	dir := t.TempDir()
	db, err := openDB(filepath.Join(dir, FileName), false)
	must(t, err)
	must(t, migrate(db, append(append([]string{}, migrations...), `CREATE TABLE later (x INTEGER)`), time.Unix(1, 0)))
	must(t, db.Close())
	if s, err := Open(dir); !errors.Is(err, ErrTooNew) {
		if err == nil {
			s.Close()
		}
		t.Fatalf("Open of a newer schema: %v, want ErrTooNew", err)
	}
}

func TestIdentities(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := open(t, dir, WithClock(c.Now))
	if _, err := s.Identity("a"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown identity: %v, want ErrNotFound", err)
	}
	must(t, s.Seen("a"))
	first := c.Now()
	c.Add(time.Hour)
	must(t, s.Seen("a"))
	it, err := s.Identity("a")
	must(t, err)
	if !it.FirstSeen.Equal(first) || !it.LastSeen.Equal(first.Add(time.Hour)) || it.Name != "" || string(it.Settings) != "{}" {
		t.Errorf("identity %+v: want first %v, last an hour later, no name, {}", it, first)
	}

	reserve := func(id, name, want string) {
		t.Helper()
		got, err := s.ReserveName(id, name)
		if err != nil || got != want {
			t.Errorf("ReserveName(%q, %q) = %q, %v; want %q", id, name, got, err, want)
		}
	}
	reserve("a", "Alice", "Alice")
	reserve("a", "alice", "alice") // one's own name, recapitalised
	reserve("b", "ALICE", "ALICE2")
	reserve("c", "Alice", "Alice3")
	reserve("d", "abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx")
	reserve("e", "ABCDEFGHIJKLMNOPQRSTUVWX", "ABCDEFGHIJKLMNOPQRSTUVW2") // cut to 24 cells
	reserve("f", "\u0430lice", "\u0430lice4")                            // Cyrillic a: looks like alice
	reserve("a", "al", "al")                                             // alice is free again
	reserve("b", "Alice", "Alice")
	if _, err := s.ReserveName("x", ""); !errors.Is(err, ErrBadName) {
		t.Errorf("empty name: %v, want ErrBadName", err)
	}
	if id, err := s.NameOwner("aLiCe"); err != nil || id != "b" {
		t.Errorf("NameOwner(aLiCe) = %q, %v; want b", id, err)
	}
	if _, err := s.NameOwner("nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("NameOwner(nobody): %v, want ErrNotFound", err)
	}

	if v, err := s.Settings("zz"); err != nil || string(v) != "{}" {
		t.Errorf("settings of an unknown id: %s, %v; want {}", v, err)
	}
	must(t, s.SaveSettings("a", json.RawMessage(` {"lang":"nl","colour":false} `)))
	for _, bad := range []string{`[1]`, `{`, ``, `"x"`} {
		if err := s.SaveSettings("a", json.RawMessage(bad)); !errors.Is(err, ErrBadJSON) {
			t.Errorf("SaveSettings(%q): %v, want ErrBadJSON", bad, err)
		}
	}

	// All of it survives a restart.
	must(t, s.Close())
	s = open(t, dir, WithClock(c.Now))
	if v, err := s.Settings("a"); err != nil || string(v) != `{"lang":"nl","colour":false}` {
		t.Errorf("settings after reopen: %s, %v", v, err)
	}
	if id, err := s.NameOwner("al"); err != nil || id != "a" {
		t.Errorf("NameOwner(al) after reopen = %q, %v; want a", id, err)
	}
	reserve("c", "AL", "AL2")
}

func game(table string, ended time.Time, seats ...Seat) Game {
	return Game{
		Table: table, Ruleset: "singularity",
		Started: ended.Add(-time.Hour), Ended: ended,
		Seats:  seats,
		Record: []byte(`{"record":"cardroom/1","ruleset":"singularity","seats":["a","b","c"]}` + "\n" + `{"e":"end","totals":[1,2,3]}` + "\n"),
	}
}

func TestGames(t *testing.T) {
	s := open(t, t.TempDir())
	t0 := time.Date(2026, 11, 1, 20, 0, 0, 0, time.UTC)
	// Alice left and the bot Grace finished her seat (ON-6).
	alice, bob, bot := Seat{"a", "alice", 30, 1, "Grace", 0}, Seat{"b", "bob", 10, 2, "", 0}, Seat{BotID("basic"), "Ada", -20, 3, "", 0}
	var ids []int64
	for i := range 3 {
		g := game(fmt.Sprintf("t%d", i), t0.Add(time.Duration(i)*time.Hour), alice, bob, bot)
		if i == 1 {
			g.Seats = []Seat{bob, bot, bot}
		}
		id, err := s.SaveGame(g)
		must(t, err)
		ids = append(ids, id)
	}
	got, err := s.Game(ids[2])
	must(t, err)
	want := game("t2", t0.Add(2*time.Hour), alice, bob, bot)
	want.ID = ids[2]
	if fmt.Sprint(got) != fmt.Sprint(want) || string(got.Record) != string(want.Record) {
		t.Errorf("Game:\n got %+v\nwant %+v", got, want)
	}
	if tt := got.Totals(); fmt.Sprint(tt) != "[30 10 -20]" {
		t.Errorf("Totals = %v", tt)
	}
	if _, err := s.Game(999); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(999): %v, want ErrNotFound", err)
	}

	list, err := s.Games("a", 10)
	must(t, err)
	if len(list) != 2 || list[0].ID != ids[2] || list[1].ID != ids[0] || list[0].Record != nil || len(list[1].Seats) != 3 || list[1].Seats[0] != alice {
		t.Errorf("Games(a) = %+v; want games %d then %d, seats, no records", list, ids[2], ids[0])
	}
	if list, _ := s.Games("b", 1); len(list) != 1 || list[0].ID != ids[2] {
		t.Errorf("Games(b, 1) = %+v; want only game %d", list, ids[2])
	}
	if list, _ := s.Games(BotID("basic"), 0); len(list) != 3 || len(list[1].Seats) != 3 || list[1].Seats[2] != bot {
		t.Errorf("Games(bot, all) = %+v; want 3 games", list)
	}
	if list, err := s.Games("nobody", 5); err != nil || len(list) != 0 {
		t.Errorf("Games(nobody) = %v, %v", list, err)
	}
	if _, err := s.SaveGame(Game{Table: "x"}); !errors.Is(err, ErrBadGame) {
		t.Errorf("SaveGame of an empty game: %v, want ErrBadGame", err)
	}
}

func TestNameReleasedAfterUnseen(t *testing.T) {
	c := newClock()
	s := open(t, t.TempDir(), WithClock(c.Now), WithNameRelease(180*24*time.Hour))
	if got, err := s.ReserveName("a", "alice"); err != nil || got != "alice" {
		t.Fatalf("ReserveName = %q, %v", got, err)
	}
	c.Add(179 * 24 * time.Hour)
	if got, _ := s.ReserveName("b", "Alice"); got != "Alice2" {
		t.Errorf("after 179 days: %q, want Alice2 (alice still held)", got)
	}
	c.Add(2 * 24 * time.Hour)
	if id, err := s.NameOwner("alice"); !errors.Is(err, ErrNotFound) {
		t.Errorf("after 181 days unseen: owner %q, %v; want released", id, err)
	}
	if got, _ := s.ReserveName("b", "Alice"); got != "Alice" {
		t.Errorf("after 181 days: %q, want Alice (released)", got)
	}
	if it, _ := s.Identity("a"); it.Name != "" {
		t.Errorf("the old holder still has %q", it.Name)
	}
	if got, _ := s.ReserveName("a", "alice"); got != "alice2" {
		t.Errorf("the old holder back: %q, want alice2", got)
	}
}

func TestFailWrites(t *testing.T) {
	s := open(t, t.TempDir())
	full := errors.New("disk full")
	s.FailWrites(full)
	if _, err := s.ReserveName("a", "alice"); !errors.Is(err, full) {
		t.Errorf("ReserveName with failing writes: %v", err)
	}
	if err := s.StartJournal("t1", []byte(`{}`)); !errors.Is(err, full) {
		t.Errorf("StartJournal with failing writes: %v", err)
	}
	s.FailWrites(nil)
	if _, err := s.ReserveName("a", "alice"); err != nil {
		t.Errorf("ReserveName after: %v", err)
	}
}

func TestRekeyOnOpen(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	db := s.db
	// Names reserved by a cardroom that only folded case.
	for i, n := range []string{"alice", "\u0430lice", "bob"} {
		if _, err := db.Exec(`INSERT INTO identities (id, name, name_key, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)`,
			string(rune('a'+i)), n, strings.ToLower(n), time.Now().UnixMilli()+int64(i), time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
	}
	must(t, s.Close())
	s = open(t, dir)
	for id, want := range map[string]string{"a": "alice", "b": "", "c": "bob"} {
		it, err := s.Identity(id)
		must(t, err)
		if it.Name != want {
			t.Errorf("%s holds %q after rekeying, want %q", id, it.Name, want)
		}
	}
	if id, _ := s.NameOwner("ALICE"); id != "a" {
		t.Errorf("ALICE is %q's, want a's", id)
	}
}
