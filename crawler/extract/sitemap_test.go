package extract

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

const sitemapURL = "http://example.com/sitemap.xml"

func TestSitemapURLSet(t *testing.T) {
	body := `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>http://example.com/</loc>
    <lastmod>2005-01-01</lastmod>
    <changefreq>monthly</changefreq>
    <priority>0.8</priority>
  </url>
  <url>
    <loc> http://example.com/catalog?item=12&amp;desc=vacation_hawaii </loc>
    <changefreq>Weekly</changefreq>
    <image:image><image:loc>http://example.com/photo.jpg</image:loc></image:image>
  </url>
  <url><loc>/relative/page.html</loc><priority>1.0</priority><lastmod>2004-12-23T18:00:15+00:00</lastmod></url>
  <url><loc>mailto:nobody@example.com</loc></url>
  <url><loc>http://example.com/bad-priority</loc><priority>high</priority></url>
  <url><loc>http://example.com/</loc><changefreq>daily</changefreq></url>
  <url><changefreq>daily</changefreq></url>
</urlset>`
	res, err := Extract("application/xml", sitemapURL, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	want := []SitemapURL{
		{Loc: "http://example.com/", LastMod: "2005-01-01", ChangeFreq: "monthly", Priority: 0.8, HasPriority: true},
		{Loc: "http://example.com/catalog?item=12&desc=vacation_hawaii", ChangeFreq: "weekly"},
		{Loc: "http://example.com/relative/page.html", LastMod: "2004-12-23T18:00:15+00:00", Priority: 1, HasPriority: true},
		{Loc: "http://example.com/bad-priority"},
		// Repeated entries are kept: each carries its own metadata.
		{Loc: "http://example.com/", ChangeFreq: "daily"},
	}
	if !reflect.DeepEqual(res.Sitemap, want) {
		t.Errorf("Sitemap =\n%+v\nwant\n%+v", res.Sitemap, want)
	}
	sameLines(t, "links", linesOf(res.Links), []string{
		"M urlset/url/loc http://example.com/",
		"M urlset/url/loc http://example.com/catalog?item=12&desc=vacation_hawaii",
		"M urlset/url/loc http://example.com/relative/page.html",
		"M urlset/url/loc http://example.com/bad-priority",
	})
	if len(res.SitemapIndex) != 0 {
		t.Errorf("SitemapIndex = %v", res.SitemapIndex)
	}
}

func TestSitemapIndex(t *testing.T) {
	body := `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>http://example.com/sitemap1.xml.gz</loc><lastmod>2004-10-01T18:23:17+00:00</lastmod></sitemap>
  <sitemap><loc>http://example.com/sitemap2.xml.gz</loc></sitemap>
  <url><loc>http://example.com/not-an-index-child</loc></url>
</sitemapindex>`
	res, err := Extract("text/xml; charset=UTF-8", sitemapURL, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	wantIdx := []string{"http://example.com/sitemap1.xml.gz", "http://example.com/sitemap2.xml.gz"}
	if !reflect.DeepEqual(res.SitemapIndex, wantIdx) {
		t.Errorf("SitemapIndex = %v, want %v", res.SitemapIndex, wantIdx)
	}
	sameLines(t, "links", linesOf(res.Links), []string{
		"M sitemapindex/sitemap/loc http://example.com/sitemap1.xml.gz",
		"M sitemapindex/sitemap/loc http://example.com/sitemap2.xml.gz",
	})
	if len(res.Sitemap) != 0 {
		t.Errorf("Sitemap = %v", res.Sitemap)
	}
}

func TestSitemapVariants(t *testing.T) {
	tests := []struct {
		name, mime, url, body string
		locs                  []string
		wantErr               bool
	}{
		{"no namespace", "application/xml", sitemapURL,
			`<urlset><url><loc>http://example.com/a</loc></url></urlset>`, []string{"http://example.com/a"}, false},
		{"upper-case element names", "application/xml", sitemapURL,
			`<URLSET><URL><LOC>http://example.com/b</LOC></URL></URLSET>`, []string{"http://example.com/b"}, false},
		{"latin-1 declaration", "application/xml", sitemapURL,
			`<?xml version="1.0" encoding="ISO-8859-1"?><urlset><url><loc>http://example.com/c</loc></url></urlset>`, []string{"http://example.com/c"}, false},
		{"CDATA loc", "application/xml", sitemapURL,
			`<urlset><url><loc><![CDATA[http://example.com/d?x=1&y=2]]></loc></url></urlset>`, []string{"http://example.com/d?x=1&y=2"}, false},
		{"HTML entity", "application/xml", sitemapURL,
			`<urlset><url><loc>http://example.com/caf&eacute;</loc></url></urlset>`, []string{"http://example.com/caf%C3%A9"}, false},
		{"truncated file keeps entries read", "application/xml", sitemapURL,
			`<urlset><url><loc>http://example.com/e</loc></url><url><loc>http://exa`, []string{"http://example.com/e"}, true},
		{"not a sitemap (RSS)", "application/rss+xml", "http://example.com/feed",
			`<rss><channel><item><link>http://example.com/post</link></item></channel></rss>`, nil, false},
		{"not xml at all", "application/xml", sitemapURL, "\x00\x01 not xml <<<", nil, false},
		{"broken after the root", "application/xml", sitemapURL, "<urlset><url><loc>http://example.com/f</loc></url><<<", []string{"http://example.com/f"}, true},
		{"text sitemap", "text/plain", "http://example.com/sitemap.txt",
			"http://example.com/t1\r\n\n  http://example.com/t2  \nnot a url\nmailto:x@y\n", []string{"http://example.com/t1", "http://example.com/t2", "http://example.com/dir/not%20a%20url"}, false},
		{"other text file", "text/plain", "http://example.com/readme.txt",
			"http://example.com/t1\n", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			base := tc.url
			if tc.name == "text sitemap" {
				base = "http://example.com/dir/sitemap.txt"
			}
			res, err := Extract(tc.mime, base, []byte(tc.body))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			var locs []string
			for _, s := range res.Sitemap {
				locs = append(locs, s.Loc)
			}
			sameLines(t, "locs", locs, tc.locs)
			if len(res.Links) != len(tc.locs) {
				t.Errorf("%d links for %d locs", len(res.Links), len(tc.locs))
			}
		})
	}
}

func TestSitemapGzip(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	fmt.Fprint(zw, `<urlset><url><loc>http://example.com/z</loc><changefreq>hourly</changefreq></url></urlset>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for _, mime := range []string{"application/x-gzip", "application/gzip", "application/octet-stream", ""} {
		// Only .xml.gz files are opened; other archives are left alone.
		if res, err := Extract(mime, "http://example.com/dump.tar.gz", buf.Bytes()); err != nil || len(res.Links) != 0 {
			t.Errorf("%q: .tar.gz gave %v, %v", mime, res.Links, err)
		}
		res, err := Extract(mime, "http://example.com/sitemap.xml.gz", buf.Bytes())
		if err != nil {
			t.Fatalf("%q: %v", mime, err)
		}
		want := []SitemapURL{{Loc: "http://example.com/z", ChangeFreq: "hourly"}}
		if !reflect.DeepEqual(res.Sitemap, want) {
			t.Errorf("%q: Sitemap = %+v, want %+v", mime, res.Sitemap, want)
		}
	}
	if _, err := Extract("application/gzip", "http://example.com/sitemap.xml.gz", []byte("not gzip at all")); err == nil {
		t.Error("bad gzip body: no error")
	}
}

func TestSitemapCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("<urlset>")
	for i := 0; i < MaxLinks+10; i++ {
		fmt.Fprintf(&b, "<url><loc>http://example.com/%d</loc></url>", i)
	}
	b.WriteString("</urlset>")
	res, err := Extract("application/xml", sitemapURL, []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sitemap) != MaxLinks || len(res.Links) != MaxLinks || !res.Truncated {
		t.Errorf("got %d entries, %d links, truncated=%v; want %d, %d, true",
			len(res.Sitemap), len(res.Links), res.Truncated, MaxLinks, MaxLinks)
	}
	if last := res.Sitemap[MaxLinks-1].Loc; last != fmt.Sprintf("http://example.com/%d", MaxLinks-1) {
		t.Errorf("last entry %q", last)
	}
}
