package pagediff_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/daemon/pagediff"
)

var update = flag.Bool("update", false, "rewrite testdata/diff/*.diff from the code")

// TestDiffGolden: each testdata/diff/NAME.a.txt against NAME.b.txt gives
// the unified hunks in NAME.diff, and the hunks rebuild b from a.
func TestDiffGolden(t *testing.T) {
	as, err := filepath.Glob("testdata/diff/*.a.txt")
	if err != nil || len(as) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	for _, ap := range as {
		name := strings.TrimSuffix(filepath.Base(ap), ".a.txt")
		t.Run(name, func(t *testing.T) {
			a, b := readLines(t, ap), readLines(t, strings.TrimSuffix(ap, ".a.txt")+".b.txt")
			hunks := pagediff.Diff(a, b)
			got := pagediff.Unified(hunks)
			golden := filepath.Join("testdata/diff", name+".diff")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("diff differs from %s (go test -update):\n%s", golden, got)
			}
			back, err := pagediff.Apply(a, hunks)
			if err != nil || strings.Join(back, "\n") != strings.Join(b, "\n") {
				t.Errorf("hunks do not rebuild b: %v %q", err, back)
			}
		})
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return split(strings.TrimSuffix(string(b), "\n"))
}
