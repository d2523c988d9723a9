package tui

// tableNL holds the Dutch of the table's flow: the countdown, away and
// back, the pause after a trick, the overlays, the end of a game.
var tableNL = map[string]string{
	"You are away: your bot plays until you press a key.": "Je bent weg: je bot speelt tot je een toets indrukt.",
	"Welcome back: your bot played %s for you.":           "Welkom terug: je bot heeft %s voor je gespeeld.",
	"round %s":                              "ronde %s",
	"rounds %s":                             "rondes %s",
	"You are away: your bot plays for you.": "Je bent weg: je bot speelt voor je.",
	"%s won the trick":                      "%s heeft de slag gewonnen",
	"your card was":                         "je kaart was",
	"Trick complete:":                       "Slag compleet:",
	"Previous trick:":                       "Vorige slag:",
	"Previous trick: none yet this round.":  "Vorige slag: nog geen in deze ronde.",
	"Any key closes it.":                    "Een toets sluit hem.",
	"You are away: your bot played %s.":     "Je bent weg: je bot heeft %s gespeeld.",
	"Press any key to play.":                "Druk op een toets om te spelen.",
	"Your card was":                         "Je kaart was",
	"Your seat is kept while this is open; your turn timer runs on.": "Je plaats blijft van jou zolang dit open is; je beurttijd loopt door.",
	"back to the table": "terug naar de tafel",
	"s opens your settings here: language, cards, colours, bell.": "s opent hier je instellingen: taal, kaarten, kleuren, bel.",
}
