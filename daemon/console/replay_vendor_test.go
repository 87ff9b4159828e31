package console

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayVendoredMatchesLockfile: the committed ReplayWeb.page build is
// the version tests/js/package-lock.json pins, and each embedded file has
// the sha256 SHA256SUMS lists (scripts/vendor-replay.sh writes both), so
// the copy cannot drift from what the update script vendored.
func TestReplayVendoredMatchesLockfile(t *testing.T) {
	lock, err := os.ReadFile("../../tests/js/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	var pl struct {
		Packages map[string]struct {
			Version string `json:"version"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(lock, &pl); err != nil {
		t.Fatal(err)
	}
	want := pl.Packages["node_modules/replaywebpage"].Version
	v, err := replayFS.ReadFile("replay/VERSION")
	if err != nil {
		t.Fatalf("embedded VERSION: %v", err)
	}
	if got := strings.TrimSpace(string(v)); want == "" || got != want {
		t.Fatalf("daemon/console/replay/VERSION %q, the lockfile pins replaywebpage %q: run make replay-assets", got, want)
	}
	sums, err := replayFS.ReadFile("replay/SHA256SUMS")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(sums))
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", sc.Text())
		}
		b, err := replayFS.ReadFile("replay/" + name)
		if err != nil {
			t.Fatalf("%s listed in SHA256SUMS: %v", name, err)
		}
		h := sha256.Sum256(b)
		if got := hex.EncodeToString(h[:]); got != sum {
			t.Errorf("daemon/console/replay/%s: sha256 %s, SHA256SUMS %s", name, got, sum)
		}
		seen[name] = true
	}
	for _, name := range []string{"ui.js", "sw.js", "LICENSE", "VERSION"} {
		if !seen[name] {
			t.Errorf("SHA256SUMS does not list %s", name)
		}
	}
	if !hasReplay() {
		t.Error("hasReplay() is false with ui.js committed")
	}
}

// TestPlainBuildEmbedsReplay: a binary from a plain `go build ./cmd/sharc`
// (no make, no npm) holds ReplayWeb.page's ui.js and sw.js byte for byte:
// the embed directive stores them as they are, so the bytes are in the
// binary.
func TestPlainBuildEmbedsReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the daemon's binary")
	}
	bin := filepath.Join(t.TempDir(), "sharc")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/sharc")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/sharc: %v\n%s", err, out)
	}
	exe, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ui.js", "sw.js"} {
		b, err := os.ReadFile(filepath.Join("replay", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(exe, b) {
			t.Errorf("the binary of go build ./cmd/sharc lacks daemon/console/replay/%s (%d bytes)", name, len(b))
		}
	}
}
