package tui

import (
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
// under their heading.
func TestLobbyHeadingsKeepTheirGaps(t *testing.T) {
	gap := regexp.MustCompile(`\S+( \S+)*`) // a heading: words one space apart
	for _, lang := range []string{"en", "de", "nl"} {
		for _, w := range []int{80, 200} {
			m := withLobby(t, testModel(w, 24, Settings{Lang: lang}))
			m.lobbyOpening = false
			lines := strings.Split(plainView(m), "\n")
			h := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, m.tx.get("TABLE")) })
			if h < 0 {
				t.Fatalf("%s at %d: no table list:\n%s", lang, w, plainView(m))
			}
			header := lines[h]
			heads := []string{"TABLE", "GAME", "PEOPLE", "BOTS", "FREE", "ROUND", "WATCH", "STATE"}
			got := gap.FindAllString(header, -1)
			if len(got) != len(heads) {
				t.Errorf("%s at %d: the headings %q run together (want %d)", lang, w, got, len(heads))
				continue
			}
			for i, k := range heads {
				if got[i] != m.tx.get(k) {
					t.Errorf("%s at %d: heading %d is %q, want %q", lang, w, i, got[i], m.tx.get(k))
				}
			}
			idx := gap.FindAllStringIndex(header, -1)
			for _, row := range lines[h+1 : h+1+len(m.lobbyU.Tables)] {
				cells := gap.FindAllStringIndex(row, -1)
				ends := map[int]bool{}
				for _, c := range cells {
					ends[visibleWidth(row[:c[1]])] = true // columns, not bytes: ▸ and ★ take several
				}
				for i := 2; i <= 6; i++ { // the figures, right-aligned
					if !ends[visibleWidth(header[:idx[i][1]])] {
						t.Errorf("%s at %d: no figure ends under %q:\n%s\n%s", lang, w, got[i], header, row)
					}
				}
			}
		}
	}
}
