package sshserver

import (
	"crypto/rand"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/hostkeys"
	"github.com/cardroom/cardroom/names"
	"github.com/cardroom/cardroom/sshapp"
)

// Identity is who a session belongs to (sshapp.Identity).
type Identity = sshapp.Identity

// MaxNameLen is the longest display name, in terminal cells.
const MaxNameLen = names.MaxCells

// identityOf builds the identity from the session's own public key (nil for
// a guest) and user name. guest is the guest id of the connection.
func identityOf(pub gossh.PublicKey, user string, guest string) Identity {
	id := Identity{Requested: cleanForLog(user)}
	if pub != nil {
		id.ID = hostkeys.Fingerprint(pub)
		id.KeyType = pub.Type()
	} else {
		id.ID = guest
		id.Guest = true
	}
	if name, ok := ValidName(user); ok {
		id.Name = name
	} else {
		id.Name = fallbackName(id)
		id.Replaced = whyNot(user)
	}
	return id
}

// whyNot says why ValidName refused a user name, for telling its owner
// (names.Unchanged for an empty one: nothing was asked for).
func whyNot(user string) names.Change {
	user = strings.TrimSpace(user)
	switch _, why := names.Clean(user); {
	case user == "":
		return names.Unchanged
	case why == names.Escapes || why == names.Invisible:
		return why
	case len(user) > MaxNameLen*4 || ansi.StringWidth(user) > MaxNameLen:
		return names.Cut
	default:
		return names.Symbols
	}
}

// guestAlphabet spells guest ids: lower-case letters and digits that do
// not read alike.
const guestAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// newGuestID returns a random guest id ("guest-" and 12 letters, about 59
// bits from crypto/rand), so that no restart gives one guest's games to
// another.
func newGuestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = guestAlphabet[int(b[i])%len(guestAlphabet)]
	}
	return "guest-" + string(b)
}

// ValidName reports whether an SSH user name can be shown as a display name,
// and returns it trimmed. A valid name is 1..MaxNameLen cells of letters,
// digits, marks and the punctuation - _ . (no spaces, no symbols that could
// pass for table art, no control or escape characters).
func ValidName(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > MaxNameLen*4 {
		return "", false
	}
	for _, r := range s {
		switch {
		case r == '-' || r == '_' || r == '.':
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
		default:
			return "", false
		}
	}
	if w := ansi.StringWidth(s); w < 1 || w > MaxNameLen {
		return "", false
	}
	return s, true
}

// fallbackName is a name for a user whose SSH user name is not usable:
// "guest-" and the first letters of a guest's id, "player-" and the
// first characters of the key fingerprint otherwise.
func fallbackName(id Identity) string {
	if id.Guest {
		return id.ID[:min(len(id.ID), len("guest-")+4)]
	}
	fp := strings.TrimPrefix(id.ID, "SHA256:")
	var b strings.Builder
	b.WriteString("player-")
	for _, r := range fp {
		if b.Len() >= len("player-")+6 {
			break
		}
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cleanForLog drops control characters and bounds the length of a string a
// client sent, so it can be logged or shown safely.
func cleanForLog(s string) string {
	if len(s) > MaxNameLen*4 {
		s = s[:MaxNameLen*4]
	}
	return strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) || r == utf8RuneError {
			return -1
		}
		return r
	}, s)
}

const utf8RuneError = '\uFFFD'
