package archdoc_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/internal/archdoc"
)

var update = flag.Bool("update", false, "rewrite the generated sections of docs/architecture.md")

const docPath = "../../docs/architecture.md"

// Rooms follow from paths (TestOneWay checks the rules by path): research/
// evaluates strategies and policies (the thesis' simulations, issue 16's
// refresh study, issue 31's recurring captures, the built-in test site)
// and the bench tools; internal/testkit/ and internal/archdoc exist for
// tests only, as does configs/deploy (it tests the deployment files);
// everything else is the product: what `sharc crawl` and `sharc serve` run.
const (
	product  = "product"
	research = "research"
	testOnly = "test"
)

// homes are the eight top-level homes of the design card.
var homes = []string{"cmd", "crawler", "frontier", "scheduler", "warc", "store", "migrations", "configs"}

// room is the room of the package at path p.
func room(p string) string {
	switch {
	case p == "research" || strings.HasPrefix(p, "research/") || p == "cmd/sharc-bench":
		return research
	case strings.HasPrefix(p, "internal/testkit") || p == "internal/archdoc" || p == "configs/deploy":
		return testOnly
	}
	return product
}

// under reports whether package p is home h or inside it.
func under(p, h string) bool { return p == h || strings.HasPrefix(p, h+"/") }

func load(t *testing.T) []archdoc.Package {
	t.Helper()
	pkgs, err := archdoc.Load(context.Background(), "../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 30 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	return pkgs
}

// TestArchitectureDoc: the package table and the layer diagram in
// docs/architecture.md are what go list says (the job field table is
// crawler's TestFieldsDoc).
func TestArchitectureDoc(t *testing.T) {
	pkgs := load(t)
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, s := range []struct{ name, body string }{
		{"layers", renderLayers(pkgs)},
		{"packages", renderPackages(pkgs)},
	} {
		text = checkSection(t, text, s.name, s.body)
	}
	if *update {
		if err := os.WriteFile(docPath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkSection compares the doc's section between the name's markers with
// body, and returns the doc with body in place.
func checkSection(t *testing.T, text, name, body string) string {
	t.Helper()
	begin := "<!-- archdoc:" + name + " begin (generated: go test ./internal/archdoc -update) -->\n"
	end := "<!-- archdoc:" + name + " end -->"
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Errorf("docs/architecture.md has no %q … %q section", strings.TrimSpace(begin), end)
		return text
	}
	if got := text[i+len(begin) : j]; got != body && !*update {
		t.Errorf("docs/architecture.md section %s drifted from the code; run go test ./internal/archdoc -update and review the diff.\n--- doc\n%s--- code\n%s", name, got, body)
	}
	return text[:i+len(begin)] + body + text[j:]
}

func mark(p string) string {
	switch room(p) {
	case research:
		return p + " (R)"
	case testOnly:
		return p + " (T)"
	}
	return p
}

func renderLayers(pkgs []archdoc.Package) string {
	layers := archdoc.Layers(pkgs)
	var b strings.Builder
	b.WriteString("```\n")
	for d := len(layers) - 1; d >= 0; d-- {
		names := make([]string, len(layers[d]))
		for i, p := range layers[d] {
			names[i] = mark(p)
		}
		fmt.Fprintf(&b, "%d  %s\n", d, strings.Join(names, ", "))
	}
	b.WriteString("```\n")
	return b.String()
}

func renderPackages(pkgs []archdoc.Package) string {
	var b strings.Builder
	b.WriteString("| package | room | imports (project, not tests) | job |\n|---|---|---|---|\n")
	for _, p := range pkgs {
		imps := "—"
		if len(p.Imports) > 0 {
			imps = strings.Join(p.Imports, ", ")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Path, room(p.Path), imps, archdoc.FirstSentence(p.Doc))
	}
	return b.String()
}

// TestOneWay: dependencies point one way, cmd → daemon → crawler →
// (frontier, scheduler, warc, store), by path: nothing imports a command,
// only commands reach into daemon/, nothing under the four lower homes
// reaches into crawler/ or daemon/, the product needs no research or test
// package, and no product package imports net/http/httptest.
func TestOneWay(t *testing.T) {
	pkgs := load(t)
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			checkImport(t, p.Path, imp)
		}
		if room(p.Path) == product && slices.Contains(p.Direct, "net/http/httptest") {
			t.Errorf("product package %s imports net/http/httptest: test machinery belongs in tests", p.Path)
		}
	}
	deps := map[string][]string{}
	for _, p := range pkgs {
		deps[p.Path] = p.Deps
	}
	for _, low := range []string{"store", "scheduler", "frontier", "warc"} {
		if deps[low] == nil {
			t.Errorf("go list did not list %s", low)
		}
	}
	for _, d := range deps["scheduler"] {
		if d == "net/http" || d == "net/url" || d == "net" {
			t.Errorf("scheduler depends on %s: it sees page IDs and rates, never HTTP or URLs", d)
		}
	}
}

func checkImport(t *testing.T, from, imp string) {
	t.Helper()
	if under(imp, "cmd") {
		t.Errorf("%s imports %s: nothing imports a command", from, imp)
	}
	if under(imp, "daemon") && !under(from, "cmd") && !under(from, "daemon") && room(from) == product {
		t.Errorf("%s imports %s: only commands reach into daemon/", from, imp)
	}
	for _, low := range []string{"store", "scheduler", "frontier", "warc"} {
		if under(from, low) && (under(imp, "crawler") || under(imp, "daemon")) {
			t.Errorf("%s imports %s: the crawler uses %s/, never the other way", from, imp, low)
		}
	}
	if under(from, "crawler") && under(imp, "daemon") {
		t.Errorf("%s imports %s: the daemon uses the crawler, never the other way", from, imp)
	}
	if room(from) == product && !under(from, "cmd") && room(imp) != product {
		t.Errorf("product package %s imports %s package %s: move what the product needs out of %s", from, room(imp), imp, imp)
	}
}

// TestTopLevel: at most 15 folders at the top, the design card's eight
// homes among them.
func TestTopLevel(t *testing.T) {
	entries, err := os.ReadDir("../..")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && e.Name() != "bin" && !strings.HasPrefix(e.Name(), "demo-output") {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) > 15 {
		t.Errorf("%d folders at the top (%s): at most 15", len(dirs), strings.Join(dirs, ", "))
	}
	for _, h := range homes {
		if !slices.Contains(dirs, h) {
			t.Errorf("the top level lacks the home %s/", h)
		}
	}
}

// TestEveryPackageHasDocGo: every package states its job (and its
// concurrency contract) in a doc.go.
func TestEveryPackageHasDocGo(t *testing.T) {
	for _, p := range load(t) {
		if _, err := os.Stat("../../" + p.Path + "/doc.go"); err != nil {
			t.Errorf("package %s has no doc.go: %v", p.Path, err)
		}
	}
}
