package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/sshserver/sshtest"
	"github.com/cardroom/cardroom/store"
)

// serve logs at start how many bot keys --bot-keys gave, as it does for
// the admins' keys; a file it cannot read, or with a line that is no key,
// stops the start before it listens, naming the flag, the file (and the
// line).
func TestBotKeysLogged(t *testing.T) {
	dir := t.TempDir()
	keys := filepath.Join(dir, "bots")
	var file []byte
	for range 2 {
		file = append(file, gossh.MarshalAuthorizedKey(sshtest.NewKey().PublicKey())...)
	}
	if err := os.WriteFile(keys, file, 0o600); err != nil {
		t.Fatal(err)
	}
	fps, err := readKeyFile(keys)
	if err != nil {
		t.Fatal(err)
	}
	opt := withBotKeys(fps)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := sshserver.Config{Listen: ln.Addr().String(), DataDir: filepath.Join(dir, "data"), KeepaliveInterval: -1, IdleTimeout: -1}
	var logs bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready, done := make(chan struct{}), make(chan error, 1)
	go func() {
		done <- serve(ctx, ln, cfg, 0, 0, log.NewWithOptions(&logs, log.Options{}), opt, withStore(func(*store.Store) { close(ready) }))
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("serve returned %v before serving", err)
	case <-time.After(testTimeout):
		t.Fatal("serve did not start")
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(testTimeout):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), "bot keys keys=2") {
		t.Errorf("no line on the 2 bot keys in the log:\n%s", logs.String())
	}

	for _, c := range []struct{ name, body, want string }{
		{"missing", "", ": no such file or directory"},
		{"bad", string(file) + "ssh-ed25519 not-base64\n", "line 3"},
		{"empty", "# nobody yet\n", "holds no key"},
	} {
		path := filepath.Join(dir, c.name)
		if c.body != "" {
			if err := os.WriteFile(path, []byte(c.body), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		var out, errOut bytes.Buffer
		args := []string{"--listen", "127.0.0.1:0", "--data-dir", filepath.Join(dir, "data"), "--bot-keys", path}
		code := serveCmd(args, envOf(nil), &out, &errOut)
		if code != 1 || !strings.HasPrefix(errOut.String(), "cardroom serve: --bot-keys "+path+": ") || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%s file: exit %d, %q; want 1 and an error naming %s with %q", c.name, code, errOut.String(), path, c.want)
		}
	}
}
