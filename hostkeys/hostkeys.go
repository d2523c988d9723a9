// Package hostkeys loads the server's ed25519 SSH host key, creating it on
// first start, and prints fingerprints the way ssh-keygen does.
//
// The key lives in one file (OpenSSH private key format, mode 0600) inside a
// directory of mode 0700. A key file that others can read, or that does not
// hold a usable key, is an error that says what to do: cardroom never
// silently replaces a host key, since clients pinned the old one.
package hostkeys

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"
)

// FileName is the host key's file name inside the data directory.
const FileName = "ssh_host_ed25519_key"

// Key is a loaded host key.
type Key struct {
	Signer  gossh.Signer
	Path    string
	Created bool // the key was created by this call
}

// Fingerprint is the key's SHA256 fingerprint as ssh-keygen -l prints it
// ("SHA256:…").
func (k *Key) Fingerprint() string { return Fingerprint(k.Signer.PublicKey()) }

// Fingerprint returns a public key's SHA256 fingerprint ("SHA256:…", unpadded
// base64), the form ssh-keygen -l and OpenSSH's known-host prompts print.
func Fingerprint(pub gossh.PublicKey) string { return gossh.FingerprintSHA256(pub) }

// LoadOrCreate loads the ed25519 host key in dir (FileName), creating dir
// (0700) and the key (0600) when the key file does not exist yet. A public
// half is written next to it as FileName+".pub" for the operator's
// convenience; it is never read back.
func LoadOrCreate(dir string) (*Key, error) {
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("hostkeys: create data directory: %w", err)
	}
	path := filepath.Join(dir, FileName)
	k, err := Load(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return k, err
	}
	if err := create(path); err != nil {
		return nil, err
	}
	k, err = Load(path)
	if err != nil {
		return nil, err
	}
	k.Created = true
	return k, nil
}

// Load reads an existing host key file. It refuses a file that group or
// others may read or write, and says how to fix it.
func Load(path string) (*Key, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("hostkeys: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("hostkeys: %s is not a regular file; move it away so a new host key can be created there", path)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, fmt.Errorf("hostkeys: host key %s has mode %04o but must be private to its owner; run: chmod 600 %s", path, perm, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("hostkeys: %w", err)
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		var pm *gossh.PassphraseMissingError
		if errors.As(err, &pm) {
			return nil, fmt.Errorf("hostkeys: host key %s is protected by a passphrase, which a server cannot type; use an unencrypted key or move it away so a new one is created", path)
		}
		return nil, fmt.Errorf("hostkeys: %s does not hold an OpenSSH private key (%v); restore the right file, or move it away so a new host key is created (clients will then see a changed host key)", path, err)
	}
	if t := signer.PublicKey().Type(); t != gossh.KeyAlgoED25519 {
		return nil, fmt.Errorf("hostkeys: host key %s is %s, want ssh-ed25519; move it away so a new key is created", path, t)
	}
	return &Key{Signer: signer, Path: path}, nil
}

// create writes a fresh key to path without ever replacing an existing file:
// the key is written to a temporary file and hard-linked into place, so two
// servers starting at once end up sharing one key.
func create(path string) error {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("hostkeys: generate key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "cardroom host key")
	if err != nil {
		return fmt.Errorf("hostkeys: encode key: %w", err)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".hostkey-*")
	if err != nil {
		return fmt.Errorf("hostkeys: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("hostkeys: %w", err)
	}
	if _, err := tmp.Write(pem.EncodeToMemory(block)); err != nil {
		tmp.Close()
		return fmt.Errorf("hostkeys: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("hostkeys: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("hostkeys: %w", err)
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("hostkeys: install %s: %w", path, err)
	}
	sshPub, err := gossh.NewPublicKey(pub)
	if err == nil {
		// Best effort: the .pub file is for people, the server never reads it.
		_ = os.WriteFile(path+".pub", gossh.MarshalAuthorizedKey(sshPub), 0o644)
	}
	return nil
}
