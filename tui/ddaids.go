package tui

import (
	"strconv"
	"strings"

	"github.com/cardroom/cardroom/engine/cards"
	"github.com/cardroom/cardroom/engine/doudizhu"
	"github.com/cardroom/cardroom/engine/doudizhu/ddbot"
)

// What a Dou Dizhu player needs beside the table: the bidding, a redeal,
// who is about to go out, the ranks still out, hints that play well.

// ddBidLog is the deal's bidding, kept through the play: "alice passed ·
// Alan 1 · bob 3".
func (tm *tableModel) ddBidLog(v *doudizhu.View) string {
	if len(v.Bids) == 0 {
		return ""
	}
	tx := tm.m.tx
	parts := make([]string, len(v.Bids))
	for i, bd := range v.Bids {
		what := tx.get("passed")
		if bd.N > 0 {
			what = strconv.Itoa(bd.N)
		}
		parts[i] = tm.plainName(bd.Seat) + " " + what
	}
	return tx.get("Bidding:") + " " + strings.Join(parts, ", ")
}

// ddNotice is the line that must not be missed: a redeal while the new
// deal is bid, else the seats down to one or two cards.
func (tm *tableModel) ddNotice(v *doudizhu.View) string {
	tx := tm.m.tx
	switch v.Phase {
	case doudizhu.Bidding:
		if v.Redeals > 0 && len(v.Bids) < doudizhu.Players {
			return tx.f("Everyone passed: the cards were dealt again (%d×).", v.Redeals)
		}
	case doudizhu.Playing:
		var low []string
		for i, n := range v.Counts {
			if n > 0 && n <= 2 {
				low = append(low, tm.plainName(i)+" "+cardCount(tx, n))
			}
		}
		if len(low) > 0 {
			return "! " + tx.f("Down to their last cards: %s", strings.Join(low, ", "))
		}
	}
	return ""
}

// ddStillOut counts the ranks not in the viewer's hand and not played yet
// this deal: "3×2 4×1 … B R".
func (tm *tableModel) ddStillOut(v *doudizhu.View) string {
	var out [doudizhu.NumRanks]int
	for r := range doudizhu.NumRanks {
		out[r] = 4
		if doudizhu.Rank(r) >= doudizhu.BlackJoker {
			out[r] = 1
		}
	}
	for _, c := range v.Hand {
		out[doudizhu.RankOf(c)]--
	}
	for _, t := range v.History {
		for _, c := range t.Cards {
			out[doudizhu.RankOf(c)]--
		}
	}
	var parts []string
	for r, n := range out {
		switch {
		case n <= 0:
		case doudizhu.Rank(r) >= doudizhu.BlackJoker:
			parts = append(parts, jokerFace(doudizhu.Rank(r)))
		default:
			parts = append(parts, ddRanksText(tm.m.tx.lang, doudizhu.Rank(r).String())+"×"+strconv.Itoa(n))
		}
	}
	if len(parts) == 0 {
		return tm.m.tx.get("Still out: nothing")
	}
	return tm.m.tx.get("Still out:") + " " + strings.Join(parts, " ")
}

// jokerFace is how a joker is written everywhere: as on its card.
func jokerFace(r doudizhu.Rank) string {
	if r == doudizhu.BlackJoker {
		return "BJ"
	}
	return "RJ"
}

// ddPlayText is a play for people in lang, its main part first ("888 5"),
// ranks as the player's language writes them, jokers as on their cards.
func ddPlayText(lang string, p doudizhu.Play) string {
	return ddRanksText(lang, p.Text())
}

// ddRanksText writes ranks in the rules' notation ("TTJ 5", "BR") as players
// of lang read them: "TTJ 5" in English, "10 10 B  5" in German (a rank of
// two letters would run into the next), jokers always BJ and RJ, apart from
// the ranks beside them ("BJ 8888").
func ddRanksText(lang, ranks string) string {
	l := rankLang(lang)
	var b strings.Builder
	joker := false // the last rank written was a joker: a rank after it stands apart
	for _, r := range ranks {
		switch {
		case r == ' ' && l != "en":
			b.WriteString("  ") // wider than the spaces between ranks
			continue
		case r == ' ':
			b.WriteByte(' ')
			continue
		case b.Len() > 0 && !strings.HasSuffix(b.String(), " ") && (l != "en" || r == 'B' || r == 'R' || joker):
			b.WriteByte(' ')
		}
		joker = r == 'B' || r == 'R'
		switch r {
		case 'B', 'R':
			b.WriteString(map[rune]string{'B': "BJ", 'R': "RJ"}[r])
		default:
			if cr, ok := ddFaceRanks[r]; ok {
				b.WriteString(rankText(l, cr))
			} else {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// ddCardsText writes Dou Dizhu ranks in the rules' notation ("8888B",
// "5888") as the play line does: a combination its main part first ("888
// 5"), ranks as lang reads them, the jokers BJ and RJ.
func ddCardsText(lang, ranks string) string {
	if p, err := doudizhu.ParsePlay(ranks); err == nil {
		return ddPlayText(lang, p)
	}
	return ddRanksText(lang, ranks)
}

// ddFaceRanks are the rules' letters of the ranks languages write apart.
var ddFaceRanks = map[rune]cards.Rank{'T': cards.Ten, 'J': cards.Jack, 'Q': cards.Queen, 'K': cards.King, 'A': cards.Ace}

// ddLocalKeys are the rank letters German and Dutch cards read, as the
// rules write those ranks.
var ddLocalKeys = map[string]map[string]string{
	"de": {"B": "J", "D": "Q", "0": "T"},
	"nl": {"B": "J", "V": "Q", "H": "K", "0": "T"},
}

// ddTyped is typed, in the rules' notation, after the key in lang, and
// whether the key typed: a key types a rank as the player's cards read it
// (English T J Q K A, German B D K A, Dutch B V H A, 0 for 10 in both), the
// English letters too, and R the red joker. Where B is the jack, B then J
// is the black joker, as its card reads BJ; in English B is.
func ddTyped(lang, typed, key string) (string, bool) {
	k := strings.ToUpper(key)
	if local, ok := ddLocalKeys[rankLang(lang)]; ok {
		if k == "J" {
			if strings.HasSuffix(typed, "J") {
				return typed[:len(typed)-1] + "B", true
			}
			return typed, false
		}
		if e, ok := local[k]; ok {
			k = e
		}
	}
	if len(k) != 1 || !strings.Contains(ddRankOrder, k) {
		return typed, false
	}
	return typed + k, true
}

// ddTurnCards draws the cards of a play, its main part first and what it
// carries after a gap.
func (s *Styles) ddTurnCards(t doudizhu.Turn) string {
	main := t.Play.Main()
	if main == t.Play.Cards {
		return s.cardsInline(t.Cards)
	}
	var first, rest []cards.Card
	for _, c := range t.Cards {
		if r := doudizhu.RankOf(c); main.Count(r) > 0 {
			main -= doudizhu.HandOf([]cards.Card{c})
			first = append(first, c)
		} else {
			rest = append(rest, c)
		}
	}
	return s.cardsInline(first) + "  " + s.cardsInline(rest)
}

// ddHints is the plays hinted at with x, best first (ddbot.Hints), worked
// out once per snapshot.
func (tm *tableModel) ddHints(v *doudizhu.View) []doudizhu.Play {
	if tm.hintsGen != tm.gen || tm.hints == nil {
		tm.hints = append(tm.hints[:0], ddbot.Hints(v)...)
		if tm.hints == nil {
			tm.hints = []doudizhu.Play{}
		}
		tm.hintsGen = tm.gen
	}
	return tm.hints
}

// ddMarkedText is the marked cards as the play line shows them: the last
// hint's reading when they are its cards, else the play they make, main
// part first ("KKKK 56"), in the player's language.
func (tm *tableModel) ddMarkedText(v *doudizhu.View) string {
	marked := sortRanks(tm.markedRanks(v))
	if hints := tm.ddHints(v); tm.hint > 0 && len(hints) > 0 {
		if p := hints[(tm.hint-1)%len(hints)]; p.String() == marked {
			return ddPlayText(tm.m.tx.lang, p)
		}
	}
	return ddCardsText(tm.m.tx.lang, marked)
}

// bottomMarks marks the bottom cards in the landlord's own hand.
func bottomMarks(v *doudizhu.View) []bool {
	if v.Seat < 0 || v.Seat != v.Landlord || v.Bottom == nil {
		return nil
	}
	marks := make([]bool, len(v.Hand))
	any := false
	for i, c := range v.Hand {
		for _, b := range v.Bottom {
			if c == b {
				marks[i], any = true, true
			}
		}
	}
	if !any {
		return nil
	}
	return marks
}
