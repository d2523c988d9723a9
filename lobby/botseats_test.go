package lobby

import (
	"slices"
	"testing"
	"testing/synctest"

	"github.com/cardroom/cardroom/tables"
)

// listingCluster is a Cluster that lists the tables of another node given
// to it, and does nothing else.
type listingCluster struct{ in chan Listing }

func (c *listingCluster) Node() string                    { return "here" }
func (c *listingCluster) Serve(*tables.Table)             {}
func (c *listingCluster) Publish(Listing)                 {}
func (c *listingCluster) Listings() <-chan Listing        { return c.in }
func (c *listingCluster) Open(string, bool) tables.Handle { return nil }
func (c *listingCluster) Adopted() <-chan tables.Saved    { return nil }
func (c *listingCluster) SetOnline(int)                   {}
func (c *listingCluster) Elsewhere() <-chan int           { return nil }
func (c *listingCluster) list(l Listing)                  { c.in <- l }

// tableIDs are the ids of ts.
func tableIDs(ts []*tables.Table) (out []string) {
	for _, t := range ts {
		out = append(out, t.ID())
	}
	return out
}

// BotSeats finds the running games where a bot of a key holds a seat: a
// table of this node by key, id or invite code, once it has started; one
// of another node by the key its listing carries.
func TestBotSeats(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := &listingCluster{in: make(chan Listing)}
		r := newRigWith(t, func(cfg *Config) { cfg.Cluster = c })
		host := enter(t, r.l, "K1", "alice")
		cr, err := r.l.Create(CreateRequest{Host: host, Ruleset: "turns", Seats: 3, Private: true, TurnTimer: Off})
		must(t, err)
		if _, err := cr.Table.PlaceBot(levelBot{"x"}, "SHA256:bot", -1); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if here, there, err := r.l.BotSeats("SHA256:bot", ""); err != nil || len(here)+len(there) != 0 {
			t.Fatalf("before the start: %q, %q, %v; want none", tableIDs(here), there, err)
		}
		must(t, cr.Table.Start(host))
		synctest.Wait()
		for _, which := range []string{"", cr.Info.ID, cr.Code} {
			if here, there, err := r.l.BotSeats("SHA256:bot", which); err != nil || !slices.Equal(tableIDs(here), []string{cr.Info.ID}) || len(there) != 0 {
				t.Errorf("BotSeats(%q) = %q, %q, %v; want this node's table", which, tableIDs(here), there, err)
			}
		}
		if here, there, _ := r.l.BotSeats("SHA256:bot", "other"); len(here)+len(there) != 0 {
			t.Errorf("another table: %q, %q", tableIDs(here), there)
		}
		if here, there, _ := r.l.BotSeats("SHA256:mallory", ""); len(here)+len(there) != 0 {
			t.Errorf("another key: %q, %q", tableIDs(here), there)
		}

		c.list(Listing{Node: "there", Summary: tables.Summary{ID: "far", Seats: 3, Phase: tables.Playing, BotKeys: []string{"", "SHA256:far", ""}}})
		synctest.Wait()
		if here, there, err := r.l.BotSeats("SHA256:far", ""); err != nil || len(here) != 0 || !slices.Equal(there, []string{"far"}) {
			t.Errorf("a table of another node: %q, %q, %v; want its id", tableIDs(here), there, err)
		}
	})
}
