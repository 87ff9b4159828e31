package extract

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"strings"
	"unsafe"

	"github.com/tdewolff/parse/v2"
	lex "github.com/tdewolff/parse/v2/html"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Why a second lexer: x/net/html's tokenizer reads a page one byte per
// method call and copies every attribute name for its duplicate check; on
// the Python docs it was a third of the crawler's extraction CPU.
// tdewolff/parse's HTML lexer (the one under tdewolff/minify and Hugo) is
// about three times as fast (BenchmarkLexers), but it does not implement
// every error-recovery rule of HTML5 tokenization. So a page held whole is
// lexed by it only as long as every token is one the two read alike; at the
// first that is not, lexPage declines and the page is tokenized by
// x/net/html as before. SVG and MathML islands, which the lexer returns
// whole, are tokenized by x/net/html alone. FuzzLexMatchesTokenizer holds
// the results equal on every input the lexer accepts;
// TestLexAcceptsRealDocs checks that real pages take the fast path.

// errDecline says the lexer met markup that x/net/html's tokenizer may
// read differently.
var errDecline = errors.New("extract: markup left to x/net/html")

// maxLexToken bounds a token (a whole start tag) the lexer takes; a longer
// one is left to x/net/html, whose SetMaxBuf limit then applies as before.
const maxLexToken = maxTokenBytes / 2

// extractHTMLLexed extracts a page held whole into c with tdewolff's lexer
// and reports true, or reports false and leaves c and body as they were.
// On success body is left with its tag and attribute names lower-cased.
func extractHTMLLexed(c *collector, body []byte) bool {
	if bytes.IndexByte(body, 0) >= 0 {
		return false // x/net/html replaces NUL in some states only
	}
	// The lexer lower-cases names in body, where it lexes (and writes a
	// NUL after the end, within the capacity if it can); page keeps the
	// page as it was, and the attribute values kept are its substrings
	// rather than a copy each (pageString).
	page := string(body)
	f := c.fork()
	err := lexPage(f, body, page)
	var base *errBase
	if errors.As(err, &base) {
		// The first <base href> came after links: it applies to them too.
		copy(body, page)
		f = c.fork()
		f.useBase(base.href)
		err = lexPage(f, body, page)
	}
	if err != nil {
		copy(body, page) // for x/net/html
		return false
	}
	c.join(f)
	return true
}

// errBase: the page's first <base href> follows links, which must be
// resolved against it as well.
type errBase struct{ href string }

func (e *errBase) Error() string { return "extract: <base href> after links" }

// fork returns a copy of c collecting into a copy of its result, so that a
// walk that gives up leaves c untouched.
func (c *collector) fork() *collector {
	res := *c.res // appends to the copy's slices never show in c's
	f := *c
	f.res = &res
	if len(c.seen) == 0 && len(c.cache) == 0 {
		f.sized(c.mapHint) // a clone would copy the empty maps' room
	} else {
		f.seen = maps.Clone(c.seen)
		f.cache = maps.Clone(c.cache)
	}
	return &f
}

// join takes over what a fork of c collected.
func (c *collector) join(f *collector) {
	res := c.res
	*res = *f.res
	*c = *f
	c.res = res
}

// lexPage walks buf's tokens by the stream walker's rules, or returns
// errDecline.
func lexPage(c *collector, buf []byte, page string) error {
	l := lex.NewLexer(parse.NewInputBytes(buf))
	s := newStreamWalker(c)
	// Room for the text at once rather than by doubling: about a fifth
	// of a page is text (of the Python docs' pages, 21 %).
	s.text.b.Grow(min(len(buf)/4, 64<<10))
	p := lexState{buf: buf, page: page}
	for {
		tt, data := l.Next()
		if len(data) > maxLexToken {
			return errDecline
		}
		var err error
		switch tt {
		case lex.ErrorToken:
			if !errors.Is(l.Err(), io.EOF) {
				return errDecline
			}
			s.finish()
			return nil
		case lex.StartTagToken:
			err = p.open(data)
		case lex.AttributeToken:
			err = p.attr(l.Text(), l.AttrVal(), data)
		case lex.StartTagCloseToken, lex.StartTagVoidToken:
			err = p.close(s, tt == lex.StartTagVoidToken)
		case lex.EndTagToken:
			err = p.end(s, data)
		case lex.TextToken:
			err = p.text(s, data)
		case lex.CommentToken:
			err = checkComment(data)
		case lex.SVGToken, lex.MathToken, lex.XMLToken:
			err = p.island(s, data)
		case lex.DoctypeToken:
		default: // templates
			err = errDecline
		}
		if err != nil {
			return err
		}
	}
}

// lexState is what lexPage carries between tokens: the start tag being
// read and the raw-text element whose text and end tag come next.
type lexState struct {
	name  []byte    // the open start tag's name, lower-cased
	atom  atom.Atom // its atom
	attrs []html.Attribute
	size  int       // bytes of the start tag so far
	last  []byte    // its last token: an unquoted value ending in '/' makes "/>"
	raw   []byte    // name of the raw-text element just opened, if any
	rawA  atom.Atom // its atom
	node  html.Node // the start tag handed to the walker (close)
	buf   []byte    // the page being lexed
	page  string    // the page as it was before
}

// pageString returns v as a string: the substring of page at v's place
// in buf if v lies in buf and the bytes there are unchanged (names are
// lower-cased), else a copy. Values kept from a page are then one
// allocation, the page's, instead of one each.
func (p *lexState) pageString(v []byte) string {
	if len(v) == 0 || len(p.buf) == 0 {
		return ""
	}
	// Addresses compared, never made into pointers: at worst the bounds
	// or the comparison fail and v is copied.
	off := int(uintptr(unsafe.Pointer(unsafe.SliceData(v))) - uintptr(unsafe.Pointer(unsafe.SliceData(p.buf))))
	if off < 0 || off > len(p.page)-len(v) {
		return string(v)
	}
	if sub := p.page[off : off+len(v)]; sub == string(v) {
		return sub
	}
	return string(v)
}

// open starts a start tag ("<name", lower-cased by the lexer).
func (p *lexState) open(data []byte) error {
	name := data[1:]
	if p.raw != nil || hasByte(name, '/') {
		return errDecline // the tokenizer ends a name at '/'
	}
	a := atom.Lookup(name)
	switch a {
	case atom.Noembed, atom.Noframes, atom.Plaintext:
		return errDecline // raw text to the tokenizer, markup to the lexer
	}
	p.name, p.atom, p.attrs, p.size, p.last = name, a, p.attrs[:0], len(data), data
	return nil
}

// attr takes one attribute (key lower-cased, val as written, quotes
// included) of the open start tag.
func (p *lexState) attr(key, val, data []byte) error {
	p.size += len(data)
	p.last = data
	if len(key) == 0 || hasByte(key, '/') || p.size > maxLexToken {
		return errDecline // the tokenizer starts a name with '=' and ends one at '/'
	}
	k, ok := keptKey(key)
	if !ok {
		return nil
	}
	for _, a := range p.attrs {
		if a.Key == k {
			return nil // the tokenizer keeps the first of duplicates
		}
	}
	if len(val) > 0 && (val[0] == '"' || val[0] == '\'') {
		if len(val) < 2 || val[len(val)-1] != val[0] {
			return errDecline
		}
		val = val[1 : len(val)-1]
	}
	v, ok := p.unescapeAttr(val)
	if !ok {
		return errDecline
	}
	if k != "style" || strings.IndexByte(v, '(') >= 0 { // as keepAttr
		p.attrs = append(p.attrs, html.Attribute{Key: k, Val: v})
	}
	return nil
}

// close ends the open start tag and hands it to the walker. The tokenizer
// calls a tag self-closing when '/' is the byte before its '>', which
// after an unquoted value the lexer counts as part of the value.
func (p *lexState) close(s *streamWalker, void bool) error {
	if p.name == nil {
		return errDecline
	}
	selfClosing := void || len(p.last) > 0 && p.last[len(p.last)-1] == '/' // HasSuffix calls memequal
	a := p.atom
	data := a.String()
	if a == 0 {
		data = string(p.name)
	}
	// Only the fields that change: making a whole html.Node for each
	// tag cost more.
	n := &p.node
	n.Type, n.Data, n.DataAtom, n.Attr = html.ElementNode, data, a, p.attrs
	if a == atom.Base && !s.c.baseSeen && s.c.refs > 0 {
		if href, ok := attr(n, "href"); ok {
			return &errBase{href}
		}
	}
	s.start(n, selfClosing)
	switch a {
	case atom.Script, atom.Style, atom.Title, atom.Textarea, atom.Xmp, atom.Iframe:
		p.raw, p.rawA = p.name, a
	}
	p.name = nil
	return nil
}

// end takes an end tag ("</name ...>", lower-cased).
func (p *lexState) end(s *streamWalker, data []byte) error {
	if p.name != nil || len(data) == 0 || data[len(data)-1] != '>' || hasQuote(data) {
		return errDecline // an end tag's quoted "attribute" may hold '>'
	}
	if p.raw != nil {
		// The lexer ends raw text at "</name"; the tokenizer wants a
		// space, '/' or '>' after the name too.
		rest, ok := bytes.CutPrefix(data[2:], p.raw)
		if !ok || len(rest) == 0 || !endsName(rest[0]) {
			return errDecline
		}
		p.raw = nil
	}
	s.end(lowerTagAtom(data))
	return nil
}

// endsName reports the bytes that end a tag name for the tokenizer.
func endsName(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '/' || c == '>'
}

// lowerTagAtom is tagAtom for a tag the lexer has lower-cased and that
// holds no NUL (lexPage takes no page with one): the name is looked up
// where it is.
func lowerTagAtom(raw []byte) atom.Atom {
	i := 1
	if len(raw) > 1 && raw[1] == '/' {
		i = 2
	}
	j := i
	for j < len(raw) && !endsName(raw[j]) {
		j++
	}
	return atom.Lookup(raw[i:j]) // 0 for a name longer than any atom's, as tagAtom
}

// text takes a text token: a raw-text element's content (entities decoded
// only in title and textarea, RCDATA), or text between tags.
func (p *lexState) text(s *streamWalker, data []byte) error {
	if p.name != nil {
		return errDecline
	}
	rcdata := true
	if p.raw != nil {
		rcdata = p.rawA == atom.Title || p.rawA == atom.Textarea
		if p.rawA == atom.Script && bytes.Contains(data, []byte("<!--")) {
			return errDecline // script data escape states
		}
	}
	lt, cr, amp := textMarks(data)
	if lt && p.raw == nil {
		return errDecline // "</>", CDATA and other stray '<'
	}
	if cr {
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	}
	if rcdata && amp {
		data = []byte(html.UnescapeString(p.pageString(data)))
	}
	s.textIfVisible(data)
	return nil
}

// shortToken is the length up to which a token is scanned byte by byte
// rather than by IndexByte calls, each of which costs more than a few
// bytes' loop (most text tokens are a newline or a few words).
const shortToken = 16

// textMarks reports whether text holds a '<', a '\r' and a '&'.
func textMarks(text []byte) (lt, cr, amp bool) {
	if len(text) > shortToken {
		return bytes.IndexByte(text, '<') >= 0, bytes.IndexByte(text, '\r') >= 0, bytes.IndexByte(text, '&') >= 0
	}
	for _, c := range text {
		switch c {
		case '<':
			lt = true
		case '\r':
			cr = true
		case '&':
			amp = true
		}
	}
	return lt, cr, amp
}

// hasByte reports whether b (most often a short name) holds c.
func hasByte(b []byte, c byte) bool {
	if len(b) > shortToken {
		return bytes.IndexByte(b, c) >= 0
	}
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}

// hasQuote reports whether b holds a quotation mark or an apostrophe.
func hasQuote(b []byte) bool {
	if len(b) > shortToken {
		return bytes.IndexByte(b, '"') >= 0 || bytes.IndexByte(b, '\'') >= 0
	}
	for _, c := range b {
		if c == '"' || c == '\'' {
			return true
		}
	}
	return false
}

// island hands an SVG, MathML or <xml> island, which the lexer returns
// whole, to x/net/html's tokenizer. It is taken only if the tokenizer's
// last token is an end tag ending where the island ends: the tokenizer
// then read the island as it would have in the whole page, and is back in
// the data state the lexer goes on in.
func (p *lexState) island(s *streamWalker, data []byte) error {
	if p.name != nil || p.raw != nil || !s.c.baseSeen && mentionsBase(data) {
		return errDecline // a <base href> here would need the check in close
	}
	z := html.NewTokenizer(bytes.NewReader(data))
	z.SetMaxBuf(maxTokenBytes)
	n, last := 0, html.ErrorToken
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		n += len(z.Raw())
		last = tt
		s.token(z, tt)
	}
	if !errors.Is(z.Err(), io.EOF) || last != html.EndTagToken || n != len(data) {
		return errDecline
	}
	if s.svg > 0 {
		// The island's last end tag did not close its <svg> (the lexer
		// ends one at "</svg0>" too): the tokenizer would read on in
		// the SVG namespace, which lexPage does not follow.
		return errDecline
	}
	return nil
}

// checkComment declines the empty comments "<!-->" and "<!--->", which
// the tokenizer ends at once and the lexer at the next "-->".
func checkComment(data []byte) error {
	if bytes.HasPrefix(data, []byte("<!-->")) || bytes.HasPrefix(data, []byte("<!--->")) {
		return errDecline
	}
	return nil
}

// keptKey returns, as a constant, an attribute name keepAttr may keep
// (style only with a '(' in its value).
func keptKey(k []byte) (string, bool) {
	// A switch, which the compiler turns into a search by length and
	// value, not a loop comparing each name in turn.
	switch string(k) {
	case "href":
		return "href", true
	case "src":
		return "src", true
	case "srcset":
		return "srcset", true
	case "data-src":
		return "data-src", true
	case "data-srcset":
		return "data-srcset", true
	case "lowsrc":
		return "lowsrc", true
	case "poster":
		return "poster", true
	case "data":
		return "data", true
	case "background":
		return "background", true
	case "rel":
		return "rel", true
	case "imagesrcset":
		return "imagesrcset", true
	case "http-equiv":
		return "http-equiv", true
	case "content":
		return "content", true
	case "xlink:href":
		return "xlink:href", true
	case "style":
		return "style", true
	}
	return "", false
}

// unescapeAttr decodes an attribute value's character references as
// x/net/html does. Named references follow rules of their own in
// attribute values (HTML 13.2.5.73): rather than restate them, a value
// holding an '&' is read back through x/net/html's tokenizer, which also
// turns CR and CRLF into LF. It reports false for a value it cannot quote.
func (p *lexState) unescapeAttr(v []byte) (string, bool) {
	if bytes.IndexByte(v, '&') < 0 && bytes.IndexByte(v, '\r') < 0 {
		return p.pageString(v), true
	}
	q := byte('"')
	if bytes.IndexByte(v, q) >= 0 {
		q = '\''
		if bytes.IndexByte(v, q) >= 0 {
			return "", false
		}
	}
	src := make([]byte, 0, len(v)+8)
	src = append(append(append(append(src, "<a v="...), q), v...), q, '>')
	z := html.NewTokenizer(bytes.NewReader(src))
	if z.Next() != html.StartTagToken {
		return "", false
	}
	if _, more := z.TagName(); !more {
		return "", false
	}
	_, val, _ := z.TagAttr()
	return string(val), true
}
