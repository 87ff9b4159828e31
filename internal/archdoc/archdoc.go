package archdoc

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// Package is one package of the module as `go list` sees it, with import
// paths relative to the module (cmd/sharc, crawler/stages).
type Package struct {
	Path string
	// Imports are the project packages it imports directly (not in
	// tests), sorted.
	Imports []string
	// Direct are all packages it imports directly (not in tests), the
	// standard library and other modules included, project ones relative.
	Direct []string
	// Deps are all packages it depends on, the standard library and
	// other modules included, with project ones relative.
	Deps []string
	// Doc is the first sentence of its package comment.
	Doc string
}

// Load lists the packages of the module in dir with `go list`.
func Load(ctx context.Context, dir string) ([]Package, error) {
	mod, err := goCmd(ctx, dir, "list", "-m", "-f", "{{.Path}}")
	if err != nil {
		return nil, err
	}
	prefix := strings.TrimSpace(mod) + "/"
	const tmpl = "{{.ImportPath}}\t{{join .Imports \" \"}}\t{{join .Deps \" \"}}\t{{.Doc}}"
	out, err := goCmd(ctx, dir, "list", "-f", tmpl, "./...")
	if err != nil {
		return nil, err
	}
	var pkgs []Package
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("go list line %q: want 4 tab-separated fields", sc.Text())
		}
		p := Package{Path: strings.TrimPrefix(f[0], prefix), Doc: f[3]}
		for _, imp := range strings.Fields(f[1]) {
			rel, ok := strings.CutPrefix(imp, prefix)
			if ok {
				p.Imports = append(p.Imports, rel)
			}
			p.Direct = append(p.Direct, rel)
		}
		for _, d := range strings.Fields(f[2]) {
			p.Deps = append(p.Deps, strings.TrimPrefix(d, prefix))
		}
		slices.Sort(p.Imports)
		pkgs = append(pkgs, p)
	}
	return pkgs, sc.Err()
}

func goCmd(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w: %s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

// Layers sorts packages by dependency depth: layer 0 imports no project
// package, layer n imports one of layer n-1 at most that deep. Each layer
// is sorted by path.
func Layers(pkgs []Package) [][]string {
	imports := map[string][]string{}
	for _, p := range pkgs {
		imports[p.Path] = p.Imports
	}
	depth := map[string]int{}
	var walk func(string) int
	walk = func(p string) int {
		if d, ok := depth[p]; ok {
			return d
		}
		depth[p] = 0 // go list refuses import cycles; this only ends the walk
		d := 0
		for _, imp := range imports[p] {
			d = max(d, walk(imp)+1)
		}
		depth[p] = d
		return d
	}
	var layers [][]string
	for _, p := range pkgs {
		d := walk(p.Path)
		for len(layers) <= d {
			layers = append(layers, nil)
		}
		layers[d] = append(layers[d], p.Path)
	}
	for _, l := range layers {
		slices.Sort(l)
	}
	return layers
}

// FirstSentence is the package comment's first sentence, as go list gives
// it, without the "Package x" or "Command x" opening.
func FirstSentence(doc string) string {
	f := strings.SplitN(doc, " ", 3)
	if len(f) == 3 && (f[0] == "Package" || f[0] == "Command") {
		doc = f[2]
	}
	doc = strings.TrimSuffix(doc, ":")
	// go list's synopsis may stop inside a parenthesis ("sitemaps (Def."):
	// cut before an unclosed one.
	if i := strings.LastIndex(doc, "("); i > 0 && !strings.Contains(doc[i:], ")") {
		doc = strings.TrimRight(doc[:i], " ,:;")
	}
	return shorten(doc, maxSynopsis)
}

// maxSynopsis bounds the job column of the package table, so a row stays
// readable; `go doc` has the rest.
const maxSynopsis = 140

// shorten cuts s at the last space before n runes and marks the cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,:;—") + " …"
}
