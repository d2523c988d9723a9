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
		"unknown command %q: the commands are %s":                                  "unbekannter Befehl %q: Es gibt %s",
		"Hand %s's seat %d to a bot? They can sit again in a free seat. y: hand it over, other keys: keep": "%s: Platz %d an einen Bot geben? Ein freier Platz bleibt möglich. y: abgeben, andere Taste: behalten",
		"hand it over":  "abgeben",
		"(%s finished)": "(%s spielte zu Ende)",
		"watching: %s":  "es schauen zu: %s",
		"keep":          "behalten",
		"  a bot plays it), L leaves the seat for good; the host starts with S.":     "  ein Bot spielt ihn), L gibt den Platz auf; der Gastgeber startet mit S.",
		"Commands (: at a table): :away, :back, :leave, :bot N gives seat N":         "Befehle (: am Tisch): :away, :back, :leave, :bot N gibt Platz N",
		"  to a bot, :penalty N -5 reason gives a Boerenbridge penalty.":             "  an einen Bot, :penalty N -5 Grund gibt eine Boerenbridge-Strafe.",
		"  Admins: :kick NAME, :ban NAME [DURATION], :unban KEY|IP, :announce TEXT.": "  Admins: :kick NAME, :ban NAME [DAUER], :unban KEY|IP, :announce TEXT.",
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
		"unknown command %q: the commands are %s":                                  "onbekend commando %q: de commando's zijn %s",
		"Hand %s's seat %d to a bot? They can sit again in a free seat. y: hand it over, other keys: keep": "%s: plaats %d aan een bot geven? Een vrije plaats kan nog. y: afgeven, andere toets: houden",
		"hand it over":  "afgeven",
		"(%s finished)": "(%s speelde het uit)",
		"watching: %s":  "kijkers: %s",
		"keep":          "houden",
		"  a bot plays it), L leaves the seat for good; the host starts with S.":     "  een bot speelt hem), L verlaat de plaats; de gastheer start met S.",
		"Commands (: at a table): :away, :back, :leave, :bot N gives seat N":         "Commando's (: aan tafel): :away, :back, :leave, :bot N geeft plaats N",
		"  to a bot, :penalty N -5 reason gives a Boerenbridge penalty.":             "  aan een bot, :penalty N -5 reden geeft een boerenbridgestraf.",
		"  Admins: :kick NAME, :ban NAME [DURATION], :unban KEY|IP, :announce TEXT.": "  Admins: :kick NAAM, :ban NAAM [DUUR], :unban KEY|IP, :announce TEKST.",
	}
)
