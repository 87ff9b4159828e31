package extract

import "testing"

const sheetURL = "http://example.com/css/site.css"

func TestCSS(t *testing.T) {
	tests := []struct {
		name, css string
		want      []string
	}{
		{"url unquoted", `a{background:url(img/a.png)}`, []string{"E css/url() http://example.com/css/img/a.png"}},
		{"url quoted", `a{background:url("b.png")} b{background:url('/c.png')}`,
			[]string{"E css/url() http://example.com/css/b.png", "E css/url() http://example.com/c.png"}},
		{"url with spaces", `a{background:url(  d.png  )}`, []string{"E css/url() http://example.com/css/d.png"}},
		{"url upper case", `a{background:URL(e.png)}`, []string{"E css/url() http://example.com/css/e.png"}},
		{"url escapes", `a{background:url(f\(1\).png)} b{background:url("g\22 .png")}`,
			[]string{"E css/url() http://example.com/css/f(1).png", `E css/url() http://example.com/css/g%22.png`}},
		{"hex escape", `a{background:url(\68 .png)}`, []string{"E css/url() http://example.com/css/h.png"}},
		{"import string", `@import "base.css"; @import 'print.css' print;`,
			[]string{"E css/@import http://example.com/css/base.css", "E css/@import http://example.com/css/print.css"}},
		{"import url", `@IMPORT url(theme.css) screen;`, []string{"E css/@import http://example.com/css/theme.css"}},
		{"import with comment", `@import /* c */ "c.css";`, []string{"E css/@import http://example.com/css/c.css"}},
		{"font-face src list", `@font-face{src:url(f.woff2) format("woff2"), url(f.woff) format("woff")}`,
			[]string{"E css/url() http://example.com/css/f.woff2", "E css/url() http://example.com/css/f.woff"}},
		{"comments skipped", `/* url(no.png) */ a{background:url(yes.png)} /* @import "no.css"; */`,
			[]string{"E css/url() http://example.com/css/yes.png"}},
		{"unterminated comment", `a{background:url(x.png)} /* url(no.png)`, []string{"E css/url() http://example.com/css/x.png"}},
		{"strings are not urls", `a:after{content:"url(no.png)"} b{background:url(yes.png)}`,
			[]string{"E css/url() http://example.com/css/yes.png"}},
		{"identifier ending in url is not url()", `a{b:myurl(no.png); c:url(yes.png)}`,
			[]string{"E css/url() http://example.com/css/yes.png"}},
		{"data uri skipped", `a{background:url(data:image/png;base64,iVBORw0KGgo=)}`, nil},
		{"empty url skipped", `a{background:url()} b{background:url("")}`, nil},
		{"bad url with inner space ignored", `a{background:url(a b.png)} c{background:url(ok.png)}`,
			[]string{"E css/url() http://example.com/css/ok.png"}},
		{"unterminated url", `a{background:url(end.png`, []string{"E css/url() http://example.com/css/end.png"}},
		{"unterminated string", "a{background:url(\"s.png\n)}", []string{"E css/url() http://example.com/css/s.png"}},
		{"fragment-only url skipped", `a{filter:url(#svgfilter)}`, nil},
		{"absolute and scheme-relative", `a{background:url(https://cdn.example.net/x.png)} b{background:url(//cdn.example.net/y.png)}`,
			[]string{"E css/url() https://cdn.example.net/x.png", "E css/url() http://cdn.example.net/y.png"}},
		{"dedup", `a{background:url(z.png)} b{background:url("z.png")}`, []string{"E css/url() http://example.com/css/z.png"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Extract("text/css; charset=utf-8", sheetURL, []byte(tc.css))
			if err != nil {
				t.Fatal(err)
			}
			sameLines(t, "links", linesOf(res.Links), tc.want)
			if res.Text != "" || res.Title != "" {
				t.Errorf("CSS gave text %q / title %q", res.Text, res.Title)
			}
		})
	}
}
