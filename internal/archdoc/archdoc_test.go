package archdoc_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/internal/archdoc"
)

var update = flag.Bool("update", false, "rewrite the generated sections of docs/architecture.md")

const docPath = "../../docs/architecture.md"

// Rooms: the product is what `sharc crawl` and `sharc serve` run; research
// evaluates strategies and policies (the thesis' simulations, issue 16's
// refresh study, the bench-crawl comparison); test packages exist for
// tests only. A new package must choose (TestArchitectureDoc).
const (
	product  = "product"
	research = "research"
	testOnly = "test"
)

var rooms = map[string]string{
	"cmd/sharc": product, "daemon": product, "console": product, "crawler": product, "crawler/stages": product,
	"frontier": product, "scheduler": product, "warc": product, "store": product, "migrations": product,
	"job": product, "jobdir": product, "heritrix": product, "crawllog": product, "report": product, "crawltree": product,
	"quality": product, "extract": product, "urlcanon": product, "traps": product, "netguard": product, "siteauth": product,
	"upload": product, "wacz": product, "cdxj": product, "changerate": product, "browserfetch": product, "pagediff": product,
	"internal/fsutil": product, "internal/gcpolicy": product, "daemon/access": product, "configs": product, "internal/spool": product, "internal/version": product,

	"sim": research, "testsite": research, "refresh": product, "refresh/refreshsim": research,
	"cmd/sharc-bench": research, "internal/benchabuse": research, "experiment/recurring": research,

	"internal/hostile": testOnly, "internal/pgtest": testOnly, "internal/browsertest": testOnly, "internal/crawltest": testOnly, "internal/s3test": testOnly, "internal/tsatest": testOnly, "internal/loginsite": testOnly, "internal/testkit": testOnly,
	"store/storetest": testOnly, "deploy": testOnly, "replaytest": testOnly, "internal/archdoc": testOnly,
}

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

// TestArchitectureDoc: the package table, the layer diagram and the job
// field table in docs/architecture.md are what go list and the code say.
func TestArchitectureDoc(t *testing.T) {
	pkgs := load(t)
	for _, p := range pkgs {
		if rooms[p.Path] == "" {
			t.Errorf("package %s has no room: add it to rooms in internal/archdoc/archdoc_test.go (product, research or test) and run go test ./internal/archdoc -update", p.Path)
		}
	}
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, s := range []struct{ name, body string }{
		{"layers", renderLayers(pkgs)},
		{"packages", renderPackages(pkgs)},
		{"fields", renderFields()},
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
	switch rooms[p] {
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
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", p.Path, rooms[p.Path], imps, archdoc.FirstSentence(p.Doc))
	}
	return b.String()
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

// TestOneWay: dependencies point one way, cmd → daemon → crawler →
// (frontier, scheduler, warc, store), and the product needs no research
// or test package.
func TestOneWay(t *testing.T) {
	pkgs := load(t)
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "cmd/") {
				t.Errorf("%s imports %s: nothing imports a command", p.Path, imp)
			}
			if imp == "daemon" && !strings.HasPrefix(p.Path, "cmd/") {
				t.Errorf("%s imports daemon: only commands may", p.Path)
			}
			if rooms[p.Path] == product && !strings.HasPrefix(p.Path, "cmd/") && rooms[imp] != product && rooms[imp] != "" {
				t.Errorf("product package %s imports %s package %s: if %s is now part of the product, move it to product in rooms (internal/archdoc/archdoc_test.go) and say so in docs/architecture.md", p.Path, rooms[imp], imp, imp)
			}
		}
	}
	deps := map[string][]string{}
	for _, p := range pkgs {
		deps[p.Path] = p.Deps
	}
	for _, low := range []string{"store", "scheduler", "frontier", "warc"} {
		if slices.Contains(deps[low], "crawler") {
			t.Errorf("%s depends on crawler: the crawler uses it, never the other way", low)
		}
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
