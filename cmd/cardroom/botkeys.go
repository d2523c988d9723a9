package main

// withBotKeys lets the keys of these fingerprints seat a bot over SSH.
func withBotKeys(fps []string) serveOption {
	return func(c *serveSettings) { c.botKeys = fps }
}
