package tui

import (
	"io"
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/cardroom/cardroom/engine/cards"
)

// Glyphs is a set of characters to draw cards with.
type Glyphs int

// The glyph sets a player can choose in settings.
const (
	// Unicode draws suits as ♠ ♥ ♦ ♣ and frames with box-drawing lines.
	Unicode Glyphs = iota
	// ASCII uses nothing but ASCII: suits as s h d c (German p h k x,
	// Dutch s h r k: the keys that name trump).
	ASCII
	// CJKSafe avoids every ambiguous-width glyph (suit symbols and box
	// drawing take two columns in many CJK terminals): suits as letters,
	// frames in ASCII, colour does the rest.
	CJKSafe
)

// Settings are a player's display choices, remembered for their key.
type Settings struct {
	Lang       string `json:"lang"` // "en", "de", "nl"
	Glyphs     Glyphs `json:"glyphs"`
	FourColour bool   `json:"four_colour"` // diamonds orange and clubs green
	NoColour   bool   `json:"no_colour"`
	Bell       bool   `json:"bell"` // ring on your turn
}

// Styles are a session's styles: text styles reduced to their escape
// sequences (ink) and the card tokens rendered once. They are plain values
// (strings, no maps, slices, pointers or lipgloss renderer) that depend only
// on a styleKey, so the App builds them once per key and every session with
// that key shares them: nothing may change a Styles after NewStyles.
type Styles struct {
	glyphs     Glyphs
	fourColour bool
	lang       string // the card ranks' language: "en", "de" or "nl"
	suitLang   string // the suit letters' language (the session's, in notation too)

	// notation is these styles with the cards in the rules' notation
	// (A K Q J T): Dou Dizhu's, whose ranks are typed as they read. It is
	// the Styles itself in English.
	notation *Styles

	Title, Subtle, Bold, Err, OK, Warn, Key, Help, Selected, Turn, Away, Bot ink

	// card[state][face] caches a rendered card face.
	card    [cardStates][cards.NumFaces]string
	suit    [4]string
	suitInk [4]ink // each suit's colour, for its name
	back    string
}

type cardState int

const (
	cardNormal cardState = iota
	cardDim              // not legal now
	cardHot              // selected or highlighted
	cardStates
)

// styleKey is everything a session's Styles depend on: the colour profile
// they are rendered for (Ascii with Settings.NoColour) and the glyph and
// colour settings. The background does not count: no style uses an adaptive
// colour (one that would, must add it to the key).
type styleKey struct {
	profile    termenv.Profile
	glyphs     Glyphs
	fourColour bool
	lang       string // the card ranks' language (rankLang)
}

func styleKeyOf(p termenv.Profile, set Settings) styleKey {
	if set.NoColour {
		p = termenv.Ascii
	}
	return styleKey{profile: p, glyphs: set.Glyphs, fourColour: set.FourColour, lang: rankLang(set.Lang)}
}

// NewStyles builds the styles for a terminal of colour profile p; with
// Settings.NoColour they have no colour at all. They are rendered with a
// renderer of their own, not the session's: what lipgloss writes for a
// plain (not adaptive) colour depends on the profile alone, so the result
// is byte for byte what the session's renderer of that profile would give.
func NewStyles(p termenv.Profile, set Settings) *Styles {
	k := styleKeyOf(p, set)
	r := lipgloss.NewRenderer(io.Discard, termenv.WithProfile(k.profile))
	r.SetColorProfile(k.profile)
	r.SetHasDarkBackground(true) // read by adaptive colours only; there are none
	return buildStyles(r, k)
}

// buildStyles renders the styles of key k with r, whose colour profile must
// be k.profile.
func buildStyles(r *lipgloss.Renderer, k styleKey) *Styles {
	return buildStylesIn(r, k, k.lang)
}

// buildStylesIn is buildStyles with the suit letters of language suitLang.
func buildStylesIn(r *lipgloss.Renderer, k styleKey, suitLang string) *Styles {
	s := &Styles{glyphs: k.glyphs, fourColour: k.fourColour, lang: k.lang, suitLang: suitLang}
	s.notation = s
	if k.lang != "en" {
		en := k
		en.lang = "en"
		s.notation = buildStylesIn(r, en, suitLang)
	}
	n := r.NewStyle
	s.Title = inkOf(n().Bold(true).Foreground(lipgloss.Color("12")))
	s.Subtle = inkOf(n().Foreground(lipgloss.Color("8")))
	s.Bold = inkOf(n().Bold(true))
	s.Err = inkOf(n().Foreground(lipgloss.Color("9")))
	s.OK = inkOf(n().Foreground(lipgloss.Color("10")))
	s.Warn = inkOf(n().Foreground(lipgloss.Color("11")))
	s.Key = inkOf(n().Bold(true).Foreground(lipgloss.Color("14")))
	s.Help = inkOf(n().Foreground(lipgloss.Color("8")))
	s.Selected = inkOf(n().Reverse(true))
	s.Turn = inkOf(n().Bold(true).Foreground(lipgloss.Color("11")))
	s.Away = inkOf(n().Foreground(lipgloss.Color("8")).Italic(true))
	s.Bot = inkOf(n().Foreground(lipgloss.Color("13")))

	for f := cards.Card(0); f < cards.NumFaces; f++ {
		base := n().Foreground(s.faceColour(f))
		if f == cards.Singularity || f == cards.Clanker || f == cards.RedJoker || f == cards.BlackJoker {
			base = base.Bold(true)
		}
		tok := s.Face(f)
		s.card[cardNormal][f] = base.Render(tok)
		s.card[cardDim][f] = n().Foreground(lipgloss.Color("8")).Faint(true).Render(tok)
		s.card[cardHot][f] = base.Reverse(true).Render(tok)
	}
	for _, su := range cards.Suits {
		colour := n().Foreground(s.faceColour(cards.New(cards.Ace, su)))
		s.suit[su] = colour.Render(s.SuitGlyph(su))
		s.suitInk[su] = inkOf(colour)
	}
	s.back = n().Foreground(lipgloss.Color("4")).Render("░░")
	return s
}

// stylesCache holds the styles built so far, one per key, for the App's
// sessions to share. There are few keys (4 profiles × 3 glyph sets × 2 ×
// 3 rank languages), so
// it stays small; maxCachedStyles bounds it anyway.
type stylesCache struct {
	mu sync.Mutex
	m  map[styleKey]*Styles // guarded by mu
}

const maxCachedStyles = 128

// get returns the shared styles for profile p and set, building them on
// first use (under the lock: a second login with the same key waits for the
// first's rather than building them again).
func (c *stylesCache) get(p termenv.Profile, set Settings) *Styles {
	k := styleKeyOf(p, set)
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.m[k]; ok {
		return s
	}
	s := NewStyles(k.profile, set)
	if c.m == nil {
		c.m = map[styleKey]*Styles{}
	}
	if len(c.m) < maxCachedStyles {
		c.m[k] = s
	}
	return s
}

// ink is a text style reduced to the escape sequences around the text, read
// once from lipgloss: painting a string is then two concatenations, not a
// lipgloss render (which measures and re-lays out the text every time).
// It is for one line of plain text.
type ink struct{ pre, post string }

func inkOf(st lipgloss.Style) ink {
	const mark = "\x01"
	out := st.Render(mark)
	i := strings.Index(out, mark)
	if i < 0 {
		return ink{}
	}
	return ink{pre: out[:i], post: out[i+len(mark):]}
}

// Render paints s.
func (i ink) Render(s string) string {
	if s == "" || i.pre == "" && i.post == "" {
		return s
	}
	return i.pre + s + i.post
}

// write writes s to b painted, as Render paints it.
func (i ink) write(b *strings.Builder, s string) {
	if s != "" {
		b.WriteString(i.pre)
	}
	b.WriteString(s)
	if s != "" {
		b.WriteString(i.post)
	}
}

func (s *Styles) faceColour(f cards.Card) lipgloss.Color {
	switch f {
	case cards.Singularity:
		return "13" // magenta
	case cards.Clanker:
		return "6" // cyan
	case cards.RedJoker:
		return "9"
	case cards.BlackJoker:
		return "7"
	}
	switch f.Suit() {
	case cards.Hearts:
		return "9"
	case cards.Diamonds:
		if s.fourColour {
			return "208"
		}
		return "9"
	case cards.Clubs:
		if s.fourColour {
			return "10"
		}
	}
	return "15"
}

// SuitGlyph is how suit su is drawn in this session's glyph set.
func (s *Styles) SuitGlyph(su cards.Suit) string {
	switch s.glyphs {
	case Unicode:
		return su.Symbol()
	case ASCII:
		if su > cards.Clubs {
			return "-"
		}
		return suitKeys(s.suitLang)[su] // the letters that name trump: German Kreuz is x
	}
	if su > cards.Clubs {
		return su.String()
	}
	return strings.ToUpper(suitKeys(s.suitLang)[su])
}

// Face is a card drawn as two columns of plain text (three for a German or
// Dutch ten): "A♠", "T♥", "10♥", "SG", "CK";
// Dou Dizhu jokers as "BJ" and "RJ" in every glyph set (typed B and R).
func (s *Styles) Face(c cards.Card) string {
	switch c {
	case cards.Singularity:
		return "SG"
	case cards.Clanker:
		return "CK"
	case cards.BlackJoker:
		return "BJ"
	case cards.RedJoker:
		return "RJ"
	}
	if !c.IsSuitCard() {
		return "??"
	}
	return rankText(s.lang, c.Rank()) + s.SuitGlyph(c.Suit())
}

// rankLang is the language card ranks are written in for UI language lang.
func rankLang(lang string) string {
	switch lang {
	case "de", "nl":
		return lang
	}
	return "en"
}

// rankText is a rank as players of lang write it: German B D K A and 10,
// Dutch B V H A and 10, English J Q K A and T.
func rankText(lang string, r cards.Rank) string {
	switch lang {
	case "de":
		switch r {
		case cards.Ten:
			return "10"
		case cards.Jack:
			return "B"
		case cards.Queen:
			return "D"
		}
	case "nl":
		switch r {
		case cards.Ten:
			return "10"
		case cards.Jack:
			return "B"
		case cards.Queen:
			return "V"
		case cards.King:
			return "H"
		}
	}
	return r.String()
}

// Card is the rendered two-column face of c (cached).
func (s *Styles) Card(c cards.Card) string { return s.cached(cardNormal, c) }

// DimCard is c rendered as not playable now.
func (s *Styles) DimCard(c cards.Card) string { return s.cached(cardDim, c) }

// HotCard is c rendered highlighted (selected, or the winning card).
func (s *Styles) HotCard(c cards.Card) string { return s.cached(cardHot, c) }

// WinCard is the card that won a trick: highlighted, and marked with a star
// (an asterisk outside Unicode glyphs) that shows without colour too.
func (s *Styles) WinCard(c cards.Card) string {
	if s.glyphs == Unicode {
		return s.HotCard(c) + "★"
	}
	return s.HotCard(c) + "*"
}

// Back is a face-down card.
func (s *Styles) Back() string { return s.back }

func (s *Styles) cached(st cardState, c cards.Card) string {
	if c >= cards.NumFaces {
		return "??"
	}
	return s.card[st][c]
}

// Suit renders a suit glyph coloured as its cards ("-" for no suit).
func (s *Styles) Suit(su cards.Suit) string {
	if su > cards.Clubs {
		return "-"
	}
	return s.suit[su]
}
