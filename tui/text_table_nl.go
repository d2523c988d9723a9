package tui

// tableNL holds the Dutch of the table's flow: the countdown, away and
// back, the pause after a trick, the overlays, the end of a game.
var tableNL = map[string]string{
	"You are away: your bot plays until you press a key.": "Je bent weg: je bot speelt tot je een toets indrukt.",
	"Welcome back: your bot played %s for you.":           "Welkom terug: je bot heeft %s voor je gespeeld.",
	"round %s":                              "ronde %s",
	"rounds %s":                             "rondes %s",
	"You are away: your bot plays for you.": "Je bent weg: je bot speelt voor je.",
	"You are away: your bot played %s for you.": "Je bent weg: je bot heeft %s voor je gespeeld.",
	"Press any key to play yourself.":           "Druk op een toets om zelf te spelen.",
}
