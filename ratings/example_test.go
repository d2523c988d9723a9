package ratings_test

import (
	"fmt"

	"github.com/cardroom/cardroom/ratings"
)

// Four new players finish a game: Bob wins, Alice is second, Carol and Dave
// share third place.
func ExampleModel_RatePlayers() {
	m := ratings.Default()
	players := []ratings.Rating{m.New(), m.New(), m.New(), m.New()}
	after, err := m.RatePlayers(players, []int{2, 1, 3, 3})
	if err != nil {
		panic(err)
	}
	for i, name := range []string{"alice", "bob", "carol", "dave"} {
		fmt.Printf("%-5s mu %.2f sigma %.2f ordinal %.2f\n", name, after[i].Mu, after[i].Sigma, after[i].Ordinal())
	}
	// Output:
	// alice mu 26.55 sigma 8.18 ordinal 2.01
	// bob   mu 27.80 sigma 8.26 ordinal 3.00
	// carol mu 22.83 sigma 8.08 ordinal -1.43
	// dave  mu 22.83 sigma 8.08 ordinal -1.43
}
