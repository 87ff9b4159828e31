package crawllog

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestRobustnessDoc: docs/robustness.md lists every crawl.log code SHARC
// writes and every fuzz target of the repository, so neither can drift
// from the code.
func TestRobustnessDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/robustness.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Code{CodeConnectFailed, CodeConnectLost, CodeTimeout, CodeRuntimeError, CodeUnfetchable,
		CodeRetriesGaveUp, CodePrereqFailed, CodeChaff, CodeTooManyHops, CodeBlockedGuard, CodeQuota, CodeRobots} {
		if !strings.Contains(string(doc), "| "+strconv.Itoa(int(c))+" |") {
			t.Errorf("docs/robustness.md has no row for code %d", c)
		}
	}
	fuzz := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	err = filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../../")))
		for _, m := range fuzz.FindAllStringSubmatch(string(src), -1) {
			if !strings.Contains(string(doc), "| `"+pkg+"` | `"+m[1]+"` |") {
				t.Errorf("docs/robustness.md's fuzz table has no row for %s %s (run scripts/fuzz-all.sh)", pkg, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
