package tui

// The translations of the answers to ":" commands given where they do not
// work: in the lobby, and :bot on one's own seat. They join the catalogues
// of text_de.go and text_nl.go (text.go).
var (
	commandsDE = map[string]string{
		":%s works at a table: sit down first (enter or 1-4).":              ":%s geht am Tisch: Setz dich erst (enter oder 1-4).",
		":%s is for admins only.":                                           ":%s ist nur für Admins.",
		"%q is no lobby command: :away, :bot … work at a table; q quits.":   "%q ist kein Lobby-Befehl: :away, :bot … gehen am Tisch; q beendet.",
		"Seat %d is yours: :away has a bot play it for you, L gives it up.": "Platz %d ist deiner: :away lässt einen Bot für dich spielen, L gibt ihn auf.",
		"Seat %d is yours: L gives it up.":                                  "Platz %d ist deiner: L gibt ihn auf.",
	}
	commandsNL = map[string]string{
		":%s works at a table: sit down first (enter or 1-4).":              ":%s werkt aan tafel: ga eerst zitten (enter of 1-4).",
		":%s is for admins only.":                                           ":%s is alleen voor beheerders.",
		"%q is no lobby command: :away, :bot … work at a table; q quits.":   "%q is geen lobbycommando: :away, :bot … werken aan tafel; q stopt.",
		"Seat %d is yours: :away has a bot play it for you, L gives it up.": "Plaats %d is van jou: met :away speelt een bot voor je, L geeft hem op.",
		"Seat %d is yours: L gives it up.":                                  "Plaats %d is van jou: L geeft hem op.",
	}
)
