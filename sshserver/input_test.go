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
			if n := l.take(t0, []byte(tc.in+"j")); n != len(tc.in) {
				t.Errorf("%d keys and a j: %d bytes passed, want the %d of the keys", tc.keys, n, len(tc.in))
			}
		})
	}
}

func TestInputLimitRefillsAndCutsAtKeys(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newInputLimit(10, 0, 100, t0) // bursts of 20 keys, 200 bytes
	if n := l.take(t0, []byte(strings.Repeat("\x1b[A", 30))); n != 20*3 {
		t.Errorf("burst: %d bytes passed, want 20 whole arrows (60)", n)
	}
	if d := l.wait(); d <= 0 || d > 200*time.Millisecond {
		t.Errorf("wait with an empty bucket = %s, want about 100ms", d)
	}
	if n := l.take(t0.Add(time.Second), []byte(strings.Repeat("j", 50))); n != 10 {
		t.Errorf("a second later: %d keys passed, want 10", n)
	}
	// The byte bucket: 200 bytes less 70 spent, plus 100 a second later.
	l.refill(t0.Add(3 * time.Second))
	if n := l.take(t0.Add(3*time.Second), []byte("\x1b[200~"+strings.Repeat("x", 500)+"\x1b[201~")); n > 200 {
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
	if n := l.take(t0, []byte(line)); n != len(line) {
		t.Errorf("a pasted line of 200 keys: %d passed", n)
	}
	if n := l.take(t0, []byte(line)); n != 56 {
		t.Errorf("a second line at once: %d keys passed, want the 56 left of the burst", n)
	}
	if n := l.take(t0.Add(time.Second), []byte(line)); n != 50 {
		t.Errorf("a second later: %d keys passed, want the rate's 50", n)
	}
}
