package cluster

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"

	"github.com/nats-io/nats.go/jetstream"
)

// BotInvites keeps the hosts' bot invitations (:invitebot) in the
// cluster, so that a bot finds its invitation on whichever node it
// connects to (tui.BotInvites).
type BotInvites struct{ n *Node }

// BotInvites is the cluster's store of bot invitations.
func (n *Node) BotInvites() BotInvites { return BotInvites{n} }

// botInviteKey is the key fingerprint fp's invitation in cardroom_keys.
func botInviteKey(fp string) string { return "botinvite." + hex.EncodeToString([]byte(fp)) }

// botInvite is an invitation as stored.
type botInvite struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Invite records that the key fp may seat a bot named name at the table
// with the invite code, replacing the key's earlier invitation.
func (b BotInvites) Invite(fp, code, name string) error {
	v, _ := json.Marshal(botInvite{Code: code, Name: name})
	ctx, cancel := context.WithTimeout(b.n.ctx, electionWait)
	defer cancel()
	return retry(ctx, func() error { _, err := b.n.names.Put(ctx, botInviteKey(fp), v); return err })
}

// Invited returns the key fp's invitation; ok is false when it has none.
func (b BotInvites) Invited(fp string) (code, name string, ok bool, err error) {
	ctx, cancel := context.WithTimeout(b.n.ctx, electionWait)
	defer cancel()
	var e jetstream.KeyValueEntry
	err = retry(ctx, func() (err error) { e, err = b.n.names.Get(ctx, botInviteKey(fp)); return err })
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, err
	}
	var iv botInvite
	if err := json.Unmarshal(e.Value(), &iv); err != nil {
		return "", "", false, err
	}
	return iv.Code, iv.Name, true, nil
}
