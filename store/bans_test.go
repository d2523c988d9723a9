package store

import (
	"errors"
	"testing"
	"time"
)

// Bans outlive the store being closed and opened again; a ban that has
// expired is gone; a second ban of the same key replaces the first.
func TestBans(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := open(t, dir, WithClock(c.Now))
	must(t, s.AddBan(Ban{Kind: BanKey, Value: "SHA256:mallory", Name: "mallory", By: "admin"}))
	must(t, s.AddBan(Ban{Kind: BanIP, Value: "192.0.2.7", Name: "eve", By: "admin", Expires: c.Now().Add(time.Hour)}))
	must(t, s.AddBan(Ban{Kind: BanKey, Value: "SHA256:mallory", Name: "mallory2", By: "root"}))
	if err := s.AddBan(Ban{Kind: "name", Value: "x"}); !errors.Is(err, ErrBadBan) {
		t.Errorf("a ban of kind name: %v, want ErrBadBan", err)
	}
	must(t, s.Close())

	s = open(t, dir, WithClock(c.Now))
	bans, err := s.Bans()
	must(t, err)
	if len(bans) != 2 || bans[0].Value != "192.0.2.7" || bans[1].Name != "mallory2" || bans[1].By != "root" || !bans[1].Expires.IsZero() {
		t.Fatalf("bans after reopening: %+v", bans)
	}
	c.Add(time.Hour)
	bans, err = s.Bans()
	must(t, err)
	if len(bans) != 1 || bans[0].Kind != BanKey {
		t.Fatalf("bans after the IP ban expired: %+v", bans)
	}
	ok, err := s.RemoveBan(BanKey, "SHA256:mallory")
	must(t, err)
	if !ok {
		t.Error("RemoveBan found no ban")
	}
	if ok, _ := s.RemoveBan(BanKey, "SHA256:mallory"); ok {
		t.Error("RemoveBan removed a ban twice")
	}
	if bans, _ := s.Bans(); len(bans) != 0 {
		t.Fatalf("bans after unban: %+v", bans)
	}
}
