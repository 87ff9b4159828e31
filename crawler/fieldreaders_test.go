package crawler_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
)

// TestFieldReaders: every job field has exactly one reader row, and every
// row names a job field, a stage the crawler has (or none) and a file
// that exists, so the table in docs/architecture.md cannot point nowhere.
func TestFieldReaders(t *testing.T) {
	fields := job.FieldPaths()
	if len(fields) < 40 {
		t.Fatalf("only %d job fields: %v", len(fields), fields)
	}
	rows := map[string]crawler.FieldReader{}
	for _, r := range crawler.FieldReaders() {
		if _, dup := rows[r.Field]; dup {
			t.Errorf("job field %q has two rows in crawler.FieldReaders", r.Field)
		}
		rows[r.Field] = r
	}
	known := map[string]bool{}
	for _, f := range fields {
		known[f] = true
		if _, ok := rows[f]; !ok {
			t.Errorf("job field %q has no row in crawler.FieldReaders (crawler/fieldreaders_table_test.go): add "+
				"{%q, \"<its job.Job field, e.g. Scope.MaxHops>\", stages.<the stage whose work it sets, or \"\">, \"<file that reads it>\"} "+
				"and run go test ./crawler -run TestFieldsDoc -update to regenerate docs/architecture.md", f, f)
		}
	}
	for _, r := range crawler.FieldReaders() {
		if !known[r.Field] {
			t.Errorf("crawler.FieldReaders has a row for %q, which job.FieldPaths does not list: remove or rename it", r.Field)
		}
		if _, ok := stages.Lookup(r.Stage); r.Stage != "" && !ok {
			t.Errorf("%s: stage %q is not in crawler/stages", r.Field, r.Stage)
		}
		if !isJobField(r.Go) {
			t.Errorf("%s: %q is not a field of job.Job", r.Field, r.Go)
		}
		src, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(r.File)))
		if err != nil {
			t.Errorf("%s: reader file %s: %v", r.Field, r.File, err)
			continue
		}
		last := r.Go[strings.LastIndex(r.Go, ".")+1:]
		if !strings.Contains(string(src), "."+last) {
			t.Errorf("%s: %s never mentions .%s: name the file that reads it", r.Field, r.File, last)
		}
	}
}

// isJobField reports whether sel ("Scope.MaxHops") selects a field of
// job.Job, stepping into the element type of a map or slice
// (Politeness.Hosts.Parallel).
func isJobField(sel string) bool {
	t := reflect.TypeFor[job.Job]()
	for _, name := range strings.Split(sel, ".") {
		for t.Kind() == reflect.Map || t.Kind() == reflect.Slice || t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return false
		}
		f, ok := t.FieldByName(name)
		if !ok {
			return false
		}
		t = f.Type
	}
	return sel != ""
}

var update = flag.Bool("update", false, "rewrite the job field table in docs/architecture.md")

const architectureDoc = "../docs/architecture.md"

// TestFieldsDoc: the job field table in docs/architecture.md ("Where each
// job field is read") is FieldReaders; -update rewrites it.
func TestFieldsDoc(t *testing.T) {
	doc, err := os.ReadFile(architectureDoc)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	begin := "<!-- archdoc:fields begin (generated: go test ./crawler -run TestFieldsDoc -update) -->\n"
	end := "<!-- archdoc:fields end -->"
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("docs/architecture.md has no %q … %q section", strings.TrimSpace(begin), end)
	}
	body := renderFields()
	if got := text[i+len(begin) : j]; got != body && !*update {
		t.Errorf("docs/architecture.md section fields drifted from the code; run go test ./crawler -run TestFieldsDoc -update and review the diff.\n--- doc\n%s--- code\n%s", got, body)
	}
	if *update {
		if err := os.WriteFile(architectureDoc, []byte(text[:i+len(begin)]+body+text[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func renderFields() string {
	var b strings.Builder
	b.WriteString("| job field | `job.Job` field | stage it sets | chain | read in |\n|---|---|---|---|---|\n")
	for _, r := range crawler.FieldReaders() {
		stage, chain := "—", ""
		if s, ok := stages.Lookup(r.Stage); ok {
			stage, chain = "`"+s.Name+"`", string(s.Chain)
		}
		fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s | `%s` |\n", r.Field, r.Go, stage, chain, r.File)
	}
	return b.String()
}
