package cluster

import (
	"testing"
	"time"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// A listing crosses the directory with its seats' owners and when each was
// last at the table, so every node's lobby sends a person back to the game
// they were at last.
func TestListingKeepsSeatsAndWhenTheirPeopleWereHere(t *testing.T) {
	at := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	l := lobby.Listing{Node: "n1", Summary: tables.Summary{ID: "t1", Phase: tables.Playing}}
	l.Owners[1], l.Summary.LastHere[1] = "K1", at
	got, err := decodeListing(encodeListing(l))
	if err != nil {
		t.Fatal(err)
	}
	if got.Owners[1] != "K1" || !got.Summary.LastHere[1].Equal(at) {
		t.Fatalf("decoded owners %q, last here %v; want K1 at %v", got.Owners, got.Summary.LastHere, at)
	}
}
