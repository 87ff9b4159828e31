package job

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestDocsCoverEveryField checks that docs/job-yaml.md documents every
// field Marshal writes (so a field added to the parser and Marshal without
// documentation fails), and that its defaulted listing is current.
func TestDocsCoverEveryField(t *testing.T) {
	doc, err := os.ReadFile("../../docs/job-yaml.md")
	if err != nil {
		t.Fatal(err)
	}
	full, err := os.ReadFile("testdata/full.golden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(full, &root); err != nil {
		t.Fatal(err)
	}
	// Every field at every depth, by dotted path; resolve's keys are host
	// names and politeness.hosts' keys are written HOST in the docs.
	var paths []string
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		if n.Kind != yaml.MappingNode || path == "resolve" {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i].Value
			if path == "politeness.hosts" {
				key = "HOST"
			}
			p := key
			if path != "" {
				p = path + "." + key
			}
			if !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
			walk(n.Content[i+1], p)
		}
	}
	walk(root.Content[0], "")
	if len(paths) < 50 {
		t.Fatalf("found only %d fields in the full job: %q", len(paths), paths)
	}
	for _, p := range paths {
		if p == "politeness.hosts.HOST" {
			continue // documented through its two fields
		}
		// Top-level fields are documented by name, the others by path.
		if !strings.Contains(string(doc), "| `"+p+"` |") {
			t.Errorf("docs/job-yaml.md has no table row for `%s`", p)
		}
	}
	defaults, err := os.ReadFile("testdata/defaults.golden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), "```yaml\n"+string(defaults)+"```") {
		t.Errorf("docs/job-yaml.md's defaulted listing differs from testdata/defaults.golden.yaml")
	}
}

// TestDocsListEveryField checks docs/job-yaml.md against the field table
// (fields.go), the one declaration of every field: each field has a row
// whose Type and Default columns are the table's, the default being what
// Marshal writes for Defaults() unless the table names another.
func TestDocsListEveryField(t *testing.T) {
	doc, err := os.ReadFile("../../docs/job-yaml.md")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := docRows()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 60 {
		t.Fatalf("only %d fields in the table", len(rows))
	}
	for _, r := range rows {
		if !strings.Contains(string(doc), "\n"+r.String()) {
			t.Errorf("docs/job-yaml.md has no row starting %s", r)
		}
	}
}

// TestFullGoldenSetsEveryField: testdata/full.golden.yaml, which
// crawler's TestEverySettingClassified reads to make every setting be
// classified as defining or tunable, holds every field of the table, so a
// field added to the table cannot escape that classification.
func TestFullGoldenSetsEveryField(t *testing.T) {
	full, err := os.ReadFile("testdata/full.golden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(full, &root); err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	var walk func(n *yaml.Node, path string)
	walk = func(n *yaml.Node, path string) {
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := n.Content[i].Value
			if path == "politeness.hosts" {
				key = "HOST"
			}
			p := join(path, key)
			have[p] = true
			walk(n.Content[i+1], p)
		}
	}
	walk(root.Content[0], "")
	rows, err := docRows()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if !have[r.path] {
			t.Errorf("testdata/full.yaml does not set %s: add it so every field is marshalled, documented and classified", r.path)
		}
	}
}
