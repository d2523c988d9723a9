package sshserver

import (
	"errors"
	"fmt"
	"time"
)

// Config is what the server needs to know. The zero value of a field means
// its default (listed next to it); a negative duration or count switches a
// limit off where that is allowed.
type Config struct {
	// Listen is the TCP address to listen on. Default ":2222".
	Listen string
	// DataDir holds the host key (created on first start). Default ".cardroom".
	DataDir string

	// HandshakeTimeout bounds the time from TCP accept until a shell or exec
	// is admitted (key exchange, authentication, opening a session channel
	// and asking for a shell or a command), and the time a connection may
	// stay open after its session has ended. Default 20s.
	HandshakeTimeout time.Duration
	// KeepaliveInterval is how often the server asks a connected client
	// whether it is still there; a client that does not answer within one
	// interval is disconnected. Default 30s; negative disables.
	KeepaliveInterval time.Duration

	// MaxSessions is the maximum number of sessions at once. Default 500.
	MaxSessions int
	// MaxSessionsPerIP is the maximum number of sessions at once from one
	// remote IP address. Default 8.
	MaxSessionsPerIP int
	// LoginsPerMinute limits new connections per remote IP address and
	// minute (a token bucket with a burst of the same size). Zero or
	// negative: no limit.
	LoginsPerMinute int

	// LoginRate limits new connections from all addresses together (per
	// second), so that a login storm slows new logins instead of the
	// running tables: LoginBurst connections start at once, then one every
	// 1/LoginRate; a connection waits for its turn before its handshake
	// begins, and is refused when its turn is more than LoginWait away.
	// Zero: no global limit.
	LoginRate float64
	// LoginBurst is how many logins may start at once. Default: LoginRate
	// rounded up.
	LoginBurst int
	// LoginWait is the longest a new connection waits for its turn (before
	// its handshake, so HandshakeTimeout starts after it). Default 30s.
	LoginWait time.Duration

	// IdleTimeout disconnects an interactive session that sent no input for
	// this long. Default 30m; negative disables.
	IdleTimeout time.Duration
	// IdleWarning is how long before the idle timeout the model receives an
	// IdleWarningMsg. Default 1m (capped at half the idle timeout).
	IdleWarning time.Duration

	// FPS is the maximum frame rate of each session's renderer. bubbletea v1
	// runs its renderer ticker at this rate even when idle; a card game does
	// not need 60. Default 30: a key waits 17 ms for its frame on average
	// (25 ms at 20), and at 2,000 sessions at tables it cost no more CPU
	// per frame than 20 did (docs/CAPACITY.md).
	FPS int
	// OutputBuffer bounds the bytes queued for one session's client; see
	// outbox for what happens when a client stops reading. Default 256 KiB.
	OutputBuffer int

	// MaxEnv and MaxEnvBytes bound the environment a session may send
	// (env requests, counted, and their bytes); the rest is refused.
	// Defaults 64 and 16 KiB.
	MaxEnv, MaxEnvBytes int

	// InputKeyRate is how many keys a second a session may type, after a
	// burst of InputKeyBurst keys or two seconds' worth, whichever is more;
	// InputByteRate is how many bytes a second (a burst of two seconds'
	// worth; a bracketed paste counts as one key). Input beyond either is
	// dropped, and the model gets an InputDroppedMsg. Defaults 50 keys, a
	// burst of 256 (a chat line a terminal pastes without bracketed paste
	// comes as that many keys at once) and 8 KiB; negative: no limit (no
	// burst beyond two seconds' worth).
	InputKeyRate  float64
	InputKeyBurst int
	InputByteRate int

	// MaxWidth and MaxHeight clamp the terminal size a client may claim.
	// Defaults 500×200.
	MaxWidth, MaxHeight int

	// ShutdownTimeout is how long Serve gives sessions to finish when its
	// context is cancelled. Default 8s.
	ShutdownTimeout time.Duration

	// Goodbye is the final line every session gets when the server shuts
	// down (translated by the app). Default DefaultGoodbye.
	Goodbye string

	// Refuse, when set, is asked before a session opens whether the player
	// (by identity) or their IP address may come in: a non-empty answer
	// refuses the session with that line (a ban), written in the language
	// of env, the environment the client sent (LANG). It must be quick: it
	// runs on every login.
	Refuse func(id Identity, ip string, env []string) string

	// Translate, when set, puts a line the server itself refuses a session
	// with (shutting down, full, too many sessions from the address) into
	// the language of env, the environment the client sent (LANG). Without
	// it those lines are English.
	Translate func(env []string, line string) string

	// Clock is the time source for idle timeouts, the handshake timeout,
	// the login limiter and the input rate limit (keepalives run on the
	// real clock). Default: the real clock. Tests inject a fake one.
	Clock Clock
}

// Defaults.
const (
	DefaultListen            = ":2222"
	DefaultDataDir           = ".cardroom"
	DefaultHandshakeTimeout  = 20 * time.Second
	DefaultKeepaliveInterval = 30 * time.Second
	DefaultMaxSessions       = 500
	DefaultMaxSessionsPerIP  = 8
	DefaultLoginWait         = 30 * time.Second
	DefaultIdleTimeout       = 30 * time.Minute
	DefaultIdleWarning       = time.Minute
	DefaultFPS               = 30
	DefaultOutputBuffer      = 256 << 10
	DefaultMaxWidth          = 500
	DefaultMaxEnv            = 64
	DefaultMaxEnvBytes       = 16 << 10
	DefaultInputKeyRate      = 50
	DefaultInputKeyBurst     = 256
	DefaultInputByteRate     = 8 << 10
	DefaultMaxHeight         = 200
	DefaultShutdownTimeout   = 8 * time.Second
	DefaultGoodbye           = "The card room is shutting down. See you soon!"
)

// Check reports the first field of c that makes no sense, as New would.
func (c Config) Check() error {
	_, err := c.withDefaults()
	return err
}

// withDefaults returns c with every zero field set to its default, or an
// error naming the first field that makes no sense.
func (c Config) withDefaults() (Config, error) {
	if c.Listen == "" {
		c.Listen = DefaultListen
	}
	if c.Goodbye == "" {
		c.Goodbye = DefaultGoodbye
	}
	if c.DataDir == "" {
		c.DataDir = DefaultDataDir
	}
	if c.HandshakeTimeout == 0 {
		c.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if c.HandshakeTimeout < 0 {
		return c, errors.New("sshserver: HandshakeTimeout must be positive")
	}
	if c.KeepaliveInterval == 0 {
		c.KeepaliveInterval = DefaultKeepaliveInterval
	}
	if c.MaxSessions == 0 {
		c.MaxSessions = DefaultMaxSessions
	}
	if c.MaxSessionsPerIP == 0 {
		c.MaxSessionsPerIP = DefaultMaxSessionsPerIP
	}
	if c.MaxSessions < 0 || c.MaxSessionsPerIP < 0 {
		return c, errors.New("sshserver: MaxSessions and MaxSessionsPerIP must be positive")
	}
	if c.LoginRate < 0 || c.LoginBurst < 0 || c.LoginWait < 0 {
		return c, errors.New("sshserver: LoginRate, LoginBurst and LoginWait must not be negative")
	}
	if c.LoginRate > 0 {
		if c.LoginBurst == 0 {
			c.LoginBurst = max(1, int(c.LoginRate+0.999))
		}
		if c.LoginWait == 0 {
			c.LoginWait = DefaultLoginWait
		}
	}
	if c.IdleTimeout == 0 {
		c.IdleTimeout = DefaultIdleTimeout
	}
	if c.IdleWarning == 0 {
		c.IdleWarning = DefaultIdleWarning
	}
	if c.IdleTimeout > 0 && c.IdleWarning > c.IdleTimeout/2 {
		c.IdleWarning = c.IdleTimeout / 2
	}
	if c.FPS == 0 {
		c.FPS = DefaultFPS
	}
	if c.FPS < 1 || c.FPS > 120 {
		return c, fmt.Errorf("sshserver: FPS %d out of range 1..120", c.FPS)
	}
	if c.OutputBuffer == 0 {
		c.OutputBuffer = DefaultOutputBuffer
	}
	if c.OutputBuffer < 4<<10 {
		return c, fmt.Errorf("sshserver: OutputBuffer %d too small (minimum 4096)", c.OutputBuffer)
	}
	if c.MaxEnv == 0 {
		c.MaxEnv = DefaultMaxEnv
	}
	if c.MaxEnvBytes == 0 {
		c.MaxEnvBytes = DefaultMaxEnvBytes
	}
	if c.MaxEnv < 0 || c.MaxEnvBytes < 0 {
		return c, errors.New("sshserver: MaxEnv and MaxEnvBytes must not be negative")
	}
	if c.InputKeyRate == 0 {
		c.InputKeyRate = DefaultInputKeyRate
	}
	if c.InputKeyBurst == 0 {
		c.InputKeyBurst = DefaultInputKeyBurst
	}
	if c.InputByteRate == 0 {
		c.InputByteRate = DefaultInputByteRate
	}
	if c.MaxWidth == 0 {
		c.MaxWidth = DefaultMaxWidth
	}
	if c.MaxHeight == 0 {
		c.MaxHeight = DefaultMaxHeight
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = DefaultShutdownTimeout
	}
	if c.Clock == nil {
		c.Clock = realClock{}
	}
	return c, nil
}
