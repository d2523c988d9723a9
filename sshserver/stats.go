package sshserver

import "sync/atomic"

// Refusal is why the server turned a connection or a session away.
type Refusal int

// Refusals, as Stats counts them.
const (
	RefusedRateLimit        Refusal = iota // the per-IP login rate limit
	RefusedLoginStorm                      // the global login limiter's queue is full
	RefusedTooManyConns                    // too many connections (in all or from the IP)
	RefusedShuttingDown                    // the server is shutting down
	RefusedFull                            // MaxSessions sessions are open
	RefusedPerIP                           // MaxSessionsPerIP sessions from the IP are open
	RefusedBanned                          // Config.Refuse turned the session away
	RefusedHandshakeTimeout                // no shell or exec admitted within HandshakeTimeout
	RefusedSessionChannel                  // a session channel while one is open on the connection
	RefusedSessionRequest                  // env beyond MaxEnv or MaxEnvBytes, or a request not served (agent, X11, subsystem)
	nRefusals
)

var refusalNames = [nRefusals]string{"rate_limit", "login_storm", "too_many_connections", "shutting_down", "full", "per_ip", "banned", "handshake_timeout", "session_channel", "session_request"}

// String is the refusal's name in metrics ("rate_limit", …).
func (r Refusal) String() string {
	if r < 0 || r >= nRefusals {
		return "unknown"
	}
	return refusalNames[r]
}

// Refusals lists every refusal, for metrics that show each one from zero.
func Refusals() []Refusal {
	out := make([]Refusal, nRefusals)
	for i := range out {
		out[i] = Refusal(i)
	}
	return out
}

// counters are the server's running totals: atomic adds on the paths they
// count (a frame costs one add for the frame and one for its bytes).
type counters struct {
	keyLogins, guestLogins atomic.Uint64
	refused                [nRefusals]atomic.Uint64
	frames, bytes          atomic.Uint64
	dropped                atomic.Uint64
}

// Stats is a snapshot of what the server has done since it started.
type Stats struct {
	Sessions      int    // open now
	KeyLogins     uint64 // sessions opened with a public key
	GuestLogins   uint64 // sessions opened by guests
	Refused       [nRefusals]uint64
	Frames, Bytes uint64 // frames (program writes) queued for clients, and their bytes
	Dropped       uint64 // frames dropped for clients that stopped reading
}

// Stats returns the server's counts so far; it is cheap and safe to call
// from any goroutine (a metrics scrape).
func (s *Server) Stats() Stats {
	s.mu.Lock()
	n := len(s.sessions)
	s.mu.Unlock()
	c := &s.counts
	st := Stats{Sessions: n, KeyLogins: c.keyLogins.Load(), GuestLogins: c.guestLogins.Load(),
		Frames: c.frames.Load(), Bytes: c.bytes.Load(), Dropped: c.dropped.Load()}
	for i := range st.Refused {
		st.Refused[i] = c.refused[i].Load()
	}
	return st
}

func (s *Server) refused(r Refusal) { s.counts.refused[r].Add(1) }
