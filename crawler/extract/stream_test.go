package extract

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// TestStreamMatchesTree runs the golden page through the tree walker, the
// streaming tokenizer as Extract uses it for a page held whole, and as it
// streams a page past MaxDOMBytes: links, title and text must agree.
func TestStreamMatchesTree(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "page.html"))
	if err != nil {
		t.Fatal(err)
	}
	const base = "https://www.example.com/news/index.html"
	r, _ := urlcanon.NewResolver(base)
	var tree Result
	if err := extractHTML(newCollector(r, &tree, MaxLinks), body); err != nil {
		t.Fatal(err)
	}
	whole, err := Extract("text/html; charset=utf-8", base, body)
	if err != nil {
		t.Fatal(err)
	}
	var stream Result
	if err := extractHTMLStream(newCollector(r, &stream, MaxLinks), bytes.NewReader(body)); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(whole) != fmt.Sprint(stream) {
		t.Errorf("Extract and the stream differ:\n%v\n%v", whole, stream)
	}
	if stream.Title != tree.Title {
		t.Errorf("title %q, tree has %q", stream.Title, tree.Title)
	}
	if stream.Text != tree.Text {
		t.Errorf("text differs:\nstream: %s\ntree:   %s", stream.Text, tree.Text)
	}
	if fmt.Sprint(linesOf(stream.Links)) != fmt.Sprint(linesOf(tree.Links)) {
		t.Errorf("links differ:\nstream: %v\ntree:   %v", linesOf(stream.Links), linesOf(tree.Links))
	}
}

// linkPage streams an HTML page of n distinct links followed by filler up
// to size bytes, without holding it; every 4 MB read it samples the heap.
type linkPage struct {
	n, size, i, sent int
	buf              bytes.Buffer
	maxHeap          uint64
}

func (p *linkPage) Read(b []byte) (int, error) {
	if p.buf.Len() == 0 {
		if p.sent >= p.size {
			return 0, io.EOF
		}
		if p.sent == 0 {
			p.buf.WriteString("<!doctype html><html><head><title>big</title></head><body>\n")
		}
		for p.buf.Len() < 64<<10 && p.i < p.n {
			fmt.Fprintf(&p.buf, "<a href=/l/%07d>x</a>\n", p.i)
			p.i++
		}
		for p.buf.Len() < 64<<10 {
			p.buf.WriteString("lorem ipsum dolor sit amet ")
		}
		if (p.sent+p.buf.Len())>>22 != p.sent>>22 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			p.maxHeap = max(p.maxHeap, ms.HeapAlloc)
		}
	}
	n, _ := p.buf.Read(b)
	p.sent += n
	return n, nil
}

// TestExtractBoundedLargePage feeds a 30 MB page with 10⁶ links: the link
// cap holds, the rest is counted as dropped, the body cap is applied, and
// the heap stays far below the page's size (the tree parser needed over a
// gigabyte for it).
func TestExtractBoundedLargePage(t *testing.T) {
	p := &linkPage{n: 1_000_000, size: 30_000_000}
	res, err := ExtractFrom("text/html", "http://example.com/", p, Options{MaxLinks: 6000, MaxBytes: 20_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Links) != 6000 || res.LinksDropped < 700_000 || !res.Truncated {
		t.Errorf("%d links, %d dropped, truncated %v; want 6000, ~794000, true", len(res.Links), res.LinksDropped, res.Truncated)
	}
	if res.Title != "big" || res.Links[5999].URL != "http://example.com/l/0005999" {
		t.Errorf("title %q, last link %q", res.Title, res.Links[5999].URL)
	}
	if p.sent > 20_000_000+64<<10+1 {
		t.Errorf("read %d bytes, cap 20000000", p.sent)
	}
	t.Logf("peak heap %d MiB", p.maxHeap>>20)
	if p.maxHeap > 64<<20 {
		t.Errorf("heap reached %d MiB while extracting", p.maxHeap>>20)
	}
}

// TestMaxLinksOption caps links at Options.MaxLinks on an ordinary page.
func TestMaxLinksOption(t *testing.T) {
	var b bytes.Buffer
	for i := range 50 {
		fmt.Fprintf(&b, `<a href="/p%d">p</a><a href="/p0">again</a>`, i)
	}
	res, err := ExtractFrom("text/html", "http://example.com/", &b, Options{MaxLinks: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Links) != 10 || res.LinksDropped != 40 || !res.Truncated {
		t.Errorf("%d links, %d dropped, truncated %v; want 10, 40, true", len(res.Links), res.LinksDropped, res.Truncated)
	}
}
