package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/cardroom/cardroom/store"
)

// Opening a database that holds ratings of the bot --metrics pooled every
// level under drops them with one log line; the next start says nothing.
func TestOpenDropsPooledBotRatings(t *testing.T) {
	dir := t.TempDir()
	s, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateRatings("singularity", []string{"a", store.PooledBotID}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"ratings=1", ""} {
		var buf bytes.Buffer
		per, err := openPersistence(dir, log.NewWithOptions(&buf, log.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		per.close(log.Default())
		lines := strings.Count(buf.String(), "\n")
		switch {
		case want == "" && lines != 0:
			t.Errorf("start %d logged %q, want nothing", i+1, buf.String())
		case want != "" && (lines != 1 || !strings.Contains(buf.String(), want) || !strings.Contains(buf.String(), store.PooledBotID)):
			t.Errorf("start %d logged %q, want one line with %s and %s", i+1, buf.String(), want, store.PooledBotID)
		}
	}
}
