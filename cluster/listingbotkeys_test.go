package cluster

import (
	"slices"
	"testing"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// A listing crosses the directory with the keys of its placed bots, so
// another node tells a bot of such a key where its seat is.
func TestListingKeepsBotKeys(t *testing.T) {
	keys := []string{"", "SHA256:bot", ""}
	l := lobby.Listing{Node: "n1", Summary: tables.Summary{ID: "t1", Phase: tables.Playing, BotKeys: keys}}
	got, err := decodeListing(encodeListing(l))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Summary.BotKeys, keys) {
		t.Fatalf("decoded bot keys %q, want %q", got.Summary.BotKeys, keys)
	}
}
