package tui

// The translations of the seat and host texts: going back to a seat,
// private tables, handing a seat to a bot, the table commands. They join
// the catalogues of text_de.go and text_nl.go (text.go).
var (
	seatsDE = map[string]string{
		"your seat":                              "dein Platz",
		"your seat — enter to return":            "dein Platz — enter bringt dich zurück",
		"start":                                  "starten",
		"Every seat is taken: press S to start.": "Alle Plätze sind besetzt: S startet.",
		"Every seat is taken: the host starts the game.":                           "Alle Plätze sind besetzt: Der Gastgeber startet das Spiel.",
		"Back in the lobby.":                                                       "Zurück in der Lobby.",
		"Back in the lobby. Your seat is kept: enter on the table takes you back.": "Zurück in der Lobby. Dein Platz bleibt: enter auf dem Tisch bringt dich zurück.",
		"unlisted, by invite code":                                                 "nicht gelistet, per Einladungscode",
	}
	seatsNL = map[string]string{
		"your seat":                              "jouw plaats",
		"your seat — enter to return":            "jouw plaats — enter brengt je terug",
		"start":                                  "starten",
		"Every seat is taken: press S to start.": "Alle plaatsen zijn bezet: S start.",
		"Every seat is taken: the host starts the game.":                           "Alle plaatsen zijn bezet: de gastheer start het spel.",
		"Back in the lobby.":                                                       "Terug in de lobby.",
		"Back in the lobby. Your seat is kept: enter on the table takes you back.": "Terug in de lobby. Je plaats blijft: enter op de tafel brengt je terug.",
		"unlisted, by invite code":                                                 "niet vermeld, met uitnodigingscode",
	}
)
