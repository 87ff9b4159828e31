package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRefreshDocGenerated: the generated section of
// docs/refresh-policies.md is what `sharc experiment refresh` prints with
// its defaults. Regenerate with
// go run ./cmd/sharc experiment refresh --doc docs/refresh-policies.md.
func TestRefreshDocGenerated(t *testing.T) {
	doc, err := os.ReadFile("../../docs/refresh-policies.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i, j := strings.Index(s, refreshDocBegin), strings.Index(s, refreshDocEnd)
	if i < 0 || j < i {
		t.Fatal("docs/refresh-policies.md has no generated section")
	}
	code, out, errOut := sharc(t, "experiment", "refresh")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := s[i+len(refreshDocBegin) : j]; got != out {
		t.Errorf("docs/refresh-policies.md is stale; regenerate with go run ./cmd/sharc experiment refresh --doc docs/refresh-policies.md")
	}
}

func TestRefreshExperimentFlags(t *testing.T) {
	small := []string{"--sites", "3", "--pages", "40", "--cycles", "3", "--clusters", "4", "--sweep", ""}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"one policy", append(small, "--policies", "random,oracle", "--co-change", "on"), 0, "| oracle |"},
		{"bad policy", append(small, "--policies", "nope"), 1, "unknown policy"},
		{"bad share", append(small, "--shares", "2"), 2, "--shares"},
		{"bad co-change", append(small, "--co-change", "maybe"), 1, "--co-change"},
		{"bad seeds", append(small, "--seeds", "0"), 2, "--seeds"},
		{"seeds summary", append(small, "--policies", "random,site-sampling,neighbourhood-dir(1)", "--seeds", "3", "--co-change", "off"), 0,
			"| neighbourhood-dir(1) |"},
		{"bad history", append(small, "--history", "some"), 2, "--history"},
		{"bad ddb", append(small, "--ddb", "sideways"), 2, "--ddb"},
		{"bad format", append(small, "--format", "yaml"), 2, "--format"},
		{"json with doc", append(small, "--format", "json", "--doc", "x.md"), 2, "--doc"},
		{"literal readings", append(small, "--policies", "neighbourhood-dir(1)/ha", "--history", "all", "--ddb", "literal"), 0, "| neighbourhood-dir(1)/ha |"},
		{"stray argument", append(small, "extra"), 2, "unexpected arguments"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := sharc(t, append([]string{"experiment", "refresh"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d, want %d; output lacks %q:\n%s%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
}

// TestRefreshDocRewrite: --doc replaces only the generated section.
func TestRefreshDocRewrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.md")
	orig := "# head\n\n" + refreshDocBegin + "old\n" + refreshDocEnd + "tail\n"
	if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := sharc(t, "experiment", "refresh", "--sites", "2", "--pages", "30", "--cycles", "2", "--clusters", "3",
		"--policies", "random", "--shares", "0.1", "--co-change", "off", "--sweep", "", "--doc", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, _ := os.ReadFile(path)
	got := string(b)
	if !strings.HasPrefix(got, "# head\n\n"+refreshDocBegin+"### Independent") || !strings.HasSuffix(got, refreshDocEnd+"tail\n") || strings.Contains(got, "old\n") {
		t.Errorf("rewritten document:\n%s", got)
	}
	if err := os.WriteFile(path, []byte("no markers"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := sharc(t, "experiment", "refresh", "--sites", "2", "--pages", "30", "--cycles", "2", "--clusters", "3",
		"--policies", "random", "--sweep", "", "--doc", path); code == 0 {
		t.Error("a document without markers was accepted")
	}
}

// TestRefreshExperimentJSON: --format json carries the figures of the
// markdown tables, the verdicts included, as numbers.
func TestRefreshExperimentJSON(t *testing.T) {
	args := []string{"experiment", "refresh", "--sites", "3", "--pages", "40", "--cycles", "3", "--clusters", "4", "--sweep", "1",
		"--policies", "random,site-sampling,neighbourhood-link(3)", "--seeds", "3", "--co-change", "off"}
	code, md, errOut := sharc(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, out, errOut := sharc(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got refreshJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(got.Experiments) != 1 || len(got.Sweeps) != 1 || len(got.Experiments[0].Results) != 9 || len(got.Experiments[0].Claims) != 12 {
		t.Fatalf("JSON has %d experiments, %d sweeps: %+v", len(got.Experiments), len(got.Sweeps), got)
	}
	for _, c := range got.Experiments[0].Claims {
		row := fmt.Sprintf("| %s | %s | %.1f%% | %s | %.3f ± %.3f |", c.Claim, c.Source, 100*c.Share, c.Policy, float64(c.Ratio.Mean), float64(c.Ratio.CI95))
		if !strings.Contains(md, row+" "+fmt.Sprintf("%.2f", c.Claimed)) {
			t.Errorf("markdown lacks the JSON's claim row %q", row)
		}
	}
	r := got.Experiments[0].Results[0]
	if want := fmt.Sprintf("| %s | %.3f |", r.Policy, r.ChangeRatio); !strings.Contains(md, want) {
		t.Errorf("markdown lacks the JSON's %q", want)
	}
}

// TestRefreshTablesGenerated: the extra tables of docs/refresh-policies.md
// (choice of d, the papers' literal readings) are what
// `sharc experiment refresh --table NAME` prints today.
func TestRefreshTablesGenerated(t *testing.T) {
	doc, err := os.ReadFile("../../docs/refresh-policies.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	for _, name := range []string{refreshTableD, refreshTableLiteral} {
		begin := refreshTableBegin(name)
		i := strings.Index(s, begin)
		if i < 0 {
			t.Fatalf("docs/refresh-policies.md has no section for --table %s", name)
		}
		j := strings.Index(s[i:], refreshDocEnd)
		code, out, errOut := sharc(t, "experiment", "refresh", "--table", name)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if got := s[i+len(begin) : i+j]; got != out {
			t.Errorf("table %s is stale; regenerate with go run ./cmd/sharc experiment refresh --table %s --doc docs/refresh-policies.md\ngot:\n%s\nwant:\n%s", name, name, got, out)
		}
	}
}

// TestRefreshDocProseFigures: every figure with two or more decimals in
// the prose of docs/refresh-policies.md (outside the generated sections)
// is one of the generated sections' figures, so prose cannot keep a
// number the code no longer gives. (Figures with one decimal, such as
// "1.6× random", are rounded ratios of generated figures and are not
// checked.)
func TestRefreshDocProseFigures(t *testing.T) {
	doc, err := os.ReadFile("../../docs/refresh-policies.md")
	if err != nil {
		t.Fatal(err)
	}
	gen := regexp.MustCompile(`(?s)<!-- BEGIN generated[^\n]*\n(.*?)<!-- END generated -->\n`)
	var figures strings.Builder
	for _, m := range gen.FindAllStringSubmatch(string(doc), -1) {
		figures.WriteString(m[1])
	}
	prose := gen.ReplaceAllString(string(doc), "")
	num := regexp.MustCompile(`\d+\.\d\d+`)
	generated := map[string]bool{}
	for _, x := range regexp.MustCompile(`\d+\.\d+`).FindAllString(figures.String(), -1) {
		generated[x] = true
	}
	// Figures of the papers, checked by their own tests.
	papers := map[string]string{"0.66": "TestCategoryExamplePaper", "0.77": "TestCategoryExamplePaper"}
	checked := 0
	for _, x := range num.FindAllString(prose, -1) {
		checked++
		if !generated[x] && papers[x] == "" {
			t.Errorf("prose figure %s is in no generated section", x)
		}
	}
	if checked < 20 {
		t.Errorf("only %d prose figures found: the check is not looking at the right text", checked)
	}
}
