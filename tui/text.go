package tui

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cardroom/cardroom/engine"
)

// text translates the UI's English strings into the session's language.
// A string missing from a catalogue shows in English.
type text struct {
	lang string
	cat  map[string]string
}

func newText(lang string) *text {
	return &text{lang: lang, cat: catalogues[lang]}
}

// get returns the translation of an English UI string.
func (t *text) get(en string) string {
	if s, ok := t.cat[en]; ok {
		return s
	}
	return en
}

// decimal is x with one decimal, written with the language's decimal
// mark: 1.5 in English, 1,5 in German and Dutch.
func (t *text) decimal(x float64) string {
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if t.lang == "de" || t.lang == "nl" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// f translates a format string, then formats it; a float64 is written
// with the language's decimal mark (see decimal).
func (t *text) f(en string, args ...any) string {
	if t.lang == "de" || t.lang == "nl" {
		args = slices.Clone(args)
		for i, a := range args {
			if x, ok := a.(float64); ok {
				args[i] = commaFloat(x)
			}
		}
	}
	return fmt.Sprintf(t.get(en), args...)
}

// commaFloat formats as a float64 does, with a decimal comma.
type commaFloat float64

func (c commaFloat) Format(s fmt.State, verb rune) {
	fmt.Fprint(s, strings.Replace(fmt.Sprintf(fmt.FormatString(s, verb), float64(c)), ".", ",", 1))
}

// catalogues holds the translations by language code; read-only.
var catalogues = map[string]map[string]string{
	"en": {},
	"de": joined(catalogueDE, tableDE, adminDE, seatsDE, commandsDE, cliDE),
	"nl": joined(catalogueNL, tableNL, adminNL, seatsNL, commandsNL, cliNL),
}

// joined is the catalogues cs in one map (the first one given wins).
func joined(cs ...map[string]string) map[string]string {
	out := map[string]string{}
	for i := len(cs) - 1; i >= 0; i-- {
		maps.Copy(out, cs[i])
	}
	return out
}

// err returns the message of an error from another package (an engine's
// reason for an illegal move, a table's or the lobby's error) in the
// session's language, as a sentence. A message it does not know shows as it
// is, in English; nil is "".
func (t *text) err(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	var ill *engine.IllegalMove
	if errors.As(err, &ill) {
		msg = ill.Reason
	}
	return t.message(msg)
}

// message translates a message another package wrote for people: an
// error's text, a table's system chat line (ChatLine.System), why a table
// ended (Snapshot.Ended), the lobby's note on entry (Entry.Note). A message
// it does not know shows as it is.
func (t *text) message(msg string) string {
	// Wrapped messages ("deal: …") are tried without their prefixes.
	for try := msg; ; {
		if m, args := matchMessage(try); m != nil {
			return t.fill(m, args)
		}
		i := strings.Index(try, ": ")
		if i < 0 || strings.ContainsAny(try[:i], " \"") {
			break
		}
		try = try[i+2:]
	}
	return msg
}

// fill writes message m with its arguments in t's language.
func (t *text) fill(m *message, args []string) string {
	tmpl, ok := m.tr[t.lang]
	if !ok {
		if len(args) > 0 && args[0] != "" && strings.HasPrefix(m.matched, args[0]) {
			return fullStop(m.matched) // it starts with a name, which keeps its case
		}
		return sentence(m.matched)
	}
	return placeholder.ReplaceAllStringFunc(tmpl, func(p string) string {
		sub := placeholder.FindStringSubmatch(p)
		i, _ := strconv.Atoi(sub[1])
		if i >= len(args) {
			return p
		}
		a := args[i]
		switch sub[2] {
		case "suit":
			if w, ok := suitWords[t.lang][a]; ok {
				return w
			}
		case "phase":
			if w, ok := phaseWords[t.lang][a]; ok {
				return w
			}
		case "seat": // the engines count seats from 0, players from 1
			if n, err := strconv.Atoi(a); err == nil {
				return strconv.Itoa(n + 1)
			}
		case "get":
			return t.get(a)
		case "opt":
			return optionLabel(t, a)
		case "dd":
			return ddCardsText(t.lang, a)
		}
		return a
	})
}

// sentence starts s with a capital and ends it with a full stop.
func sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return fullStop(string(unicode.ToUpper(r)) + s[n:])
}

// fullStop ends s with a full stop.
func fullStop(s string) string {
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}

// placeholder is {N} or {N|how} in a translated message: argument N as it
// is, or turned into words (suit, phase), counted from 1 (seat), looked up
// in the catalogue (get), named as a rule option (opt) or written as Dou
// Dizhu's play line writes cards (dd).
var placeholder = regexp.MustCompile(`\{([0-9])(?:\|([a-z]+))?\}`)

// message is an English message from another package, matched whole by a
// pattern whose groups are its arguments, and its translations by language.
// An "en" translation rewords the English (a suit letter in words, seats
// counted from 1); without one the English is shown as a sentence.
type message struct {
	en      string
	re      *regexp.Regexp
	tr      map[string]string
	matched string // set on the copy matchMessage returns
}

func msg(en string, tr ...string) message {
	m := message{en: en, re: regexp.MustCompile("^(?:" + en + ")$"), tr: map[string]string{}}
	for i := 0; i+1 < len(tr); i += 2 {
		m.tr[tr[i]] = tr[i+1]
	}
	return m
}

// findMessage returns the message s is an instance of, or nil.
func findMessage(s string) *message {
	m, _ := matchMessage(s)
	return m
}

func matchMessage(s string) (*message, []string) {
	for i := range messages {
		if sub := messages[i].re.FindStringSubmatch(s); sub != nil {
			m := messages[i]
			m.matched = s
			return &m, sub[1:]
		}
	}
	return nil, nil
}

var suitWords = map[string]map[string]string{
	"en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trump"},
	"de": {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz", "none": "ohne Trumpf"},
	"nl": {"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren", "none": "zonder troef"},
}

// phaseWords complete "seat N is to …" (engine/trick phase names).
var phaseWords = map[string]map[string]string{
	"de": {"deal": "geben", "draw": "ziehen", "bid": "ansagen", "trump": "Trumpf bestimmen", "play": "spielen", "over": "nichts mehr tun"},
	"nl": {"deal": "delen", "draw": "trekken", "bid": "bieden", "trump": "troef kiezen", "play": "spelen", "over": "niets meer doen"},
}

// Patterns for the arguments of messages.
const (
	num    = `(-?[0-9]+)`
	quoted = `("(?:[^"\\]|\\.)*")`
	word   = `(\S+)`
	any_   = `(.+)`
	// ddCards is Dou Dizhu ranks in the rules' notation ("8888B").
	ddCards = `([3-9TJQKA2BR]+)`
	// optName is a rule option's name.
	optName = `([a-z_]+)`
)

// messages are the messages of the engines (their reasons for an illegal
// move), the tables and the lobby that reach the screen, first match wins.
var messages = []message{
	// engine/trick and engine/doudizhu: engine.Illegal reasons.
	msg(`must follow `+word,
		"en", "You must follow {0|suit}.",
		"de", "Du musst {0|suit} bedienen.",
		"nl", "Je moet {0|suit} bekennen."),
	msg(`the game is over`,
		"de", "Das Spiel ist vorbei.",
		"nl", "De partij is afgelopen."),
	msg(`the cards must be dealt first`,
		"de", "Erst müssen die Karten gegeben werden.",
		"nl", "Eerst moeten de kaarten gedeeld worden."),
	msg(`there is no seat `+num+` at this table`,
		"en", "There is no seat {0|seat} at this table.",
		"de", "An diesem Tisch gibt es keinen Platz {0|seat}.",
		"nl", "Aan deze tafel is er geen plaats {0|seat}."),
	msg(`there is no seat `+num,
		"en", "There is no seat {0|seat}.",
		"de", "Es gibt keinen Platz {0|seat}.",
		"nl", "Er is geen plaats {0|seat}."),
	msg(`not your turn: seat `+num+` is to `+word,
		"en", "Not your turn: seat {0|seat} is to {1}.",
		"de", "Du bist nicht am Zug: Platz {0|seat} muss {1|phase}.",
		"nl", "Je bent niet aan de beurt: plaats {0|seat} moet {1|phase}."),
	msg(`it is seat `+num+`'s turn`,
		"en", "It is seat {0|seat}'s turn.",
		"de", "Platz {0|seat} ist am Zug.",
		"nl", "Plaats {0|seat} is aan de beurt."),
	msg(`it is time to bid: bid 0 to `+num,
		"de", "Jetzt wird angesagt: 0 bis {0} Stiche.",
		"nl", "Eerst bieden: 0 tot en met {0} slagen."),
	msg(`bids go from 0 to `+num+`, the cards in hand`,
		"de", "Angesagt werden 0 bis {0} Stiche, so viele Karten wie auf der Hand.",
		"nl", "Je biedt 0 tot en met {0} slagen, zoveel als je kaarten hebt."),
	msg(`the bids would add up to `+num+`, the number of cards \(dealer hook\)`,
		"de", "Die Ansagen ergäben {0}, so viele Karten wie ausgeteilt: Das darf der Geber nicht.",
		"nl", "De boden zouden samen {0} zijn, het aantal kaarten: dat mag de deler niet."),
	msg(`you name trump now: trump S, H, D or C`,
		"de", "Du bestimmst jetzt Trumpf: Pik, Herz, Karo oder Kreuz (p h k x).",
		"nl", "Jij kiest nu troef: schoppen, harten, ruiten of klaveren (s h r k)."),
	msg(`no trump may not be named: choose S, H, D or C`,
		"en", "No trump is not allowed: name spades, hearts, diamonds or clubs (s h d c).",
		"de", "„Ohne Trumpf“ ist nicht erlaubt: Wähle Pik, Herz, Karo oder Kreuz (p h k x).",
		"nl", "Zonder troef mag niet: kies schoppen, harten, ruiten of klaveren (s h r k)."),
	msg(`it is time to play a card`,
		"de", "Jetzt wird gespielt: Spiel eine Karte aus.",
		"nl", "Nu wordt er gespeeld: speel een kaart."),
	msg(`you cannot see your card in the forehead round: play it unseen`,
		"de", "In der Stirnrunde siehst du deine Karte nicht: Spiel sie ungesehen aus.",
		"nl", "In de voorhoofdronde zie je je eigen kaart niet: speel hem ongezien."),
	msg(`you do not hold `+ddCards, // Dou Dizhu: a trick game's card has a suit letter
		"en", "You do not hold {0|dd}.",
		"de", "Du hast {0|dd} nicht auf der Hand.",
		"nl", "Je hebt {0|dd} niet in je hand."),
	msg(`you do not hold `+any_,
		"de", "Du hast {0} nicht auf der Hand.",
		"nl", "Je hebt {0} niet in je hand."),
	msg(`bid 1, 2 or 3, or pass`,
		"de", "Sag 1, 2 oder 3 an, oder passe.",
		"nl", "Bied 1, 2 of 3, of pas."),
	msg(`a bid must be higher than `+num,
		"de", "Eine Ansage muss höher als {0} sein.",
		"nl", "Een bod moet hoger zijn dan {0}."),
	msg(`the bidding is on: bid 1, 2 or 3, or pass`,
		"de", "Es wird angesagt: Sag 1, 2 oder 3 an, oder passe.",
		"nl", "Er wordt geboden: bied 1, 2 of 3, of pas."),
	msg(`you lead: play a combination, you may not pass`,
		"de", "Du spielst aus: Leg eine Kombination, passen darfst du nicht.",
		"nl", "Jij komt uit: speel een combinatie, passen mag niet."),
	msg(`play a combination or pass`,
		"de", "Leg eine Kombination oder passe.",
		"nl", "Speel een combinatie of pas."),
	msg(`write the ranks of your combination, e\.g\. play 33344`,
		"de", "Tippe die Ränge deiner Kombination, z. B. 33344.",
		"nl", "Typ de rangen van je combinatie, bv. 33344."),
	msg(`write the ranks low to high: `+word,
		"en", "Write the ranks low to high: {0|dd}.",
		"de", "Ränge von niedrig nach hoch: {0|dd}.",
		"nl", "Rangen van laag naar hoog: {0|dd}."),
	msg(word+` is not a combination`,
		"en", "{0|dd} is not a combination.",
		"de", "{0|dd} ist keine gültige Kombination.",
		"nl", "{0|dd} is geen geldige combinatie."),
	msg(quoted+` is not a rank: use 3–9, T, J, Q, K, A, 2, B, R`,
		"de", "{0} ist kein Rang: 3–9, T, J, Q, K, A, 2, B, R.",
		"nl", "{0} is geen rang: gebruik 3–9, T, J, Q, K, A, 2, B, R."),
	msg(`there are only `+num+` cards of rank `+word,
		"en", "There are only {0} cards of rank {1|dd}.",
		"de", "Es gibt nur {0} Karten vom Rang {1|dd}.",
		"nl", "Er zijn maar {0} kaarten van rang {1|dd}."),
	msg(`no cards: a play has at least one card`,
		"de", "Keine Karten: Ein Spielzug hat mindestens eine Karte.",
		"nl", "Geen kaarten: een zet heeft minstens één kaart."),
	msg(`nothing beats the rocket: pass`,
		"de", "Die Rakete ist nicht zu schlagen: Passe.",
		"nl", "Niets verslaat de raket: pas."),
	msg(word+` \((.+)\) does not beat `+word+` \(bomb\): play a higher bomb or the rocket`,
		"en", "{0|dd} ({1}) does not beat {2|dd} (bomb): play a higher bomb or the rocket.",
		"de", "{0|dd} ({1|get}) schlägt die Bombe {2|dd} nicht: Spiel eine höhere Bombe oder die Rakete.",
		"nl", "{0|dd} ({1|get}) verslaat de bom {2|dd} niet: speel een hogere bom of de raket."),
	msg(word+` does not beat `+word+`: play a higher bomb or the rocket`,
		"en", "{0|dd} does not beat {1|dd}: play a higher bomb or the rocket.",
		"de", "{0|dd} schlägt die Bombe {1|dd} nicht: Spiel eine höhere Bombe oder die Rakete.",
		"nl", "{0|dd} verslaat de bom {1|dd} niet: speel een hogere bom of de raket."),
	msg(word+` \((.+)\) does not beat `+word+` \((.+)\): play a higher (.+), a bomb or the rocket`,
		"en", "{0|dd} ({1}) does not beat {2|dd} ({3}): play a higher {4}, a bomb or the rocket.",
		"de", "{0|dd} ({1|get}) schlägt {2|dd} ({3|get}) nicht: Spiel etwas Höheres derselben Art ({4|get}), eine Bombe oder die Rakete.",
		"nl", "{0|dd} ({1|get}) verslaat {2|dd} ({3|get}) niet: speel iets hogers van dezelfde soort ({4|get}), een bom of de raket."),
	msg(word+` does not beat `+word+`: your (.+) must have `+num+` cards too, or play a bomb or the rocket`,
		"en", "{0|dd} does not beat {1|dd}: your {2} must have {3} cards too, or play a bomb or the rocket.",
		"de", "{0|dd} schlägt {1|dd} nicht: Es müssen auch {3} Karten sein ({2|get}), sonst eine Bombe oder die Rakete.",
		"nl", "{0|dd} verslaat {1|dd} niet: het moeten ook {3} kaarten zijn ({2|get}), anders een bom of de raket."),
	msg(word+` does not beat `+word+`: play a higher (.+), a bomb or the rocket`,
		"en", "{0|dd} does not beat {1|dd}: play a higher {2}, a bomb or the rocket.",
		"de", "{0|dd} schlägt {1|dd} nicht: Spiel etwas Höheres derselben Art ({2|get}), eine Bombe oder die Rakete.",
		"nl", "{0|dd} verslaat {1|dd} niet: speel iets hogers van dezelfde soort ({2|get}), een bom of de raket."),

	// engine: the rule options' errors (engine/options.go, the rule sets).
	msg(`option max_cards: `+word+` is out of range: with `+num+` players it is 1–`+num+` \(or 0 for [0-9]+\)`,
		"en", "Most cards: {0} is out of range: with {1} players a hand holds 1 to {2} cards (0: as many as possible).",
		"de", "Höchste Kartenzahl: {0} geht nicht: Mit {1} Personen hält eine Hand 1 bis {2} Karten (0: so viele wie möglich).",
		"nl", "Meeste kaarten: {0} kan niet: met {1} spelers houdt een hand 1 tot {2} kaarten (0: zoveel mogelijk)."),
	msg(`option special_rounds: there is no round `+num+`: this game has `+num+` rounds`,
		"en", "Special rounds: there is no round {0}: this game has {1} rounds.",
		"de", "Sonderrunden: Eine Runde {0} gibt es nicht: Dieses Spiel hat {1} Runden.",
		"nl", "Speciale rondes: ronde {0} bestaat niet: dit spel heeft {1} rondes."),
	msg(`option special_rounds: round `+num+` deals `+num+` cards, and forehead needs a round that deals one card`,
		"en", "Special rounds: round {0} deals {1} cards, and the forehead round needs a round of one card.",
		"de", "Sonderrunden: In Runde {0} gibt es {1} Karten, die Stirnrunde braucht eine Runde mit einer Karte.",
		"nl", "Speciale rondes: ronde {0} deelt {1} kaarten, en de voorhoofdronde vraagt een ronde van één kaart."),
	msg(`option special_rounds: round 1 may not be \S+: the first dealer is only drawn with the first deal`,
		"en", "Special rounds: round 1 may not be special: the first dealer is only drawn with the first deal.",
		"de", "Sonderrunden: Runde 1 darf keine Sonderrunde sein: Der erste Geber wird erst beim ersten Geben gezogen.",
		"nl", "Speciale rondes: ronde 1 mag niet speciaal zijn: de eerste deler wordt pas bij het eerste delen getrokken."),
	msg(`\S+ has no option special_rounds: its special rounds are fixed`,
		"en", "This game's special rounds are fixed.",
		"de", "Die Sonderrunden dieses Spiels stehen fest.",
		"nl", "De speciale rondes van dit spel liggen vast."),
	msg(`option `+optName+`: round `+num+`: `+quoted+` is not one of (.+)`,
		"en", "{0|opt}: round {1}: {2} is not one of {3}.",
		"de", "{0|opt}: Runde {1}: {2} gibt es nicht, nur {3}.",
		"nl", "{0|opt}: ronde {1}: {2} is niet een van {3}."),
	msg(`option `+optName+`: round `+num+` is given twice`,
		"en", "{0|opt}: round {1} is given twice.",
		"de", "{0|opt}: Runde {1} steht zweimal da.",
		"nl", "{0|opt}: ronde {1} staat er twee keer."),
	msg(`option `+optName+`: write round:modifier pairs, e\.g\. 5:trump_choice,7:no_trump`,
		"en", "{0|opt}: write round:kind pairs, e.g. 5:trump_choice,7:no_trump.",
		"de", "{0|opt}: Schreib Runde:Art, z. B. 5:Trumpfwahl,7:ohne Trumpf.",
		"nl", "{0|opt}: schrijf ronde:soort, bv. 5:troefkeuze,7:zonder troef."),
	msg(`option `+optName+`: `+quoted+` is not a round number`,
		"en", "{0|opt}: {1} is not a round number.",
		"de", "{0|opt}: {1} ist keine Rundennummer.",
		"nl", "{0|opt}: {1} is geen rondenummer."),
	msg(`option `+optName+`: `+num+` is out of range `+num+`–`+num,
		"en", "{0|opt}: {1} is out of range: {2} to {3}.",
		"de", "{0|opt}: {1} geht nicht: {2} bis {3}.",
		"nl", "{0|opt}: {1} kan niet: {2} tot {3}."),
	msg(`option `+optName+`: `+quoted+` is not (?:on or off|true or false)`,
		"en", "{0|opt}: {1} is not on or off.",
		"de", "{0|opt}: {1} ist weder an noch aus.",
		"nl", "{0|opt}: {1} is niet aan of uit."),
	msg(`option `+optName+`: `+quoted+` is not a whole number`,
		"en", "{0|opt}: {1} is not a whole number.",
		"de", "{0|opt}: {1} ist keine ganze Zahl.",
		"nl", "{0|opt}: {1} is geen geheel getal."),
	msg(`option `+optName+`: `+quoted+` is not (?:one of )?(.+)`,
		"en", "{0|opt}: {1} is not one of {2}.",
		"de", "{0|opt}: {1} gibt es nicht, nur {2}.",
		"nl", "{0|opt}: {1} is niet een van {2}."),
	msg(`option `+optName+`: (.+) is not a valid value`,
		"en", "{0|opt}: {1} is not a valid value.",
		"de", "{0|opt}: {1} ist kein gültiger Wert.",
		"nl", "{0|opt}: {1} is geen geldige waarde."),
	msg(word+` has no option `+quoted+` \(options: (.+)\)`,
		"de", "{0} hat keine Option {1} (Optionen: {2}).",
		"nl", "{0} heeft geen optie {1} (opties: {2})."),
	msg(`(.+) is played by `+num+` to `+num+` players, not `+num,
		"de", "{0} spielen {1} bis {2} Personen, nicht {3}.",
		"nl", "{0} speel je met {1} tot {2} spelers, niet {3}."),
	msg(`(.+) is played by `+num+` players, not `+num,
		"de", "{0} spielen {1} Personen, nicht {2}.",
		"nl", "{0} speel je met {1} spelers, niet {2}."),

	// tables: the Err values and the errors made in table.go.
	msg(`the table has closed`,
		"de", "Der Tisch ist geschlossen.",
		"nl", "De tafel is gesloten."),
	msg(`the table is already running`,
		"de", "An diesem Tisch wird schon gespielt.",
		"nl", "Aan deze tafel wordt al gespeeld."),
	msg(`only the table's host may do that`,
		"de", "Das darf nur der Gastgeber des Tisches.",
		"nl", "Dat mag alleen de gastheer van de tafel."),
	msg(`you do not sit at this table`,
		"de", "Du sitzt nicht an diesem Tisch.",
		"nl", "Je zit niet aan deze tafel."),
	msg(`that seat is taken`,
		"de", "Dieser Platz ist besetzt.",
		"nl", "Die plaats is bezet."),
	msg(`someone at this table already has that name: give the bot another one`,
		"de", "Jemand an diesem Tisch hat schon diesen Namen: Gib dem Bot einen anderen.",
		"nl", "Iemand aan deze tafel heeft die naam al: geef de bot een andere."),
	msg(`a person on this server has that name: give the bot another one`,
		"de", "Eine Person auf diesem Server hat diesen Namen: Gib dem Bot einen anderen.",
		"nl", "Iemand op deze server heeft die naam: geef de bot een andere."),
	msg(`there is no such seat`,
		"de", "Diesen Platz gibt es nicht.",
		"nl", "Die plaats bestaat niet."),
	msg(`every seat is taken`,
		"de", "Alle Plätze sind besetzt.",
		"nl", "Alle plaatsen zijn bezet."),
	msg(`the game has already started`,
		"de", "Das Spiel hat schon begonnen.",
		"nl", "De partij is al begonnen."),
	msg(`the game is not being played`,
		"de", "Das Spiel läuft gerade nicht.",
		"nl", "De partij is niet bezig."),
	msg(`it is not your turn`,
		"de", "Du bist nicht am Zug.",
		"nl", "Je bent niet aan de beurt."),
	msg(`you sit this round out \(SI-5\): your bot plays it, you are back next round`,
		"en", "You sit this round out: your bot plays it, you are back next round.",
		"de", "Du setzt diese Runde aus: Dein Bot spielt sie, nächste Runde bist du wieder dabei.",
		"nl", "Je zit deze ronde uit: je bot speelt hem, volgende ronde doe je weer mee."),
	msg(`the trick is being shown: play when it is cleared`,
		"en", "The trick is being shown: play when it is cleared.",
		"de", "Der Stich wird gezeigt: Spiel, wenn er abgeräumt ist.",
		"nl", "De slag wordt getoond: speel als hij weg is."),
	msg(`nothing left to send: the line held only spaces, control characters or escape sequences`,
		"de", "Nichts zu senden: Die Zeile enthielt nur Leerzeichen, Steuerzeichen oder Escape-Sequenzen.",
		"nl", "Niets te versturen: de regel bevatte alleen spaties, stuurtekens of escapereeksen."),
	msg(`that chat line is too long: `+num+` characters, at most `+num,
		"de", "Diese Chatzeile ist zu lang: {0} Zeichen, höchstens {1}.",
		"nl", "Deze chatregel is te lang: {0} tekens, hoogstens {1}."),
	msg(`that chat line is too long`,
		"de", "Diese Chatzeile ist zu lang.",
		"nl", "Deze chatregel is te lang."),
	msg(`you are chatting too fast: wait a moment`,
		"de", "Du chattest zu schnell: Warte einen Moment.",
		"nl", "Je chat te snel: wacht even."),
	msg(`chat is closed until this trick is complete \(forehead round\)`,
		"en", "Chat is closed until this trick is complete (forehead round).",
		"de", "Der Chat ist zu, bis dieser Stich vollständig ist (Stirnrunde).",
		"nl", "De chat is dicht tot deze slag compleet is (voorhoofdronde)."),
	msg(`penalties are given only at boerenbridge tables \(BB-7\)`,
		"en", "Penalties are given only at Boerenbridge tables.",
		"de", "Strafpunkte gibt es nur an Boerenbridge-Tischen.",
		"nl", "Strafpunten worden alleen aan boerenbridgetafels gegeven."),
	msg(`a penalty is `+num+` to `+num+` points with a reason \(at most `+num+` characters\)`,
		"de", "Eine Strafe: {0} bis {1} Punkte mit Begründung (höchstens {2} Zeichen).",
		"nl", "Een straf is {0} tot {1} punten met een reden (hoogstens {2} tekens)."),
	msg(`a penalty is `+num+` to `+num+` points with a reason`,
		"de", "Eine Strafe: {0} bis {1} Punkte mit Begründung.",
		"nl", "Een straf is {0} tot {1} punten met een reden."),
	msg(`nobody was at the table`,
		"en", "Nobody was at the table.",
		"de", "Niemand war am Tisch.",
		"nl", "Er was niemand aan tafel."),
	msg(`everyone left the table`,
		"en", "Everyone left the table.",
		"de", "Alle haben den Tisch verlassen.",
		"nl", "Iedereen heeft de tafel verlaten."),
	msg(`its players did not come back`,
		"en", "The players did not come back.",
		"de", "Die Spieler sind nicht zurückgekommen.",
		"nl", "De spelers zijn niet teruggekomen."),
	msg(`the table stopped after an internal error(?:: .*)?`,
		"en", "The table stopped after an internal error.",
		"de", "Der Tisch wurde nach einem internen Fehler angehalten.",
		"nl", "De tafel is gestopt na een interne fout."),
	msg(`you already sit at seat `+num,
		"de", "Du sitzt schon auf Platz {0}.",
		"nl", "Je zit al op plaats {0}."),
	msg(`a player needs an id`,
		"de", "Ein Spieler braucht eine Kennung.",
		"nl", "Een speler heeft een id nodig."),
	msg(`the record could not be written`,
		"de", "Der Spielbericht konnte nicht gespeichert werden.",
		"nl", "Het spelverslag kon niet worden opgeslagen."),
	msg(`penalty: only boerenbridge has a scorekeeper \(BB-7\)`,
		"en", "Penalties are given only at Boerenbridge tables.",
		"de", "Strafe: Nur Boerenbridge hat einen Schreiber.",
		"nl", "Straf: alleen boerenbridge heeft een scriptor."),
	msg(`penalty: points must be negative \(e\.g\. -5\), not `+num,
		"de", "Strafe: Die Punkte müssen negativ sein (z. B. -5), nicht {0}.",
		"nl", "Straf: de punten moeten negatief zijn (bv. -5), niet {0}."),
	msg(`penalty: give a reason`,
		"de", "Strafe: Gib eine Begründung an.",
		"nl", "Straf: geef een reden."),

	// lobby: the Err values and the notes of Enter.
	msg(`the lobby is closed: the server is shutting down`,
		"de", "Die Lobby ist geschlossen: Der Server fährt herunter.",
		"nl", "De lobby is gesloten: de server wordt afgesloten."),
	msg(`there is no such table`,
		"de", "Diesen Tisch gibt es nicht.",
		"nl", "Die tafel bestaat niet."),
	msg(`no table has that invite code`,
		"de", "Kein Tisch hat diesen Einladungscode.",
		"nl", "Geen enkele tafel heeft die uitnodigingscode."),
	msg(`you have no game `+num+` on this server`,
		"de", "Du hast auf diesem Server kein Spiel {0}.",
		"nl", "Je hebt op deze server geen spel {0}."),
	msg(`you already host `+num+` tables, as many as one person may at once: finish or leave one first`,
		"de", "Du bist schon Gastgeber von {0} Tischen, so vielen, wie eine Person auf einmal haben darf: Beende oder verlasse erst einen.",
		"nl", "Je bent al gastheer van {0} tafels, zoveel als één persoon tegelijk mag: maak er eerst een af of verlaat er een."),
	msg(`you hold a seat at `+word+`: return there, or leave it first with L`,
		"de", "Du hast einen Platz an {0}: Geh dorthin zurück oder gib ihn erst mit L auf.",
		"nl", "Je hebt een plaats aan {0}: ga daarheen terug of verlaat die eerst met L."),
	msg(`too many wrong invite codes: try again in `+num+` s`,
		"en", "Too many wrong invite codes: try again in {0} seconds.",
		"de", "Zu viele falsche Einladungscodes: Versuch es in {0} Sekunden wieder.",
		"nl", "Te veel verkeerde uitnodigingscodes: probeer het over {0} seconden opnieuw."),
	msg(`that table is private: ask its host for the invite code`,
		"de", "Dieser Tisch ist privat: Frag den Gastgeber nach dem Einladungscode.",
		"nl", "Deze tafel is privé: vraag de gastheer om de uitnodigingscode."),
	msg(`you are not in the lobby`,
		"de", "Du bist nicht in der Lobby.",
		"nl", "Je bent niet in de lobby."),
	msg(`a table has 3 to 6 seats`,
		"de", "Ein Tisch hat 3 bis 6 Plätze.",
		"nl", "Een tafel heeft 3 tot 6 plaatsen."),
	msg(`the server has as many tables as it can take`,
		"de", "Der Server hat schon so viele Tische, wie er verkraftet.",
		"nl", "De server heeft al zoveel tafels als hij aankan."),
	msg(quoted+` cannot be shown as a name`,
		"de", "{0} kann nicht als Name angezeigt werden.",
		"nl", "{0} kan niet als naam getoond worden."),
	msg(`the name `+word+` is taken by someone else on this server; you are `+word,
		"de", "Den Namen {0} hat auf diesem Server schon jemand anders; du bist {1}.",
		"nl", "De naam {0} is op deze server al van iemand anders; jij bent {1}."),
	msg(`the name `+word+` looks too much like someone else's name; you are `+word,
		"de", "Der Name {0} sieht dem Namen eines anderen zu ähnlich; du bist {1}.",
		"nl", "De naam {0} lijkt te veel op die van iemand anders; jij bent {1}."),
	msg(`your name had control characters or escape sequences in it, so it was not used; you are `+word,
		"de", "Dein Name enthielt Steuerzeichen oder Escape-Sequenzen und wurde deshalb nicht verwendet; du bist {0}.",
		"nl", "Je naam bevatte stuurtekens of escape-reeksen en is daarom niet gebruikt; jij bent {0}."),
	msg(`your name had invisible characters in it, so it was not used; you are `+word,
		"de", "Dein Name enthielt unsichtbare Zeichen und wurde deshalb nicht verwendet; du bist {0}.",
		"nl", "Je naam bevatte onzichtbare tekens en is daarom niet gebruikt; jij bent {0}."),
	msg(`your name had too many accents on one letter; you are `+word,
		"de", "Dein Name hatte zu viele Akzente auf einem Buchstaben; du bist {0}.",
		"nl", "Je naam had te veel accenten op één letter; jij bent {0}."),
	msg(`your name was too long \(at most `+num+` columns wide; CJK characters and emoji take two\); you are `+word,
		"de", "Dein Name war zu lang (höchstens {0} Spalten breit; CJK-Zeichen und Emoji brauchen zwei); du bist {1}.",
		"nl", "Je naam was te lang (hoogstens {0} kolommen breed; CJK-tekens en emoji nemen er twee); jij bent {1}."),
	msg(`a name may hold only letters, digits and - _ \. \(no spaces or other signs\); you are `+word,
		"de", "Ein Name darf nur Buchstaben, Ziffern und - _ . enthalten (keine Leerzeichen oder anderen Zeichen); du bist {0}.",
		"nl", "Een naam mag alleen letters, cijfers en - _ . bevatten (geen spaties of andere tekens); jij bent {0}."),
	msg(`the server cannot save your name right now \(its disk may be full\): please try again later`,
		"de", "Der Server kann deinen Namen gerade nicht speichern (vielleicht ist seine Festplatte voll): Bitte versuch es später noch einmal.",
		"nl", "De server kan je naam nu niet opslaan (misschien is de schijf vol): probeer het later opnieuw."),

	msg(`the server cannot reach the rest of the card room: please try again in a minute`,
		"de", "Der Server erreicht den Rest des Kartenraums nicht: Bitte versuch es in einer Minute noch einmal.",
		"nl", "De server kan de rest van de kaartzaal niet bereiken: probeer het over een minuut opnieuw."),

	// sshserver and the app: why a session was closed (its final line).
	msg(`The card room is shutting down\. See you soon!`,
		"en", "The card room is shutting down. See you soon!",
		"de", "Der Kartenraum schließt. Bis bald!",
		"nl", "De kaartzaal sluit. Tot gauw!"),
	msg(`This server is stopping\. Connect again: the card room and your table go on\.`,
		"de", "Dieser Server stoppt. Verbinde dich neu: Kartenraum und Tisch laufen weiter.",
		"nl", "Deze server stopt. Maak opnieuw verbinding: de kaartzaal en je tafel gaan door."),
	msg(`Disconnected after `+word+` without input\.`,
		"de", "Getrennt nach {0} ohne Eingabe.",
		"nl", "Verbinding verbroken na {0} zonder invoer."),
	msg(`Your session was closed\.`,
		"de", "Deine Sitzung wurde beendet.",
		"nl", "Je sessie is gesloten."),
	msg(`You logged in again from another terminal; this session was closed\.`,
		"de", "Du hast dich in einem anderen Terminal wieder angemeldet; diese Sitzung wurde beendet.",
		"nl", "Je bent opnieuw ingelogd vanaf een andere terminal; deze sessie is gesloten."),
	msg(`An admin closed your session\.`,
		"de", "Ein Admin hat deine Sitzung beendet.",
		"nl", "Een beheerder heeft je sessie gesloten."),
	msg(`The card room is shutting down\. Please come back in a minute\.`,
		"de", "Der Kartenraum schließt. Bitte komm in einer Minute wieder.",
		"nl", "De kaartzaal sluit. Kom over een minuut terug."),
	msg(`The card room is full \(`+num+` sessions\)\. Please try again later\.`,
		"de", "Der Kartenraum ist voll ({0} Sitzungen). Bitte versuch es später noch einmal.",
		"nl", "De kaartzaal is vol ({0} sessies). Probeer het later opnieuw."),
	msg(`Too many sessions from your address \(the limit is `+num+`\)\. Close one and try again\.`,
		"de", "Zu viele Sitzungen von deiner Adresse (höchstens {0}). Schließ eine und versuch es noch einmal.",
		"nl", "Te veel sessies vanaf je adres (hoogstens {0}). Sluit er een en probeer het opnieuw."),
	msg(`An admin has banned you from this card room\.`,
		"de", "Ein Admin hat dich aus diesem Kartenraum verbannt.",
		"nl", "Een beheerder heeft je uit deze kaartzaal verbannen."),

	// tables: system chat lines and why a table ended.
	msg(`the server cannot save the game: paused`,
		"de", "Der Server kann das Spiel nicht speichern: Pause.",
		"nl", "De server kan de partij niet opslaan: gepauzeerd."),
	msg(`the server cannot save the game: paused; your move counts once it is saved`,
		"de", "Der Server kann das Spiel nicht speichern: Pause. Dein Zug zählt, sobald er gespeichert ist.",
		"nl", "De server kan de partij niet opslaan: gepauzeerd. Je zet telt zodra hij is opgeslagen."),
	msg(`the game is saved again: play on`,
		"de", "Das Spiel wird wieder gespeichert: Weiter geht's.",
		"nl", "De partij wordt weer opgeslagen: speel verder."),
	msg(`the server restarted: each seat's bot plays until its person is back`,
		"de", "Der Server wurde neu gestartet: Ein Bot spielt jeden Platz, bis sein Spieler zurück ist.",
		"nl", "De server is herstart: een bot speelt elke plaats tot de speler terug is."),
	msg(`the table moved to another server: each seat's bot plays until its person is back`,
		"de", "Der Tisch ist auf einen anderen Server umgezogen: Ein Bot spielt jeden Platz, bis sein Spieler zurück ist.",
		"nl", "De tafel is naar een andere server verhuisd: een bot speelt elke plaats tot de speler terug is."),
	msg(`the table moved to another server: it still waits for its start, with its seats kept`,
		"de", "Der Tisch ist auf einen anderen Server umgezogen: Er wartet weiter auf den Start, die Plätze bleiben.",
		"nl", "De tafel is naar een andere server verhuisd: ze wacht nog op de start, de plaatsen blijven."),
	msg(`the server restarted: the game goes on when its people are back, a bot playing for any who are not`,
		"de", "Der Server wurde neu gestartet: Das Spiel geht weiter, sobald seine Spieler zurück sind; ein Bot spielt für alle, die es noch nicht sind.",
		"nl", "De server is herstart: de partij gaat verder zodra de spelers terug zijn; een bot speelt voor wie er nog niet is."),
	msg(`the table moved to another server: the game goes on when its people are back, a bot playing for any who are not`,
		"de", "Der Tisch ist auf einen anderen Server umgezogen: Das Spiel geht weiter, sobald seine Spieler zurück sind; ein Bot spielt für alle, die es noch nicht sind.",
		"nl", "De tafel is naar een andere server verhuisd: de partij gaat verder zodra de spelers terug zijn; een bot speelt voor wie er nog niet is."),
	msg(`the table was closed`,
		"de", "Der Tisch wurde geschlossen.",
		"nl", "De tafel is gesloten."),
	msg(any_+` ran out of time: their bot made that move`,
		"de", "{0} hat die Zugzeit überschritten: Der Bot hat diesen Zug gemacht.",
		"nl", "{0} had geen tijd meer: de bot heeft die zet gedaan."),
	msg(any_+` ran out of time again: their bot plays until they are back`,
		"de", "{0} hat die Zugzeit wieder überschritten: Der Bot spielt, bis {0} zurück ist.",
		"nl", "{0} had weer geen tijd meer: de bot speelt tot {0} terug is."),
	msg(any_+` \(a bot\) sits at seat `+num,
		"de", "{0} (ein Bot) setzt sich auf Platz {1}.",
		"nl", "{0} (een bot) gaat op plaats {1} zitten."),
	msg(any_+` \(a bot\) left seat `+num,
		"de", "{0} (ein Bot) hat Platz {1} verlassen.",
		"nl", "{0} (een bot) heeft plaats {1} verlaten."),
	msg(any_+` \(a bot\) lost its connection: a bot plays seat `+num+` until (.+) is back`,
		"de", "{0} (ein Bot) hat die Verbindung verloren: Ein Bot spielt Platz {1}, bis {2} zurück ist.",
		"nl", "{0} (een bot) heeft de verbinding verloren: een bot speelt plaats {1} tot {2} terug is."),
	msg(any_+` \(a bot\) is back at seat `+num,
		"de", "{0} (ein Bot) ist zurück auf Platz {1}.",
		"nl", "{0} (een bot) is terug op plaats {1}."),
	msg(any_+` takes over seat `+num,
		"de", "{0} übernimmt Platz {1}.",
		"nl", "{0} neemt plaats {1} over."),
	msg(any_+` left; (.+) is the host now`,
		"de", "{0} ist gegangen; {1} ist jetzt Gastgeber.",
		"nl", "{0} is weg; {1} is nu de gastheer."),
	msg(any_+` left: a bot plays seat `+num,
		"de", "{0} ist gegangen: Ein Bot spielt Platz {1}.",
		"nl", "{0} is weg: een bot speelt plaats {1}."),
	msg(`the host handed (.+)'s seat `+num+` to a bot`,
		"de", "Der Gastgeber hat Platz {1} von {0} an einen Bot gegeben.",
		"nl", "De gastheer heeft plaats {1} van {0} aan een bot gegeven."),
	msg(`penalty: seat `+num+` \((.+)\) `+num+` points: (.*)`,
		"en", "Penalty: seat {0} ({1}) {2} points: {3}",
		"de", "Strafe: Platz {0} ({1}) {2} Punkte: {3}",
		"nl", "Straf: plaats {0} ({1}) {2} punten: {3}"),
	msg(any_+` stepped away: their bot plays until they are back`,
		"de", "{0} ist kurz weg: Ein Bot spielt, bis {0} zurück ist.",
		"nl", "{0} is even weg: een bot speelt tot {0} terug is."),
	msg(any_+` is away: their bot plays until they are back`,
		"de", "{0} ist nicht da: Ein Bot spielt, bis {0} zurück ist.",
		"nl", "{0} is er niet: een bot speelt tot {0} terug is."),
	msg(any_+` is back`,
		"de", "{0} ist zurück.",
		"nl", "{0} is terug."),
	msg(any_+` is now called (.+)`,
		"de", "{0} heißt jetzt {1}.",
		"nl", "{0} heet nu {1}."),

	// tui: the errors of model.go.
	msg(`join which table\? give its id or invite code`,
		"de", "Welcher Tisch? Gib seine Kennung oder den Einladungscode an.",
		"nl", "Welke tafel? Geef het id of de uitnodigingscode."),
	msg(`unknown command `+quoted+`: use new GAME, join CODE or watch TABLE`,
		"de", "Unbekannter Befehl {0}: new SPIEL, join CODE oder watch TISCH.",
		"nl", "Onbekend commando {0}: gebruik new SPEL, join CODE of watch TAFEL."),

	msg(`the table that invited this bot has closed: ask its host for a new invitation`,
		"de", "Der Tisch, der diesen Bot eingeladen hat, ist geschlossen: Bitte den Gastgeber um eine neue Einladung.",
		"nl", "De tafel die deze bot heeft uitgenodigd is gesloten: vraag de gastheer om een nieuwe uitnodiging."),
	msg(`no bot of this key holds a seat in this table's game`,
		"de", "Kein Bot dieses Schlüssels hat einen Platz im Spiel dieses Tisches.",
		"nl", "Geen bot van deze sleutel heeft een plaats in de partij aan deze tafel."),
	msg(`this key's bot still plays its seat over another connection: one connection a seat \(a dropped connection is noticed at the server's next keepalive\)`,
		"de", "Der Bot dieses Schlüssels spielt seinen Platz noch über eine andere Verbindung: eine Verbindung je Platz (eine abgebrochene Verbindung bemerkt der Server bei seinem nächsten Keepalive).",
		"nl", "De bot van deze sleutel speelt zijn plaats nog via een andere verbinding: één verbinding per plaats (een verbroken verbinding merkt de server bij zijn volgende keepalive)."),
	msg(`that table runs on another server of this card room: a bot can join only the tables of the server it is connected to`,
		"de", "Dieser Tisch läuft auf einem anderen Server dieses Kartenraums: Ein Bot kann sich nur an die Tische des Servers setzen, mit dem er verbunden ist.",
		"nl", "Die tafel draait op een andere server van deze kaartzaal: een bot kan alleen aan tafels gaan zitten van de server waarmee hij verbonden is."),
	msg(`bot speaks the bot protocol, not to a terminal: leave out -t`,
		"de", "bot spricht das Bot-Protokoll, nicht mit einem Terminal: lass -t weg.",
		"nl", "bot spreekt het botprotocol, niet met een terminal: laat -t weg."),

	msg(`unknown game `+quoted+` \(games: (.*)\)`,
		"de", "Unbekanntes Spiel {0} (Spiele: {1}).",
		"nl", "Onbekend spel {0} (spellen: {1})."),
}

// cardCount is "1 card" or "n cards".
func cardCount(t *text, n int) string {
	if n == 1 {
		return t.get("1 card")
	}
	return t.f("%d cards", n)
}

// gameCount is "1 game" or "n games".
func gameCount(t *text, n int) string {
	if n == 1 {
		return t.get("1 game")
	}
	return t.f("%d games", n)
}
