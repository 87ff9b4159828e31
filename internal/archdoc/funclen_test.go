package archdoc_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxFuncLines bounds every product function (issue 32, after issue 13's
// check of package crawler alone): a function longer than a screen is
// read in pieces anyway, so the pieces should have names.
const maxFuncLines = 80

// longAllowed are product functions allowed to be longer than
// maxFuncLines, keyed by funcKey: none. TestFunctionsShort fails on an
// entry that is short or gone, so the list cannot go stale.
var longAllowed = map[string]bool{}

// TestFunctionsShort parses the non-test files of every product package
// and fails on any function or method declaration longer than
// maxFuncLines, from its func line to its closing brace.
func TestFunctionsShort(t *testing.T) {
	long := map[string]bool{}
	n := 0
	for _, p := range load(t) {
		if room(p.Path) != product {
			continue
		}
		n += funcLengths(t, p.Path, func(key string, pos token.Position, lines int) {
			if lines <= maxFuncLines {
				return
			}
			long[key] = true
			if !longAllowed[key] {
				t.Errorf("%s: %s is %d lines, more than %d", pos, key, lines, maxFuncLines)
			}
		})
	}
	if n < 1000 {
		t.Fatalf("only %d product functions parsed: wrong directory?", n)
	}
	for _, key := range slices.Sorted(maps.Keys(longAllowed)) {
		if !long[key] {
			t.Errorf("%s is allowed to be long but is at most %d lines (or gone): remove it from longAllowed", key, maxFuncLines)
		}
	}
}

// funcLengths parses the non-test Go files of package path (relative to
// the module root) and calls visit with each function's key, position and
// length in lines; it returns how many functions it saw.
func funcLengths(t *testing.T, path string, visit func(key string, pos token.Position, lines int)) int {
	t.Helper()
	dir := filepath.Join("../..", path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			n++
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			visit(funcKey(path, fd), fset.Position(fd.Pos()), lines)
		}
	}
	return n
}

// funcKey names a function as package.Name or package.(*Recv).Name.
func funcKey(path string, fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return path + "." + fd.Name.Name
	}
	return path + "." + recvName(fd.Recv.List[0].Type) + "." + fd.Name.Name
}

// recvName is a receiver type as written, without type parameters:
// T or (*T).
func recvName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return "(*" + recvName(x.X) + ")"
	case *ast.IndexExpr:
		return recvName(x.X)
	case *ast.IndexListExpr:
		return recvName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return "?"
}
