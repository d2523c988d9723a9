package sshserver

import (
	"testing"
	"time"
)

func TestAdmissionBurstThenSteadyRate(t *testing.T) {
	a := newAdmission(10, 3, time.Second) // 3 at once, then one per 100ms
	t0 := time.Unix(0, 0)
	for i, want := range []time.Duration{0, 0, 0, 100 * time.Millisecond, 200 * time.Millisecond} {
		if got, ok := a.reserve(t0); !ok || got != want {
			t.Errorf("login %d at t0: wait %v ok %v, want %v true", i+1, got, ok, want)
		}
	}
	// Booked up to t0+500ms: a login at t0+1s has a free slot again.
	if got, ok := a.reserve(t0.Add(time.Second)); !ok || got != 0 {
		t.Errorf("login at t0+1s: wait %v ok %v, want 0 true", got, ok)
	}
}

func TestAdmissionRefusesLongWaits(t *testing.T) {
	a := newAdmission(1, 1, 2*time.Second) // one per second, wait at most 2s
	t0 := time.Unix(0, 0)
	for i, want := range []time.Duration{0, time.Second, 2 * time.Second} {
		if got, ok := a.reserve(t0); !ok || got != want {
			t.Errorf("login %d: wait %v ok %v, want %v true", i+1, got, ok, want)
		}
	}
	if got, ok := a.reserve(t0); ok {
		t.Errorf("fourth login: wait %v accepted, want refused (over 2s)", got)
	}
	// The refusal booked nothing: 1s later the wait is 2s again.
	if got, ok := a.reserve(t0.Add(time.Second)); !ok || got != 2*time.Second {
		t.Errorf("login at t0+1s: wait %v ok %v, want 2s true", got, ok)
	}
}
