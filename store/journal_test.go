package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestJournal(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := open(t, dir, WithClock(c.Now))
	header := []byte(`{"record":"cardroom/1","ruleset":"doudizhu","seats":["a","b","c"]}`)
	must(t, s.StartJournal("t1", header))
	if err := s.StartJournal("t1", header); !errors.Is(err, ErrJournalExists) {
		t.Errorf("second StartJournal: %v, want ErrJournalExists", err)
	}
	must(t, s.StartJournal("t2", []byte(`{"n":2}`)))
	for _, bad := range []string{"", "{", "{}\n{}", "not json"} {
		if err := s.StartJournal("t3", []byte(bad)); !errors.Is(err, ErrBadJSON) {
			t.Errorf("StartJournal(%q): %v, want ErrBadJSON", bad, err)
		}
		if _, err := s.Append("t1", []byte(bad)); !errors.Is(err, ErrBadJSON) {
			t.Errorf("Append(%q): %v, want ErrBadJSON", bad, err)
		}
	}
	if _, err := s.Append("nope", []byte(`{}`)); !errors.Is(err, ErrNoJournal) {
		t.Errorf("Append to no journal: %v, want ErrNoJournal", err)
	}

	var want []string
	for batch := range 4 {
		var lines [][]byte
		for i := range batch + 1 {
			l := fmt.Sprintf(`{"e":"move","seat":%d,"move":"bid %d"}`, i%3, batch)
			lines = append(lines, []byte(l))
			want = append(want, l)
		}
		c.Add(time.Second)
		last, err := s.Append("t1", lines...)
		must(t, err)
		if last != int64(len(want)) {
			t.Errorf("batch %d: last seq %d, want %d", batch, last, len(want))
		}
	}
	if last, err := s.Append("t1"); err != nil || last != int64(len(want)) {
		t.Errorf("empty Append: %d, %v; want %d", last, err, len(want))
	}
	must(t, s.Flush())

	check := func(s *Store) {
		t.Helper()
		h, lines, err := s.Journal("t1")
		must(t, err)
		if string(h) != string(header) || len(lines) != len(want) {
			t.Fatalf("Journal(t1): header %s, %d lines; want %s, %d", h, len(lines), header, len(want))
		}
		for i := range want {
			if string(lines[i]) != want[i] {
				t.Errorf("line %d: %s, want %s", i+1, lines[i], want[i])
			}
		}
		js, err := s.Unfinished()
		must(t, err)
		if len(js) != 2 || js[0].Table != "t1" || js[0].Lines != int64(len(want)) || js[1].Table != "t2" || js[1].Lines != 0 ||
			js[0].Updated.Sub(js[0].Created) != 4*time.Second || string(js[1].Header) != `{"n":2}` {
			t.Errorf("Unfinished: %+v", js)
		}
	}
	check(s)
	must(t, s.Close())
	s = open(t, dir, WithClock(c.Now))
	check(s)

	// The game ends: archived, the journal is gone in the same step.
	id, err := s.Archive(game("t1", c.Now(), Seat{"a", "a", 1, 1, "", 0}, Seat{"b", "b", 0, 2, "", 0}, Seat{"c", "c", 0, 2, "", 0}))
	must(t, err)
	if _, _, err := s.Journal("t1"); !errors.Is(err, ErrNoJournal) {
		t.Errorf("Journal after Archive: %v, want ErrNoJournal", err)
	}
	var n int
	must(t, s.db.QueryRow(`SELECT count(*) FROM journal_lines WHERE table_id = 't1'`).Scan(&n))
	if n != 0 {
		t.Errorf("%d journal lines left after Archive", n)
	}
	if _, err := s.Game(id); err != nil {
		t.Errorf("archived game: %v", err)
	}
	// A failed archive keeps the journal.
	if _, err := s.Archive(Game{Table: "t2"}); !errors.Is(err, ErrBadGame) {
		t.Errorf("Archive of a bad game: %v", err)
	}
	if _, _, err := s.Journal("t2"); err != nil {
		t.Errorf("journal t2 after a failed Archive: %v", err)
	}
	must(t, s.DeleteJournal("t2"))
	if err := s.DeleteJournal("t2"); !errors.Is(err, ErrNoJournal) {
		t.Errorf("second DeleteJournal: %v, want ErrNoJournal", err)
	}
	if js, err := s.Unfinished(); err != nil || len(js) != 0 {
		t.Errorf("Unfinished at the end: %+v, %v", js, err)
	}
}

// ResetJournal writes a journal afresh as its header alone, whether or not
// there was one, and the lines appended after it number from 1 again.
func TestResetJournal(t *testing.T) {
	s := open(t, t.TempDir())
	must(t, s.ResetJournal("w", []byte(`{"waiting":1}`)))
	must(t, s.ResetJournal("w", []byte(`{"waiting":2}`)))
	if h, lines, err := s.Journal("w"); err != nil || string(h) != `{"waiting":2}` || len(lines) != 0 {
		t.Fatalf("Journal(w): %s, %d lines, %v; want the second header alone", h, len(lines), err)
	}
	if _, err := s.Append("w", []byte(`{"e":"a"}`), []byte(`{"e":"b"}`)); err != nil {
		t.Fatal(err)
	}
	must(t, s.ResetJournal("w", []byte(`{"game":1}`)))
	last, err := s.Append("w", []byte(`{"e":"c"}`))
	must(t, err)
	if h, lines, err := s.Journal("w"); err != nil || string(h) != `{"game":1}` || len(lines) != 1 || string(lines[0]) != `{"e":"c"}` || last != 1 {
		t.Errorf("after a reset and one line: %s, %q (last seq %d), %v", h, lines, last, err)
	}
	if err := s.ResetJournal("w", []byte("not json")); !errors.Is(err, ErrBadJSON) {
		t.Errorf("ResetJournal with a bad header: %v, want ErrBadJSON", err)
	}
}

// The store fsyncs each commit when asked to (WithSyncEvery(0)); Flush then
// has nothing to do.
func TestSyncEveryCommit(t *testing.T) {
	s := open(t, t.TempDir(), WithSyncEvery(0))
	var sync int
	must(t, s.db.QueryRow(`PRAGMA synchronous`).Scan(&sync))
	if sync != 2 {
		t.Errorf("synchronous = %d, want 2 (FULL)", sync)
	}
	must(t, s.StartJournal("t", []byte(`{}`)))
	must(t, s.Flush())
}

func TestFlush(t *testing.T) {
	s := open(t, t.TempDir(), WithSyncEvery(time.Hour)) // the background never runs here
	count := func() int {
		var n int
		must(t, s.db.QueryRow(`SELECT n FROM sync`).Scan(&n))
		return n
	}
	must(t, s.Flush())
	if n := count(); n != 0 {
		t.Errorf("a Flush with nothing written synced (%d)", n)
	}
	must(t, s.StartJournal("t", []byte(`{}`)))
	must(t, s.Flush())
	must(t, s.Flush())
	if n := count(); n != 1 {
		t.Errorf("%d syncs after a write and two Flushes, want 1", n)
	}
}

// ---- crash safety ---------------------------------------------------------

const crashEnv = "CARDROOM_STORE_CRASH_DIR"

// crashChild appends lines one by one, reporting each seq on stdout once
// Append returned, and is killed by the parent with SIGKILL.
func crashChild() {
	s, err := Open(os.Getenv(crashEnv))
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	if err := s.StartJournal("t", []byte(`{"record":"cardroom/1"}`)); err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	for i := 1; ; i++ {
		seq, err := s.Append("t", []byte(fmt.Sprintf(`{"e":"move","seat":0,"n":%d}`, i)))
		if err != nil {
			fmt.Println("error", err)
			os.Exit(2)
		}
		fmt.Println(seq)
	}
}

// TestKilledMidJournal kills a process that is appending to a journal with
// SIGKILL and checks that every line it was told was appended is there.
func TestKilledMidJournal(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), crashEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	must(t, err)
	must(t, cmd.Start())
	// Read acknowledgements until 200 arrived, then kill it mid-stream.
	var acked int64
	buf := make([]byte, 0, 64)
	one := make([]byte, 1)
	for acked < 200 {
		if _, err := out.Read(one); err != nil {
			t.Fatalf("child: %v after %d lines", err, acked)
		}
		if one[0] != '\n' {
			buf = append(buf, one[0])
			continue
		}
		n, err := strconv.ParseInt(string(buf), 10, 64)
		if err != nil {
			t.Fatalf("child said %q", buf)
		}
		acked, buf = n, buf[:0]
	}
	must(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()

	s := open(t, dir)
	_, lines, err := s.Journal("t")
	must(t, err)
	if int64(len(lines)) < acked {
		t.Fatalf("%d lines in the journal after the kill, but %d were acknowledged", len(lines), acked)
	}
	for i, l := range lines {
		if want := fmt.Sprintf(`{"e":"move","seat":0,"n":%d}`, i+1); string(l) != want {
			t.Fatalf("line %d: %s, want %s", i+1, l, want)
		}
	}
}

// ---- concurrency ------------------------------------------------------------

// TestConcurrentUse drives every kind of write from several goroutines at once
// (run it with -race).
func TestConcurrentUse(t *testing.T) {
	s := open(t, t.TempDir(), WithSyncEvery(time.Millisecond))
	const workers, rounds = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*rounds*4)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			table := fmt.Sprintf("t%d", w)
			if err := s.StartJournal(table, []byte(`{}`)); err != nil {
				errs <- err
				return
			}
			id := fmt.Sprintf("p%d", w)
			for i := range rounds {
				if _, err := s.Append(table, []byte(fmt.Sprintf(`{"i":%d}`, i))); err != nil {
					errs <- err
				}
				if _, err := s.ReserveName(id, "same"); err != nil {
					errs <- err
				}
				if _, err := s.UpdateRatings("trick", []string{id, BotID("basic")}, []int{i % 2, 1 - i%2}); err != nil {
					errs <- err
				}
				if _, err := s.Leaderboard("trick", true, 5); err != nil {
					errs <- err
				}
				if i == rounds-1 {
					if _, err := s.Archive(game(table, time.Unix(int64(i), 0), Seat{id, "x", 1, 1, "", 0})); err != nil {
						errs <- err
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// Every worker got a name of its own.
	names := map[string]bool{}
	for w := range workers {
		it, err := s.Identity(fmt.Sprintf("p%d", w))
		must(t, err)
		if names[fold(it.Name)] {
			t.Errorf("name %s given twice", it.Name)
		}
		names[fold(it.Name)] = true
	}
	r, err := s.Rating(BotID("basic"), "trick")
	must(t, err)
	if r.Games != workers*rounds {
		t.Errorf("the bot played %d rated games, want %d", r.Games, workers*rounds)
	}
	if js, err := s.Unfinished(); err != nil || len(js) != 0 {
		t.Errorf("unfinished journals after every table was archived: %+v, %v", js, err)
	}
}

// BenchmarkAppend measures one move appended to a journal, committed.
func BenchmarkAppend(b *testing.B) {
	s, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.StartJournal("t", []byte(`{}`)); err != nil {
		b.Fatal(err)
	}
	line := []byte(`{"e":"move","seat":1,"move":"play AS"}`)
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Append("t", line); err != nil {
			b.Fatal(err)
		}
	}
}
