package extract

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestGoldenPage runs a realistic news front page through Extract and
// compares links, title and text with a reviewed golden file.
func TestGoldenPage(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", "page.html"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Extract("text/html; charset=utf-8", "https://www.example.com/news/index.html", body)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "title: %s\n", res.Title)
	fmt.Fprintf(&b, "text: %s\n", res.Text)
	fmt.Fprintf(&b, "truncated: %v\n", res.Truncated)
	for _, l := range linesOf(res.Links) {
		fmt.Fprintf(&b, "%s\n", l)
	}
	golden(t, "page.golden", b.String())
}

func TestDispatch(t *testing.T) {
	html := []byte(`<html><title>t</title><a href="/x">x</a></html>`)
	tests := []struct {
		name, mime string
		body       []byte
		links      int
		title      string
	}{
		{"html", "text/html", html, 1, "t"},
		{"html with params and case", "Text/HTML; Charset=ISO-8859-1", html, 1, "t"},
		{"xhtml", "application/xhtml+xml", html, 1, "t"},
		{"sniffed html", "", html, 1, "t"},
		{"sniffed octet-stream html", "application/octet-stream", html, 1, "t"},
		{"css", "text/css", []byte(`a{background:url(/y.png)}`), 1, ""},
		{"image ignored", "image/png", []byte("\x89PNG\r\n\x1a\n<a href=/x>"), 0, ""},
		{"javascript ignored", "application/javascript", []byte(`var u = "<a href='/x'>"`), 0, ""},
		{"json ignored", "application/json", []byte(`{"u":"http://example.com/"}`), 0, ""},
		{"plain text ignored", "text/plain", []byte("http://example.com/"), 0, ""},
		{"empty body", "text/html", nil, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Extract(tc.mime, pageURL, tc.body)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Links) != tc.links || res.Title != tc.title {
				t.Errorf("%d links, title %q; want %d, %q", len(res.Links), res.Title, tc.links, tc.title)
			}
		})
	}
}

func TestBadBaseURL(t *testing.T) {
	for _, base := range []string{"", "not a url", "/relative/only"} {
		if _, err := Extract("text/html", base, []byte(`<a href="x">`)); !errors.Is(err, ErrBaseURL) {
			t.Errorf("base %q: err = %v, want ErrBaseURL", base, err)
		}
	}
	// A non-http base is fine: absolute http links still come out.
	res, err := Extract("text/html", "file:///tmp/page.html", []byte(`<a href="x"></a><a href="http://example.com/y"></a>`))
	if err != nil {
		t.Fatal(err)
	}
	sameLines(t, "links", linesOf(res.Links), []string{"L a/@href http://example.com/y"})
}

func TestLinkCap(t *testing.T) {
	var b strings.Builder
	for i := 0; i < MaxLinks+5; i++ {
		fmt.Fprintf(&b, `<a href="/p%d">`, i)
	}
	res, err := Extract("text/html", pageURL, []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Links) != MaxLinks || !res.Truncated {
		t.Fatalf("%d links, truncated=%v; want %d, true", len(res.Links), res.Truncated, MaxLinks)
	}
	if res.Links[MaxLinks-1].URL != fmt.Sprintf("http://example.com/p%d", MaxLinks-1) {
		t.Errorf("last link %q", res.Links[MaxLinks-1].URL)
	}
}

func TestTextCap(t *testing.T) {
	word := "abcdefghi "
	body := "<p>" + strings.Repeat(word, MaxTextBytes/len(word)+100) + "</p>"
	res, err := Extract("text/html", pageURL, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Text) > MaxTextBytes || len(res.Text) < MaxTextBytes-len(word) || !res.Truncated {
		t.Errorf("text of %d bytes (cap %d), truncated=%v", len(res.Text), MaxTextBytes, res.Truncated)
	}
	if !strings.HasPrefix(res.Text, "abcdefghi abcdefghi") {
		t.Errorf("text starts %q", res.Text[:20])
	}
}

// TestDeepNesting covers documents x/net/html refuses (more than 512 open
// elements): the flat fallback must still find links, base, title, styles
// and text.
func TestDeepNesting(t *testing.T) {
	body := `<html><head><title>Deep</title><base href="/b/"><style>p{background:url(s.png)}</style>
		<script>var hidden = 1;</script></head><body>` +
		strings.Repeat("<div>", 100000) + `<a href="deep">deep</a> <img srcset="i.png 1x">` + strings.Repeat("</div>", 100000)
	res, err := Extract("text/html", pageURL, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	sameLines(t, "links", linesOf(res.Links), []string{
		"E style/url() http://example.com/b/s.png",
		"L a/@href http://example.com/b/deep",
		"E img/@srcset http://example.com/b/i.png",
	})
	if res.Title != "Deep" || res.Text != "deep" {
		t.Errorf("title %q, text %q", res.Title, res.Text)
	}
}

func TestHopString(t *testing.T) {
	for h, want := range map[Hop]string{HopNav: "L", HopEmbed: "E", HopRedirect: "R", HopPrereq: "P", HopSitemap: "M"} {
		if h.String() != want {
			t.Errorf("%q.String() = %q", byte(h), h.String())
		}
	}
}

func TestCharsets(t *testing.T) {
	latin1 := []byte("<title>Caf\xe9</title><p>na\xefve</p><a href=\"/\xe9t\xe9\">x</a>")
	tests := []struct {
		name, mime string
		body       []byte
		title      string
		text       string
		link       string
	}{
		{"latin-1 from content type", "text/html; charset=ISO-8859-1", latin1, "Café", "naïve x", "http://example.com/%C3%A9t%C3%A9"},
		{"latin-1 from meta", "text/html", append([]byte(`<meta charset="iso-8859-1">`), latin1...), "Café", "naïve x", "http://example.com/%C3%A9t%C3%A9"},
		{"undeclared latin-1 falls back to windows-1252", "text/html", latin1, "Café", "naïve x", "http://example.com/%C3%A9t%C3%A9"},
		{"undeclared utf-8", "text/html", []byte("<title>Café</title><p>naïve</p><a href=\"/été\">x</a>"), "Café", "naïve x", "http://example.com/%C3%A9t%C3%A9"},
		{"utf-8 BOM", "text/html", []byte("\xef\xbb\xbf<title>Café</title><p>naïve</p><a href=\"/été\">x</a>"), "Café", "naïve x", "http://example.com/%C3%A9t%C3%A9"},
		{"shift_jis", "text/html; charset=Shift_JIS", []byte("<title>\x93\xfa\x96\x7b</title><p>\x93\xfa\x96\x7b</p><a href=\"/\x93\xfa\">x</a>"), "日本", "日本 x", "http://example.com/%E6%97%A5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Extract(tc.mime, "http://example.com/", tc.body)
			if err != nil {
				t.Fatal(err)
			}
			if res.Title != tc.title || res.Text != tc.text {
				t.Errorf("title %q text %q; want %q, %q", res.Title, res.Text, tc.title, tc.text)
			}
			if len(res.Links) != 1 || res.Links[0].URL != tc.link {
				t.Errorf("links %v, want %s", res.Links, tc.link)
			}
		})
	}
	// CSS: only a declared charset is honoured.
	res, err := Extract("text/css; charset=iso-8859-1", "http://example.com/", []byte("a{background:url(/\xe9.png)}"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Links) != 1 || res.Links[0].URL != "http://example.com/%C3%A9.png" {
		t.Errorf("css links %v", res.Links)
	}
}

func TestAttrContext(t *testing.T) {
	for _, tag := range []string{"a", "link", "area", "img", "script", "iframe", "source", "video", "feimage"} {
		for _, key := range []string{"href", "src", "poster", "data-src"} {
			if got, want := attrContext(tag, key), tag+"/@"+key; got != want {
				t.Errorf("attrContext(%q, %q) = %q, want %q", tag, key, got, want)
			}
		}
	}
}

// refNonHTTPScheme is hasNonHTTPScheme as first written, every scheme
// compared in turn.
func refNonHTTPScheme(ref string) bool {
	for _, p := range [...]string{"data:", "javascript:", "mailto:", "tel:", "about:", "blob:", "sms:", "vbscript:"} {
		if len(ref) >= len(p) && strings.EqualFold(ref[:len(p)], p) {
			return true
		}
	}
	return false
}

// TestHasNonHTTPScheme: the first-letter dispatch finds what comparing
// every scheme finds.
func TestHasNonHTTPScheme(t *testing.T) {
	for _, ref := range nonHTTPCases {
		if got, want := hasNonHTTPScheme(ref), refNonHTTPScheme(ref); got != want {
			t.Errorf("hasNonHTTPScheme(%q) = %v, want %v", ref, got, want)
		}
	}
}

var nonHTTPCases = []string{"", "d", "data:x", "DATA:", "Data", "JavaScript:void(0)", "mailto:a@b", "tel:1", "about:blank",
	"blob:x", "SMS:1", "vbscript:x", "http://a/", "os.html", "../x", "ſms:1", "javaſcript:x", "\x04ata:", "#x"}

func FuzzHasNonHTTPScheme(f *testing.F) {
	for _, ref := range nonHTTPCases {
		f.Add(ref)
	}
	f.Fuzz(func(t *testing.T, ref string) {
		if got, want := hasNonHTTPScheme(ref), refNonHTTPScheme(ref); got != want {
			t.Fatalf("hasNonHTTPScheme(%q) = %v, want %v", ref, got, want)
		}
	})
}
