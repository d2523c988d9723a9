package trick

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/engine/cards"
)

// optionSets are the option combinations the random-game test runs per rule
// set (each also with every player count 3–6).
var optionSets = map[string][]engine.Options{
	"singularity": {
		{},
		{"scoring": "progressive", "hook": "true"},
		{"scoring": "boerenbridge", "special_rounds": "1:forehead,2:trump_choice,3:no_trump,4:blind,10:no_trump"},
		{"hook": "true", "special_rounds": "2:blind,3:trump_choice,5:no_trump,6:blind"},
	},
	"specialrounds": {
		{},
		{"hook": "false", "scoring": "progressive"},
		{"scoring": "boerenbridge"},
	},
	"boerenbridge": {
		{},
		{"direction": "counterclockwise", "bb_allow_notrump": "true", "max_cards": "5",
			"special_rounds": "1:forehead,2:trump_choice,3:blind,4:no_trump,9:forehead"},
		{"scoring": "standard", "max_cards": "3", "special_rounds": "2:blind,3:trump_choice,4:no_trump"},
		{"scoring": "progressive", "bb_allow_notrump": "true", "direction": "counterclockwise"},
	},
}

func TestRandomGames(t *testing.T) {
	reg := engine.NewRegistry(Rulesets()...)
	seed := uint64(1)
	for _, rs := range reg.All() {
		for oi, given := range optionSets[rs.Name] {
			for players := 3; players <= 6; players++ {
				seed++
				opts, err := rs.Resolve(given)
				if err != nil {
					t.Fatalf("%s %v: %v", rs.Name, given, err)
				}
				g, err := New(rs.Name, players, opts)
				if err != nil {
					t.Fatalf("%s/%d %v: %v", rs.Name, players, given, err)
				}
				t.Run(fmt.Sprintf("%s/%d/opts%d", rs.Name, players, oi), func(t *testing.T) {
					playChecked(t, reg, rs, opts, g, seed)
				})
			}
		}
	}
}

// playChecked plays g to the end with random and bot moves, checking the
// invariants after every step, then replays its record.
func playChecked(t *testing.T, reg *engine.Registry, rs *engine.Ruleset, opts engine.Options, g *Game, seed uint64) {
	t.Helper()
	rng := cards.NewRand(seed)
	n := g.Players()
	bot := BaselineBot{}
	for steps := 0; !g.Done(); steps++ {
		if steps > 100000 {
			t.Fatal("game does not end")
		}
		checkInvariants(t, g)
		seat := g.Next()
		if seat == engine.Chance {
			if err := g.Deal(rng); err != nil {
				t.Fatalf("deal: %v", err)
			}
			continue
		}
		if g.nbids == 0 && g.phase != PhasePlay && rng.IntN(8) == 0 {
			if g.r.sitout {
				s := rng.IntN(n)
				if g.sitout>>s&1 == 0 {
					mustEvent(t, g, engine.Event{E: engine.EvSitout, Seat: s, Round: g.round})
				}
			}
			if g.r.penalties {
				mustEvent(t, g, engine.Event{E: engine.EvPenalty, Seat: rng.IntN(n), Points: -1 - rng.IntN(5), Reason: "misdeal"})
			}
		}
		var m engine.Move
		if rng.IntN(2) == 0 {
			m = bot.Decide(g.View(seat), rng)
		} else {
			legal := g.Legal(seat)
			m = legal[rng.IntN(len(legal))]
		}
		if err := g.Apply(seat, m); err != nil {
			t.Fatalf("round %d: %v (view legal %v)", g.round, err, g.View(seat).LegalMoves())
		}
	}
	checkInvariants(t, g)
	if got := len(g.Result().Rounds); got != g.Rounds() {
		t.Fatalf("%d rounds scored, want %d", got, g.Rounds())
	}
	h := engine.Header{Ruleset: rs.Name, Options: opts, Seats: make([]string, n)}
	rec, err := engine.MarshalRecord(rs, h, g)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := engine.Replay(reg, bytes.NewReader(rec))
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, rec)
	}
	if !rep.Ended || !slices.Equal(rep.Result.Totals, g.Result().Totals) {
		t.Fatalf("replay totals %v (ended %v), want %v", rep.Result.Totals, rep.Ended, g.Result().Totals)
	}
}

func mustEvent(t *testing.T, g *Game, e engine.Event) {
	t.Helper()
	if err := g.Event(e); err != nil {
		t.Fatalf("%s: %v", e.E, err)
	}
}

func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	n := g.Players()
	if g.dealt {
		// Cards are conserved: in hands, in the trick, or in won tricks.
		inHands, won := 0, 0
		for s := range n {
			inHands += g.hands[s].Len()
			won += int(g.tricks[s])
		}
		if got, want := inHands+g.ntrick+n*won, n*g.cardsNow(); got != want {
			t.Fatalf("round %d: %d cards accounted for, want %d", g.round, got, want)
		}
		// Each completed trick has exactly one winner.
		if want := g.cardsNow() - g.hands[g.leader].Len(); g.phase == PhasePlay && g.ntrick == 0 && won != want {
			t.Fatalf("round %d: %d tricks won, %d completed", g.round, won, want)
		}
	}
	if seat := g.Next(); seat >= 0 {
		if len(g.Legal(seat)) == 0 || len(g.View(seat).LegalMoves()) == 0 {
			t.Fatalf("round %d: seat %d must act but has no legal move", g.round, seat)
		}
	}
	forehead := g.mod() == Forehead && g.dealt && !g.Done()
	for seat := engine.Spectator; seat < n; seat++ {
		v := g.ViewOf(seat)
		for _, m := range v.Legal {
			if m.Kind == engine.Play && (forehead && m.Card != cards.None || !forehead && !g.hands[seat].Has(m.Card)) {
				t.Fatalf("seat %d's legal move %v reveals or invents a card", seat, m)
			}
		}
		switch {
		case seat == engine.Spectator:
			if v.Hand != nil || len(v.Legal) != 0 {
				t.Fatalf("spectator view holds a hand %v or moves %v", v.Hand, v.Legal)
			}
		case forehead:
			if v.Hand != nil {
				t.Fatalf("forehead round: seat %d sees its own hand %v", seat, v.Hand)
			}
		default:
			if !slices.Equal(v.Hand, g.hands[seat].Cards()) {
				t.Fatalf("seat %d's view hand %v, want %v", seat, v.Hand, g.hands[seat].Cards())
			}
		}
		for s, c := range v.Foreheads {
			want := cards.None
			if seat != engine.Spectator && s != seat && !g.hands[s].Empty() {
				want = only(g.hands[s])
			}
			if c != want {
				t.Fatalf("seat %d sees %v on seat %d's forehead, want %v", seat, c, s, want)
			}
		}
	}
}
