package crawler_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/jobdir"
)

// TestFinish: Finish stores the quality report, writes the folder's
// reports (Heritrix's and the quality report), then hands the caller's
// custody step the folder and its package step the WARC folder
// (Stats.WARCDir); run again it writes the same files.
func TestFinish(t *testing.T) {
	st, j, reg, _, _ := interruptedCapture(t, "finish")
	stats, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if err != nil || stats.StopReason != crawler.StopFinished {
		t.Fatalf("run: %+v, %v", stats, err)
	}
	f := jobdir.Folder(stats.Folder)
	var custody jobdir.Folder
	var packaged string
	opts := crawler.FinishOptions{Log: zaptest.NewLogger(t),
		Custody: func(_ context.Context, got jobdir.Folder) error { custody = got; return nil },
		Package: func(_ context.Context, dir string) error { packaged = dir; return nil }}
	rep, err := crawler.Finish(context.Background(), st, j, stats, opts)
	if err != nil || rep == nil {
		t.Fatalf("Finish: %v", err)
	}
	if custody != f || packaged != f.WARCs() || stats.WARCDir() != f.WARCs() {
		t.Errorf("custody got %q, package %q; want the folder %q and its warcs/", custody, packaged, f)
	}
	if c, err := st.Capture(context.Background(), stats.CaptureID); err != nil || len(c.Report) == 0 {
		t.Errorf("no stored report: %v", err)
	}
	list := func() []string {
		var names []string
		_ = filepath.WalkDir(string(f), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(string(f), p)
				names = append(names, rel)
			}
			return err
		})
		return names
	}
	first := list()
	for _, r := range append([]string{jobdir.QualityHTML, jobdir.QualityJSON}, heritrix.Reports...) {
		if !slices.Contains(first, filepath.Join(jobdir.ReportsDir, r)) {
			t.Errorf("Finish did not write reports/%s: %v", r, first)
		}
	}
	if _, err := crawler.Finish(context.Background(), st, j, stats, opts); err != nil {
		t.Fatal(err)
	}
	if again := list(); !slices.Equal(again, first) {
		t.Errorf("a second Finish wrote %v, the first %v", again, first)
	}
}

// TestOneFinish: `sharc crawl`, `sharc demo` and the daemon (at a
// capture's end and for a report built on demand) finish a capture with
// crawler.Finish, and no other product code builds a capture's report
// and its folder's reports itself: what a capture leaves in its folder
// cannot differ by who ran it.
func TestOneFinish(t *testing.T) {
	callers := map[string]int{}
	for _, dir := range []string{"../cmd/sharc", "../daemon"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, p := range files {
			if strings.HasSuffix(p, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok {
					switch x.Name + "." + sel.Sel.Name {
					case "crawler.Finish":
						callers[filepath.Base(p)]++
					case "jobdir.Finish", "jobdir.WriteReports":
						t.Errorf("%s writes a capture folder's reports itself (%s.%s): call crawler.Finish", p, x.Name, sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
	for _, want := range []string{"crawl.go", "demo.go", "daemon.go", "ondemand.go"} {
		if callers[want] == 0 {
			t.Errorf("%s does not call crawler.Finish (callers: %v)", want, callers)
		}
	}
}
