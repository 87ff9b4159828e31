package extract

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2"
	lex "github.com/tdewolff/parse/v2/html"
	"golang.org/x/net/html"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// benchExtract runs Extract on body and reports MB/s (SetBytes) and links/s.
func benchExtract(b *testing.B, mime, base string, body []byte) {
	b.Helper()
	res, err := Extract(mime, base, body)
	if err != nil {
		b.Fatal(err)
	}
	links := len(res.Links)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Extract(mime, base, body); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(links*b.N)/b.Elapsed().Seconds(), "links/s")
}

// BenchmarkExtractPage is the realistic front page of the golden test.
func BenchmarkExtractPage(b *testing.B) {
	body, err := os.ReadFile(filepath.Join("testdata", "page.html"))
	if err != nil {
		b.Fatal(err)
	}
	benchExtract(b, "text/html", "https://www.example.com/news/index.html", body)
}

// BenchmarkExtractLinkHeavy is a ~1 MB page of paragraphs and links
// (2,000 distinct link targets, each linked several times).
func BenchmarkExtractLinkHeavy(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("<html><head><title>Index</title></head><body>")
	for i := 0; sb.Len() < 1<<20; i++ {
		fmt.Fprintf(&sb, `<p>Item %d is described here with some words of text. <a href="/cat/%d/item-%d.html">details</a> <img src="/img/%d.jpg" alt=""></p>`+"\n",
			i, i%50, i%1000, i%1000)
	}
	sb.WriteString("</body></html>")
	benchExtract(b, "text/html", "http://example.com/index.html", []byte(sb.String()))
}

func BenchmarkExtractCSS(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 256<<10; i++ {
		fmt.Fprintf(&sb, ".c%d { color: #333; margin: 0 auto; background: url(\"../img/bg-%d.png\") no-repeat; } /* comment %d */\n", i, i%500, i)
	}
	benchExtract(b, "text/css", "http://example.com/css/site.css", []byte(sb.String()))
}

func BenchmarkExtractSitemap(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&sb, "<url><loc>http://example.com/page/%d.html</loc><lastmod>2012-01-%02d</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>\n", i, i%28+1)
	}
	sb.WriteString("</urlset>")
	benchExtract(b, "application/xml", "http://example.com/sitemap.xml", []byte(sb.String()))
}

func BenchmarkShingles(b *testing.B) {
	text := NormalizedText(strings.Repeat("the quick brown fox jumps over the lazy dog and keeps running far away ", 700))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		_ = Shingles(text, 10)
	}
}

// BenchmarkExtractDocs extracts the HTML pages of the Python 3.11
// documentation (Debian python3.11-doc, what the crawler benchmarks
// crawl) through ExtractFrom, as the crawler does, and normalises each
// page's visible text for its digest (AppendNormalized): the crawler's
// per-page parsing work. MB/s counts the HTML.
func BenchmarkExtractDocs(b *testing.B) {
	const dir = "/usr/share/doc/python3.11/html"
	paths, _ := filepath.Glob(filepath.Join(dir, "library", "*.html"))
	if len(paths) == 0 {
		b.Skip("no " + dir + " (apt-get install python3.11-doc)")
	}
	var pages [][]byte
	var size int64
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, body)
		size += int64(len(body))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	var buf []byte
	cpu0 := testkit.CPUTime(b)
	for b.Loop() {
		for i, body := range pages {
			res, err := ExtractFrom("text/html", "http://127.0.0.1/library/"+filepath.Base(paths[i]), bytes.NewReader(body), Options{SizeHint: int64(len(body))}) // as the crawler passes its Content-Length
			if err != nil {
				b.Fatal(err)
			}
			buf = AppendNormalized(AppendNormalized(buf[:0], res.Title), res.Text)
		}
	}
	// CPU time, not wall time: the machine is shared, and CPU time
	// hardly moves with its load.
	b.ReportMetric(float64((testkit.CPUTime(b)-cpu0).Microseconds())/1e3/float64(b.N*len(pages)), "cpu-ms/page")
}

// BenchmarkLexers tokenizes the Python docs' library pages with
// x/net/html's tokenizer and with tdewolff/parse's lexer (html_lex.go),
// reading every start tag's attributes and nothing else: the two lexers'
// own costs, without the walk both feed.
func BenchmarkLexers(b *testing.B) {
	paths, _ := filepath.Glob("/usr/share/doc/python3.11/html/library/*.html")
	if len(paths) == 0 {
		b.Skip("no python3.11-doc (apt-get install python3.11-doc)")
	}
	var pages [][]byte
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, body)
	}
	lexers := []struct {
		name string
		run  func([]byte) int
	}{
		{"x-net-html", func(p []byte) int {
			z := html.NewTokenizer(bytes.NewReader(p))
			n := 0
			for tt := z.Next(); tt != html.ErrorToken; tt = z.Next() {
				if tt == html.StartTagToken {
					for _, more := z.TagName(); more; n++ {
						_, _, more = z.TagAttr()
					}
				}
			}
			return n
		}},
		{"tdewolff-parse", func(p []byte) int {
			l := lex.NewLexer(parse.NewInputBytes(bytes.Clone(p))) // it lower-cases names in place
			n := 0
			for tt, _ := l.Next(); tt != lex.ErrorToken; tt, _ = l.Next() {
				if tt == lex.AttributeToken {
					n++
				}
			}
			return n
		}},
	}
	for _, lx := range lexers {
		b.Run(lx.name, func(b *testing.B) {
			attrs := 0
			for b.Loop() {
				for _, p := range pages {
					attrs += lx.run(p)
				}
			}
			if attrs == 0 {
				b.Fatal("no attributes read")
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(pages)), "µs/page")
		})
	}
}
