package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/log"
	"go.uber.org/goleak"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/games"
	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// TestMain fails the package if any test leaves a goroutine running: the
// server, the lobby, every table and every SSH client must be gone once a
// test has stopped its server and closed its clients.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// testTimeout bounds every wait of a test: a wait never depends on timing,
// only on what the screen shows; the deadline only turns a hang into a
// failure with the screen in the message.
const testTimeout = 30 * time.Second

// testServer is the real card room (lobby, tables, tui, sshserver) served by
// serve on a loopback listener.
type testServer struct {
	addr string
	dir  string
	stop func()     // shuts the server down as SIGTERM does, and waits for it
	logs *logBuffer // what the server logged
}

// logBuffer holds a server's log lines; the server writes them while a
// test reads them.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServer runs serve on 127.0.0.1:0 with a temporary data dir and bots
// that move at once (bot pace 0). turnTimer is the default turn timer of
// tables made by quick play (0: off; the create form sets its own). The
// server is stopped, and waited for, when the test ends. opts adjust the
// server further.
func startServer(t *testing.T, turnTimer time.Duration, opts ...serveOption) *testServer {
	t.Helper()
	return startServerIn(t, t.TempDir(), turnTimer, opts...)
}

// startServerIn is startServer over the data dir dir.
func startServerIn(t *testing.T, dir string, turnTimer time.Duration, opts ...serveOption) *testServer {
	t.Helper()
	return startServerOn(t, "127.0.0.1:0", dir, turnTimer, opts...)
}

// startServerOn is startServerIn listening on addr.
func startServerOn(t *testing.T, addr, dir string, turnTimer time.Duration, opts ...serveOption) *testServer {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	cfg := sshserver.Config{
		Listen:            ln.Addr().String(),
		DataDir:           dir,
		KeepaliveInterval: -1,
		IdleTimeout:       -1,
		MaxSessionsPerIP:  32,
		ShutdownTimeout:   5 * time.Second,
		// Most of a test's time is spent waiting for the next frame: draw
		// as often as the server allows.
		FPS: 120,
		// The tests type as fast as the screens answer, faster than any
		// person: the input limit is tested in sshserver.
		InputKeyRate:  -1,
		InputByteRate: -1,
	}
	logs := &logBuffer{}
	logger := log.NewWithOptions(logs, log.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	// A fixed seed: the same table ids, codes and deals on every run.
	opts = append([]serveOption{withSeed(20261130), withBaselineBots()}, opts...)
	go func() { done <- serve(ctx, ln, cfg, turnTimer, 0, logger, opts...) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve returned %v", err)
				}
			case <-time.After(testTimeout):
				t.Errorf("serve did not return within %v of its context ending", testTimeout)
			}
		})
	}
	t.Cleanup(stop)
	return &testServer{addr: ln.Addr().String(), dir: dir, stop: stop, logs: logs}
}

// testCtx is the deadline of a whole test's waits.
func testCtx(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// term is one person at an SSH terminal: a real client with a pty.
type term struct {
	t    *testing.T
	ctx  context.Context
	name string
	c    *sshtest.Client
	h    int // the pty's height
	// syncN numbers the tokens of syncStatus.
	syncN int
}

// connect dials the server as user with opts (a fresh key unless opts.Key
// or opts.Guest says otherwise) and closes the client when the test ends.
func (s *testServer) connect(ctx context.Context, t *testing.T, user string, opts sshtest.Options) *term {
	t.Helper()
	opts.User = user
	c, err := sshtest.Dial(ctx, s.addr, opts)
	if err != nil {
		t.Fatalf("%s: Dial: %v", user, err)
	}
	t.Cleanup(func() { c.Close() })
	h := opts.Height
	if h == 0 {
		h = 24
	}
	return &term{t: t, ctx: ctx, name: user, c: c, h: h}
}

// lobby connects user and waits for the lobby screen.
func (s *testServer) lobby(ctx context.Context, t *testing.T, user string, opts sshtest.Options) *term {
	t.Helper()
	p := s.connect(ctx, t, user, opts)
	p.waitFor("Quick play:")
	return p
}

func (p *term) screen() string { return p.c.Screen().String() }

// typ sends keys as typed.
func (p *term) typ(keys string) {
	p.t.Helper()
	if err := p.c.Type(keys); err != nil {
		p.t.Fatalf("%s: Type(%q): %v", p.name, keys, err)
	}
}

// ansiRE matches the escape sequences a session writes (CSI and OSC).
var ansiRE = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]`)

// plainText is terminal output without its escape sequences.
func plainText(out string) string { return ansiRE.ReplaceAllString(out, "") }

// waitForFold waits until the screen shows text, ignoring case: messages
// from the lobby and the tables are shown as sentences.
func (p *term) waitForFold(text string) {
	p.t.Helper()
	want := strings.ToLower(text)
	p.waitUntil(fmt.Sprintf("screen shows %q (any case)", text), func(s string) bool {
		return strings.Contains(strings.ToLower(s), want)
	})
}

// waitFor waits until the screen shows text.
func (p *term) waitFor(text string) {
	p.t.Helper()
	if err := p.c.WaitFor(p.ctx, text); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// waitUntil waits until cond holds for the screen.
func (p *term) waitUntil(what string, cond func(screen string) bool) string {
	p.t.Helper()
	var got string
	err := p.c.WaitUntil(p.ctx, what, func(s string) bool {
		if cond(s) {
			got = s
			return true
		}
		return false
	})
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	return got
}

// ---- reading the table screen -----------------------------------------

// lines splits a screen into its rows.
func lines(screen string) []string { return strings.Split(screen, "\n") }

// statusLine is the row above the help bar: the answer to the last action.
func statusLine(screen string, height int) string {
	ls := lines(screen)
	if len(ls) < height-1 {
		return ""
	}
	return ls[statusRow(ls, height)]
}

// body is the screen without its status line and help bar.
func body(screen string, height int) string {
	ls := lines(screen)
	if len(ls) >= height-1 {
		ls = ls[:statusRow(ls, height)]
	}
	return strings.Join(ls, "\n")
}

// statusRow is the row of the status line in the screen's rows ls: the one
// above the help bar, which takes up to three rows where one is too narrow
// for its keys (those rows hold " · " between two keys).
func statusRow(ls []string, height int) int {
	i := height - 2
	for k := 0; k < 2 && i > 0 && strings.Contains(ls[i], " · "); k++ {
		i--
	}
	return i
}

// handRE matches the middle row of a hand drawn by tui's cardRow: │A♠│K♠│.
var handRE = regexp.MustCompile(`^│((?:[^│]{2}│)+)$`)

// hand is the cards of the hand frame on the screen, as their two-column
// faces ("A♠", "T♥", "SG", "RJ"), or nil if no hand frame is drawn.
func hand(screen string) []string {
	ls := lines(screen)
	for i := 1; i+1 < len(ls); i++ {
		top := strings.TrimSpace(ls[i-1])
		if !strings.HasPrefix(top, "╭──") {
			continue
		}
		m := handRE.FindStringSubmatch(strings.TrimSpace(ls[i]))
		if m == nil {
			continue
		}
		return strings.Split(strings.TrimSuffix(m[1], "│"), "│")
	}
	return nil
}

// handCursor is the index of the card the ▲ marker under the hand points
// at, or -1.
func handCursor(screen string) int {
	ls := lines(screen)
	for i := 3; i < len(ls); i++ {
		if strings.HasPrefix(strings.TrimSpace(ls[i-1]), "╰──") {
			if x := strings.Index(ls[i], "▲"); x >= 0 {
				col := len([]rune(ls[i][:x]))
				return (col - 1) / 3
			}
		}
	}
	return -1
}

// hasHandFrame reports whether any framed card row is drawn.
func hasHandFrame(screen string) bool {
	return strings.Contains(screen, "╭──") || strings.Contains(screen, "╰──")
}

// promptList reads the numbers listed between parentheses after label,
// as in "Your bid (0 1 2):", "Your bid (0–9):" or "Your bid (0–6 8 9):".
func promptList(screen, label string) []int {
	i := strings.Index(screen, label)
	if i < 0 {
		return nil
	}
	rest := screen[i+len(label):]
	open, close := strings.Index(rest, "("), strings.Index(rest, ")")
	if open < 0 || close < open {
		return nil
	}
	var out []int // "0–6 8 9": runs and single values
	for _, f := range strings.Fields(rest[open+1 : close]) {
		lo, hi, run := strings.Cut(f, "–")
		a, err := strconv.Atoi(lo)
		if err != nil {
			continue
		}
		b := a
		if run {
			if b, err = strconv.Atoi(hi); err != nil {
				continue
			}
		}
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
	}
	return out
}

// roundOf reads "Round R of N" (trick games) or "Deal R of N" (Dou Dizhu).
func roundOf(screen string) (r, n int) {
	for _, w := range []string{"Round ", "Deal "} {
		i := strings.Index(screen, w)
		if i < 0 {
			continue
		}
		if _, err := fmt.Sscanf(screen[i+len(w):], "%d of %d", &r, &n); err == nil {
			return r, n
		}
	}
	return 0, 0
}

// ---- playing by keystrokes ---------------------------------------------

// Prompts the table screen shows only to the person whose turn it is.
const (
	promptBid      = "Your bid ("   // trick games: "Your bid (0 1 2): ▏"
	promptTrump    = "Name trump:"  // trick games
	promptPlay     = "Your turn:"   // trick games (a hand, or the forehead card)
	promptDDBid    = "Your bid:"    // Dou Dizhu: "Your bid: 1 2 3 or p to pass"
	promptDDPlay   = "Your play:"   // Dou Dizhu
	textGameOver   = "Game over"    // the standings
	textWaitingFor = "Waiting for " // someone else's turn
)

var prompts = []string{promptBid, promptTrump, promptPlay, promptDDBid, promptDDPlay}

// prompt is the prompt the screen shows to the viewer, or "".
func prompt(screen string) string {
	for _, p := range prompts {
		if strings.Contains(screen, p) {
			return p
		}
	}
	return ""
}

// gameState is the part of the screen that only a new table snapshot
// changes: the game's lines without the header (it holds the turn timer),
// the prompt line and the cursor marker (they change with keys), the
// status line and the help bar, the table's own chat lines and its banner
// of a save that failed (they come between moves).
func gameState(screen string, height int) string {
	ls := lines(body(screen, height))
	var keep []string
	for i, l := range ls {
		if i == 0 || strings.Contains(l, "▲") || strings.Contains(l, textWaitingFor) || prompt(l) != "" ||
			strings.HasPrefix(l, "* ") || strings.Contains(strings.ToLower(l), textSavePaused) {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// syncStatus puts a known answer on the status line: an unknown ":" command
// is answered with an error naming it. Keys are handled in order, so once
// the answer shows, every key typed before it has been handled too.
func (p *term) syncStatus() string {
	p.t.Helper()
	p.syncN++
	tok := fmt.Sprintf("sync%d", p.syncN)
	want := fmt.Sprintf("%q is no command", tok)
	p.typ(":" + tok + "\r")
	p.waitUntil("status "+want, func(s string) bool { return strings.Contains(strings.ToLower(statusLine(s, p.h)), want) })
	return p.screen()
}

// isSyncAnswer reports whether a status line is the answer to syncStatus.
func isSyncAnswer(status string) bool {
	return strings.Contains(strings.ToLower(status), `is no command`) && strings.Contains(strings.ToLower(status), `"sync`)
}

// act types keys that make a move and waits for its outcome: a new
// snapshot (the game state on the screen changed: true) or a new answer on
// the status line (the move was refused: false). s is the screen the move
// was chosen on. While the table cannot save its game (a journal write
// failed on a busy machine; it tries again by itself) a refused move is
// typed again once the game goes on, and a held one counts once saved.
func (p *term) act(s, keys string) bool {
	p.t.Helper()
	for range 20 {
		if st := statusLine(s, p.h); st != "" && !isSyncAnswer(st) {
			s = p.syncStatus() // so that a refusal shows as a change
		}
		before, status := gameState(s, p.h), statusLine(s, p.h)
		p.typ(keys)
		// A key may clear the status line; a refusal writes a new answer there.
		got := p.waitUntil(fmt.Sprintf("the move %q is taken or refused", keys), func(s string) bool {
			st := statusLine(s, p.h)
			return gameState(s, p.h) != before || st != "" && st != status
		})
		answer := strings.ToLower(statusLine(got, p.h))
		switch {
		case gameState(got, p.h) != before || !strings.Contains(answer, textSavePaused):
			return gameState(got, p.h) != before
		case strings.Contains(answer, textMoveHeld):
			p.waitUntil("the held move to count", func(s string) bool { return gameState(s, p.h) != before })
			return true
		}
		s = p.waitUntil("the game to go on after a failed save", func(s string) bool { return !savePaused(s, p.h) })
	}
	p.t.Fatalf("%s: the move %q was refused 20 times while the game could not be saved:\n%s", p.name, keys, p.screen())
	return false
}

// The answers of a table that cannot save its game (tables.ErrSavePaused,
// tables.ErrMoveHeld), lower case.
const (
	textSavePaused = "the server cannot save the game: paused"
	textMoveHeld   = "your move counts once it is saved"
)

// savePaused reports whether the screen's header says the table cannot
// save its game (the chat keeps saying so after it can).
func savePaused(screen string, height int) bool {
	ls := lines(body(screen, height))
	return strings.Contains(strings.ToLower(strings.Join(ls[:min(3, len(ls))], "\n")), textSavePaused)
}

// game counts what a driver did.
type game struct {
	bids, trumps, plays, passes, refused int
	typed                                int    // Dou Dizhu plays typed as ranks
	last                                 string // the last screen
	// cursorOff counts the turns to play where the cursor did not start on
	// a card that may be played; cursorOffScreen is the first of them.
	cursorOff       int
	cursorOffScreen string
}

// atEnd reports whether the screen shows the end of the game, or the lobby
// (which a player should not be sent to before seeing the standings).
func atEnd(s string) bool {
	return strings.Contains(s, textGameOver) || strings.Contains(s, "Quick play:")
}

// playGame answers every turn of the viewer by keystrokes, as a person
// reading the screen would, until the game is over (see turn).
func (p *term) playGame() game {
	p.t.Helper()
	var g game
	for {
		s := p.waitUntil("my turn or the end of the game", func(s string) bool {
			return atEnd(s) || prompt(s) != ""
		})
		if atEnd(s) {
			g.last = s
			return g
		}
		p.turn(s, &g)
	}
}

// turn answers the prompt screen s shows and reports whether a move was
// taken (false: the table refused the card under the cursor, and the cursor
// moved on to the next). At a trick-taking table it bids the highest bid
// the prompt offers, names spades as trump, and plays the first card the
// follow rule allows, moving the cursor to it. At a Dou Dizhu table it bids
// the highest bid offered, leads its lowest card by typing the rank, and
// otherwise plays the first hint (x) or passes.
func (p *term) turn(s string, g *game) bool {
	p.t.Helper()
	switch prompt(s) {
	case promptBid:
		bids := promptList(s, "Your bid")
		if len(bids) == 0 {
			p.t.Fatalf("%s: no bids offered:\n%s", p.name, s)
		}
		if !p.act(s, strconv.Itoa(bids[len(bids)-1])+"\r") {
			p.t.Fatalf("%s: bid %d refused:\n%s", p.name, bids[len(bids)-1], p.screen())
		}
		g.bids++
	case promptTrump:
		if !p.act(s, "s") {
			p.t.Fatalf("%s: trump refused:\n%s", p.name, p.screen())
		}
		g.trumps++
	case promptPlay:
		return p.playCard(s, g)
	case promptDDBid:
		key := "p"
		if bids := ddBids(s); len(bids) > 0 {
			key = strconv.Itoa(bids[len(bids)-1])
			g.bids++
		} else {
			g.passes++
		}
		if !p.act(s, key) {
			p.t.Fatalf("%s: bid %q refused:\n%s", p.name, key, p.screen())
		}
	case promptDDPlay:
		if h := hand(s); strings.Contains(s, "leads: any combination") && len(h) > 0 {
			// Lead the lowest card by typing its rank.
			r := ddRank(h[0])
			p.typ(r)
			s = p.waitUntil("the typed rank in the prompt", func(s string) bool { return ddSelection(s) == r })
			if !p.act(s, "\r") {
				p.t.Fatalf("%s: the lead %q was refused:\n%s", p.name, r, p.screen())
			}
			g.plays++
			g.typed++
			return true
		}
		p.typ("x")
		s = p.syncStatus()
		if ddSelection(s) == "" {
			if !p.act(s, "p") {
				p.t.Fatalf("%s: no hint and the pass was refused:\n%s", p.name, p.screen())
			}
			g.passes++
			return true
		}
		if !p.act(s, "\r") {
			p.t.Fatalf("%s: the hinted play %q was refused:\n%s", p.name, ddSelection(s), p.screen())
		}
		g.plays++
	default:
		p.t.Fatalf("%s: no prompt to answer:\n%s", p.name, s)
	}
	return true
}

// playCard plays a card at a trick-taking table (see turn).
func (p *term) playCard(s string, g *game) bool {
	p.t.Helper()
	if h := hand(s); h != nil { // nil: the forehead round, nothing to choose
		at := handCursor(s)
		legal := legalCards(s, h)
		if at >= 0 && at < len(legal) && !legal[at] {
			g.cursorOff++
			if g.cursorOffScreen == "" {
				g.cursorOffScreen = s
			}
		}
		if want := slices.Index(legal, true); want >= 0 && want != at && at >= 0 {
			key := sshtest.KeyRight
			if want < at {
				key = sshtest.KeyLeft
			}
			p.typ(strings.Repeat(key, max(want-at, at-want)))
			s = p.waitUntil("the cursor on the chosen card", func(s string) bool { return handCursor(s) == want })
		}
	}
	if p.act(s, "\r") {
		g.plays++
		return true
	}
	g.refused++
	if g.refused > 20 {
		p.t.Fatalf("%s: too many refused cards:\n%s", p.name, p.screen())
	}
	// The card under the cursor was refused: choose the next one.
	s = p.screen()
	n, at := len(hand(s)), handCursor(s)
	key := sshtest.KeyRight
	if at >= n-1 {
		key = "\x1b[H" // home
	}
	p.typ(key)
	p.waitUntil("the cursor moves", func(s string) bool { return handCursor(s) != at })
	return false
}

// waitingFor is the name in "Waiting for NAME…", or "".
func waitingFor(s string) string {
	i := strings.Index(s, textWaitingFor)
	if i < 0 {
		return ""
	}
	name, _, _ := strings.Cut(s[i+len(textWaitingFor):], "…")
	return name
}

// playTogether plays a table where several people sit, each answering
// their own prompts, until the game is over or stop (if not nil) says so
// before a move. The first player's screen tells whose turn it is: their
// own prompt, or "Waiting for NAME…" for another of them. It returns what
// each player did.
func playTogether(t *testing.T, stop func(who *term, s string) bool, ps ...*term) map[*term]*game {
	t.Helper()
	gs := map[*term]*game{}
	by := map[string]*term{}
	for _, p := range ps {
		gs[p] = &game{}
		by[p.name] = p
	}
	oracle := ps[0]
	for {
		s := oracle.waitUntil("someone's turn or the end of the game", func(s string) bool {
			return atEnd(s) || prompt(s) != "" || by[waitingFor(s)] != nil
		})
		if atEnd(s) {
			gs[oracle].last = s
			return gs
		}
		who := oracle
		if prompt(s) == "" {
			who = by[waitingFor(s)]
		}
		ws := who.waitUntil("my turn", func(s string) bool { return prompt(s) != "" })
		if stop != nil && stop(who, ws) {
			return gs
		}
		before := gameState(s, oracle.h)
		if who.turn(ws, gs[who]) && who != oracle {
			oracle.waitUntil("the move shows to "+oracle.name, func(s string) bool { return gameState(s, oracle.h) != before })
		}
	}
}

// faceRE matches a card's two-column face: "A♠", "T♥", "SG", "CK".
var faceRE = regexp.MustCompile(`^(?:[2-9TJQKA][♠♥♦♣]|SG|CK)$`)

// suitOf is the suit glyph of a face, "" for SG and CK.
func suitOf(face string) string {
	if face == "SG" || face == "CK" {
		return ""
	}
	_, size := utf8.DecodeRuneInString(face)
	return face[size:]
}

// legalCards says which cards of the hand may be played to the trick the
// screen shows, by the follow rule (TT-3, SG-3, SG-4): the suit of the
// first card that is not a Clanker must be followed if the hand has it,
// unless a Singularity was led; a Singularity or Clanker may always be played.
func legalCards(s string, hand []string) []bool {
	led := ""
	for _, l := range lines(s) {
		rest, ok := strings.CutPrefix(strings.TrimSpace(l), "Trick:")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			if !faceRE.MatchString(f) || f == "CK" {
				continue
			}
			led = suitOf(f)
			break
		}
	}
	follow := led != "" && slices.ContainsFunc(hand, func(c string) bool { return suitOf(c) == led })
	out := make([]bool, len(hand))
	for i, c := range hand {
		out[i] = !follow || suitOf(c) == led || suitOf(c) == ""
	}
	return out
}

// ddBids reads the bids offered by "Your bid: 1 2 3 or p to pass".
func ddBids(s string) []int {
	i := strings.Index(s, promptDDBid)
	if i < 0 {
		return nil
	}
	rest, _, _ := strings.Cut(s[i+len(promptDDBid):], "or p")
	var out []int
	for _, f := range strings.Fields(rest) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// ddRank is the rank a Dou Dizhu card is typed as: "3"…"9", "T"…"A", "2",
// "B" and "R" for the black and red jokers (drawn "bJ" and "RJ").
func ddRank(face string) string {
	switch face {
	case "bJ":
		return "B"
	case "RJ":
		return "R"
	}
	return face[:1]
}

// ddSelection is what "Your play: 33▏" shows as chosen.
func ddSelection(s string) string {
	i := strings.Index(s, promptDDPlay)
	if i < 0 {
		return ""
	}
	sel, _, _ := strings.Cut(s[i+len(promptDDPlay):], "▏")
	return strings.TrimSpace(sel)
}

// ---- the create-table form -----------------------------------------------

// formCursor is the form row under the cursor (the one marked ▸), or "" when
// the cursor is on the create button.
func formCursor(s string) string {
	for _, l := range lines(s) {
		if strings.HasPrefix(l, "▸ ") {
			return l
		}
	}
	return ""
}

// formSet moves the form's cursor down to the row labelled label and
// changes its value with → until it shows value.
func (p *term) formSet(label, value string) {
	p.t.Helper()
	row := regexp.MustCompile(`^▸ ` + regexp.QuoteMeta(label) + `\s`)
	want := regexp.MustCompile(`^▸ ` + regexp.QuoteMeta(label) + `\s+(◂ )?` + regexp.QuoteMeta(value) + `(\s|$)`) // ◂ ▸ round the value under the cursor
	for range 20 {
		cur := formCursor(p.screen())
		if row.MatchString(cur) {
			break
		}
		p.typ("j")
		p.waitUntil("the form cursor moves", func(s string) bool { return formCursor(s) != cur })
	}
	for range 20 {
		cur := formCursor(p.screen())
		if !row.MatchString(cur) {
			p.t.Fatalf("%s: no form row %q:\n%s", p.name, label, p.screen())
		}
		if want.MatchString(cur) {
			return
		}
		key := "l"
		if now, err := strconv.Atoi(strings.Fields(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(cur, "▸ "+label)), "◂ "))[0]); err == nil {
			if want, err := strconv.Atoi(value); err == nil && want < now {
				key = "h"
			}
		}
		p.typ(key)
		p.waitUntil("the form value changes", func(s string) bool { return formCursor(s) != cur })
	}
	p.t.Fatalf("%s: form row %q never showed %q:\n%s", p.name, label, value, p.screen())
}

// createTable opens the create form from the lobby, sets the game and then
// each label/value pair in the order of the form's rows (rows left alone
// keep their defaults; the bot pace default is the server's, zero here),
// switches the turn timer off, and creates the table. It returns at the
// waiting table.
func (p *term) createTable(title string, fields ...string) {
	p.t.Helper()
	p.typ("n")
	p.fillForm(title, fields...)
}

// fillForm fills the create form on the screen (see createTable) and
// creates the table.
func (p *term) fillForm(title string, fields ...string) {
	p.t.Helper()
	p.waitFor("New table")
	p.formSet("Game", "◂ "+title+" ▸")
	for i := 0; i+1 < len(fields); i += 2 {
		p.formSet(fields[i], fields[i+1])
	}
	p.formSet("Turn timer", "off")
	for range 20 { // down to the create button, the one row without ▸
		cur := formCursor(p.screen())
		if cur == "" {
			break
		}
		p.typ("j")
		p.waitUntil("the form cursor moves", func(s string) bool { return formCursor(s) != cur })
	}
	p.typ("\r")
	p.waitFor("Waiting for players")
}

// ---- the end of a game ---------------------------------------------------

// endOfGame checks what the player sees once their game is over (last is
// the screen at which the game loop saw the end): the standings with every
// seat's name, staying on the screen until a key is pressed. Then it goes
// to the lobby (L) and returns when the lobby shows that the table is gone,
// which the lobby does only after the table has written its record.
func (p *term) endOfGame(last string, names ...string) {
	p.t.Helper()
	shown, stays := strings.Contains(last, textGameOver), false
	if shown {
		// Two keys later (help on, help off) the table has long since
		// closed its subscriptions: the screen is either still the
		// standings, or the lobby the tui went to by itself.
		p.typ("?")
		p.waitFor(helpText)
		p.typ("?")
		s := p.waitUntil("the help closed", func(s string) bool { return !strings.Contains(s, helpText) && atEnd(s) })
		stays = strings.Contains(s, textGameOver)
	}
	p.t.Run("standings for "+p.name, func(t *testing.T) {
		switch {
		case !shown:
			t.Fatalf("the game ended and the screen showed the lobby, not the standings:\n%s", last)
		case !stays:
			t.Errorf("the standings did not stay until a key: the screen went back to the lobby by itself:\n%s", p.screen())
		}
		for _, n := range names {
			if !strings.Contains(last, n) {
				t.Errorf("the standings do not name %q:\n%s", n, last)
			}
		}
		if !regexp.MustCompile(`(?m)^\s+1\.\s`).MatchString(last) {
			t.Errorf("the standings have no first place:\n%s", last)
		}
	})
	// L leaves the table for the lobby; in the lobby it does nothing (esc
	// there would quit).
	p.typ("L")
	p.waitFor("No tables yet")
}

// helpText is a line of the help screen (?).
const helpText = "At a table: / talks"

// record replays the only game record under the server's data dir, checking
// every move against the rules.
func (s *testServer) record(t *testing.T) engine.Report {
	t.Helper()
	files := s.records(t, 1)
	if len(files) != 1 {
		t.Fatalf("records: %v; want one", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := engine.Replay(games.Registry(), f)
	if err != nil {
		t.Fatalf("the record %s does not replay: %v", files[0], err)
	}
	return rep
}

// replayRecord replays the only game record under the server's data dir
// event by event, showing each to visit before it is applied to g.
func (s *testServer) replayRecord(t *testing.T, visit func(g engine.Game, e engine.Event)) {
	t.Helper()
	files := s.records(t, 1)
	if len(files) != 1 {
		t.Fatalf("records %q, want one", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	sc.Scan()
	h, rs, err := engine.ParseHeader(games.Registry(), sc.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	g, err := rs.New(len(h.Seats), h.Options)
	if err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		var e engine.Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		visit(g, e)
		switch e.E {
		case engine.EvMove:
			err = g.Apply(e.Seat, e.Move)
		case engine.EvEnd:
		default:
			err = g.Event(e)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// inviteBot has the host of a private table invite key's program as the
// bot name (:invitebot NAME KEY) and waits until the table says it may sit.
func (p *term) inviteBot(name string, key gossh.Signer) {
	p.t.Helper()
	pub := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(key.PublicKey())))
	p.typ(":invitebot " + name + " " + pub + "\r")
	p.waitFor(name + " may sit here as a bot")
}

// records waits until the server's data dir holds at least n game records
// (a table writes its record as it ends, which can be just after the screen
// has moved on), or the test's deadline passes, and returns them.
func (s *testServer) records(t *testing.T, n int) []string {
	t.Helper()
	ctx := testCtx(t)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		files, err := filepath.Glob(filepath.Join(s.dir, "records", "*.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if len(files) >= n {
			return files
		}
		select {
		case <-ctx.Done():
			return files
		case <-tick.C:
		}
	}
}

// ---- tables in the lobby ---------------------------------------------------

// lobbyRowRE matches a table row of the lobby list: its id, then the game.
var lobbyRowRE = regexp.MustCompile(`(?m)^(?:▸ |  )([a-z2-9]{6}) +(\S.*)$`)

// lobbyTables is the ids of the tables the lobby screen lists.
func lobbyTables(s string) []string {
	var ids []string
	for _, m := range lobbyRowRE.FindAllStringSubmatch(s, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// waitTable waits until the lobby lists a table and returns its id.
func (p *term) waitTable() string {
	p.t.Helper()
	s := p.waitUntil("a table in the lobby", func(s string) bool { return len(lobbyTables(s)) > 0 })
	return lobbyTables(s)[0]
}

// inviteRE matches the invite line of a private waiting table.
var inviteRE = regexp.MustCompile(`join ([A-Z0-9]{3,12})`)
