// Package ratings rates players with OpenSkill: the Bayesian approximation
// of Weng and Lin (2011), "A Bayesian Approximation Method for Online
// Ranking", JMLR 12:267–300, with the Plackett–Luce model (its Algorithm 4).
// No Go module for it was available to us, so it is implemented here from the
// paper, with the defaults and conventions of the openskill.js and
// openskill.py libraries so that their published test values apply.
//
// A skill is a normal belief N(Mu, Sigma²). After a game, Model.Rate moves
// every team's belief towards what its place says: the winners' Mu goes up,
// the losers' down, and every Sigma shrinks as the model learns. Ordinal
// (Mu − 3σ) is the number to sort a leaderboard by: a skill the player very
// probably has at least.
//
// Everything here is a pure function of its arguments: no globals, no clock,
// no randomness.
package ratings

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Rating is one player's skill belief: a normal distribution with mean Mu and
// standard deviation Sigma.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Ordinal is Mu − 3·Sigma: the skill the player has with about 99.9 %
// probability, which starts at 0 for a new player (25 − 3·25/3) and is what
// leaderboards sort by. Early on it usually rises even after a loss, as Sigma
// shrinks.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

func (r Rating) String() string { return fmt.Sprintf("μ=%.3f σ=%.3f", r.Mu, r.Sigma) }

// Model holds the parameters of the rating system. Default gives the usual
// values; a zero Model is not valid.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the spread of one game's performance around a player's skill:
	// how much luck there is in a single game.
	Beta float64
	// Kappa keeps a variance factor positive: a Sigma never shrinks by more
	// than a factor √Kappa in one game.
	Kappa float64
	// Tau is the additive dynamics factor: before each game every Sigma grows
	// to √(σ² + τ²), so ratings keep moving as players change. 0: none.
	Tau float64
	// LimitSigma keeps a game from raising a Sigma above its value before
	// the game (which Tau alone can do).
	LimitSigma bool
}

// Default returns the model with the paper's and OpenSkill's usual values:
// Mu 25, Sigma 25/3, Beta 25/6 (= Sigma/2), Kappa 0.0001 and Tau 25/300 (=
// Mu/300, openskill's default), LimitSigma off.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// New returns a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Errors of Rate.
var (
	ErrTooFewTeams = errors.New("ratings: a game needs at least two teams")
	ErrEmptyTeam   = errors.New("ratings: a team needs at least one player")
	ErrPlaces      = errors.New("ratings: one place per team is needed")
	ErrBadRating   = errors.New("ratings: mu must be finite and sigma finite and positive")
	ErrBadModel    = errors.New("ratings: beta and kappa must be positive, tau not negative")
)

// RatePlayers rates a game where each player plays for themselves: players[i]
// finished in places[i]. A lower place is better and equal places are ties
// (1, 2, 2, 4 or 0, 1, 1, 3 mean the same); nil places mean the order given,
// winner first. It returns the new ratings in the same order.
func (m Model) RatePlayers(players []Rating, places []int) ([]Rating, error) {
	teams := make([][]Rating, len(players))
	for i, p := range players {
		teams[i] = []Rating{p}
	}
	out, err := m.Rate(teams, places)
	if err != nil {
		return nil, err
	}
	res := make([]Rating, len(out))
	for i, t := range out {
		res[i] = t[0]
	}
	return res, nil
}

// Rate rates a game of teams: teams[i] finished in places[i], where a lower
// place is better and equal places are ties; nil places mean the order
// given, winner first. A team's skill is the sum of its players' skills. It
// returns new ratings shaped like teams; the arguments are not changed.
func (m Model) Rate(teams [][]Rating, places []int) ([][]Rating, error) {
	if !(m.Beta > 0) || !(m.Kappa > 0) || !(m.Tau >= 0) || math.IsInf(m.Beta+m.Kappa+m.Tau, 0) {
		return nil, ErrBadModel
	}
	if len(teams) < 2 {
		return nil, ErrTooFewTeams
	}
	if places == nil {
		places = make([]int, len(teams))
		for i := range places {
			places[i] = i
		}
	}
	if len(places) != len(teams) {
		return nil, ErrPlaces
	}
	// Dynamics first (τ): every σ grows to √(σ² + τ²).
	prior := make([][]Rating, len(teams))
	for i, t := range teams {
		if len(t) == 0 {
			return nil, ErrEmptyTeam
		}
		prior[i] = make([]Rating, len(t))
		for j, r := range t {
			if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
				return nil, ErrBadRating
			}
			prior[i][j] = Rating{Mu: r.Mu, Sigma: math.Sqrt(r.Sigma*r.Sigma + m.Tau*m.Tau)}
		}
	}
	post := m.plackettLuce(prior, places)
	if m.LimitSigma {
		for i, t := range post {
			for j := range t {
				post[i][j].Sigma = math.Min(post[i][j].Sigma, teams[i][j].Sigma)
			}
		}
	}
	return post, nil
}

// plackettLuce is Algorithm 4 of Weng and Lin (2011) with ties, for teams
// whose σ already includes τ. With k teams, team i's skill θ_i ~ N(μ_i, σ_i²)
// is the sum over its players, r(i) its place, and
//
//	c     = √(Σ_i (σ_i² + β²))
//	C_q   = Σ_{s: r(s) ≥ r(q)} exp(μ_s/c)      (the teams not ahead of q)
//	A_q   = |{s: r(s) = r(q)}|                  (the teams tied with q)
//	p_iq  = exp(μ_i/c) / C_q
//	Ω_i   = σ_i²/c  · Σ_{q: r(q) ≤ r(i)} (1[q = i] − p_iq) / A_q
//	Δ_i   = γ_i σ_i²/c² · Σ_{q: r(q) ≤ r(i)} p_iq (1 − p_iq) / A_q,  γ_i = σ_i/c
//
// and each player j of team i moves by its share of the team's variance:
//
//	μ_j ← μ_j + (σ_j²/σ_i²) Ω_i
//	σ_j ← σ_j · √max(1 − (σ_j²/σ_i²) Δ_i, κ)
func (m Model) plackettLuce(teams [][]Rating, places []int) [][]Rating {
	k := len(teams)
	mu := make([]float64, k)
	sigSq := make([]float64, k)
	sum := m.Beta * m.Beta * float64(k)
	for i, t := range teams {
		for _, r := range t {
			mu[i] += r.Mu
			sigSq[i] += r.Sigma * r.Sigma
		}
		sum += sigSq[i]
	}
	c := math.Sqrt(sum)

	// The reference libraries sum in place order; do the same so that the
	// last digits agree with their published values.
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return places[a] - places[b] })

	e := make([]float64, k)
	for i := range e {
		e[i] = math.Exp(mu[i] / c)
	}
	cq := make([]float64, k)
	aq := make([]float64, k)
	for _, q := range order {
		for _, s := range order {
			if places[s] >= places[q] {
				cq[q] += e[s]
			}
			if places[s] == places[q] {
				aq[q]++
			}
		}
	}

	out := make([][]Rating, k)
	for i := range teams {
		var omega, delta float64
		for _, q := range order {
			if places[q] > places[i] {
				continue
			}
			p := e[i] / cq[q]
			delta += p * (1 - p) / aq[q]
			if q == i {
				omega += (1 - p) / aq[q]
			} else {
				omega -= p / aq[q]
			}
		}
		gamma := math.Sqrt(sigSq[i]) / c
		omega *= sigSq[i] / c
		delta *= gamma * sigSq[i] / (c * c)

		out[i] = make([]Rating, len(teams[i]))
		for j, r := range teams[i] {
			share := r.Sigma * r.Sigma / sigSq[i]
			out[i][j] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, m.Kappa)),
			}
		}
	}
	return out
}
