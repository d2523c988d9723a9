package tui

import (
	"fmt"
	"testing"

	"github.com/cardroom/cardroom/engine"
)

func TestTmpShow(t *testing.T) {
	for _, l := range []string{"", "nl", "de"} {
		m := openReplayIn(t, finishedOf(t, "specialrounds", engine.Options{}), Settings{Lang: l})
		fmt.Println(redrawn(m))
	}
}
