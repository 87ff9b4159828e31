package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlWalker collects the links and visible text of an HTML page's
// elements, whether they come from the tokenizer or a tree.
type htmlWalker struct {
	c    *collector
	text textBuilder
}

// element collects the links of one element.
func (w *htmlWalker) element(n *html.Node) {
	c := w.c
	tag := n.Data
	if n.Namespace == "svg" {
		// <image href> and <use href> (or xlink:href) embed resources.
		// The tokenizer lower-cases feImage, the tree builder does not.
		if tag == "image" || tag == "use" || tag == "feImage" || tag == "feimage" {
			for _, a := range n.Attr {
				// The tree builder turns xlink:href into href in the xlink
				// namespace; the tokenizer leaves it as written.
				if a.Key == "href" || a.Key == "xlink:href" {
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
		w.c.addAttr(v, hop, n.Data, key)
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
	for tok := range strings.FieldsSeq(strings.ToLower(rel)) {
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
func isInline(n *html.Node) bool { return inlineAtom(n.DataAtom) }

// inlineAtom is isInline for an element's atom.
func inlineAtom(a atom.Atom) bool {
	switch a {
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
	rune    [utf8.UTFMax]byte
}

// space records a word break.
func (t *textBuilder) space() { t.pending = true }

// add appends s with every whitespace run collapsed to one space. Runs of
// ASCII words with single spaces between them, most of a page's text, are
// copied whole; other runes one by one (invalid bytes become U+FFFD).
func (t *textBuilder) add(s []byte) {
	for len(s) > 0 && !t.cut {
		if c := s[0]; c < utf8.RuneSelf {
			if asciiSpace(c) {
				t.pending = true
				s = s[1:]
				continue
			}
			n := 1
			for n < len(s) {
				k := textKinds[s[n]]
				if k == textWord {
					n++
					continue
				}
				// A single space between ASCII words is already
				// collapsed: it goes with the run.
				if k == textSpace && n+1 < len(s) && textKinds[s[n+1]] == textWord {
					n += 2
					continue
				}
				break
			}
			t.write(s[:n])
			s = s[n:]
			continue
		}
		r, size := utf8.DecodeRune(s)
		s = s[size:]
		if unicode.IsSpace(r) {
			t.pending = true
			continue
		}
		t.write(utf8.AppendRune(t.rune[:0], r))
	}
}

// write appends b, a run of ASCII (words with single spaces between them)
// or one rune, after a space if one is due, and cuts the text at limit:
// between runes, and never after a space.
func (t *textBuilder) write(b []byte) {
	if t.pending && t.b.Len() > 0 {
		if t.b.Len()+1+runeLen(b) > t.limit {
			t.cut = true
			return
		}
		t.b.WriteByte(' ')
	}
	t.pending = false
	if room := t.limit - t.b.Len(); len(b) > room {
		if b[0] < utf8.RuneSelf { // ASCII: b's bytes are runes
			b = b[:room]
			if len(b) > 0 && b[len(b)-1] == ' ' {
				b = b[:len(b)-1] // the word after it does not fit
			}
			t.b.Write(b)
		}
		t.cut = true
		return
	}
	t.b.Write(b)
}

// runeLen is the length of b's first rune.
func runeLen(b []byte) int {
	if b[0] < utf8.RuneSelf {
		return 1
	}
	return len(b)
}

// The kinds of bytes in text, for add's runs: an ASCII byte that is no
// space (textWord), ' ', another ASCII space (unicode.IsSpace), or a
// byte of a multi-byte rune (textRune).
const (
	textWord = iota
	textSpace
	textOtherSpace
	textRune
)

// textKinds is the kind of each byte value, 16 a line.
const textKinds = "" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x02\x02\x02\x02\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03" +
	"\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03"

// asciiSpace is unicode.IsSpace for an ASCII byte.
func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func (t *textBuilder) String() string { return t.b.String() }
