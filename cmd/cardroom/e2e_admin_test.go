package main

import (
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// startHost runs the real card room over dir, a data dir the test chooses,
// so that it can be stopped (srv.stop, also run when the test ends) and
// started again on the same one.
func startHost(t *testing.T, dir string, opts ...serveOption) *testServer {
	t.Helper()
	return startServerIn(t, dir, 0, append([]serveOption{withSeed(20261201)}, opts...)...)
}

// An admin kicks a player by name, announces to every session, and bans a
// key: the banned key is refused before a session opens, also after the
// server has been restarted on the same data dir; :unban lets it in again.
func TestE2EAdminKickAnnounceBan(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	adminKey, malloryKey := sshtest.NewKey(), sshtest.NewKey()
	keysFile := filepath.Join(t.TempDir(), "admins")
	line := "# the host\n" + string(gossh.MarshalAuthorizedKey(adminKey.PublicKey()))
	if err := os.WriteFile(keysFile, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	fps, err := readAdminKeys(keysFile)
	if err != nil {
		t.Fatal(err)
	}
	srv := startHost(t, dir, withAdmins(fps...), withMOTD("Welcome! Tournament on Friday at 20:00.\n"))

	admin := srv.lobby(ctx, t, "root", sshtest.Options{Key: adminKey})
	admin.waitFor("Tournament on Friday")
	admin.waitFor("a admin")
	bob := srv.lobby(ctx, t, "bob", sshtest.Options{})
	if strings.Contains(bob.screen(), "admin") {
		t.Fatalf("bob, no admin, is shown the admin key:\n%s", bob.screen())
	}
	mallory := srv.lobby(ctx, t, "mallory", sshtest.Options{Key: malloryKey})

	admin.typ(":announce Server restarts in 5 minutes" + sshtest.KeyEnter)
	admin.waitFor("Announced to 2 other sessions. Notice: Server restarts in 5 minutes")
	bob.waitFor("Notice: Server restarts in 5 minutes")
	mallory.waitFor("Notice: Server restarts in 5 minutes")

	admin.typ(":kick bob" + sshtest.KeyEnter)
	admin.waitFor("bob was kicked")
	bob.waitFor("An admin closed your session.")
	if code, err := bob.c.Wait(ctx); err != nil || code != 0 {
		t.Logf("bob's session ended: exit %d, %v", code, err)
	}

	admin.typ("a")
	admin.waitFor("Sessions (")
	admin.waitFor("mallory")
	admin.typ(":ban mallory" + sshtest.KeyEnter)
	admin.waitFor("Banned " + gossh.FingerprintSHA256(malloryKey.PublicKey()))
	mallory.waitFor("An admin has banned you from this card room.")
	admin.waitFor("Bans (1)")
	admin.waitFor("Sessions (1)") // the banned session is off the list at once

	refused := func(when string) {
		t.Helper()
		c, err := sshtest.Dial(ctx, srv.addr, sshtest.Options{User: "mallory", Key: malloryKey})
		if err != nil {
			t.Fatalf("%s: Dial: %v", when, err)
		}
		defer c.Close()
		if err := c.WaitFor(ctx, "You are banned from this card room for good."); err != nil {
			t.Fatalf("%s: %v", when, err)
		}
		if code, err := c.Wait(ctx); err != nil || code != 1 {
			t.Errorf("%s: the banned session exits %d (%v), want 1", when, code, err)
		}
		if strings.Contains(c.Screen().String(), "Quick play") {
			t.Errorf("%s: the banned key saw the lobby", when)
		}
	}
	refused("after the ban")

	// The ban is in the store: a restart keeps it.
	srv.stop()
	srv = startHost(t, dir, withAdmins(fps...))
	refused("after a restart")
	admin = srv.lobby(ctx, t, "root", sshtest.Options{Key: adminKey})
	admin.typ(":unban " + gossh.FingerprintSHA256(malloryKey.PublicKey()) + sshtest.KeyEnter)
	admin.waitFor("Lifted the ban")
	srv.lobby(ctx, t, "mallory", sshtest.Options{Key: malloryKey})
}

// A ban by IP address refuses every key and guest from it; a timed ban
// says until when, in the language the client sent.
func TestE2EBanByIP(t *testing.T) {
	ctx := testCtx(t)
	adminKey := sshtest.NewKey()
	srv := startHost(t, t.TempDir(), withAdmins(gossh.FingerprintSHA256(adminKey.PublicKey())))
	admin := srv.lobby(ctx, t, "root", sshtest.Options{Key: adminKey})
	admin.typ(":ban 127.0.0.1 2h" + sshtest.KeyEnter)
	// The admin is on 127.0.0.1 too, and is kicked with everyone there.
	admin.waitFor("An admin has banned you from this card room.")
	eve := sshtest.Options{User: "eve", Guest: true, Env: map[string]string{"LANG": "de_DE.UTF-8"}}
	_, stderr, code, err := sshtest.Exec(ctx, srv.addr, eve, "list")
	if err != nil || code != 1 || !strings.Contains(stderr, "UTC aus diesem Kartenraum verbannt, also noch") {
		t.Fatalf("a guest from the banned IP: exit %d, %v, stderr %q", code, err, stderr)
	}
}

// Metrics are scraped over HTTP on loopback from a running server.
func TestE2EMetrics(t *testing.T) {
	ctx := testCtx(t)
	mln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := startHost(t, t.TempDir(), withMetrics(mln))
	p := srv.lobby(ctx, t, "ada", sshtest.Options{})
	p.typ("1") // quick play: a table with bots
	p.waitUntil("the table screen", func(s string) bool {
		return !strings.Contains(s, "Quick play:") && strings.Contains(s, "Singularity")
	})
	url := "http://" + mln.Addr().String()
	scrape := func(path string) string {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, "GET", url+path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
		}
		return string(b)
	}
	body := scrape("/metrics")
	for _, want := range []string{
		"cardroom_sessions 1",
		`cardroom_logins_total{auth="publickey"} 1`,
		`cardroom_refused_total{reason="banned"} 0`,
		`cardroom_tables{ruleset="singularity"} 1`,
		"cardroom_frames_written_total",
		"cardroom_bytes_written_total",
		`cardroom_bot_decision_seconds_count{ruleset="doudizhu"}`,
		"cardroom_journal_write_seconds_bucket",
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if got := scrape("/healthz"); got != "ok\n" {
		t.Errorf("/healthz: %q", got)
	}
}

// Every admin action is written to the server's log at info level, with
// the admin's name and key, the target and the arguments, and what came of
// it; one that finds nothing to do says why.
func TestE2EAdminActionsAreLogged(t *testing.T) {
	ctx := testCtx(t)
	adminKey, bobKey := sshtest.NewKey(), sshtest.NewKey()
	adminFP, bobFP := gossh.FingerprintSHA256(adminKey.PublicKey()), gossh.FingerprintSHA256(bobKey.PublicKey())
	srv := startHost(t, t.TempDir(), withAdmins(adminFP))
	admin := srv.lobby(ctx, t, "root", sshtest.Options{Key: adminKey})
	bob := srv.lobby(ctx, t, "bob", sshtest.Options{Key: bobKey})
	carol := srv.lobby(ctx, t, "carol", sshtest.Options{})
	who := `admin=root key=` + regexp.QuoteMeta(adminFP) + ` `
	logged := func(what string, line string) {
		t.Helper()
		if !regexp.MustCompile(`(?m)^INFO admin ` + line + `$`).MatchString(srv.logs.String()) {
			t.Errorf("%s: the log has no line %s:\n%s", what, line, srv.logs.String())
		}
	}

	admin.typ(":announce Server restarts at 22:00" + sshtest.KeyEnter)
	admin.waitFor("Announced to 2 other sessions.")
	logged(":announce", `announce `+who+`text="Server restarts at 22:00" sessions=2`)

	admin.typ(":kick nobody" + sshtest.KeyEnter)
	admin.waitFor("Nobody called nobody is online.")
	logged(":kick nobody", `kick `+who+`target=nobody err="nobody of that name is online"`)
	admin.typ(":kick carol" + sshtest.KeyEnter)
	admin.waitFor("carol was kicked.")
	carol.waitFor("An admin closed your session.")
	logged(":kick carol", `kick `+who+`target=carol sessions=1`)

	admin.typ(":ban bob 2h" + sshtest.KeyEnter)
	admin.waitFor("Banned " + bobFP)
	bob.waitFor("An admin has banned you from this card room.")
	logged(":ban bob 2h", `ban `+who+`target=bob kind=key value=`+regexp.QuoteMeta(bobFP)+` name=bob duration=2h0m0s until=\S+Z sessions=1`)
	admin.typ(":ban root" + sshtest.KeyEnter)
	admin.waitFor("That is an admin's key")
	logged(":ban root", `ban `+who+`target=root duration="for good" err="an admin's key"`)

	admin.typ(":unban bob" + sshtest.KeyEnter)
	admin.waitFor("Lifted the ban of " + bobFP)
	logged(":unban bob", `unban `+who+`target=bob kind=key value=`+regexp.QuoteMeta(bobFP))
	admin.typ(":unban bob" + sshtest.KeyEnter)
	admin.waitFor("No ban of " + bobFP)
	logged(":unban bob again", `unban `+who+`target=bob kind=key value=`+regexp.QuoteMeta(bobFP)+` err="no such ban"`)
}
