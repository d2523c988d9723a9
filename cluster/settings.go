package cluster

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"

	"github.com/nats-io/nats.go/jetstream"
)

// Settings keeps each key's settings in the cluster, so a player finds
// their language and layout on every node (tui.SettingsStore).
type Settings struct{ n *Node }

// Settings is the cluster's settings store.
func (n *Node) Settings() Settings { return Settings{n} }

func settingsKey(id string) string { return "settings." + hex.EncodeToString([]byte(id)) }

// Settings returns id's settings, a JSON object ({} when none are saved).
func (s Settings) Settings(id string) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(s.n.ctx, electionWait)
	defer cancel()
	var e jetstream.KeyValueEntry
	err := retry(ctx, func() (err error) { e, err = s.n.names.Get(ctx, settingsKey(id)); return err })
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return json.RawMessage("{}"), nil
	}
	if err != nil {
		return nil, err
	}
	return json.RawMessage(e.Value()), nil
}

// SaveSettings replaces id's settings with v, which must be a JSON object.
func (s Settings) SaveSettings(id string, v json.RawMessage) error {
	t := bytes.TrimSpace(v)
	if !json.Valid(t) || len(t) == 0 || t[0] != '{' {
		return errors.New("cluster: settings must be a JSON object")
	}
	ctx, cancel := context.WithTimeout(s.n.ctx, electionWait)
	defer cancel()
	return retry(ctx, func() error { _, err := s.n.names.Put(ctx, settingsKey(id), t); return err })
}
