package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/botproto"
	"github.com/cardroom/cardroom/botproto/prototest"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/tables"
)

// scriptBot is a bot program on a real SSH client (`ssh HOST bot ARGS`):
// it answers each move request with its first legal move until it has
// answered answers of them (-1: every one), then drops its connection at
// the next request, as a program whose network fails does.
type scriptBot struct {
	conn  *gossh.Client
	mu    sync.Mutex
	lines []string      // every line the server sent; guarded by mu
	done  chan struct{} // closed once the stream has ended
}

// startScriptBot dials as user with key and runs `bot args`.
func startScriptBot(t *testing.T, s *testServer, key gossh.Signer, user, args string, answers int) *scriptBot {
	t.Helper()
	conn, err := gossh.Dial("tcp", s.addr, &gossh.ClientConfig{
		User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(key)}, HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(strings.TrimSpace("bot " + args)); err != nil {
		t.Fatal(err)
	}
	b := &scriptBot{conn: conn, done: make(chan struct{})}
	go func() {
		defer close(b.done)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		answered := 0
		for sc.Scan() {
			b.mu.Lock()
			b.lines = append(b.lines, sc.Text())
			b.mu.Unlock()
			var m botproto.MoveRequest
			if json.Unmarshal(sc.Bytes(), &m) != nil || m.Type != "move" {
				continue
			}
			if answered == answers {
				conn.Close()
				return
			}
			answered++
			a, _ := json.Marshal(botproto.Answer{ID: m.ID, Move: m.Legal[0]})
			if _, err := in.Write(append(a, '\n')); err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		conn.Close()
		<-b.done
	})
	return b
}

// wait waits until the bot's stream has ended.
func (b *scriptBot) wait(ctx context.Context, t *testing.T) {
	t.Helper()
	select {
	case <-b.done:
	case <-ctx.Done():
		t.Fatalf("the bot's stream did not end; it got:\n%s", strings.Join(b.sent(), "\n"))
	}
}

// sent is the lines the server sent the bot.
func (b *scriptBot) sent() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines...)
}

// msg is line i of what the bot was sent, parsed.
func (b *scriptBot) msg(t *testing.T, i int) map[string]any {
	t.Helper()
	lines := b.sent()
	if i < 0 {
		i += len(lines)
	}
	if i < 0 || i >= len(lines) {
		t.Fatalf("no line %d in %q", i, lines)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
		t.Fatalf("not JSON: %q", lines[i])
	}
	return m
}

// requests are the move requests the bot was sent.
func (b *scriptBot) requests() []string {
	var out []string
	for _, l := range b.sent() {
		if strings.HasPrefix(l, `{"type":"move"`) {
			out = append(out, l)
		}
	}
	return out
}

// playUntilChat answers ada's turns until her chat shows text, failing
// when the game ends first.
func (p *term) playUntilChat(text string) {
	p.t.Helper()
	var g game
	for {
		s := p.waitUntil("a turn or "+text, func(s string) bool {
			return strings.Contains(s, text) || prompt(s) != "" || atEnd(s)
		})
		switch {
		case strings.Contains(s, text):
			return
		case atEnd(s):
			p.t.Fatalf("the game ended before %q:\n%s", text, s)
		}
		p.turn(s, &g)
	}
}

// leaveFinished leaves the finished table, which closes and writes its
// record.
func (p *term) leaveFinished(s *testServer) {
	p.t.Helper()
	p.typ("L")
	if scr := p.waitUntil("the lobby or a question", func(s string) bool {
		return strings.Contains(s, "No tables yet") || strings.Contains(s, "y leave for good")
	}); strings.Contains(scr, "y leave for good") {
		p.typ("y")
	}
	p.waitUntil("the record", func(string) bool {
		files, _ := filepath.Glob(filepath.Join(s.dir, "records", "*.jsonl"))
		return len(files) == 1
	})
}

// checkHiddenViews replays the game's record and finds each move request,
// in order, at a turn of seat whose view it carries; it checks that none
// holds a card of another seat's hand there. Turns the fallback played
// while no program was connected have no request.
func checkHiddenViews(t *testing.T, s *testServer, seat int, requests []string) {
	t.Helper()
	k, turns := 0, 0
	s.replayRecord(t, func(g engine.Game, e engine.Event) {
		if e.E != engine.EvMove || e.Seat != seat {
			return
		}
		turns++
		want, _ := json.Marshal(botproto.EncodeView(g.View(seat)))
		var req struct{ View json.RawMessage }
		if k < len(requests) && json.Unmarshal([]byte(requests[k]), &req) == nil && bytes.Equal(req.View, want) {
			for _, c := range prototest.Secret(g, seat) {
				if strings.Contains(requests[k], `"`+c+`"`) {
					t.Fatalf("request %d holds %s, a card of another seat's hand: %s", k+1, c, requests[k])
				}
			}
			k++
		}
	})
	if k != len(requests) {
		t.Fatalf("only %d of the %d requests match a turn of seat %d (of %d); the first that does not: %s", k, len(requests), seat, turns, requests[k])
	}
}

// TestE2ERemoteBotRejoins: an invited bot plays two moves over SSH, then
// its connection drops mid-game; the table's chat says so and the seat
// plays on. Another key cannot take the seat; the same key, connecting
// again with the table's id from its hello, takes it back (hello marked
// rejoined, the chat says robo is back) and plays the game to its end,
// while a second connection of that key is refused. No byte either
// connection was sent holds a card of another seat's hand.
func TestE2ERemoteBotRejoins(t *testing.T) {
	ctx := testCtx(t)
	adaKey, botKey, otherKey := sshtest.NewKey(), sshtest.NewKey(), sshtest.NewKey()
	s := startServer(t, 0, withBotKeys([]string{hostkeys.Fingerprint(otherKey.PublicKey())}))
	ada := s.lobby(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.createTable("Singularity", "Seats", "3", "Private", "unlisted, by invite code")
	code := inviteRE.FindStringSubmatch(ada.waitUntil("the invite code", inviteRE.MatchString))[1]
	ada.inviteBot("robo", botKey)
	first := startScriptBot(t, s, botKey, "whoever", "", 2)
	ada.waitFor("robo [bot]")
	ada.typ("S")
	ada.playUntilChat("lost its connection")
	first.wait(ctx, t)
	hello := first.msg(t, 0)
	table, _ := hello["table"].(string)
	if hello["type"] != "hello" || hello["seat"] != 1.0 || hello["rejoined"] != nil || table == "" {
		t.Fatalf("the first connection's hello: %v", hello)
	}

	out, _, exit, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "other", Key: otherKey}, "bot "+code)
	if err != nil || exit != 1 || !strings.Contains(out, tables.ErrNotWaiting.Error()) {
		t.Errorf("another key at the table: exit %d, %v, %q", exit, err, out)
	}
	second := startScriptBot(t, s, botKey, "whoever", table, -1)
	ada.waitForFold("robo (a bot) is back at seat 2")
	out, _, exit, err = sshtest.Exec(ctx, s.addr, sshtest.Options{User: "whoever", Key: botKey}, "bot")
	if err != nil || exit != 1 || !strings.Contains(out, tables.ErrBotConnected.Error()) {
		t.Errorf("a second connection of the key: exit %d, %v, %q", exit, err, out)
	}
	g := ada.playGame()
	if !strings.Contains(g.last, "robo") {
		t.Errorf("the standings do not name robo:\n%s", g.last)
	}
	second.wait(ctx, t)
	if h := second.msg(t, 0); h["type"] != "hello" || h["seat"] != 1.0 || h["rejoined"] != true || h["name"] != "robo" || h["table"] != table {
		t.Errorf("the second connection's hello: %v", h)
	}
	if last := second.msg(t, -1); last["type"] != "end" {
		t.Errorf("the second connection's last line: %v", last)
	}
	if len(first.requests()) != 3 || len(second.requests()) == 0 {
		t.Errorf("requests: %d to the first connection (want 3), %d to the second", len(first.requests()), len(second.requests()))
	}
	ada.leaveFinished(s)
	checkHiddenViews(t, s, 1, append(first.requests(), second.requests()...))
}

// TestE2ERemoteBotRejoinsAfterRestart: the server restarts during an
// invited bot's game (its invitation, kept in memory, is gone with it);
// the bot's key connects again with just `bot` and takes its seat back in
// the restored game, and plays it to its end.
func TestE2ERemoteBotRejoinsAfterRestart(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	adaKey, botKey := sshtest.NewKey(), sshtest.NewKey()
	srv := startServerIn(t, dir, 0)
	ada := srv.lobby(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.createTable("Singularity", "Seats", "3", "Private", "unlisted, by invite code")
	ada.waitUntil("the invite code", inviteRE.MatchString)
	ada.inviteBot("robo", botKey)
	first := startScriptBot(t, srv, botKey, "whoever", "", -1)
	ada.waitFor("robo [bot]")
	ada.typ("S")
	ada.waitUntil("ada's first bid", func(s string) bool { return prompt(s) == promptBid })
	srv.stop()
	first.wait(ctx, t)

	srv = startServerIn(t, dir, 0)
	ada = srv.connect(ctx, t, "ada", sshtest.Options{Key: adaKey})
	ada.waitUntil("ada's bid again", func(s string) bool { return prompt(s) == promptBid })
	second := startScriptBot(t, srv, botKey, "whoever", "", -1)
	ada.waitForFold("robo (a bot) is back at seat 2")
	g := ada.playGame()
	if !strings.Contains(g.last, "robo") {
		t.Errorf("the standings do not name robo:\n%s", g.last)
	}
	second.wait(ctx, t)
	if h := second.msg(t, 0); h["type"] != "hello" || h["seat"] != 1.0 || h["rejoined"] != true || h["name"] != "robo" {
		t.Errorf("the hello after the restart: %v", h)
	}
	if last := second.msg(t, -1); last["type"] != "end" || len(second.requests()) == 0 {
		t.Errorf("after the restart: %d requests, last line %v", len(second.requests()), last)
	}
	ada.leaveFinished(srv)
	checkHiddenViews(t, srv, 1, append(first.requests(), second.requests()...))
}
