package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// At 80 columns the lobby's key bar shows every key of the lobby, on at
// most three lines, in every language: with the history and ratings of a server that
// keeps games, and an admin's key too. The screen keeps its 24 lines.
func TestLobbyBarShowsEveryKeyAt80Columns(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, admin := range []bool{false, true} {
			m := testModel(80, 24, Settings{Lang: lang})
			m.app.SetArchive(&fakeArchive{})
			if admin {
				m.app.SetAdmins([]string{m.player.ID})
			}
			m = withLobby(t, m)
			v := plainView(m)
			lines := strings.Split(v, "\n")
			if len(lines) != 24 {
				t.Fatalf("%s: %d lines, want 24:\n%s", lang, len(lines), v)
			}
			bar := strings.Join(lines[24-lobbyKeyRows:], " · ")
			for _, k := range m.lobbyKeys() {
				if want := k.keys + " " + k.does; !strings.Contains(bar, want) {
					t.Errorf("%s (admin %v): the key bar has no %q:\n%s", lang, admin, want, bar)
				}
			}
			for _, l := range lines {
				if w := visibleWidth(l); w > 80 {
					t.Errorf("%s: a line of %d columns: %q", lang, w, l)
				}
			}
		}
	}
}

// The lobby's table list keeps two spaces at least between two headings,
// in every language, at 80 and at 200 columns, and each row's figures end
// under their heading; so does the list of past games.
func TestListHeadingsKeepTheirGaps(t *testing.T) {
	for _, lang := range []string{"en", "de", "nl"} {
		for _, w := range []int{80, 200} {
			m := withLobby(t, testModel(w, 24, Settings{Lang: lang}))
			m.lobbyOpening = false
			checkHeadings(t, fmt.Sprintf("%s lobby at %d", lang, w), m, []string{"TABLE", "GAME", "PEOPLE", "BOTS", "FREE", "ROUND", "WATCH", "STATE"}, []int{2, 3, 4, 5, 6}, len(m.lobbyU.Tables))
			m = testModel(w, 24, Settings{Lang: lang})
			m.app.SetArchive(&fakeArchive{game: finishedGame(t)})
			m.Update(m.lobbyKey(keyMsg("h"))())
			checkHeadings(t, fmt.Sprintf("%s history at %d", lang, w), m, []string{"GAME #", "ENDED", "GAME", "PLACE", "TOTAL", "PLAYERS"}, []int{3, 4}, 1)
		}
	}
}

// checkHeadings finds the line of the headings (keys) on m's screen and
// checks that two spaces at least part each from the next, and that each
// of the n rows under it has a figure ending under each heading of right.
func checkHeadings(t *testing.T, name string, m *model, keys []string, right []int, n int) {
	t.Helper()
	cell := regexp.MustCompile(`\S+( \S+)*`) // a heading or a cell: words one space apart
	lines := strings.Split(plainView(m), "\n")
	h := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, m.tx.get(keys[0])) })
	if h < 0 || h+n >= len(lines) {
		t.Fatalf("%s: no list:\n%s", name, plainView(m))
	}
	header := lines[h]
	got := cell.FindAllString(header, -1)
	if len(got) != len(keys) {
		t.Errorf("%s: the headings %q run together (want %d)", name, got, len(keys))
		return
	}
	for i, k := range keys {
		if got[i] != m.tx.get(k) {
			t.Errorf("%s: heading %d is %q, want %q", name, i, got[i], m.tx.get(k))
		}
	}
	idx := cell.FindAllStringIndex(header, -1)
	for _, row := range lines[h+1 : h+1+n] {
		ends := map[int]bool{}
		for _, c := range cell.FindAllStringIndex(row, -1) {
			ends[visibleWidth(row[:c[1]])] = true // columns, not bytes: ▸ and ★ take several
		}
		for _, i := range right {
			if !ends[visibleWidth(header[:idx[i][1]])] {
				t.Errorf("%s: no figure ends under %q:\n%s\n%s", name, got[i], header, row)
			}
		}
	}
}
