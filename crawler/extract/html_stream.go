package extract

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxTokenBytes bounds one token (a tag with its attributes, or a run of
// text) of a streamed page; a longer one ends the extraction (Truncated).
const maxTokenBytes = 1 << 20

// maxHiddenDepth bounds the stack of open elements whose text is hidden.
const maxHiddenDepth = 512

// extractHTMLStream collects links, title and visible text of a large page
// from x/net/html's tokenizer, without building a tree, so memory does not
// grow with the page. It follows extractHTML's rules with two differences
// that need the whole tree: <base href> applies to the links after it
// only, and text is hidden by the raw-text and hidden elements still open
// (head, script, style, svg, ...), as the tokens show them, not by the
// HTML5 tree construction's repairs.
func extractHTMLStream(c *collector, r io.Reader) error {
	z := html.NewTokenizer(r)
	z.SetMaxBuf(maxTokenBytes)
	s := newStreamWalker(c)
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		s.token(z, tt)
	}
	s.finish()
	if err := z.Err(); errors.Is(err, html.ErrBufferExceeded) {
		c.res.Truncated = true
	} else if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// finish stores the title and text collected.
func (s *streamWalker) finish() {
	s.c.res.Title = s.title.String()
	s.c.res.Text = s.text.String()
	if s.text.cut {
		s.c.res.Truncated = true
	}
}

// newStreamWalker starts a walk that collects into c.
func newStreamWalker(c *collector) *streamWalker {
	s := &streamWalker{htmlWalker: htmlWalker{c: c}}
	s.text.limit = MaxTextBytes
	s.title.limit = maxFieldLen
	return s
}

// streamWalker is the state of extractHTMLStream between tokens.
type streamWalker struct {
	htmlWalker
	title     textBuilder
	hidden    []atom.Atom // open elements whose text is not visible
	svg       int         // open <svg> elements: their children are in the SVG namespace
	raw       atom.Atom   // the raw-text element (title, style, ...) whose text comes next
	node      html.Node   // the start tag being handled (startNode)
	attrs     []html.Attribute
	titleSeen bool
}

func (s *streamWalker) token(z *html.Tokenizer, tt html.TokenType) {
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		n := s.startNode(z)
		if s.svgNamespace(n.DataAtom) {
			n.Namespace = "svg"
		}
		selfClosing := tt == html.SelfClosingTagToken
		s.start(n, selfClosing)
		if n.DataAtom == atom.Noscript && !selfClosing {
			// Scripting disabled, as in extractHTML: its content is markup.
			z.NextIsNotRawText()
		}
	case html.EndTagToken:
		s.end(tagAtom(z.Raw()))
	case html.TextToken:
		s.textIfVisible(z.Text())
	}
}

// end closes the elements an end tag a closes.
func (s *streamWalker) end(a atom.Atom) {
	s.raw = 0
	if !inlineAtom(a) {
		s.text.space()
	}
	if a == atom.Svg && s.svg > 0 {
		s.svg--
	}
	for i := len(s.hidden) - 1; i >= 0; i-- {
		if s.hidden[i] == a {
			s.hidden = s.hidden[:i]
			break
		}
	}
}

// textIfVisible takes a text token: the raw text of title or style, or
// text outside hidden elements.
func (s *streamWalker) textIfVisible(text []byte) {
	if s.raw != 0 || len(s.hidden) == 0 {
		s.textToken(text)
	}
}

// startNode fills the walker's reusable node from the tokenizer's start
// tag, keeping only the attributes element reads (keepAttr): the others
// (class, id, ...) are most of a page's attributes and cost nothing then.
func (s *streamWalker) startNode(z *html.Tokenizer) *html.Node {
	a := tagAtom(z.Raw())
	data := a.String() // the same lower-case name, without allocating
	if a == 0 {
		name, _ := z.TagName()
		data = string(name)
	}
	// Elsewhere only a style attribute could hold a link, and only if the
	// tag has a '(' (or an entity that could decode to one): skipping the
	// rest spares TagAttr's copies of every class and id. TagAttr itself
	// reports a tag without attributes at once.
	// Two IndexByte scans (vectorised) cost less than one ContainsAny.
	raw := z.Raw()
	more := linkElement(a) || s.svgNamespace(a) || bytes.IndexByte(raw, '(') >= 0 || bytes.IndexByte(raw, '&') >= 0
	s.attrs = s.attrs[:0]
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		if keepAttr(k, v) {
			s.attrs = append(s.attrs, html.Attribute{Key: string(k), Val: string(v)})
		}
	}
	s.node = html.Node{Type: html.ElementNode, Data: data, DataAtom: a, Attr: s.attrs}
	return &s.node
}

// tagAtom returns the atom of a start or end tag's name (0 if it has
// none), read from the raw token ("<name" or "</name") as the tokenizer
// reads the name, without TagName's copy of it.
func tagAtom(raw []byte) atom.Atom {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	var buf [maxAtomLen]byte
	n := 0
	for ; i < len(raw); i++ {
		c := raw[i]
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '/' || c == '>' {
			break
		}
		if n == len(buf) || c == 0 {
			return 0 // too long for an atom; the tokenizer makes NUL U+FFFD
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	return atom.Lookup(buf[:n])
}

// maxAtomLen is more than the longest atom's name ("allowpaymentrequest").
const maxAtomLen = 32

// linkElement reports the HTML elements element reads links from
// (besides a style attribute).
func linkElement(a atom.Atom) bool {
	switch a {
	case atom.A, atom.Area, atom.Link, atom.Img, atom.Source, atom.Script, atom.Track,
		atom.Iframe, atom.Frame, atom.Video, atom.Audio, atom.Embed, atom.Object,
		atom.Input, atom.Body, atom.Table, atom.Tr, atom.Td, atom.Th, atom.Meta, atom.Base:
		return true
	}
	return false
}

// svgNamespace reports whether a start tag a is in SVG (inside <svg>,
// where element reads image, use and feImage links).
func (s *streamWalker) svgNamespace(a atom.Atom) bool { return s.svg > 0 && a != atom.Svg }

// keepAttr reports whether element (or <base>) reads attribute k=v.
func keepAttr(k, v []byte) bool {
	name, ok := keptKey(k)
	return ok && (name != "style" || bytes.IndexByte(v, '(') >= 0)
}

func (s *streamWalker) start(n *html.Node, selfClosing bool) {
	if n.DataAtom == atom.Base && !s.c.baseSeen {
		if href, ok := attr(n, "href"); ok {
			s.c.baseSeen = true
			if r, err := s.c.r.Rebase(strings.TrimSpace(href)); err == nil {
				s.c.setResolver(r)
			}
		}
	}
	s.element(n)
	if !isInline(n) {
		s.text.space()
	}
	if selfClosing {
		return
	}
	switch n.DataAtom {
	case atom.Body:
		s.hidden = s.hidden[:0] // <body> closes <head>
	case atom.Svg:
		s.svg++
	}
	switch {
	case n.Namespace == "" && n.DataAtom == atom.Title && !s.titleSeen:
		s.titleSeen = true // the first one counts, even if empty
		s.raw = atom.Title
	case n.Namespace == "" && n.DataAtom == atom.Style:
		s.raw = atom.Style
	}
	if isHidden(n) && len(s.hidden) < maxHiddenDepth {
		s.hidden = append(s.hidden, n.DataAtom)
	}
}

func (s *streamWalker) textToken(text []byte) {
	switch s.raw {
	case atom.Style:
		extractCSS(s.c, string(text), "style")
	case atom.Title:
		s.title.add(text)
	}
	s.raw = 0
	if len(s.hidden) == 0 {
		s.text.add(text)
	}
}

// firstBaseHref returns the href of the first <base href> start tag of an
// HTML document held whole, tokenized as extractHTMLStream does (scripting
// disabled), so that it can apply to the whole document; most pages have
// none, which a byte scan tells without tokenizing.
func firstBaseHref(body []byte) (string, bool) {
	if !mentionsBase(body) {
		return "", false
	}
	z := html.NewTokenizer(bytes.NewReader(body))
	z.SetMaxBuf(maxTokenBytes)
	for {
		switch z.Next() {
		case html.ErrorToken:
			return "", false
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Noscript {
				z.NextIsNotRawText()
			}
			for hasAttr && a == atom.Base {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				if string(k) == "href" {
					return string(v), true
				}
			}
		}
	}
}

// mentionsBase reports whether body contains "<base" in any letter case.
func mentionsBase(body []byte) bool {
	for i := bytes.IndexByte(body, '<'); i >= 0; {
		if rest := body[i+1:]; len(rest) >= 4 && bytes.EqualFold(rest[:4], []byte("base")) {
			return true
		}
		j := bytes.IndexByte(body[i+1:], '<')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
