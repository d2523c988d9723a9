package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/botproto/prototest"
	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// remoteBot is a program seated over SSH: the Python example bot with its
// stdin and stdout on an exec session "bot TABLE" of a real SSH client,
// and every byte the server sent it.
type remoteBot struct {
	conn *gossh.Client
	sess *gossh.Session
	cmd  *exec.Cmd
	mu   sync.Mutex
	got  bytes.Buffer // what the server sent, guarded by mu
}

// startRemoteBot dials as user with key and runs the example bot over
// `bot table`.
func startRemoteBot(t *testing.T, s *testServer, key gossh.Signer, user, table string) *remoteBot {
	t.Helper()
	py := examplePython(t)
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
	b := &remoteBot{conn: conn, sess: sess}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	args := strings.Fields(py)
	b.cmd = exec.Command(args[0], args[1:]...)
	b.cmd.Stdin = io.TeeReader(out, writerFunc(func(p []byte) (int, error) {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.got.Write(p)
	}))
	b.cmd.Stdout = in
	b.cmd.Stderr = os.Stderr
	if err := sess.Start(strings.TrimSpace("bot " + table)); err != nil {
		t.Fatal(err)
	}
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sess.Close()
		conn.Close()
		_ = b.cmd.Wait()
	})
	return b
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// sent returns the lines the server sent the bot, parsed.
func (b *remoteBot) sent(t *testing.T) (raw []string, msgs []map[string]any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, line := range strings.Split(strings.TrimSpace(b.got.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("the server sent the bot a line that is not JSON: %q", line)
		}
		raw, msgs = append(raw, line), append(msgs, m)
	}
	return raw, msgs
}

// tableID is the id of the only table `list` shows.
func tableID(ctx context.Context, t *testing.T, s *testServer) string {
	t.Helper()
	out, _, _, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "lister"}, "list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "TABLE") {
		t.Fatalf("list: %q", out)
	}
	return strings.Fields(lines[1])[0]
}

// TestE2EBotOverSSH: the Python example bot, on a key listed in the bot
// keys, sits at a waiting table with `ssh HOST bot TABLE` and plays a whole
// game of each rule set against a person; its seat is a bot's under its
// name, and no byte it was sent holds another seat's hidden card (checked
// against the game's record, decision by decision).
func TestE2EBotOverSSH(t *testing.T) {
	for _, tc := range []struct {
		ruleset, title string
		fields         []string
		dd             bool
	}{
		{"singularity", "Singularity", []string{"Seats", "3"}, false},
		{"specialrounds", "Special Rounds", []string{"Seats", "3"}, false},
		{"boerenbridge", "Boerenbridge", []string{"Seats", "3", "Most cards", "3"}, false},
		{"doudizhu", "Dou Dizhu", nil, true}, // one deal
	} {
		t.Run(tc.ruleset, func(t *testing.T) {
			examplePython(t)
			key := sshtest.NewKey()
			s := startServer(t, 0, withBotKeys([]string{hostkeys.Fingerprint(key.PublicKey())}))
			ctx := testCtx(t)
			p := s.lobby(ctx, t, "ada", sshtest.Options{})
			p.createTable(tc.title, tc.fields...)
			id := tableID(ctx, t, s)
			bot := startRemoteBot(t, s, key, "pybot", id)
			p.waitFor("pybot")
			p.typ("S")
			g := p.playGame()
			if !strings.Contains(g.last, "pybot") {
				t.Errorf("the standings do not name pybot:\n%s", g.last)
			}
			if err := bot.cmd.Wait(); err != nil { // the game is over: the server ends the bot's session
				t.Fatalf("the bot program: %v", err)
			}
			p.typ("L") // leave the finished table: it closes and writes its record
			if scr := p.waitUntil("the lobby or a question", func(s string) bool {
				return strings.Contains(s, "No tables yet") || strings.Contains(s, "y leave for good")
			}); strings.Contains(scr, "y leave for good") {
				p.typ("y")
			}
			p.waitUntil("the record", func(string) bool {
				files, _ := filepath.Glob(filepath.Join(s.dir, "records", "*.jsonl"))
				return len(files) == 1
			})

			rep := s.record(t)
			seat := -1
			for i, n := range rep.Header.Seats {
				if n == "pybot" {
					seat = i
				}
			}
			if seat < 0 {
				t.Fatalf("record seats %q: no pybot", rep.Header.Seats)
			}
			raw, msgs := bot.sent(t)
			if msgs[0]["type"] != "hello" || msgs[0]["game"] != tc.ruleset || int(msgs[0]["seat"].(float64)) != seat {
				t.Errorf("first line %s", raw[0])
			}
			if last := msgs[len(msgs)-1]; last["type"] != "end" {
				t.Errorf("last line %s, want the end", raw[len(raw)-1])
			}
			var requests []string
			for i, m := range msgs {
				switch m["type"] {
				case "move":
					requests = append(requests, raw[i])
				case "error":
					if e := m["error"].(string); !strings.Contains(e, "in time") {
						t.Errorf("the example bot's move was refused: %s", e)
					}
				}
			}
			checkHidden(t, s, seat, requests)
		})
	}
}

// checkHidden replays the game's record and checks the k-th move request
// against the cards of the other hands at the k-th time seat was to move.
func checkHidden(t *testing.T, s *testServer, seat int, requests []string) {
	t.Helper()
	k := 0
	s.replayRecord(t, func(g engine.Game, e engine.Event) {
		if e.E != engine.EvMove || e.Seat != seat {
			return
		}
		if k >= len(requests) {
			t.Fatalf("the bot's seat moved %d times or more, but it was asked %d times", k+1, len(requests))
		}
		for _, c := range prototest.Secret(g, seat) {
			if strings.Contains(requests[k], `"`+c+`"`) {
				t.Fatalf("request %d holds %s, a card of another seat's hand: %s", k+1, c, requests[k])
			}
		}
		k++
	})
	if k != len(requests) || k < 3 {
		t.Errorf("the seat moved %d times and was asked %d times", k, len(requests))
	}
}

// TestE2EInvitedBot: the host of a private table invites a key with
// :invitebot NAME KEY; the program on that key sits there with just `ssh
// HOST bot`, under the invited name, and plays the game out.
func TestE2EInvitedBot(t *testing.T) {
	examplePython(t)
	key := sshtest.NewKey()
	s := startServer(t, 0) // no bot keys: the invitation alone lets it in
	ctx := testCtx(t)
	p := s.lobby(ctx, t, "ada", sshtest.Options{})
	p.createTable("Singularity", "Seats", "3", "Private", "unlisted, by invite code")
	p.waitUntil("the invite code", inviteRE.MatchString)
	pub := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(key.PublicKey())))
	p.typ(":invitebot ADA " + pub + "\r")
	p.waitFor("already has that name")
	p.typ(":invitebot robo " + pub + "\r")
	p.waitFor("robo may sit here as a bot")
	bot := startRemoteBot(t, s, key, "whoever", "")
	p.waitFor("robo [bot]")
	p.typ("S")
	g := p.playGame()
	if !strings.Contains(g.last, "robo") {
		t.Errorf("the standings do not name robo:\n%s", g.last)
	}
	if err := bot.cmd.Wait(); err != nil {
		t.Fatalf("the bot program: %v", err)
	}
	_, msgs := bot.sent(t)
	if msgs[0]["type"] != "hello" || msgs[0]["name"] != "robo" {
		t.Errorf("first line %v", msgs[0])
	}
}

// TestE2EBotKeyRefused: a key that is not a bot key, or no table, gets a
// clear answer and an exit status, and no seat.
func TestE2EBotKeyRefused(t *testing.T) {
	key := sshtest.NewKey()
	s := startServer(t, 0, withBotKeys([]string{hostkeys.Fingerprint(key.PublicKey())}))
	ctx := testCtx(t)
	out, _, code, err := sshtest.Exec(ctx, s.addr, sshtest.Options{User: "mallory"}, "bot abcdef")
	if err != nil || code != 1 || !strings.Contains(out, "may not seat a bot") {
		t.Errorf("another key: exit %d, %v, %q", code, err, out)
	}
	out, _, code, err = sshtest.Exec(ctx, s.addr, sshtest.Options{User: "pybot", Key: key}, "bot abcdef")
	if err != nil || code != 1 || !strings.Contains(out, "no such table") {
		t.Errorf("no table: exit %d, %v, %q", code, err, out)
	}
	out, _, code, _ = sshtest.Exec(ctx, s.addr, sshtest.Options{User: "pybot", Key: key}, "bot")
	if code != 2 || !strings.Contains(out, " bot TABLE (TABLE:") {
		t.Errorf("no argument: exit %d, %q", code, out)
	}
}
