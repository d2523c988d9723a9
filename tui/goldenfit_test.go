package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Every golden screen fits its terminal: no line of a W×H golden is wider
// than W, so nothing the screen says is cut off at the right edge.
func TestGoldensFitTheirWidth(t *testing.T) {
	files, err := filepath.Glob("testdata/*/*/*.golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		var w, h int
		if _, err := fmt.Sscanf(filepath.Base(f), "%dx%d.golden", &w, &h); err != nil {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(string(b), "\n") {
			if lw := ansi.StringWidth(l); lw > w {
				t.Errorf("%s: line %d is %d wide: %q", f, i+1, lw, ansi.Strip(l))
			}
		}
	}
}
