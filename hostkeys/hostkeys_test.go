package hostkeys

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadOrCreateCreatesPrivateKeyAndReusesIt(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	k1, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !k1.Created {
		t.Errorf("first LoadOrCreate: Created = false, want true")
	}
	fi, err := os.Stat(k1.Path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o600 {
		t.Errorf("key file mode = %04o, want 0600", got)
	}
	di, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := di.Mode().Perm(); got != 0o700 {
		t.Errorf("data dir mode = %04o, want 0700", got)
	}
	if got := k1.Signer.PublicKey().Type(); got != "ssh-ed25519" {
		t.Errorf("key type = %q, want ssh-ed25519", got)
	}
	fp := k1.Fingerprint()
	if !strings.HasPrefix(fp, "SHA256:") || len(fp) != len("SHA256:")+43 {
		t.Errorf("fingerprint = %q, want SHA256: and 43 base64 characters", fp)
	}

	k2, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if k2.Created {
		t.Errorf("second LoadOrCreate: Created = true, want false (key reused)")
	}
	if got := k2.Fingerprint(); got != fp {
		t.Errorf("second fingerprint = %s, want the first one %s", got, fp)
	}
	if _, err := os.Stat(k1.Path + ".pub"); err != nil {
		t.Errorf("public key file: %v", err)
	}
}

func TestLoadRefusesReadableKey(t *testing.T) {
	dir := t.TempDir()
	k, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(k.Path, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadOrCreate(dir)
	if err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("LoadOrCreate with a 0644 key: err = %v, want advice to chmod 600", err)
	}
}

func TestLoadRefusesGarbage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte("not a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := LoadOrCreate(dir)
	if err == nil || !strings.Contains(err.Error(), "move it away") {
		t.Fatalf("LoadOrCreate with garbage: err = %v, want advice to move it away", err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "not a key\n" {
		t.Errorf("garbage key file was changed to %q; it must be left alone", data)
	}
}
