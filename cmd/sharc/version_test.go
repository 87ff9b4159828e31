package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestVersionNamesRevision: a binary built from a git checkout with `make
// build` prints the commit it was built from, so an archive's warcinfo
// and package name a build anyone can find again (Go stamps no revision
// in a git worktree or with -buildvcs=false; the Makefile passes it).
func TestVersionNamesRevision(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(self), "..", "..")
	head, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout (or no git): %v", err)
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	bin := filepath.Join(t.TempDir(), "sharc")
	if out, err := exec.Command("make", "-s", "-C", root, "build", "BIN="+bin).CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	rev := strings.TrimSpace(string(head))
	if !strings.Contains(string(out), "revision "+rev) || !strings.Contains(string(out), "+"+rev[:12]) {
		t.Errorf("sharc version = %q, want it to name revision %s", out, rev)
	}
}
