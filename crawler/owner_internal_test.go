package crawler

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestEverySettingClassified makes each job field (every path of the
// full job) choose between defining a capture and being a tunable: an
// unlisted field would silently count as defining.
func TestEverySettingClassified(t *testing.T) {
	full, err := os.ReadFile("job/testdata/full.golden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	flat, err := flattenSettings(string(full))
	if err != nil {
		t.Fatal(err)
	}
	if len(flat) < 40 {
		t.Fatalf("only %d settings in the full job: %v", len(flat), flat)
	}
	listed := append(slices.Clone(definingSettings), tunableSettings...)
	for path := range flat {
		ok := false
		for _, p := range listed {
			ok = ok || path == p || strings.HasPrefix(path, p+".")
		}
		if !ok {
			t.Errorf("job setting %s is neither in definingSettings nor in tunableSettings (crawler/owner.go); classify it and say why in docs/cli.md", path)
		}
	}
	for _, p := range definingSettings {
		if slices.Contains(tunableSettings, p) {
			t.Errorf("%s is both defining and tunable", p)
		}
	}
	// docs/cli.md's table justifies every entry ("scheduler.*" for a group).
	doc, err := os.ReadFile("../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range listed {
		if !strings.Contains(string(doc), "`"+p+"`") && !strings.Contains(string(doc), "`"+p+".*`") {
			t.Errorf("docs/cli.md (One capture per job) does not list %s", p)
		}
	}
}

// TestDiffSettings: changes are found at every depth, the store's
// password is not a change, and defining changes come first.
func TestDiffSettings(t *testing.T) {
	old := "name: s\nseeds: [http://a/]\nworkers: 2\nstore: postgres://u:one@h/db\nresolve: {a: '1:1'}\npoliteness: {hosts: {a: {delay: 1s}}}\n"
	cur := "name: s\nseeds: [http://a/, http://b/]\nworkers: 4\nstore: postgres://u:two@h/db\npoliteness: {hosts: {a: {delay: 2s}}}\n"
	got, err := diffSettings(old, cur)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	for _, c := range got {
		text = append(text, c.String())
	}
	want := []string{
		"resolve.a 1:1 → (unset)",
		"seeds [http://a/] → [http://a/, http://b/]",
		"politeness.hosts.a.delay 1s → 2s",
		"workers 2 → 4",
	}
	if !slices.Equal(text, want) {
		t.Errorf("diff:\n%s\nwant:\n%s", strings.Join(text, "\n"), strings.Join(want, "\n"))
	}
	if !got[0].Defining || !got[1].Defining || got[2].Defining || got[3].Defining {
		t.Errorf("classification %+v", got)
	}
	if same, err := diffSettings(old, old); err != nil || len(same) != 0 {
		t.Errorf("diff of a job with itself: %v, %v", same, err)
	}
}
