package tui

// The translations of the answers to ":" commands given where they do not
// work, such as in the lobby. They join the catalogues of text_de.go and
// text_nl.go (text.go).
var (
	commandsDE = map[string]string{
		":%s works at a table: sit down first (enter or 1-4).":            ":%s geht am Tisch: Setz dich erst (enter oder 1-4).",
		":%s is for admins only.":                                         ":%s ist nur für Admins.",
		"%q is no lobby command: :away, :bot … work at a table; q quits.": "%q ist kein Lobby-Befehl: :away, :bot … gehen am Tisch; q beendet.",
	}
	commandsNL = map[string]string{
		":%s works at a table: sit down first (enter or 1-4).":            ":%s werkt aan tafel: ga eerst zitten (enter of 1-4).",
		":%s is for admins only.":                                         ":%s is alleen voor beheerders.",
		"%q is no lobby command: :away, :bot … work at a table; q quits.": "%q is geen lobbycommando: :away, :bot … werken aan tafel; q stopt.",
	}
)
