package sshserver_test

import (
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/sshserver"
	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// Config.Refuse turns a session away before it opens: the app never sees
// it, the client gets the line; Stats counts the refusal, the logins and
// the frames written.
func TestRefuseBeforeTheSessionOpens(t *testing.T) {
	banned := sshtest.NewKey()
	fp := gossh.FingerprintSHA256(banned.PublicKey())
	ts := start(t, sshserver.Config{Refuse: func(id sshserver.Identity, ip string, _ []string) string {
		if id.ID == fp {
			return "You are banned from this card room."
		}
		return ""
	}})
	ctx := testCtx(t)
	c := dial(ctx, t, ts.addr, sshtest.Options{User: "mallory", Key: banned})
	waitFor(ctx, t, c, "You are banned from this card room.")
	if code, err := c.Wait(ctx); err != nil || code != 1 {
		t.Errorf("refused session: exit %d, %v; want 1", code, err)
	}
	ok := dial(ctx, t, ts.addr, sshtest.Options{User: "ada"})
	waitFor(ctx, t, ok, "name ada")
	ts.app.mu.Lock()
	n := len(ts.app.sessions)
	ts.app.mu.Unlock()
	if n != 1 {
		t.Errorf("the app saw %d sessions, want 1 (ada's only)", n)
	}
	st := ts.Stats()
	if st.Refused[sshserver.RefusedBanned] != 1 || st.KeyLogins != 1 || st.Sessions != 1 || st.Frames == 0 || st.Bytes < st.Frames {
		t.Errorf("stats: %+v", st)
	}
	if got := sshserver.RefusedBanned.String(); got != "banned" {
		t.Errorf("RefusedBanned is %q", got)
	}
}
