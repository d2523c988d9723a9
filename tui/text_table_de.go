package tui

// tableDE holds the German of the table's flow: the countdown, away and
// back, the pause after a trick, the overlays, the end of a game.
var tableDE = map[string]string{
	"You are away: your bot plays until you press a key.": "Du bist weg: Dein Bot spielt, bis du eine Taste drückst.",
	"Welcome back: your bot played %s for you.":           "Willkommen zurück: Dein Bot hat für dich %s gespielt.",
	"round %s":                              "Runde %s",
	"rounds %s":                             "Runden %s",
	"You are away: your bot plays for you.": "Du bist weg: Dein Bot spielt für dich.",
	"%s won the trick":                      "%s hat den Stich gewonnen",
	"your card was":                         "deine Karte war",
	"Trick complete:":                       "Stich komplett:",
	"Previous trick:":                       "Voriger Stich:",
	"Previous trick: none yet this round.":  "Voriger Stich: in dieser Runde noch keiner.",
	"Any key closes it.":                    "Eine Taste schließt ihn.",
	"You are away: your bot played %s.":     "Du bist weg: Dein Bot hat %s gespielt.",
	"Press any key to play.":                "Drück eine Taste zum Spielen.",
	"Your card was":                         "Deine Karte war",
	"Your seat is kept while this is open; your turn timer runs on.": "Dein Platz bleibt dir, solange das offen ist; deine Zugzeit läuft weiter.",
	"back to the table": "zurück zum Tisch",
	"s opens your settings here: language, cards, colours, bell.": "s öffnet hier deine Einstellungen: Sprache, Karten, Farben, Glocke.",
}
