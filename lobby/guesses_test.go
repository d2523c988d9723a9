package lobby

import (
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

// Wrong invite codes are limited per key and per address: a few are free,
// then every wrong one doubles the wait, which the error states; a right
// code after the wait still works, and a quiet half hour forgives them.
func TestWrongCodesBackOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		l := r.l
		host := enter(t, l, "K1", "alice")
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Private: true})
		must(t, err)
		e, err := l.Login(Login{ID: "K2", Name: "mallory", Addr: "192.0.2.7"})
		must(t, err)
		mal := e.Player
		wrong := "QQQQQQ"
		if wrong == c.Code {
			wrong = "RRRRRR"
		}
		for i := 0; i < FreeGuesses; i++ {
			if _, err := l.Join(mal, wrong, -1); !errors.Is(err, ErrNoTable) {
				t.Fatalf("wrong code %d: %v, want ErrNoTable", i+1, err)
			}
		}
		var many *TooManyGuesses
		for i, want := range []time.Duration{0, firstWait, 2 * firstWait} {
			_, err := l.Join(mal, wrong, -1)
			if i == 0 {
				if !errors.Is(err, ErrNoTable) {
					t.Fatalf("the first wrong code past the free ones: %v", err)
				}
			} else if !errors.As(err, &many) || many.Wait != want {
				t.Fatalf("code while waiting: %v, want a wait", err)
			}
			if i > 0 {
				// Even the right code waits: a guesser learns nothing meanwhile.
				if _, err := l.Watch(mal, c.Code); !errors.As(err, &many) {
					t.Fatalf("the right code during the wait: %v", err)
				}
				r.clock.Advance(many.Wait)
				if _, err := l.Join(mal, wrong, -1); !errors.Is(err, ErrNoTable) {
					t.Fatalf("a wrong code after the wait: %v", err)
				}
			}
		}
		if _, err := l.Join(mal, wrong, -1); !errors.As(err, &many) || many.Wait != 4*firstWait {
			t.Fatalf("the wait doubles: %v, want %v", err, 4*firstWait)
		}
		if got := many.Error(); got != "too many wrong invite codes: try again in 40 s" {
			t.Errorf("message %q", got)
		}
		// Another key from the same address waits too; a key elsewhere does not.
		e2, err := l.Login(Login{ID: "K3", Name: "mallory2", Addr: "192.0.2.7"})
		must(t, err)
		if _, err := l.Join(e2.Player, wrong, -1); !errors.As(err, &many) {
			t.Fatalf("another key from the guessing address: %v, want a wait", err)
		}
		bob := enter(t, l, "K4", "bob")
		if _, err := l.Watch(bob, c.Code); err != nil {
			t.Fatalf("someone else with the right code: %v", err)
		}
		r.clock.Advance(forgiveAfter + maxWait)
		if _, err := l.Watch(mal, c.Code); err != nil {
			t.Fatalf("the right code after a quiet half hour: %v", err)
		}
	})
}

// A program's key that looks a table up by its code (ssh host bot CODE)
// has its wrong codes counted like a person in the lobby, by key and by
// address, without entering the lobby.
func TestWrongCodesOfABotBackOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		l := r.l
		host := enter(t, l, "K1", "alice")
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Private: true})
		must(t, err)
		wrong := "QQQQQQ"
		if wrong == c.Code {
			wrong = "RRRRRR"
		}
		for i := 0; i <= FreeGuesses; i++ {
			if _, err := l.FindCodeFor("BOTKEY", "192.0.2.9", wrong); !errors.Is(err, ErrNoCode) {
				t.Fatalf("wrong code %d: %v, want ErrNoCode", i+1, err)
			}
		}
		var many *TooManyGuesses
		if _, err := l.FindCodeFor("BOTKEY", "192.0.2.9", c.Code); !errors.As(err, &many) || many.Wait != firstWait {
			t.Fatalf("the right code during the wait: %v, want a wait of %v", err, firstWait)
		}
		if _, err := l.FindCodeFor("OTHERKEY", "192.0.2.9", c.Code); !errors.As(err, &many) {
			t.Fatalf("another key from the same address: %v, want a wait", err)
		}
		r.clock.Advance(many.Wait)
		if tb, err := l.FindCodeFor("BOTKEY", "192.0.2.9", c.Code); err != nil || tb != c.Table {
			t.Fatalf("the right code after the wait: %v", err)
		}
	})
}

// A table id mistyped (watch nosuch) is looked up as a code too, but a
// word that cannot be an invite code is no guess: it never counts toward
// the wait, which a code-shaped miss still does.
func TestAMistypedTableIDIsNoCodeGuess(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t)
		l := r.l
		host := enter(t, l, "K1", "alice")
		c, err := l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Private: true})
		must(t, err)
		ann := enter(t, l, "K2", "ann")
		for i := range 3 * FreeGuesses {
			for _, typo := range []string{"nosuch", "abc8lz", "toolong7", "k7q"} {
				if _, err := l.Watch(ann, typo); !errors.Is(err, ErrNoTable) && !errors.Is(err, ErrNoCode) {
					t.Fatalf("try %d, %q: %v, want no such table", i+1, typo, err)
				}
			}
		}
		if _, err := l.Watch(ann, c.Code); err != nil {
			t.Fatalf("the right code after the typos: %v", err)
		}
		var many *TooManyGuesses
		wrong := "QQQQQQ"
		if wrong == c.Code {
			wrong = "RRRRRR"
		}
		for range FreeGuesses + 2 {
			_, err = l.Watch(ann, wrong)
		}
		if !errors.As(err, &many) {
			t.Fatalf("code-shaped misses: %v, want a wait", err)
		}
	})
}
