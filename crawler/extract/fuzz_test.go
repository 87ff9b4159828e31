package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// checkResult asserts the invariants every Extract result must meet.
func checkResult(t *testing.T, res Result) {
	t.Helper()
	if len(res.Links) > MaxLinks || len(res.Sitemap)+len(res.SitemapIndex) > MaxLinks {
		t.Fatalf("cap exceeded: %d links, %d+%d sitemap entries", len(res.Links), len(res.Sitemap), len(res.SitemapIndex))
	}
	seen := make(map[string]bool, len(res.Links))
	for _, l := range res.Links {
		if seen[l.URL] {
			t.Fatalf("duplicate link %q", l.URL)
		}
		seen[l.URL] = true
		if c, err := urlcanon.Canonical("", l.URL); err != nil || c != l.URL {
			t.Fatalf("link %q not canonical: %q, %v", l.URL, c, err)
		}
		switch l.Hop {
		case HopNav, HopEmbed, HopRedirect, HopSitemap:
		default:
			t.Fatalf("link %q has hop %q", l.URL, byte(l.Hop))
		}
		if l.Context == "" {
			t.Fatalf("link %q without context", l.URL)
		}
	}
	for _, s := range res.Sitemap {
		if !seen[s.Loc] {
			t.Fatalf("sitemap loc %q not among links", s.Loc)
		}
		if s.HasPriority && (s.Priority < 0 || s.Priority > 1) {
			t.Fatalf("priority %v out of range", s.Priority)
		}
	}
	for _, text := range []string{res.Text, res.Title} {
		if len(text) > MaxTextBytes {
			t.Fatalf("text of %d bytes", len(text))
		}
		if strings.Contains(text, "  ") || strings.TrimSpace(text) != text {
			t.Fatalf("text not whitespace-normalised: %q", text)
		}
	}
}

func addFiles(f *testing.F, glob string) {
	files, _ := filepath.Glob(filepath.Join("testdata", glob))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
}

func FuzzHTML(f *testing.F) {
	addFiles(f, "*.html")
	for _, s := range []string{
		`<a href="x">`, `<base href="//h/"><img srcset="a 1x,b 2x">`,
		`<meta http-equiv=refresh content="0;url='x'">`, `<style>@import "a.css";</style>`,
		`<div style="background:url(x)">`, `<svg><image href="a"/></svg>`,
		strings.Repeat("<div>", 600) + `<a href=y>`, "<title>\x00</title><p>\xff\xfe",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		res, err := Extract("text/html", "http://example.com/a/b.html", body)
		if err != nil {
			return
		}
		checkResult(t, res)
	})
}

func FuzzCSS(f *testing.F) {
	for _, s := range []string{
		`a{background:url(x.png)}`, `@import "a.css";`, `@import url(b.css) screen;`,
		`url("a\"b")`, `url(\68 )`, "url(" + strings.Repeat("\xff", 1300) + ")", `/* url(x) */`, `url(`, `@import`, `"\`, `url(a b)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, css string) {
		res, err := Extract("text/css", "http://example.com/c/s.css", []byte(css))
		if err != nil {
			t.Fatalf("CSS never fails, got %v", err)
		}
		checkResult(t, res)
		for _, l := range res.Links {
			if l.Hop != HopEmbed {
				t.Fatalf("CSS link %q with hop %v", l.URL, l.Hop)
			}
		}
	})
}

func FuzzSitemap(f *testing.F) {
	for _, s := range []string{
		`<urlset><url><loc>http://example.com/a</loc><priority>0.5</priority><changefreq>daily</changefreq><lastmod>2020-01-01</lastmod></url></urlset>`,
		`<sitemapindex><sitemap><loc>/s2.xml</loc></sitemap></sitemapindex>`,
		`<?xml version="1.0" encoding="latin1"?><urlset><url><loc><![CDATA[x]]></loc></url>`,
		`<urlset><url><loc>&eacute;&#0;</loc></url></urlset>`, `<rss/>`, `<`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		res, _ := Extract("application/xml", "http://example.com/sitemap.xml", body)
		checkResult(t, res)
		if len(res.Sitemap) > 0 && len(res.SitemapIndex) > 0 {
			t.Fatal("both urlset and sitemapindex entries")
		}
	})
}

// FuzzExtractHTMLStream feeds hostile markup to the streaming tokenizer
// used for pages past MaxDOMBytes, with a small link cap: no panic, the
// usual invariants, and the cap holds.
func FuzzExtractHTMLStream(f *testing.F) {
	f.Add([]byte(`<base href="/d/"><title>t</title><a href=a>x</a><svg><image href="i.png"/></svg><noscript><img src=n.png></noscript><style>p{background:url(b.png)}</style>`))
	f.Add([]byte(`<head><script>var a="<a href=/no>"</script></head><body><p>text <a href="/1">1</a><a href="/2">2</a><a href="/3">3</a>`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, _ := urlcanon.NewResolver("http://example.com/")
		var res Result
		_ = extractHTMLStream(newCollector(r, &res, 2), strings.NewReader(string(body)))
		checkResult(t, res)
		if len(res.Links) > 2 || len(res.Text) > MaxTextBytes {
			t.Fatalf("%d links, %d bytes of text", len(res.Links), len(res.Text))
		}
	})
}

// refTextAdd is textBuilder.add as first written, rune by rune: the
// reference the ASCII-run version is checked against.
func refTextAdd(b *strings.Builder, pending *bool, limit int, s string) (cut bool) {
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		if unicode.IsSpace(r) {
			*pending = true
			continue
		}
		need := utf8.RuneLen(r)
		if *pending && b.Len() > 0 {
			need++
		}
		if b.Len()+need > limit {
			return true
		}
		if *pending && b.Len() > 0 {
			b.WriteByte(' ')
		}
		*pending = false
		b.WriteRune(r)
	}
	return false
}

// FuzzTextBuilder: textBuilder.add keeps the text the rune-by-rune
// reference keeps, cut included, over two pieces and any limit.
func FuzzTextBuilder(f *testing.F) {
	f.Add("hello  world", " \u00a0again\xff", 12)
	f.Add("été\tÜber", "x", 5)
	f.Add("ab cd  ef\ngh", "i j", 3)
	f.Fuzz(func(t *testing.T, a, b string, limit int) {
		limit = max(limit%64, 0)
		tb := textBuilder{limit: limit}
		var ref strings.Builder
		pending, cut := false, false
		for _, s := range []string{a, b} {
			tb.add([]byte(s))
			tb.space()
			if !cut {
				cut = refTextAdd(&ref, &pending, limit, s)
				pending = true
			}
		}
		if tb.String() != ref.String() || tb.cut != cut {
			t.Fatalf("got %q (cut %v), want %q (cut %v)", tb.String(), tb.cut, ref.String(), cut)
		}
	})
}

// refNormalized is NormalizedText as first written (fields, then
// lower-case): the reference the one-pass AppendNormalized is checked
// against.
func refNormalized(text string) string {
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	var kept []string
	for _, w := range words {
		if strings.TrimFunc(w, unicode.IsDigit) != "" {
			kept = append(kept, strings.ToLower(w))
		}
	}
	return strings.Join(kept, " ")
}

// FuzzNormalizedText: NormalizedText is the reference's, and appending
// two texts normalizes them joined by a space.
func FuzzNormalizedText(f *testing.F) {
	f.Add("Hello, World 2024 mp3 ÉTÉ ǅ", "  42 x\xff٣")
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := NormalizedText(a), refNormalized(a); got != want {
			t.Fatalf("NormalizedText(%q) = %q, want %q", a, got, want)
		}
		if got, want := string(AppendNormalized(AppendNormalized(nil, a), b)), refNormalized(a+" "+b); got != want {
			t.Fatalf("appended %q, %q = %q, want %q", a, b, got, want)
		}
	})
}

// FuzzTagAtom: tagAtom reads every start and end tag's atom as TagName
// and atom.Lookup do, and lowerTagAtom does on the lower-cased tag.
func FuzzTagAtom(f *testing.F) {
	addFiles(f, "*.html")
	f.Add([]byte("<DiV class=x></DIV\t><a\x00b></a/x><svg:use/><br/>"))
	f.Fuzz(func(t *testing.T, body []byte) {
		z := html.NewTokenizer(bytes.NewReader(body))
		for range 10_000 {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt != html.StartTagToken && tt != html.EndTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			got := tagAtom(z.Raw())
			name, _ := z.TagName()
			if want := atom.Lookup(name); got != want {
				t.Fatalf("raw %q: atom %v, TagName %q gives %v", z.Raw(), got, name, want)
			}
			// lowerTagAtom reads what the lexer hands it: ASCII
			// lower-cased, no NUL.
			raw := bytes.Clone(z.Raw())
			lowerASCII(raw)
			if bytes.IndexByte(raw, 0) < 0 && lowerTagAtom(raw) != got {
				t.Fatalf("raw %q: lowerTagAtom %v, tagAtom %v", raw, lowerTagAtom(raw), got)
			}
		}
	})
}
