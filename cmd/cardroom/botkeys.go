package main

import (
	"bytes"
	"fmt"
	"os"

	gossh "golang.org/x/crypto/ssh"

	"github.com/cardroom/cardroom/hostkeys"
)

// readBotKeys reads a file of public keys in authorized_keys format (one
// key a line; blank lines and # comments skipped) and returns their
// fingerprints.
func readBotKeys(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fps []string
	for n, line := range bytes.Split(b, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		pub, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: not a public key (write one key a line, as in authorized_keys): %w", n+1, err)
		}
		fps = append(fps, hostkeys.Fingerprint(pub))
	}
	return fps, nil
}

// botKeysOption reads the --bot-keys file (none: no bot keys).
func botKeysOption(path string) (serveOption, error) {
	if path == "" {
		return func(*serveSettings) {}, nil
	}
	fps, err := readBotKeys(path)
	if err != nil {
		return nil, err
	}
	return withBotKeys(fps), nil
}

// withBotKeys lets the keys of these fingerprints seat a bot over SSH.
func withBotKeys(fps []string) serveOption {
	return func(c *serveSettings) { c.botKeys = fps }
}
