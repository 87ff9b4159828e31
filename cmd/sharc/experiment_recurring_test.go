package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/research/recurring"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestRecurringExperiment: a small real run prints one JSON object per
// capture, reports progress on stderr, and rewrites only the generated
// section of a doc page, keeping the raw scores that TestRecurringDoc
// re-summarises.
func TestRecurringExperiment(t *testing.T) {
	demoJob, err := filepath.Abs("../../configs/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	doc := filepath.Join(dir, "page.md")
	if err := os.WriteFile(doc, []byte("# Page\n\nprose before\n\n"+recurringBegin("results")+"\nold\n"+recurringEnd("results")+"\n\nprose after\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := sharc(t, "experiment", "recurring", "--job", demoJob, "--delta", "20ms", "--pages", "10", "--outdegree", "3",
		"--seeds", "1,2", "--captures", "2", "--rates", "true,pooled", "--strategies", "sharc-selective-online,hl-lifo",
		"--goal-from", "2", "--format", "json", "--doc", doc, "--out", filepath.Join(dir, "out"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var caps []recurring.Capture
	if err := json.Unmarshal([]byte(out), &caps); err != nil {
		t.Fatalf("stdout is not a JSON array: %v\n%s", err, out)
	}
	if len(caps) != 2*2*2*2 {
		t.Fatalf("%d captures, want 16", len(caps))
	}
	if !strings.Contains(errOut, "16/16 captures") {
		t.Errorf("no progress on stderr:\n%s", errOut)
	}
	page, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	rd, md, err := parseRecurringDoc(string(page), "results")
	if err != nil {
		t.Fatal(err)
	}
	if rd.Command != "sharc experiment recurring --delta 20ms --pages 10 --outdegree 3 --seeds 1,2 --captures 2 --rates true,pooled --strategies sharc-selective-online,hl-lifo --goal-from 2" {
		t.Errorf("command %q", rd.Command)
	}
	if got := rd.markdown(scheduler.NewRegistry()); !strings.Contains(md, got) {
		t.Errorf("generated section is not the summary of its data:\n%s\nwant\n%s", md, got)
	}
	for _, want := range []string{"prose before", "prose after", "| pooled | vs true rates |"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(string(page), "\nold\n") {
		t.Error("old generated section kept")
	}
	// --resummarise rebuilds the same section from the kept raw scores.
	code, again, errOut := sharc(t, "experiment", "recurring", "--doc", doc, "--resummarise")
	if code != 0 || !strings.Contains(md, again) {
		t.Errorf("--resummarise: exit %d, %s\n%s", code, errOut, again)
	}
	if page2, _ := os.ReadFile(doc); string(page2) != string(page) {
		t.Error("--resummarise changed a page that was up to date")
	}
}

// TestRecurringDoc: the tables of each generated section of
// docs/recurring-captures.md are what the code of today makes of the
// run's raw scores kept beside them, each run has at least 5 site seeds,
// the page shows the commands, and every figure of the prose is one of
// the tables'.
func TestRecurringDoc(t *testing.T) {
	page, err := os.ReadFile("../../docs/recurring-captures.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := regexp.MustCompile(`<!-- recurring:([A-Za-z0-9-]+) begin `).FindAllStringSubmatch(string(page), -1)
	if len(sections) == 0 {
		t.Fatal("docs/recurring-captures.md has no generated section")
	}
	figure := regexp.MustCompile(`\d+\.\d\d+`)
	generated := map[string]bool{}
	prose := string(page)
	for _, m := range sections {
		name := m[1]
		rd, md, err := parseRecurringDoc(string(page), name)
		if err != nil {
			t.Fatalf("section %s: no raw data: %v", name, err)
		}
		if got := rd.markdown(scheduler.NewRegistry()); !strings.Contains(md, got) {
			t.Errorf("section %s: the tables are not the summary of its data; rerun `%s --doc docs/recurring-captures.md --doc-section %s` (or add --resummarise)", name, rd.Command, name)
		}
		seeds := map[uint64]bool{}
		for _, c := range rd.Captures {
			seeds[c.Seed] = true
		}
		if len(seeds) < 5 {
			t.Errorf("section %s: %d site seeds, want at least 5", name, len(seeds))
		}
		if !strings.HasPrefix(rd.Command, "sharc experiment recurring") {
			t.Errorf("section %s: command %q", name, rd.Command)
		}
		tables, _, _ := strings.Cut(md, recurringData)
		for _, x := range figure.FindAllString(tables, -1) {
			generated[x] = true
		}
		before, rest, _ := strings.Cut(prose, recurringBegin(name))
		_, after, _ := strings.Cut(rest, recurringEnd(name))
		prose = before + after
	}
	n := 0
	for _, x := range figure.FindAllString(prose, -1) {
		n++
		if !generated[x] {
			t.Errorf("prose figure %s is not in the generated tables", x)
		}
	}
	if n < 10 {
		t.Errorf("only %d prose figures: the check looks at the wrong text", n)
	}
}

func TestRecurringExperimentBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "yaml"}, "markdown or json"},
		{[]string{"--listen", "10.1.2.3:0"}, "loopback"},
		{[]string{"--rates", "oracle"}, "unknown rate source"},
		{[]string{"--strategies", "nope"}, "unknown strategy"},
		{[]string{"--seeds", "x"}, "not a seed"},
		{[]string{"--captures", "0"}, "--captures"},
		{[]string{"--ties", "sorted"}, "--ties"},
		{[]string{"--pages", "1000000000"}, "--pages must be ≤"},
		{[]string{"--doc-section", "a b"}, "--doc-section"},
	} {
		code, _, errOut := sharc(t, append([]string{"experiment", "recurring"}, tc.args...)...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d:\n%s", tc.args, code, errOut)
		}
	}
}
