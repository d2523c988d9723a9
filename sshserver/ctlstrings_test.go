package sshserver

import (
	"strings"
	"testing"
	"time"
)

func TestCtlFilterTakesControlStringsOut(t *testing.T) {
	const quick, idle = time.Millisecond, time.Second // quiet before a read
	long := "\x1b]0;" + strings.Repeat("x", maxString)
	paste := "\x1b[200~a\x1b]0;t\x07b\x1bPq\x1b\\c\x1b[201~"
	type read struct {
		in    string
		quiet time.Duration
		out   string // what passes
	}
	for _, tc := range []struct {
		name    string
		reads   []read
		strings int // taken out
	}{
		{"osc with BEL", []read{{"hel\x1b]0;title\alo\r", idle, "hello\r"}}, 1},
		{"osc with ST", []read{{"a\x1b]11;rgb:0000/0000/0000\x1b\\b", idle, "ab"}}, 1},
		{"dcs apc pm sos", []read{{"\x1bP1$r0m\x1b\\1\x1b_Gi=1;OK\x1b\\2\x1b^pm\x1b\\3\x1bXsos\x1b\\", idle, "123"}}, 4},
		{"bel ends only an osc", []read{{"\x1bPa\ab\x1b\\c", idle, "\x1bPa\ab\x1b\\c"}}, 0},
		{"utf-8 inside", []read{{"\x1b]2;käse €\a!", idle, "!"}}, 1},
		{"split over two reads", []read{
			{"he\x1b]0;ti", idle, "he"},
			{"tle\allo", quick, "llo"},
		}, 1},
		{"split in ST", []read{
			{"\x1b]11;rgb:0/0/0\x1b", idle, ""},
			{"\\x", quick, "x"},
		}, 1},
		{"split over three reads", []read{
			{"\x1bPab", idle, ""},
			{"cd", quick, ""},
			{"e\x1b\\f", quick, "f"},
		}, 1},
		{"alt+] alone", []read{
			{"\x1b]", idle, "\x1b]"},
			{"0", idle, "0"},
			{"\a", idle, "\a"},
		}, 0},
		{"alt+] and keys, then quiet", []read{
			{"\x1b]ab", idle, ""},
			{"c", idle, "\x1b]abc"},
		}, 0},
		{"alt+] and keys, then enter", []read{
			{"\x1b]ab", idle, ""},
			{"c\r", quick, "\x1b]abc\r"},
		}, 0},
		{"alt+] then an arrow", []read{{"\x1b]a\x1b[A", idle, "\x1b]a\x1b[A"}}, 0},
		{"held then an arrow", []read{
			{"\x1b]a\x1b", idle, ""},
			{"[A", quick, "\x1b]a\x1b[A"},
		}, 0},
		{"esc at the end passes", []read{{"ab\x1b", idle, "ab\x1b"}}, 0},
		{"huge unterminated", []read{
			{long[:1000], idle, ""},
			{long[1000:3000], quick, ""},
			{long[3000:] + "yz", quick, long + "yz"},
		}, 0},
		{"huge then typing", []read{
			{long[:maxString-2], idle, ""},
			{long[maxString-2:] + "\x1b]0;t\a", quick, long + ""},
		}, 1},
		{"paste left alone", []read{{paste + "\x1b]0;t\a", idle, paste}}, 1},
		{"paste end split", []read{
			{"\x1b[200~a\x1b]0;t\a\x1b[20", idle, "\x1b[200~a\x1b]0;t\a\x1b[20"},
			{"1~\x1b]0;t\ab", quick, "1~b"},
		}, 1},
		{"paste not ended by a near miss", []read{
			{"\x1b[200~\x1b[20\x1b[201", idle, "\x1b[200~\x1b[20\x1b[201"},
			{"\x1b]0;t\a~", quick, "\x1b]0;t\a~"},
			{"\x1b[201~\x1b]0;t\a", quick, "\x1b[201~"},
		}, 1},
		{"csi and 8-bit pass", []read{{"\x1b[1;5A\x9d0;t\x9c\u009d", idle, "\x1b[1;5A\x9d0;t\x9c\u009d"}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f ctlFilter
			n := 0
			for i, r := range tc.reads {
				out, strs, removed := f.filter([]byte(r.in), r.quiet)
				if string(out) != r.out {
					t.Errorf("read %d %q: passed %q, want %q", i, r.in, out, r.out)
				}
				if strs == 0 && removed != 0 || strs > 0 && removed < 3*strs {
					t.Errorf("read %d: %d strings of %d bytes taken out", i, strs, removed)
				}
				n += strs
			}
			if n != tc.strings {
				t.Errorf("%d strings taken out, want %d", n, tc.strings)
			}
		})
	}
}

// The limiter behind the filter counts the keys that pass: the strings
// are gone, and held bytes that pass count as the keys they are.
func TestInputLimitCountsKeysBehindTheFilter(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var f ctlFilter
	l := newInputLimit(2, 0, -1, t0) // 4 keys
	p, _, _ := f.filter([]byte("a\x1b]0;title\ab\x1b[Acj"), time.Second)
	if n, _ := l.take(t0, p); string(p[:n]) != "ab\x1b[Ac" {
		t.Errorf("a, a string, b, up, c, j with a budget of 4 keys: %q passed, want %q", p[:n], "ab\x1b[Ac")
	}
	l = newInputLimit(1.5, 0, -1, t0) // 3 keys
	f.filter([]byte("\x1b]ab"), time.Second)
	p, _, _ = f.filter([]byte("cd"), time.Second)
	if n, _ := l.take(t0, p); string(p[:n]) != "\x1b]ab" {
		t.Errorf("alt+] a b held, then c d, with a budget of 3 keys: %q passed, want %q", p[:n], "\x1b]ab")
	}
	// Each string taken out costs a key and its bytes.
	l = newInputLimit(1, 0, 100, t0) // 2 keys, 200 bytes
	l.spend(2, 150)
	if l.keys != 0 || l.bytes != 50 || l.wait() <= 0 {
		t.Errorf("after two strings of 150 bytes: %v keys, %v bytes left, wait %s; want 0, 50, more than 0", l.keys, l.bytes, l.wait())
	}
}
