package main

// botKeysOption reads the --bot-keys file (none: no bot keys).
func botKeysOption(path string) (serveOption, error) {
	if path == "" {
		return func(*serveSettings) {}, nil
	}
	fps, err := readKeyFile("bot keys", path)
	if err != nil {
		return nil, err
	}
	return withBotKeys(fps), nil
}

// withBotKeys lets the keys of these fingerprints seat a bot over SSH.
func withBotKeys(fps []string) serveOption {
	return func(c *serveSettings) { c.botKeys = fps }
}
