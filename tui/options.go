package tui

import (
	"cmp"
	"fmt"
	"strings"
	"time"

	"github.com/cardroom/cardroom/engine"
	"github.com/cardroom/cardroom/tables"
)

// Rule options as players read them: a name and values in words and a line
// of explanation, in the player's language, never the rules' IDs. The
// engine's names and docs are for records, the CLI and the rules document.

// optionLabel is the name of rule option name in t's language.
func optionLabel(t *text, name string) string {
	switch name {
	case "scoring":
		return t.get("Scoring")
	case "hook":
		return t.get("Dealer hook")
	case "special_rounds":
		return t.get("Special rounds")
	case "max_cards":
		return t.get("Most cards")
	case "direction":
		return t.get("Direction")
	case "bb_allow_notrump":
		return t.get("No trump allowed")
	case "deals":
		return t.get("Deals")
	}
	return name
}

// optionDoc is the one line that explains option spec of game ruleset.
func optionDoc(t *text, ruleset string, spec engine.OptionSpec) string {
	switch spec.Name {
	case "scoring":
		return t.get("how rounds score: standard, progressive (stakes grow) or Boerenbridge's")
	case "hook":
		if ruleset == "specialrounds" {
			return t.get("the bids may not add up to the cards; off: only in rounds 10 and 19")
		}
		return t.get("the last to bid may not make the bids add up to the cards")
	case "special_rounds":
		return t.get("house rule: rounds played differently, e.g. 5:trump_choice,7:no_trump")
	case "max_cards":
		return t.get("the most cards in a hand; as many as possible: the deck shared out")
	case "direction":
		return t.get("which way the deal, the bidding and the play go round")
	case "bb_allow_notrump":
		return t.get("the highest bidder may also choose to play without trump")
	case "deals":
		return t.get("deals in the match; the points run on across them")
	}
	return ""
}

// optionValue is value v of option spec in words.
func optionValue(t *text, spec engine.OptionSpec, v string) string {
	switch spec.Kind {
	case engine.Bool:
		if v == "true" {
			return t.get("on")
		}
		return t.get("off")
	case engine.RoundMap:
		if v == "" {
			return t.get("none")
		}
		var parts []string
		for _, p := range strings.Split(v, ",") {
			round, mod, ok := strings.Cut(p, ":")
			if !ok {
				return v
			}
			parts = append(parts, round+" "+modifierName(t, mod))
		}
		return strings.Join(parts, ", ")
	}
	switch spec.Name + "=" + v {
	case "scoring=standard":
		return t.get("standard")
	case "scoring=progressive":
		return t.get("progressive")
	case "scoring=boerenbridge":
		return t.get("Boerenbridge's")
	case "direction=clockwise":
		return t.get("clockwise")
	case "direction=counterclockwise":
		return t.get("counter-clockwise")
	case "max_cards=0":
		return t.get("as many as possible")
	}
	return v
}

// modifierName is a special round's kind in words.
func modifierName(t *text, mod string) string {
	switch mod {
	case "trump_choice":
		return t.get("trump choice")
	case "no_trump":
		return t.get("no trump")
	case "blind":
		return t.get("blind")
	case "forehead":
		return t.get("forehead")
	}
	return mod
}

// gameTitle is a game's title in t's language.
func gameTitle(t *text, title string) string {
	switch title {
	case "Special Rounds":
		return t.get("Special Rounds")
	}
	return title
}

// tableName is a table's name as the player reads it: the name the lobby
// gives a table nobody named ("alice's Special Rounds") in t's language,
// without the game's title again, and for its present host by their present
// name (the role passed on, or they came back under another name); a name a
// host typed stays.
func tableName(t *text, name, host, title string) string {
	if who := namedFor(name, host, title); who != "" {
		return t.f("%s's table", cmp.Or(host, who))
	}
	return name
}

// namedFor is whom a table's name is the lobby's name for ("alice's Special
// Rounds": alice), "" for a name a host typed.
func namedFor(name, host, title string) string {
	if host != "" && name == host+"'s table" {
		return host
	}
	if who, ok := strings.CutSuffix(name, "'s "+title); ok && who != "" {
		return who
	}
	return ""
}

// unusualRules names, joined by " · ", the options of a table of ruleset
// that differ from its game's defaults, and, while it waits, a turn timer,
// bot pace or trick pause that is not the server's; "" for none.
func (m *model) unusualRules(ruleset string, opts engine.Options, c clocks, waiting bool) string {
	r, err := m.app.reg.Lookup(ruleset)
	if err != nil {
		return ""
	}
	tx := m.tx
	var parts []string
	for _, spec := range r.Options {
		if v, set := opts[spec.Name]; set && v != spec.Default {
			parts = append(parts, optionLabel(tx, spec.Name)+" "+optionValue(tx, spec, v))
		}
	}
	if !waiting {
		return strings.Join(parts, " · ")
	}
	usual := clocks{turn: tables.DefaultTurnTimer, bot: tables.DefaultBotPace, trick: tables.DefaultTrickPause}
	if m.app.lobby != nil {
		usual = clocks{turn: m.app.lobby.TurnTimer(), bot: m.app.lobby.BotPace(), trick: m.app.lobby.TrickPause()}
	}
	if c.turn != usual.turn {
		v := tx.get("off")
		if c.turn > 0 {
			v = fmt.Sprintf("%d s", int(c.turn.Seconds()))
		}
		parts = append(parts, tx.get("Turn timer")+" "+v)
	}
	if c.bot != usual.bot {
		v := tx.get("at once")
		if c.bot > 0 {
			v = tx.f("%s s per move", tx.decimal(c.bot.Seconds()))
		}
		parts = append(parts, tx.get("Bot pace")+" "+v)
	}
	if c.trick != usual.trick {
		v := tx.get("none")
		if c.trick > 0 {
			v = tx.f("%s s", tx.decimal(c.trick.Seconds()))
		}
		parts = append(parts, tx.get("Trick pause")+" "+v)
	}
	return strings.Join(parts, " · ")
}

// clocks are a table's turn timer, bot pace and trick pause.
type clocks struct{ turn, bot, trick time.Duration }
