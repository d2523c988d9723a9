package loadtest

import (
	"strings"
	"testing"
	"time"
)

// A run with targets needs no Start, and refuses what only a server the
// run starts can give: a baseline, profiles.
func TestLoadConfigTargets(t *testing.T) {
	base := func() Config {
		return Config{Scenario: Tables, N: 10, Duration: time.Second, Targets: []string{"127.0.0.1:2222", "127.0.0.1:2223"}}
	}
	c := base()
	if err := c.check(); err != nil {
		t.Errorf("two loopback targets, no Start: %v", err)
	}
	for _, tc := range []struct {
		name string
		set  func(*Config)
		want string
	}{
		{"baseline", func(c *Config) { c.Baseline = true }, "no baseline"},
		{"profiles", func(c *Config) { c.ProfileDir = t.TempDir() }, "no profiles"},
		{"not loopback", func(c *Config) { c.Targets = append(c.Targets, "192.0.2.1:22") }, "not a loopback address"},
		{"say in the lobby", func(c *Config) { c.Scenario, c.Say = Lobby, true }, "tables scenario"},
		{"say too fast", func(c *Config) { c.Say, c.KeyEvery = true, time.Second }, "faster than a table takes them"},
	} {
		c := base()
		tc.set(&c)
		if err := c.check(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
	c = base()
	c.Targets = nil
	if err := c.check(); err == nil {
		t.Error("no targets and no Start: no error")
	}
}

// With targets the report says that the servers' own figures are not
// measured instead of printing zeros for them.
func TestLoadReportTargets(t *testing.T) {
	r := &Result{Server: "cardroom", Scenario: Tables, N: 10, Opened: 10, Targets: []string{"127.0.0.1:2222", "127.0.0.1:2223"},
		SteadyWall: time.Second, Frames: 20, Keys: 9, KeyP50: 20 * time.Millisecond, RampDone: true,
		Groups: []Group{{Name: "table on their node", Sessions: 3, Keys: 3}, {Name: "table on another node", Sessions: 5, Keys: 6}}}
	var b strings.Builder
	Report(&b, []*Result{r})
	out := b.String()
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "keypress→screen p50 (ms)") && !strings.HasSuffix(strings.TrimSpace(line), "20.0") {
			t.Errorf("keypress→screen p50: %q, want 20.0 (ms)", line)
		}
		for _, row := range []string{"RSS per session", "goroutines per session", "handshake CPU", "login CPU", "server CPU per frame", "server CPU, share"} {
			if strings.Contains(line, row) && !strings.Contains(line, "not measured") {
				t.Errorf("row %q: %q, want it not measured", row, line)
			}
		}
	}
	for _, want := range []string{"2 running servers", "servers' and other processes' CPU", "a table on another node: 5"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not say %q:\n%s", want, out)
		}
	}
}
