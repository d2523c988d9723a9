package lobby

import (
	"fmt"
	"strings"
	"time"
)

// Invite-code guessing limits: each key and each address may get a few
// codes wrong; after that, every wrong code doubles the wait before the
// next try. A quiet stretch forgives them.
const (
	// FreeGuesses is how many wrong codes in a row cost nothing.
	FreeGuesses = 3
	// firstWait is the wait after the first wrong code past the free ones.
	firstWait = 10 * time.Second
	// maxWait bounds the wait.
	maxWait = 30 * time.Minute
	// forgiveAfter clears a key's or address's wrong codes when it got
	// none wrong for this long.
	forgiveAfter = 30 * time.Minute
)

// TooManyGuesses refuses an invite code from a key or address that got too
// many wrong: it says how long to wait.
type TooManyGuesses struct {
	Wait time.Duration
}

func (e *TooManyGuesses) Error() string {
	return fmt.Sprintf("too many wrong invite codes: try again in %d s", int((e.Wait+time.Second-1)/time.Second))
}

// guesser is one key's or address's record of wrong codes.
type guesser struct {
	wrong int       // wrong codes in a row
	last  time.Time // the last wrong one
	until time.Time // no code is tried before this
}

// guesses counts wrong invite codes per key and per address. Owned by the
// lobby's goroutine.
type guesses struct {
	by map[string]*guesser
}

// subjects are the keys of the guesser records of player id at addr.
func subjects(id, addr string) []string {
	s := []string{"key " + id}
	if addr != "" {
		s = append(s, "addr "+addr)
	}
	return s
}

// wait returns how long id at addr must wait before trying a code (0: it
// may now).
func (g *guesses) wait(now time.Time, id, addr string) time.Duration {
	var w time.Duration
	for _, k := range subjects(id, addr) {
		if r := g.by[k]; r != nil {
			w = max(w, r.until.Sub(now))
		}
	}
	return max(w, 0)
}

// miss records a wrong code of id at addr and returns the wait it costs.
func (g *guesses) miss(now time.Time, id, addr string) time.Duration {
	if g.by == nil {
		g.by = map[string]*guesser{}
	}
	var w time.Duration
	for _, k := range subjects(id, addr) {
		r := g.by[k]
		if r == nil || now.Sub(r.last) > forgiveAfter {
			r = &guesser{}
			g.by[k] = r
		}
		r.wrong++
		r.last = now
		if r.wrong > FreeGuesses {
			d := firstWait << min(r.wrong-FreeGuesses-1, 16)
			r.until = now.Add(min(d, maxWait))
		}
		w = max(w, r.until.Sub(now))
	}
	g.sweep(now)
	return max(w, 0)
}

// sweep forgets records that have been quiet long enough, so the map stays
// as small as the guessing of the last half hour.
func (g *guesses) sweep(now time.Time) {
	if len(g.by) < 1024 {
		return
	}
	for k, r := range g.by {
		if now.Sub(r.last) > forgiveAfter && !now.Before(r.until) {
			delete(g.by, k)
		}
	}
}

// tryCode refuses a code from player id at addr while they (or their
// address) must wait.
func (l *Lobby) tryCode(id, addr string) error {
	if w := l.guesses.wait(l.clock.Now(), id, addr); w > 0 {
		l.log.Warn("lobby: invite code refused: too many wrong ones", "player", id, "addr", addr, "wait", w)
		return &TooManyGuesses{Wait: w}
	}
	return nil
}

// wrongCode counts a wrong code of player id at addr.
func (l *Lobby) wrongCode(id, addr string) {
	w := l.guesses.miss(l.clock.Now(), id, addr)
	l.log.Warn("lobby: wrong invite code", "player", id, "addr", addr, "wait", w)
}

// codeShaped reports whether code (normalized) could be an invite code:
// CodeLen characters of codeAlphabet.
func codeShaped(code string) bool {
	if len(code) != CodeLen {
		return false
	}
	for _, c := range code {
		if !strings.ContainsRune(codeAlphabet, c) {
			return false
		}
	}
	return true
}
