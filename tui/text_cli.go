package tui

// The translations of what the commands that answer in plain text write
// (`ssh host help`, `list`, `export`) and of their error lines. They join
// the catalogues of text_de.go and text_nl.go (text.go). The commands and
// flags named in them (help, list --json, join …) stay as typed; their
// placeholders (GAME, TABLE …) are translated.
var (
	cliDE = map[string]string{
		"cardroom — a card room over SSH":                                          "cardroom — ein Kartenraum über SSH",
		"open the lobby":                                                           "die Lobby öffnen",
		"create a table (%s)":                                                      "einen Tisch eröffnen (%s)",
		"sit at a table by its id or invite code":                                  "sich an einen Tisch setzen, über seine Kennung oder den Einladungscode",
		"watch a table":                                                            "an einem Tisch zuschauen",
		"list the tables (plain text; list --json for programs)":                   "die Tische auflisten (als Text; list --json für Programme)",
		"write a finished game's record to stdout":                                 "den Spielbericht eines beendeten Spiels auf stdout ausgeben",
		"seat your program as a bot at the private table that invited its key":     "dein Programm als Bot an den privaten Tisch setzen, der seinen Schlüssel eingeladen hat",
		"seat your program as a bot at a table (with one of the admin's bot keys)": "dein Programm als Bot an einen Tisch setzen (mit einem der Bot-Schlüssel des Admins)",
		"this help":                          "diese Hilfe",
		"new GAME":                           "new SPIEL",
		"join CODE":                          "join CODE",
		"watch TABLE":                        "watch TISCH",
		"export GAME":                        "export SPIEL",
		"bot TABLE":                          "bot TISCH",
		"the lobby needs a terminal: use %s": "Die Lobby braucht ein Terminal: Verwende %s",
		"(see %s)":                           "(siehe %s)",
		"help takes no arguments, got %q":    "help kennt keine Argumente, nicht %q",
		"list takes only --json, got %q":     "list kennt nur --json, nicht %q",
		"export takes one game number, got %q too":          "export nimmt eine Spielnummer, nicht auch noch %q",
		"%s takes one table id or invite code":              "%s braucht eine Tischkennung oder einen Einladungscode",
		"%q needs a terminal: use %s":                       "%q braucht ein Terminal: %s",
		"unknown command %q":                                "Unbekannter Befehl %q",
		"No tables yet.":                                    "Noch keine Tische.",
		"Open the lobby with %s and press n to create one.": "Öffne die Lobby mit %s und drück n, um einen zu eröffnen.",
		"WATCHING":                          "ZUSCHAUER",
		"this server keeps no game history": "Dieser Server speichert keine Spiele.",
		"export which game? give its number, e.g. export 12 (your games: %s, then h)": "Welches Spiel? Gib seine Nummer an, z. B. export 12 (deine Spiele: %s, dann h)",
	}
	cliNL = map[string]string{
		"cardroom — a card room over SSH":                                          "cardroom — een kaartzaal via SSH",
		"open the lobby":                                                           "de lobby openen",
		"create a table (%s)":                                                      "een tafel openen (%s)",
		"sit at a table by its id or invite code":                                  "aan een tafel gaan zitten, via het id of de uitnodigingscode",
		"watch a table":                                                            "aan een tafel toekijken",
		"list the tables (plain text; list --json for programs)":                   "de tafels opsommen (als tekst; list --json voor programma's)",
		"write a finished game's record to stdout":                                 "het spelverslag van een afgelopen partij naar stdout schrijven",
		"seat your program as a bot at the private table that invited its key":     "je programma als bot aan de privétafel zetten die zijn sleutel heeft uitgenodigd",
		"seat your program as a bot at a table (with one of the admin's bot keys)": "je programma als bot aan een tafel zetten (met een van de botsleutels van de beheerder)",
		"this help":                          "deze hulp",
		"new GAME":                           "new SPEL",
		"join CODE":                          "join CODE",
		"watch TABLE":                        "watch TAFEL",
		"export GAME":                        "export PARTIJ",
		"bot TABLE":                          "bot TAFEL",
		"the lobby needs a terminal: use %s": "De lobby vraagt om een terminal: gebruik %s",
		"(see %s)":                           "(zie %s)",
		"help takes no arguments, got %q":    "help neemt geen argumenten, niet %q",
		"list takes only --json, got %q":     "list kent alleen --json, niet %q",
		"export takes one game number, got %q too":          "export neemt één partijnummer, niet ook nog %q",
		"%s takes one table id or invite code":              "%s wil één tafel-id of uitnodigingscode",
		"%q needs a terminal: use %s":                       "%q vraagt om een terminal: %s",
		"unknown command %q":                                "Onbekend commando %q",
		"No tables yet.":                                    "Nog geen tafels.",
		"Open the lobby with %s and press n to create one.": "Open de lobby met %s en druk op n om er een te openen.",
		"WATCHING":                          "TOESCHOUWERS",
		"this server keeps no game history": "Deze server bewaart geen partijen.",
		"export which game? give its number, e.g. export 12 (your games: %s, then h)": "Welke partij? Geef het nummer, bv. export 12 (je partijen: %s, dan h)",
	}
)
