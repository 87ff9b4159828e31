package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extractHTML parses body as HTML (the HTML5 algorithm, via goquery and
// x/net/html, so broken markup is handled as browsers do) and walks the tree
// once, collecting links, title and visible text.
func extractHTML(c *collector, body []byte) error {
	// Scripting disabled: <noscript> content is then parsed as markup, and
	// its fallback images and links are worth archiving.
	root, err := html.ParseWithOptions(bytes.NewReader(body), html.ParseOptionEnableScripting(false))
	if err != nil {
		// x/net/html gives up on documents nested deeper than 512 open
		// elements; a flat token list still yields every link.
		root, err = parseFlat(body)
		if err != nil {
			return fmt.Errorf("extract: parse html: %w", err)
		}
	}
	doc := goquery.NewDocumentFromNode(root)
	// The first <base href> sets the base URL of the whole document, also
	// for links that precede it (HTML §4.2.3).
	if href, ok := doc.Find("base[href]").First().Attr("href"); ok {
		if r, err := c.r.Rebase(strings.TrimSpace(href)); err == nil {
			c.setResolver(r)
		}
	}
	// The document's title, not an SVG <title> tooltip.
	htmlTitle := doc.Find("title").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return s.Nodes[0].Namespace == ""
	})
	if t := htmlTitle.First(); t.Length() > 0 {
		var tb textBuilder
		tb.limit = maxFieldLen
		tb.add(t.Text())
		c.res.Title = tb.String()
	}
	w := htmlWalker{c: c}
	w.text.limit = MaxTextBytes
	for _, n := range doc.Nodes {
		w.walk(n)
	}
	c.res.Text = w.text.String()
	if w.text.cut {
		c.res.Truncated = true
	}
	return nil
}

type htmlWalker struct {
	c    *collector
	text textBuilder
}

// frame is one step of the explicit DFS stack; an explicit stack keeps
// pathologically deep documents from growing the goroutine stack.
type frame struct {
	n      *html.Node
	exit   bool // leaving n (its children are done)
	hidden bool // inside an element whose text is not visible
}

func (w *htmlWalker) walk(root *html.Node) {
	stack := []frame{{n: root}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := f.n
		if f.exit {
			if n.Type == html.ElementNode && !isInline(n) {
				w.text.space()
			}
			continue
		}
		switch n.Type {
		case html.TextNode:
			if !f.hidden {
				w.text.add(n.Data)
			}
			continue
		case html.ElementNode:
			w.element(n)
			if !isInline(n) {
				w.text.space()
			}
		}
		hidden := f.hidden || n.Type == html.ElementNode && isHidden(n)
		stack = append(stack, frame{n: n, exit: true})
		// Push children last-first so they pop in document order.
		for ch := n.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, frame{n: ch, hidden: hidden})
		}
	}
}

// element collects the links of one element.
func (w *htmlWalker) element(n *html.Node) {
	c := w.c
	tag := n.Data
	if n.Namespace == "svg" {
		// <image href> and <use href> (or xlink:href) embed resources.
		if tag == "image" || tag == "use" || tag == "feImage" {
			for _, a := range n.Attr {
				if a.Key == "href" {
					c.add(a.Val, HopEmbed, tag+"/@href")
				}
			}
		}
	} else {
		switch n.DataAtom {
		case atom.A, atom.Area:
			w.attr(n, "href", HopNav)
		case atom.Link:
			w.link(n)
		case atom.Img:
			w.attr(n, "src", HopEmbed)
			w.srcset(n, "srcset")
			w.attr(n, "data-src", HopEmbed)
			w.srcset(n, "data-srcset")
			w.attr(n, "lowsrc", HopEmbed)
		case atom.Source:
			w.attr(n, "src", HopEmbed)
			w.srcset(n, "srcset")
			w.attr(n, "data-src", HopEmbed)
			w.srcset(n, "data-srcset")
		case atom.Script, atom.Track:
			w.attr(n, "src", HopEmbed)
		case atom.Iframe, atom.Frame:
			w.attr(n, "src", HopEmbed)
			w.attr(n, "data-src", HopEmbed)
		case atom.Video, atom.Audio:
			w.attr(n, "src", HopEmbed)
			w.attr(n, "poster", HopEmbed)
		case atom.Embed:
			w.attr(n, "src", HopEmbed)
		case atom.Object:
			w.attr(n, "data", HopEmbed)
		case atom.Input:
			w.attr(n, "src", HopEmbed) // type=image
		case atom.Body, atom.Table, atom.Tr, atom.Td, atom.Th:
			w.attr(n, "background", HopEmbed)
		case atom.Meta:
			w.meta(n)
		case atom.Style:
			// x/net/html keeps <style> content as one raw text child.
			for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
				if ch.Type == html.TextNode {
					extractCSS(c, ch.Data, "style")
				}
			}
		}
	}
	for _, a := range n.Attr {
		if a.Key == "style" && a.Namespace == "" && strings.Contains(a.Val, "(") {
			extractCSS(c, a.Val, tag+"/@style")
		}
	}
}

func (w *htmlWalker) attr(n *html.Node, key string, hop Hop) {
	if v, ok := attr(n, key); ok {
		w.c.add(v, hop, n.Data+"/@"+key)
	}
}

func (w *htmlWalker) srcset(n *html.Node, key string) {
	v, ok := attr(n, key)
	if !ok {
		return
	}
	ctx := n.Data + "/@" + key
	for _, u := range parseSrcset(v) {
		w.c.add(u, HopEmbed, ctx)
	}
}

// embedRels are link relations whose target the page needs to render (or
// that browsers fetch on their own); the rest (alternate, next, canonical,
// author, ...) are navigation.
var embedRels = map[string]bool{
	"stylesheet": true, "icon": true, "apple-touch-icon": true,
	"apple-touch-icon-precomposed": true, "mask-icon": true, "fluid-icon": true,
	"preload": true, "modulepreload": true, "prefetch": true, "manifest": true,
	"image_src": true,
}

func (w *htmlWalker) link(n *html.Node) {
	rel, _ := attr(n, "rel")
	hop := HopNav
	onlyHints := rel != ""
	for _, tok := range strings.Fields(strings.ToLower(rel)) {
		if embedRels[tok] {
			hop = HopEmbed
		}
		if tok != "dns-prefetch" && tok != "preconnect" {
			onlyHints = false
		}
	}
	// dns-prefetch/preconnect name an origin, not a document.
	if onlyHints {
		return
	}
	w.attr(n, "href", hop)
	w.srcset(n, "imagesrcset")
}

// meta handles <meta http-equiv="refresh" content="5; url=...">, a redirect.
func (w *htmlWalker) meta(n *html.Node) {
	eq, _ := attr(n, "http-equiv")
	if !strings.EqualFold(strings.TrimSpace(eq), "refresh") {
		return
	}
	content, _ := attr(n, "content")
	if u := refreshURL(content); u != "" {
		w.c.add(u, HopRedirect, "meta/@content")
	}
}

// refreshURL returns the URL of a refresh value "N; url=U", "N, U" or
// "N;URL='U'", following the shape of HTML's "shared declarative refresh
// steps", or "" if there is none.
func refreshURL(content string) string {
	s := strings.TrimLeft(content, " \t\n\f\r")
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return ""
	}
	s = strings.TrimLeft(s[i:], " \t\n\f\r")
	if s == "" || (s[0] != ';' && s[0] != ',') {
		return ""
	}
	s = strings.TrimLeft(s[1:], " \t\n\f\r")
	if len(s) >= 3 && strings.EqualFold(s[:3], "url") {
		rest := strings.TrimLeft(s[3:], " \t\n\f\r")
		if strings.HasPrefix(rest, "=") {
			s = strings.TrimLeft(rest[1:], " \t\n\f\r")
		}
	}
	if s != "" && (s[0] == '"' || s[0] == '\'') {
		q := s[0]
		s = s[1:]
		if j := strings.IndexByte(s, q); j >= 0 {
			s = s[:j]
		}
	}
	return strings.TrimSpace(s)
}

// parseSrcset returns the URLs of a srcset value ("a.jpg 1x, b.jpg 2x"),
// following the HTML "parse a srcset attribute" algorithm: a URL runs to the
// next whitespace (it may contain commas), trailing commas end a candidate,
// descriptors run to the next comma outside parentheses.
func parseSrcset(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		for i < len(s) && (isHTMLSpace(s[i]) || s[i] == ',') {
			i++
		}
		start := i
		for i < len(s) && !isHTMLSpace(s[i]) {
			i++
		}
		u := s[start:i]
		if u == "" {
			break
		}
		trimmed := strings.TrimRight(u, ",")
		if trimmed != "" {
			out = append(out, trimmed)
		}
		if len(trimmed) != len(u) {
			continue // the commas ended this candidate
		}
		depth := 0
		for i < len(s) {
			switch s[i] {
			case '(':
				depth++
			case ')':
				if depth > 0 {
					depth--
				}
			case ',':
				if depth == 0 {
					goto next
				}
			}
			i++
		}
	next:
		i++
	}
	return out
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// isHidden reports elements whose text content a reader does not see.
func isHidden(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Title,
		atom.Iframe, atom.Noembed, atom.Noframes, atom.Head, atom.Svg, atom.Math:
		return true
	}
	return false
}

// isInline reports phrasing elements, between which text runs on without a
// break; all other elements separate words ("a</p><p>b" is "a b").
func isInline(n *html.Node) bool {
	switch n.DataAtom {
	case atom.A, atom.Abbr, atom.B, atom.Bdi, atom.Bdo, atom.Big, atom.Cite,
		atom.Code, atom.Data, atom.Dfn, atom.Em, atom.Font, atom.I, atom.Kbd,
		atom.Label, atom.Mark, atom.Q, atom.S, atom.Samp, atom.Small,
		atom.Span, atom.Strike, atom.Strong, atom.Sub, atom.Sup, atom.Time,
		atom.Tt, atom.U, atom.Var:
		return true
	}
	return false
}

// textBuilder accumulates whitespace-normalised text up to a byte limit.
type textBuilder struct {
	b       strings.Builder
	limit   int
	pending bool // a separator is due before the next word
	cut     bool
}

// space records a word break.
func (t *textBuilder) space() { t.pending = true }

// add appends s with every whitespace run collapsed to one space.
func (t *textBuilder) add(s string) {
	for len(s) > 0 && !t.cut {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		if unicode.IsSpace(r) {
			t.pending = true
			continue
		}
		need := utf8.RuneLen(r)
		if need < 0 {
			need = size
		}
		if t.pending && t.b.Len() > 0 {
			need++
		}
		if t.b.Len()+need > t.limit {
			t.cut = true
			return
		}
		if t.pending && t.b.Len() > 0 {
			t.b.WriteByte(' ')
		}
		t.pending = false
		t.b.WriteRune(r)
	}
}

func (t *textBuilder) String() string { return t.b.String() }

// parseFlat builds a one-level tree from the token stream: every element
// becomes a child of the root, text goes into the raw-text element it
// belongs to (script, style, title, ...) or the root. Nesting is lost, so
// hidden-text detection only covers raw-text elements, but links, <base>,
// <title> and <style> work as in the full parse.
func parseFlat(body []byte) (*html.Node, error) {
	root := &html.Node{Type: html.DocumentNode}
	z := html.NewTokenizer(bytes.NewReader(body))
	var raw *html.Node // open raw-text element, if any
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if err := z.Err(); err != nil && !errors.Is(err, io.EOF) {
				return root, err
			}
			return root, nil
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			n := &html.Node{Type: html.ElementNode, Data: tok.Data, DataAtom: tok.DataAtom, Attr: tok.Attr}
			root.AppendChild(n)
			raw = nil
			if tt == html.StartTagToken && isHidden(n) {
				raw = n
			}
		case html.EndTagToken:
			raw = nil
		case html.TextToken:
			text := &html.Node{Type: html.TextNode, Data: string(z.Text())}
			if raw != nil {
				raw.AppendChild(text)
			} else {
				root.AppendChild(text)
			}
		}
	}
}
