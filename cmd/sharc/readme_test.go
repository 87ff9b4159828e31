package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tourStep is step n of the README's five-minute tour: its command lines
// (comments dropped, continuations joined), from "# n." to the next step.
func tourStep(t *testing.T, readme string, n string) []string {
	t.Helper()
	start := strings.Index(readme, "\n# "+n+". ")
	if start < 0 {
		t.Fatalf("README has no tour step %s", n)
	}
	block := readme[start+1:]
	if end := regexp.MustCompile("\n# [0-9]+\\. |\n```").FindStringIndex(block[1:]); end != nil {
		block = block[:end[0]+1]
	}
	block = strings.ReplaceAll(block, "\\\n", " ")
	var cmds []string
	for _, l := range strings.Split(block, "\n") {
		l = strings.TrimSpace(l)
		if i := strings.Index(l, " # "); i >= 0 {
			l = strings.TrimSpace(l[:i])
		}
		if l != "" && !strings.HasPrefix(l, "#") {
			cmds = append(cmds, l)
		}
	}
	return cmds
}

// TestReadmeTour is issue 29's "the README tour's step 2 makes capture 2,
// then exports `--capture 1`, silently the demo's": step 2 names its
// capture by its job (its latest), never by a number; step 5, which
// names the demo's capture 1 in the demo's store, runs as written after
// step 1 (`make demo`: sharc demo --out demo-output, here with fewer
// pages) and its WACZ verifies.
func TestReadmeTour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the demo")
	}
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, c := range tourStep(t, readme, "2") {
		if (strings.Contains(c, " export ") || strings.Contains(c, " report ")) && (strings.Contains(c, "--capture") || !strings.Contains(c, "--job configs/demo.yaml")) {
			t.Errorf("tour step 2 names a capture other than its job's latest: %s", c)
		}
	}
	step5 := tourStep(t, readme, "5")
	if len(step5) < 3 {
		t.Fatalf("tour step 5: %q", step5)
	}
	bin := buildSharc(t)
	dir := t.TempDir()
	run := func(line string) string {
		t.Helper()
		args := strings.Fields(strings.Replace(line, "bin/sharc", bin, 1))
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		return string(out)
	}
	run("bin/sharc demo --out demo-output --pages 20")
	var out string
	for _, c := range step5 {
		if !strings.HasPrefix(c, "bin/sharc ") {
			t.Fatalf("tour step 5 runs %q: this test knows only sharc commands", c)
		}
		t.Logf("tour step 5: %s", c)
		out = run(c)
	}
	if !strings.HasPrefix(out, "OK capture.wacz") {
		t.Errorf("the tour's WACZ does not verify:\n%s", out)
	}
	if fi, err := os.Stat(filepath.Join(dir, "report.html")); err != nil || fi.Size() == 0 {
		t.Errorf("the tour's report: %v", err)
	}
}
