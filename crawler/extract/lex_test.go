package extract

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// bothLexers extracts a page held whole with x/net/html's tokenizer (its
// first <base href> applied first) and with the lexer; ok is false when
// the lexer declined.
func bothLexers(t testing.TB, base string, body []byte) (tok, lexed Result, ok bool) {
	t.Helper()
	r, err := urlcanon.NewResolver(base)
	if err != nil {
		t.Fatal(err)
	}
	if err := extractHeldWhole(newCollector(r, &tok, MaxLinks), body); err != nil {
		t.Fatal(err)
	}
	lexBody := bytes.Clone(body)
	ok = extractHTMLLexed(newCollector(r, &lexed, MaxLinks), lexBody)
	if !ok && !bytes.Equal(lexBody, body) {
		t.Fatalf("the lexer declined but left the page changed: %q", lexBody)
	}
	return tok, lexed, ok
}

// lexCases are markup the two tokenizers could read differently; the
// lexer must decline each or agree.
var lexCases = []string{
	`<a href="/a">a</a><a/href=/b>b</a>`,
	`<a href=/x/>x</a><title/>t</title>`,
	`<a b/c=/d href=/e>e</a>`,
	`<a =x href=/y>y</a>`,
	`<a href="/a?x=1&copy=2&amp;y&copyz&copy-w&#47;&fjlig;">a</a>`,
	`<a href='/a"b&lt;'>a</a>`,
	"<a href=\"/a\r\nb\">a</a>x\r\ny",
	`<title>a &amp; b &copy</title><textarea>&lt;t&gt;</textarea><style>p{background:url(&amp;.png)}</style>`,
	`<script>var a = "<!--<script>";</script><a href=/after>x</a>`,
	`<script>x</script2><a href=/in>x</a></script><a href=/out>y</a>`,
	`<title>t</title1>x</title>`,
	`<!--><a href=/c1>1</a>--><!---><a href=/c2>2</a>-->`,
	`<!-- a --!> <a href=/c3>3</a>`,
	`</a x=">"><a href=/q>q</a>`,
	`a </> b <3 c<![CDATA[<a href=/cd>]]>`,
	`<noembed><a href=/ne>x</a></noembed><noframes><a href=/nf></a></noframes>`,
	`<noscript><a href=/ns>x</a></noscript><plaintext><a href=/pt>`,
	`<svg><image href=/i.png /></svg><math><a href=/m>m</a></math><xml><a href=/x></xml>`,
	`<a href=/1 href=/2>dup</a><img src=a.png SRC=b.png>`,
	`<a href="/unterminated>x`,
	`<a href=/eof`,
	`<p>x</p`,
	`<div style="background: url(&quot;/s.png&quot;)">s</div>`,
	`<base href="/base/"><a href=rel>r</a>`,
	`<a href=before>b</a><base href="/base/"><a href=after>a</a><base href=/second/>`,
	`<a href=#frag>f</a><base href="http://other.example/"><a href=x>x</a>`,
	`<a href=b>b</a><svg><base href="/svgbase/"></base></svg><a href=c>c</a>`,
	`<svg></svg0><A href=0>`, `<svg><svg></svg></svg2><a href=/in>x</a>`,
	`<iframe src=/f><a href=/inframe></iframe><xmp><a href=/inxmp></xmp>`,
	`<A HREF="/UP">Up</A><IMG SRC=/I.PNG>`,
	"<a href=/nul>\x00</a>",
}

// TestLexMatchesTokenizer: on every case, the lexer declines or finds
// exactly what x/net/html's tokenizer finds.
func TestLexMatchesTokenizer(t *testing.T) {
	accepted := 0
	for _, in := range lexCases {
		tok, lexed, ok := bothLexers(t, "http://example.com/d/p.html", []byte(in))
		if !ok {
			continue
		}
		accepted++
		if a, b := fmt.Sprint(tok), fmt.Sprint(lexed); a != b {
			t.Errorf("%q:\ntokenizer: %s\nlexer:     %s", in, a, b)
		}
	}
	if accepted == 0 {
		t.Error("the lexer declined every case")
	}
}

// FuzzLexMatchesTokenizer feeds hostile markup to both: whatever the lexer
// accepts, it must read as x/net/html's tokenizer does.
func FuzzLexMatchesTokenizer(f *testing.F) {
	for _, in := range lexCases {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		tok, lexed, ok := bothLexers(t, "http://example.com/d/p.html", body)
		if ok {
			if a, b := fmt.Sprint(tok), fmt.Sprint(lexed); a != b {
				t.Fatalf("tokenizer: %s\nlexer:     %s", a, b)
			}
		}
	})
}

// TestLexAcceptsRealDocs: on the installed documentation sites the lexer
// takes (nearly) every page, so the fast path is the one real pages take,
// and finds what x/net/html's tokenizer finds.
func TestLexAcceptsRealDocs(t *testing.T) {
	pages, declined := 0, 0
	for _, root := range realDocs {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
				return nil
			}
			body, err := os.ReadFile(p)
			if err != nil || len(body) > MaxDOMBytes {
				return err
			}
			pages++
			tok, lexed, ok := bothLexers(t, "http://docs.test/"+filepath.Base(p), ToUTF8(body, "text/html", true))
			if !ok {
				declined++
				return nil
			}
			if a, b := fmt.Sprint(tok), fmt.Sprint(lexed); a != b {
				t.Errorf("%s: the lexer and the tokenizer differ", p)
			}
			return nil
		})
	}
	if pages == 0 {
		t.Skip("no documentation installed (python3.11-doc, postgresql-doc-15)")
	}
	t.Logf("%d pages, %d declined", pages, declined)
	if declined*100 > pages {
		t.Errorf("the lexer declined %d of %d pages (more than 1%%)", declined, pages)
	}
}

// TestTextMarks: the byte loops of short tokens and names find what
// IndexByte finds.
func TestTextMarks(t *testing.T) {
	for _, s := range []string{"", "\n", "a<b", "x\r\ny", "&amp;", "<\r&", "0123456789abcdef", "0123456789abcdef<", "0123456789abcde&", `</a x="y">`, `</p '>`, "</div>"} {
		b := []byte(s)
		lt, cr, amp := textMarks(b)
		if lt != strings.Contains(s, "<") || cr != strings.Contains(s, "\r") || amp != strings.Contains(s, "&") {
			t.Errorf("textMarks(%q) = %v, %v, %v", s, lt, cr, amp)
		}
		if hasQuote(b) != strings.ContainsAny(s, `"'`) {
			t.Errorf("hasQuote(%q) = %v", s, hasQuote(b))
		}
		if hasByte(b, '&') != strings.Contains(s, "&") {
			t.Errorf("hasByte(%q, '&') = %v", s, hasByte(b, '&'))
		}
	}
}
