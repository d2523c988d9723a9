package cluster

import (
	"fmt"
	"testing"
)

// TestBotInvites: an invitation made on one node is read on the other,
// a new one for the same key replaces it, and another key has none.
func TestBotInvites(t *testing.T) {
	ns := startNodes(t, 2)
	if err := ns[0].BotInvites().Invite("SHA256:abc", "code1", "robo"); err != nil {
		t.Fatal(err)
	}
	if err := ns[0].BotInvites().Invite("SHA256:abc", "code2", "robo2"); err != nil {
		t.Fatal(err)
	}
	until(t, func() (bool, string) {
		code, name, ok, err := ns[1].BotInvites().Invited("SHA256:abc")
		if err != nil {
			t.Fatal(err)
		}
		return ok && code == "code2" && name == "robo2", fmt.Sprintf("the other node reads %q, %q, %v; want code2, robo2", code, name, ok)
	})
	if _, _, ok, err := ns[1].BotInvites().Invited("SHA256:other"); ok || err != nil {
		t.Errorf("another key: invited %v, %v", ok, err)
	}
}
