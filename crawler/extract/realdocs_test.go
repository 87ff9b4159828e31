package extract

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// realDocs are HTML sites Debian installs (python3.11-doc,
// postgresql-doc-15): thousands of real pages written by two different
// generators (Sphinx, DocBook XSL).
var realDocs = []string{"/usr/share/doc/python3.11/html", "/usr/share/doc/postgresql-doc-15/html"}

// extractBoth runs the tree walker and Extract (the streaming tokenizer)
// on body.
func extractBoth(t *testing.T, base string, body []byte) (tree, stream Result) {
	t.Helper()
	r, err := urlcanon.NewResolver(base)
	if err != nil {
		t.Fatal(err)
	}
	if err := extractHTML(newCollector(r, &tree, MaxLinks), ToUTF8(body, "text/html", true)); err != nil {
		t.Fatal(err)
	}
	stream, err = Extract("text/html", base, body)
	if err != nil {
		t.Fatal(err)
	}
	return tree, stream
}

// TestStreamMatchesTreeOnRealDocs: on every page of the installed
// documentation sites, the streaming tokenizer finds the same links (same
// URLs, hops and contexts, same order), title and visible text as the
// tree walker, which is what lets it be the default.
func TestStreamMatchesTreeOnRealDocs(t *testing.T) {
	pages := 0
	for _, root := range realDocs {
		if _, err := os.Stat(root); err != nil {
			t.Logf("%s: %v", root, err)
			continue
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
				return err
			}
			body, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			pages++
			base := "http://docs.test/" + filepath.ToSlash(strings.TrimPrefix(p, root+"/"))
			tree, stream := extractBoth(t, base, body)
			if !slices.Equal(tree.Links, stream.Links) {
				t.Errorf("%s: links differ:\ntree:   %v\nstream: %v", p, linkDiff(tree.Links, stream.Links), linkDiff(stream.Links, tree.Links))
			}
			if tree.Title != stream.Title {
				t.Errorf("%s: title %q, stream %q", p, tree.Title, stream.Title)
			}
			if tree.Text != stream.Text {
				t.Errorf("%s: text differs:\ntree:   %s\nstream: %s", p, firstDiff(tree.Text, stream.Text), firstDiff(stream.Text, tree.Text))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if pages == 0 {
		t.Skip("no documentation installed (python3.11-doc, postgresql-doc-15)")
	}
	t.Logf("%d pages compared", pages)
}

// linkDiff lists the links of a missing from b (or out of place), up to 5.
func linkDiff(a, b []Link) []string {
	var out []string
	for i, l := range a {
		if i >= len(b) || b[i] != l {
			out = append(out, fmt.Sprintf("#%d %s %c %s", i, l.URL, l.Hop, l.Context))
		}
		if len(out) == 5 {
			break
		}
	}
	return out
}

// firstDiff returns a's text around its first difference from b.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo, hi := max(i-60, 0), min(i+60, len(a))
	return fmt.Sprintf("@%d …%s…", i, a[lo:hi])
}
