package extract

import (
	"strings"
	"testing"
)

// linesOf renders links one per line, "HOP context URL", for comparisons.
func linesOf(links []Link) []string {
	out := make([]string, len(links))
	for i, l := range links {
		out[i] = l.Hop.String() + " " + l.Context + " " + l.URL
	}
	return out
}

func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

const pageURL = "http://example.com/dir/page.html"

func TestHTMLElements(t *testing.T) {
	tests := []struct {
		name, html string
		want       []string
	}{
		{"a href", `<a href="a.html">x</a><a href="/b">y</a>`,
			[]string{"L a/@href http://example.com/dir/a.html", "L a/@href http://example.com/b"}},
		{"area", `<map><area href="m.html"></map>`,
			[]string{"L area/@href http://example.com/dir/m.html"}},
		{"a without href", `<a name="x">x</a>`, nil},
		{"skipped schemes and fragments", `<a href="#top"></a><a href="javascript:go()"></a><a href="MAILTO:x@y"></a>
			<a href="tel:123"></a><a href=""></a><a href="data:text/html,x"></a><a href="ftp://h/f"></a>`, nil},
		{"unparsable href", `<a href="http://[::1">x</a><a href="ok">y</a>`,
			[]string{"L a/@href http://example.com/dir/ok"}},
		{"link stylesheet and icon", `<link rel="stylesheet" href="s.css"><link rel="shortcut icon" href="/favicon.ico">`,
			[]string{"E link/@href http://example.com/dir/s.css", "E link/@href http://example.com/favicon.ico"}},
		{"link alternate, next, canonical", `<link rel=alternate href=feed.xml><link rel=next href="?p=2"><link rel=canonical href="http://example.com/c">`,
			[]string{"L link/@href http://example.com/dir/feed.xml", "L link/@href http://example.com/dir/page.html?p=2", "L link/@href http://example.com/c"}},
		{"link preload with imagesrcset", `<link rel=preload as=image href=h.jpg imagesrcset="h1.jpg 1x, h2.jpg 2x">`,
			[]string{"E link/@href http://example.com/dir/h.jpg", "E link/@imagesrcset http://example.com/dir/h1.jpg", "E link/@imagesrcset http://example.com/dir/h2.jpg"}},
		{"link without rel", `<link href="x">`, []string{"L link/@href http://example.com/dir/x"}},
		{"dns-prefetch and preconnect skipped", `<link rel=dns-prefetch href="//cdn.example.net"><link rel="preconnect" href="https://fonts.example">`, nil},
		{"img src and srcset", `<img src="i.png" srcset="i-1x.png 1x, i-2x.png 2x">`,
			[]string{"E img/@src http://example.com/dir/i.png", "E img/@srcset http://example.com/dir/i-1x.png", "E img/@srcset http://example.com/dir/i-2x.png"}},
		{"img lazy data-src", `<img src="ph.gif" data-src="real.jpg" data-srcset="r1.jpg 100w">`,
			[]string{"E img/@src http://example.com/dir/ph.gif", "E img/@data-src http://example.com/dir/real.jpg", "E img/@data-srcset http://example.com/dir/r1.jpg"}},
		{"picture source", `<picture><source srcset="a.webp" type="image/webp"><img src="a.jpg"></picture>`,
			[]string{"E source/@srcset http://example.com/dir/a.webp", "E img/@src http://example.com/dir/a.jpg"}},
		{"script src", `<script src="/js/app.js"></script><script>var s = "<a href='no.html'>"</script>`,
			[]string{"E script/@src http://example.com/js/app.js"}},
		// A browser ignores a <frameset> after body content (the tree
		// builder drops it); the tokenizer has no tree and follows its
		// frames anyway, one more embed fetched rather than one missed.
		{"iframe and frame", `<iframe src="//other.example/embed"></iframe><frameset><frame src="f.html"></frameset>`,
			[]string{"E iframe/@src http://other.example/embed", "E frame/@src http://example.com/dir/f.html"}},
		{"frameset document", `<html><frameset><frame src="f1.html"><frame src="f2.html"></frameset></html>`,
			[]string{"E frame/@src http://example.com/dir/f1.html", "E frame/@src http://example.com/dir/f2.html"}},
		{"video audio track", `<video src="v.mp4" poster="p.jpg"><track src="t.vtt"></video><audio src="a.mp3"></audio>`,
			[]string{"E video/@src http://example.com/dir/v.mp4", "E video/@poster http://example.com/dir/p.jpg", "E track/@src http://example.com/dir/t.vtt", "E audio/@src http://example.com/dir/a.mp3"}},
		{"video sources", `<video><source src="v.webm"><source src="v.mp4"></video>`,
			[]string{"E source/@src http://example.com/dir/v.webm", "E source/@src http://example.com/dir/v.mp4"}},
		{"embed and object", `<object data="o.swf"></object><embed src="e.swf">`,
			[]string{"E object/@data http://example.com/dir/o.swf", "E embed/@src http://example.com/dir/e.swf"}},
		{"input image", `<form><input type=image src="go.png"></form>`,
			[]string{"E input/@src http://example.com/dir/go.png"}},
		{"background attribute", `<body background="bg.gif"><table background="t.gif"><tr><td background="c.gif">x</td></tr></table></body>`,
			[]string{"E body/@background http://example.com/dir/bg.gif", "E table/@background http://example.com/dir/t.gif", "E td/@background http://example.com/dir/c.gif"}},
		{"meta refresh", `<meta http-equiv="Refresh" content="0; url=/moved.html">`,
			[]string{"R meta/@content http://example.com/moved.html"}},
		{"meta refresh without url", `<meta http-equiv="refresh" content="30">`, nil},
		{"other meta ignored", `<meta name="description" content="http://example.com/x">`, nil},
		{"style element", `<style>@import url("print.css"); .a { background: url(a.png) }</style>`,
			[]string{"E style/@import http://example.com/dir/print.css", "E style/url() http://example.com/dir/a.png"}},
		{"style attribute", `<div style="background-image: url('d.png')">x</div>`,
			[]string{"E div/@style/url() http://example.com/dir/d.png"}},
		{"svg image and use", `<svg><image href="s.png"/><use xlink:href="sprite.svg#i"/></svg>`,
			[]string{"E image/@href http://example.com/dir/s.png", "E use/@href http://example.com/dir/sprite.svg"}},
		{"noscript fallback", `<noscript><img src="pixel.gif"></noscript>`,
			[]string{"E img/@src http://example.com/dir/pixel.gif"}},
		{"base href", `<head><base href="http://cdn.example.org/base/"></head><a href="x">x</a><img src="/y.png">`,
			[]string{"L a/@href http://cdn.example.org/base/x", "E img/@src http://cdn.example.org/y.png"}},
		{"base href applies to earlier links", `<a href="x">x</a><base href="/other/">`,
			[]string{"L a/@href http://example.com/other/x"}},
		{"upper-case base applies to earlier links", `<a href="x">x</a><BASE HREF="/other/">`,
			[]string{"L a/@href http://example.com/other/x"}},
		{"base in a script is text", `<script>document.write('<base href="/no/">')</script><a href="x">x</a><base href="/yes/">`,
			[]string{"L a/@href http://example.com/yes/x"}},
		{"base in noscript counts", `<a href="x">x</a><noscript><base href="/ns/"></noscript>`,
			[]string{"L a/@href http://example.com/ns/x"}},
		{"first base wins", `<base href="/one/"><base href="/two/"><a href="x">x</a>`,
			[]string{"L a/@href http://example.com/one/x"}},
		{"relative base href", `<base href="../b/"><a href="x">x</a>`,
			[]string{"L a/@href http://example.com/b/x"}},
		{"base without href", `<base target="_blank"><a href="x">x</a>`,
			[]string{"L a/@href http://example.com/dir/x"}},
		{"dedup keeps first", `<a href="a.html#one">1</a><img src="a.html"><a href="./a.html#two">2</a>`,
			[]string{"L a/@href http://example.com/dir/a.html"}},
		{"canonicalised", `<a href="HTTP://WWW.Example.COM:80/%7ex/../y?#f">x</a>`,
			[]string{"L a/@href http://www.example.com/y"}},
		{"entities and whitespace in attributes", `<a href="  q?a=1&amp;b=2  ">x</a>`,
			[]string{"L a/@href http://example.com/dir/q?a=1&b=2"}},
		{"unclosed markup", `<p><a href=one.html>one<p><a href=two.html>two`,
			[]string{"L a/@href http://example.com/dir/one.html", "L a/@href http://example.com/dir/two.html"}},
		{"comments ignored", `<!-- <a href="no.html"> --><a href="yes.html">`,
			[]string{"L a/@href http://example.com/dir/yes.html"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Extract("text/html", pageURL, []byte(tc.html))
			if err != nil {
				t.Fatal(err)
			}
			sameLines(t, "links", linesOf(res.Links), tc.want)
		})
	}
}

func TestParseSrcset(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"a.png", []string{"a.png"}},
		{"a.png 1x", []string{"a.png"}},
		{"a.png 1x, b.png 2x", []string{"a.png", "b.png"}},
		{"a.png 100w,b.png 200w", []string{"a.png", "b.png"}},
		// A URL runs to whitespace, commas included (as browsers parse it).
		{"a.png,b.png", []string{"a.png,b.png"}},
		{"  a.png  ,  b.png  ", []string{"a.png", "b.png"}},
		{"img,1.png 1x, img,2.png 2x", []string{"img,1.png", "img,2.png"}},
		{"a.png (x, y) 1x, b.png", []string{"a.png", "b.png"}},
		{",,,a.png,,,", []string{"a.png"}},
		{"data:image/png;base64,AAA= 1x, b.png 2x", []string{"data:image/png;base64,AAA=", "b.png"}},
	}
	for _, tc := range tests {
		sameLines(t, "parseSrcset("+tc.in+")", parseSrcset(tc.in), tc.want)
	}
}

func TestRefreshURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0; url=http://x/", "http://x/"},
		{"0;URL=/a", "/a"},
		{"5 ; url = 'q.html'", "q.html"},
		{`3; URL="d.html"`, "d.html"},
		{"0, next.html", "next.html"},
		{"0; next.html", "next.html"},
		{"1.5; url=x", "x"},
		{"30", ""},
		{"", ""},
		{"url=x", ""},
		{"0; url='unterminated", "unterminated"},
		{"0;urlfoo", "urlfoo"},
	}
	for _, tc := range tests {
		if got := refreshURL(tc.in); got != tc.want {
			t.Errorf("refreshURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHTMLTitleAndText(t *testing.T) {
	tests := []struct {
		name, html, title, text string
	}{
		{"paragraphs separate words", `<title> A  Title </title><p>one</p><p>two</p>`, "A Title", "one two"},
		{"inline elements join", `<p>Hel<b>lo</b> w<i>or</i>ld</p>`, "", "Hello world"},
		{"block elements separate", `<div>a</div><div>b</div><ul><li>c<li>d</ul>`, "", "a b c d"},
		{"br separates", `a<br>b`, "", "a b"},
		{"scripts and styles hidden", `<script>var x=1</script><style>p{}</style><p>seen</p><noscript>nojs</noscript><template>tpl</template>`, "", "seen"},
		{"title not in text", `<head><title>T</title></head><body>B</body>`, "T", "B"},
		{"entities decoded", `<p>a&amp;b &lt;c&gt; caf&eacute;&nbsp;au</p>`, "", "a&b <c> café au"},
		{"whitespace collapsed", "<p>  a \n\t b  </p>\n\n<p> c </p>", "", "a b c"},
		{"no title", `<p>x</p>`, "", "x"},
		{"svg title is not the page title", `<body><svg><title>icon</title></svg><p>x</p><title>Late</title></body>`, "Late", "x"},
		{"empty", ``, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Extract("text/html", pageURL, []byte(tc.html))
			if err != nil {
				t.Fatal(err)
			}
			if res.Title != tc.title {
				t.Errorf("Title = %q, want %q", res.Title, tc.title)
			}
			if res.Text != tc.text {
				t.Errorf("Text = %q, want %q", res.Text, tc.text)
			}
		})
	}
}
