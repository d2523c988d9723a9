package main

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardroom/cardroom/sshserver/sshtest"
)

// Escape sequences a hostile client puts where others will see them: its
// SSH user name (the display name), and a chat line pasted with raw escape
// bytes in it (a bracketed paste carries them past the key parser). None of
// them reaches another player's terminal: bob's raw bytes never hold them,
// while the chat line's words do arrive. The rest of the hostile-client
// suite is in sshserver/hostile_test.go.
func TestE2EEscapesNeverReachAnotherTerminal(t *testing.T) {
	// Each would do something to bob's terminal: set its title, write his
	// clipboard, resize it, colour it (C1 CSI), ask it to answer.
	hostile := []string{"\x1b]0;PWNED\a", "\x1b]52;c;UFdORUQ=\x1b\\", "\x1b[8;6;66t", "\u009b31m", "\x1b[6n"}
	s := startServer(t, 0)
	ctx := testCtx(t)
	mallory := s.lobby(ctx, t, strings.Join(hostile, "mal"), sshtest.Options{})
	bob := s.lobby(ctx, t, "bob", sshtest.Options{})

	mallory.createTable("Boerenbridge")
	bob.waitTable()
	bob.typ("w")
	bob.waitFor("The host starts the game")
	mallory.typ("/")
	mallory.typ("\x1b[200~hello " + strings.Join(hostile, "") + "world\x1b[201~")
	mallory.typ("\r")
	bob.waitUntil("mallory's chat line", func(s string) bool { return strings.Contains(s, "hello") && strings.Contains(s, "world") })

	raw := bob.c.Output()
	for _, h := range hostile {
		for _, part := range []string{h, strings.TrimSuffix(h, "\a")} {
			if strings.Contains(raw, part) {
				t.Errorf("bob's terminal got %q raw", part)
			}
		}
	}
	for _, seq := range []string{"\x1b]0;", "\x1b]52;", "\x1b[8;", "\u009b", "\x1b[6n"} {
		if strings.Contains(raw, seq) {
			t.Errorf("bob's terminal got the sequence %q", seq)
		}
	}
}

// Control strings a client sends in the middle of typing a chat line (a
// title OSC ended by BEL, a terminal's colour answer ended by ST) are not
// typed: the line is what was typed around them.
func TestE2EControlStringsAreNotTyped(t *testing.T) {
	s := startServer(t, 0)
	ctx := testCtx(t)
	ada := s.lobby(ctx, t, "ada", sshtest.Options{})
	ada.createTable("Boerenbridge")
	ada.typ("/hel")
	ada.typ("\x1b]0;title\a")
	ada.typ("lo")
	ada.typ("\x1b]11;rgb:0000/0000/0000\x1b\\")
	ada.typ(" world\r")
	got := ada.waitUntil("ada's chat line", func(s string) bool { return strings.Contains(s, "ada: hel") })
	if !strings.Contains(got, "ada: hello world") || strings.Contains(got, "title") || strings.Contains(got, "rgb") {
		t.Errorf("chat after typing hel, a title OSC, lo, a colour answer and \" world\":\n%s\nwant the line \"ada: hello world\"", got)
	}
}

// Hidden cards, on the bytes: a whole game of each rule set, played by ada
// against bots and followed by carol from the lobby. Hands are drawn only
// as framed card rows (│A♠│K♠│). In all the bytes ada's terminal got, every
// framed row after the header of round R shows only cards dealt to ada in
// round R (none in the forehead round, SR-9, where her own card is hidden
// from her; in Dou Dizhu also the bottom cards, which the landlord takes
// up), and carol's bytes hold no framed row at all. The screens at every
// turn are checked by TestE2ESpectatorNeverSeesAHand; this catches what
// only flashed by.
func TestE2EHiddenCardsNeverOnTheWire(t *testing.T) {
	for _, tc := range []struct {
		ruleset, title string
		fields         []string
	}{
		{"singularity", "Singularity", []string{"Seats", "6"}},
		{"specialrounds", "Special Rounds", nil},
		{"boerenbridge", "Boerenbridge", []string{"Seats", "3", "Most cards", "2"}},
		{"doudizhu", "Dou Dizhu", []string{"Deals", "1"}},
	} {
		t.Run(tc.ruleset, func(t *testing.T) {
			s := startServer(t, 0)
			ctx := testCtx(t)
			ada := s.lobby(ctx, t, "ada", sshtest.Options{})
			carol := s.lobby(ctx, t, "carol", sshtest.Options{})
			ada.createTable(tc.title, tc.fields...)
			carol.waitTable()
			carol.typ("w")
			carol.waitFor("The host starts the game")
			ada.waitFor("Watching: carol")
			ada.typ("S")
			ada.playGame()
			carol.waitUntil("the end of the game", atEnd)
			// Once the table has left the lobby its record is written.
			ada.typ("L")
			ada.waitFor("No tables yet")

			hands := dealtTo(t, s, "ada", tc.ruleset == "specialrounds")
			out := plainText(ada.c.Output())
			// Where each round's header first shows: what follows is that
			// round's.
			var starts []int // starts[r-1]: the offset of round r
			for _, m := range roundRE.FindAllStringSubmatchIndex(out, -1) {
				if r, _ := strconv.Atoi(out[m[2]:m[3]]); r == len(starts)+1 {
					starts = append(starts, m[0])
				}
			}
			checked := 0
			for _, row := range framedRowRE.FindAllStringSubmatchIndex(out, -1) {
				round := 0
				for round < len(starts) && starts[round] <= row[0] {
					round++
				}
				for _, face := range cardFaces(out[row[2]:row[3]]) {
					checked++
					if round == 0 || round > len(hands) || !hands[round-1][face] {
						t.Errorf("ada's terminal got %s in a hand in round %d, a card not hers to see then", face, round)
					}
				}
			}
			t.Logf("%d framed cards in ada's bytes checked against her hands of %d rounds", checked, len(starts))
			if checked == 0 || len(starts) != len(hands) {
				t.Errorf("%d framed cards, %d round headers and %d deals: the check did not see the game", checked, len(starts), len(hands))
			}
			for _, row := range framedRowRE.FindAllStringSubmatch(plainText(carol.c.Output()), -1) {
				if faces := cardFaces(row[1]); len(faces) > 0 {
					t.Errorf("carol watches, and her terminal got the framed cards %q", faces)
				}
			}
		})
	}
}

// roundRE matches the round (or deal) header of the table screen.
var roundRE = regexp.MustCompile(`(?:Round|Deal) (\d+) of \d+`)

// framedRowRE matches the middle row of a framed card row, in bytes whose
// escape sequences are stripped (rows of a frame may run together there).
var framedRowRE = regexp.MustCompile(`│((?:[^│\s]{2}│)+)`)

// cardFaces is the card faces among the cells of a framed row.
func cardFaces(cells string) []string {
	var faces []string
	for _, f := range strings.Split(strings.TrimSuffix(cells, "│"), "│") {
		if faceRE.MatchString(f) || f == "BJ" || f == "RJ" {
			faces = append(faces, f)
		}
	}
	return faces
}

// dealtTo is, deal by deal in the game's record, the faces of the cards the
// seat named name may see in its hand: its own (with a Dou Dizhu deal's
// bottom cards), none in round 19 of specialrounds (the forehead round).
func dealtTo(t *testing.T, s *testServer, name string, forehead bool) []map[string]bool {
	t.Helper()
	files := s.records(t, 1)
	if len(files) != 1 {
		t.Fatalf("records: %v; want one", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var head struct{ Seats []string }
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil {
		t.Fatal(err)
	}
	seat := slices.Index(head.Seats, name)
	if seat < 0 {
		t.Fatalf("%s has no seat in %q", name, head.Seats)
	}
	suits := strings.NewReplacer("S", "♠", "H", "♥", "D", "♦", "C", "♣")
	face := func(tok string) string {
		if tok == "SG" || tok == "CK" || tok == "BJ" || tok == "RJ" {
			return tok
		}
		return tok[:1] + suits.Replace(tok[1:])
	}
	var hands []map[string]bool
	for _, l := range lines[1:] {
		var ev struct {
			E      string
			Round  int
			Hands  [][]string
			Bottom []string
		}
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("record line %q: %v", l, err)
		}
		if ev.E != "deal" {
			continue
		}
		mine := map[string]bool{}
		if !(forehead && ev.Round == 19) { // SR-9
			for _, tok := range append(ev.Hands[seat], ev.Bottom...) {
				mine[face(tok)] = true
			}
		}
		hands = append(hands, mine)
	}
	return hands
}
