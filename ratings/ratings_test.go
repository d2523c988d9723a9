package ratings

import (
	"errors"
	"math"
	"testing"
)

// tol is how close a result must be to a published value. The sources
// compare exactly (toStrictEqual) in float64; summation order can move the
// last bits, so we allow 1e-9.
const tol = 1e-9

func r(mu, sigma float64) Rating { return Rating{Mu: mu, Sigma: sigma} }

func near(a, b float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func checkTeams(t *testing.T, got, want [][]Rating) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d teams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("team %d: got %d players, want %d", i, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			g, w := got[i][j], want[i][j]
			if !near(g.Mu, w.Mu) || !near(g.Sigma, w.Sigma) {
				t.Errorf("team %d player %d: got mu=%.17g sigma=%.17g, want mu=%.17g sigma=%.17g",
					i, j, g.Mu, g.Sigma, w.Mu, w.Sigma)
			}
		}
	}
}

// solo wraps one-player teams.
func solo(rs ...Rating) [][]Rating {
	out := make([][]Rating, len(rs))
	for i, x := range rs {
		out[i] = []Rating{x}
	}
	return out
}

func rep(x Rating, n int) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = x
	}
	return out
}

// Reference values of the bare Plackett–Luce model (no τ), from openskill.js
// src/models/__tests__/plackett-luce.test.ts (philihp/openskill.js), where
// every player starts at rating() = (25, 25/3).
func TestPlackettLuceReference(t *testing.T) {
	m := Default()
	m.Tau = 0
	d := m.New()
	cases := []struct {
		name  string
		teams [][]Rating
		want  [][]Rating
	}{
		{"2p FFA", solo(d, d), solo(
			r(27.63523138347365, 8.065506316323548),
			r(22.36476861652635, 8.065506316323548))},
		{"3p FFA", solo(d, d, d), solo(
			r(27.868876552746237, 8.204837030780652),
			r(25.717219138186557, 8.057829747583874),
			r(21.413904309067206, 8.057829747583874))},
		{"4p FFA", solo(d, d, d, d), solo(
			r(27.795084971874736, 8.263160757613477),
			r(26.552824984374855, 8.179213704945203),
			r(24.68943500312503, 8.083731307186588),
			r(20.96265504062538, 8.083731307186588))},
		{"5p FFA", solo(d, d, d, d, d), solo(
			r(27.666666666666668, 8.290556877154474),
			r(26.833333333333332, 8.240145629781066),
			r(25.72222222222222, 8.179996679645559),
			r(24.055555555555557, 8.111796013701358),
			r(20.72222222222222, 8.111796013701358))},
		{"3 teams of different sizes", [][]Rating{rep(d, 3), rep(d, 1), rep(d, 2)}, [][]Rating{
			rep(r(25.939870821784513, 8.247641552260456), 3),
			rep(r(27.21366020491262, 8.274321317985242), 1),
			rep(r(21.84646897330287, 8.213058173195341), 2)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := m.Rate(c.teams, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkTeams(t, got, c.want)
		})
	}
}

// Reference values of rate() with openskill's defaults (τ = 25/300), places
// and ties, from openskill.js src/__tests__/rate.test.ts
// (philihp/openskill.js). Its "rank" option is our places.
func TestRateReference(t *testing.T) {
	a1, b1, c1 := r(29.182, 4.782), r(27.174, 4.922), r(16.672, 6.217)
	def := Default()
	d1 := def.New()
	w1, x1, y1, z1 := r(15, 25.0/3), r(20, 25.0/3), r(25, 25.0/3), r(30, 25.0/3)
	withTau := func(tau float64, limit bool) Model {
		m := Default()
		m.Tau, m.LimitSigma = tau, limit
		return m
	}
	cases := []struct {
		name   string
		model  Model
		teams  [][]Rating
		places []int
		want   [][]Rating
	}{
		{"placket-luce by default", def, solo(a1, b1, c1, d1), nil, solo(
			r(30.210227447000438, 4.765617924939384),
			r(27.644725221915632, 4.883479590134575),
			r(17.4036218889969, 6.101259408259549),
			r(19.21460876538932, 7.854669920480409))},
		{"with tau", withTau(0.01, false), solo(a1, b1, c1, d1), nil, solo(
			r(30.20997558824299, 4.764909330988368),
			r(27.64461002009721, 4.882799245921361),
			r(17.403587237635527, 6.100731158882956),
			r(19.21478808745494, 7.854267281042293))},
		{"with tau and limitSigma", withTau(0.01, true), solo(r(6.672, 0.0001), r(29.182, 4.782)), nil, solo(
			r(6.672012533190158, 0.0001),
			r(26.316243774876106, 4.7540633621019))},
		{"teams", def, [][]Rating{{a1, b1}, {c1, d1}}, nil, [][]Rating{
			{r(29.607340941337068, 4.755311788972862), r(27.624602782532037, 4.892807828777459)},
			{r(15.953170429143093, 6.125902065139878), r(23.70858117648013, 8.111707446126035)}}},
		{"teams with tau", withTau(0.01, false), [][]Rating{{a1, b1}, {c1, d1}}, nil, [][]Rating{
			{r(29.60722003260825, 4.754607604502581), r(27.624482251695827, 4.892124276331747)},
			{r(15.953286947567106, 6.1253654293947335), r(23.708689129525133, 8.111303923213725)}}},
		{"teams with tau and limitSigma", withTau(0.01, true), [][]Rating{{r(9.182, 0.0001), b1}, {c1, d1}}, nil, [][]Rating{
			{r(9.182004653636957, 0.0001), r(28.301285923165363, 4.889318394468611)},
			{r(14.87349383521136, 6.076727029758966), r(21.768626152890867, 7.992333183226455)}}},
		{"reverses rank", def, solo(d1, d1), []int{2, 1}, solo(
			r(22.364610506859503, 8.06590141354368),
			r(27.635389493140497, 8.06590141354368))},
		{"misordered rank", def, solo(d1, d1, d1, d1), []int{2, 1, 4, 3}, solo(
			r(26.55291815138952, 8.17961798837266),
			r(27.795252672501135, 8.263571791259416),
			r(20.962412806387245, 8.084127880168786),
			r(24.689416369722096, 8.084127880168786))},
		{"rate ordering", def, solo(w1, x1, y1, z1), []int{1, 3, 4, 2}, solo(
			r(18.131120980297805, 8.283536573151807),
			r(20.405169039419135, 8.107860440531121),
			r(20.65583040714804, 8.082574596348321),
			r(30.80787957313502, 8.155100416275928))},
		{"teams in rating order", def, [][]Rating{{a1, d1}, {b1, d1}, {c1, d1}}, []int{3, 1, 2}, [][]Rating{
			{r(27.857622571955794, 4.744504197327133), r(20.97892943330433, 8.129851804000902)},
			{r(27.990904891666695, 4.901705733959291), r(27.341233554297506, 8.2314516336455)},
			{r(17.607030910762578, 6.141282638892306), r(26.67983701239816, 8.149157818911323)}}},
		{"allows ties", def, solo(r(10, 8), r(5, 10), r(0, 12)), []int{1, 2, 2}, solo(
			r(11.942996666741225, 7.926888197620324),
			r(2.9381178546315034, 9.653804487570165),
			r(-1.4024317012198733, 11.323641575516767))},
		{"four-way tie with newbies", def, solo(d1, d1, d1, d1), []int{1, 1, 1, 1}, solo(
			r(25, 8.263571791259416), r(25, 8.263571791259416),
			r(25, 8.263571791259416), r(25, 8.263571791259416))},
		{"fixes orders of ties", def, solo(w1, x1, y1, z1), []int{2, 4, 2, 1}, solo(
			r(15.340043358359136, 8.213141619804967),
			r(18.007678675484204, 8.189033933813437),
			r(24.25801928251219, 8.166918055585525),
			r(32.39425868364447, 8.247687230833794))},
		// "accepts a score instead of rank", score [1, 1, 1]: a three-way tie.
		{"three-way tie", def, solo(d1, d1, d1), []int{-1, -1, -1}, solo(
			r(25, 8.205243377397993), r(25, 8.205243377397993), r(25, 8.205243377397993))},
		{"tau 0.3", withTau(0.3, false), solo(r(25, 3), r(25, 3)), nil, solo(
			r(25.624880438870754, 2.9879993738476953),
			r(24.375119561129246, 2.9879993738476953))},
		{"prevents sigma from rising", withTau(0.3, true), solo(r(40, 3), r(-20, 3)), nil, solo(
			r(40.00032667136128, 3),
			r(-20.000326671361275, 3))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.model.Rate(c.teams, c.places)
			if err != nil {
				t.Fatal(err)
			}
			checkTeams(t, got, c.want)
		})
	}
}

// Places are a partial order, not positions: shifting them or listing the
// teams in another order changes nothing ("allows ties with reorder" in
// openskill.js's rate.test.ts).
func TestPlacesAreOnlyCompared(t *testing.T) {
	m := Default()
	a, b, c := r(10, 8), r(5, 10), r(0, 12)
	x, err := m.RatePlayers([]Rating{a, b, c}, []int{1, 2, 2})
	if err != nil {
		t.Fatal(err)
	}
	y, err := m.RatePlayers([]Rating{b, c, a}, []int{7, 7, 3})
	if err != nil {
		t.Fatal(err)
	}
	checkTeams(t, solo(y[2], y[0], y[1]), solo(x...))
}

func TestWinnerUpLoserDown(t *testing.T) {
	m := Default()
	d := m.New()
	got, err := m.RatePlayers([]Rating{d, d, d, d}, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Mu >= got[i-1].Mu {
			t.Errorf("place %d: mu %.4f, not below place %d's %.4f", i+1, got[i].Mu, i, got[i-1].Mu)
		}
	}
	if got[0].Ordinal() <= d.Ordinal() {
		t.Errorf("winner's ordinal %.4f did not rise from %.4f", got[0].Ordinal(), d.Ordinal())
	}
	if d.Ordinal() != 0 {
		t.Errorf("a new player's ordinal is %v, want 0", d.Ordinal())
	}
}

func TestRateLeavesArgumentsAlone(t *testing.T) {
	teams := [][]Rating{{r(20, 5)}, {r(30, 6), r(10, 2)}}
	places := []int{2, 1}
	if _, err := Default().Rate(teams, places); err != nil {
		t.Fatal(err)
	}
	if teams[0][0] != r(20, 5) || teams[1][0] != r(30, 6) || teams[1][1] != r(10, 2) || places[0] != 2 || places[1] != 1 {
		t.Errorf("Rate changed its arguments: %v %v", teams, places)
	}
}

func TestRateErrors(t *testing.T) {
	d := Default().New()
	bad := Default()
	bad.Beta = 0
	cases := []struct {
		name   string
		model  Model
		teams  [][]Rating
		places []int
		want   error
	}{
		{"one team", Default(), solo(d), nil, ErrTooFewTeams},
		{"no teams", Default(), nil, nil, ErrTooFewTeams},
		{"empty team", Default(), [][]Rating{{d}, {}}, nil, ErrEmptyTeam},
		{"places short", Default(), solo(d, d), []int{1}, ErrPlaces},
		{"zero sigma", Default(), solo(d, r(25, 0)), nil, ErrBadRating},
		{"NaN mu", Default(), solo(d, r(math.NaN(), 1)), nil, ErrBadRating},
		{"zero beta", bad, solo(d, d), nil, ErrBadModel},
		{"zero model", Model{}, solo(d, d), nil, ErrBadModel},
	}
	for _, c := range cases {
		if _, err := c.model.Rate(c.teams, c.places); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}
