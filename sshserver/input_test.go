package sshserver

import (
	"strings"
	"testing"
	"time"
)

func TestInputLimitCountsKeysNotBytes(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name, in string
		keys     int // keys in in
	}{
		{"runes", "jkä€", 4},
		{"arrows", "\x1b[A\x1b[B\x1bOC", 3},
		{"csi with parameters", "\x1b[1;5A", 1},
		{"alt+key", "\x1bj", 1},
		{"paste is one key", "\x1b[200~" + strings.Repeat("x", 300) + "\x1b[201~", 1},
		{"paste then keys", "\x1b[200~ab\x1b[201~jk", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A bucket of exactly tc.keys keys passes all of in, and not a
			// key more.
			l := newInputLimit(float64(tc.keys)/2, 0, -1, t0)
			if n, _ := l.take(t0, []byte(tc.in+"j")); n != len(tc.in) {
				t.Errorf("%d keys and a j: %d bytes passed, want the %d of the keys", tc.keys, n, len(tc.in))
			}
		})
	}
}

func TestInputLimitRefillsAndCutsAtKeys(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newInputLimit(10, 0, 100, t0) // bursts of 20 keys, 200 bytes
	if n, _ := l.take(t0, []byte(strings.Repeat("\x1b[A", 30))); n != 20*3 {
		t.Errorf("burst: %d bytes passed, want 20 whole arrows (60)", n)
	}
	if d := l.wait(); d <= 0 || d > 200*time.Millisecond {
		t.Errorf("wait with an empty bucket = %s, want about 100ms", d)
	}
	if n, _ := l.take(t0.Add(time.Second), []byte(strings.Repeat("j", 50))); n != 10 {
		t.Errorf("a second later: %d keys passed, want 10", n)
	}
	// The byte bucket: 200 bytes less 70 spent, plus 100 a second later.
	l.refill(t0.Add(3 * time.Second))
	if n, _ := l.take(t0.Add(3*time.Second), []byte("\x1b[200~"+strings.Repeat("x", 500)+"\x1b[201~")); n > 200 {
		t.Errorf("paste: %d bytes passed, want at most the byte bucket (200)", n)
	}
	if newInputLimit(-1, 256, -1, t0) != nil {
		t.Errorf("both rates off: want no limit")
	}
}

// A chat line a terminal pastes without bracketed paste comes as one key
// a character, all at once: the burst lets a whole one through.
func TestInputLimitLetsAPastedLineThrough(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	line := strings.Repeat("x", 200)
	l := newInputLimit(50, 256, 8<<10, t0)
	if n, _ := l.take(t0, []byte(line)); n != len(line) {
		t.Errorf("a pasted line of 200 keys: %d passed", n)
	}
	if n, _ := l.take(t0, []byte(line)); n != 56 {
		t.Errorf("a second line at once: %d keys passed, want the 56 left of the burst", n)
	}
	if n, _ := l.take(t0.Add(time.Second), []byte(line)); n != 50 {
		t.Errorf("a second later: %d keys passed, want the rate's 50", n)
	}
}

// A paste longer than the byte bucket is cut short: the program is told it
// ended where it was cut, the rest of it is skipped whatever reads it comes
// in (its end marker split between two), and the keys typed after it are
// keys again, not more of the paste.
func TestInputLimitEndsAPasteItCuts(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newInputLimit(50, 256, 50, t0) // a byte bucket of 100
	first := "\x1b[200~" + strings.Repeat("x", 200)
	n, closePaste := l.take(t0, []byte(first))
	if n == 0 || n >= len(first) || !closePaste {
		t.Fatalf("a paste over the bucket: %d of %d bytes passed, told to close it %v", n, len(first), closePaste)
	}
	for _, tc := range []struct{ in, want string }{
		{strings.Repeat("y", 300), ""},
		{"zz\x1b[20", ""},
		{"1~jk", "jk"},
		{"\x1b[201~", "\x1b[201~"}, // no paste is being skipped now
	} {
		if got := string(l.skipCut([]byte(tc.in))); got != tc.want {
			t.Errorf("after the cut, %q passes as %q; want %q", tc.in, got, tc.want)
		}
	}
	l = newInputLimit(50, 256, 50, t0)
	if _, closePaste := l.take(t0, []byte("\x1b[200~ab\x1b[201~"+strings.Repeat("j", 300))); closePaste {
		t.Error("keys cut after a whole paste: told to close a paste")
	}
	if got := string(l.skipCut([]byte("jk"))); got != "jk" {
		t.Errorf("after keys were cut, %q passes as %q", "jk", got)
	}
}

// Dropped bytes that start a paste (its start marker did not fit) have the
// rest of that paste skipped too, and dropped bytes that end a paste and
// start none leave nothing to skip.
func TestInputLimitSkipsAPasteItDroppedWhole(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newInputLimit(1, 0, -1, t0) // a key bucket of 2
	n, closePaste := l.take(t0, []byte("jk\x1b[200~xx"))
	if n != 2 || closePaste {
		t.Fatalf("two keys and a paste's start: %d bytes passed, told to close a paste %v", n, closePaste)
	}
	if got := string(l.skipCut([]byte("yy\x1b[201~jk"))); got != "jk" {
		t.Errorf("the rest of the dropped paste passes as %q; want jk", got)
	}
	l = newInputLimit(1, 0, -1, t0)
	if n, _ := l.take(t0, []byte("jk\x1b[200~xx\x1b[201~jj")); n != 2 {
		t.Fatalf("%d bytes passed", n)
	}
	if got := string(l.skipCut([]byte("jk"))); got != "jk" {
		t.Errorf("after a whole paste was dropped, jk passes as %q", got)
	}
}
