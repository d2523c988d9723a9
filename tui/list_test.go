package tui

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/lobby"
	"github.com/cardroom/cardroom/tables"
)

// list says "on hold", as the lobby does, of a game that waits for its
// people (all of them away), and list --json marks it held; a game played
// on stays "playing".
func TestListSaysOnHold(t *testing.T) {
	u := lobby.Update{Tables: []lobby.TableInfo{
		{Summary: tables.Summary{ID: "t1", Title: "Singularity", Seats: 4, Humans: 1, Bots: 3, Phase: tables.Playing, Held: true}},
		{Summary: tables.Summary{ID: "t2", Title: "Dou Dizhu", Seats: 3, Humans: 1, Bots: 2, Phase: tables.Playing}},
	}}
	var out bytes.Buffer
	writeList(&out, newText("en"), u, "key", "ssh host")
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 3 || !strings.HasSuffix(lines[1], "  on hold") || !strings.HasSuffix(lines[2], "  playing") {
		t.Errorf("list does not say the first game is on hold and the second playing:\n%s", out.String())
	}
	var js, errs bytes.Buffer
	if code := writeListJSON(&js, &errs, u, "key"); code != 0 {
		t.Fatalf("list --json exited %d: %s", code, errs.String())
	}
	var listed struct {
		Tables []listedTable `json:"tables"`
	}
	if err := json.Unmarshal(js.Bytes(), &listed); err != nil {
		t.Fatal(err)
	}
	if len(listed.Tables) != 2 || !listed.Tables[0].Held || listed.Tables[1].Held || listed.Tables[0].State != "playing" {
		t.Errorf("list --json does not mark the held game alone: %s", js.String())
	}
	if !strings.Contains(js.String(), `"held": true`) {
		t.Errorf("list --json has no \"held\" field: %s", js.String())
	}
}
