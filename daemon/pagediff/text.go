package pagediff

import (
	"bytes"
	"mime"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sharc-archive/sharc/crawler/extract"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Kind is how a payload is compared.
type Kind string

const (
	// KindHTML: the visible text of an HTML document, a line per block.
	KindHTML Kind = "html"
	// KindText: a text/* (or JSON, XML, JavaScript) payload, line by line.
	KindText Kind = "text"
	// KindBinary: any other type, compared by payload digest only.
	KindBinary Kind = "binary"
	// KindTooLarge: a record too large to read whole (Limits.MaxRecord),
	// compared by payload digest only.
	KindTooLarge Kind = "too-large"
)

// Limits bound what one side of a diff reads and keeps.
type Limits struct {
	MaxRecord    int64 // bytes of WARC record read whole; larger ones are KindTooLarge
	MaxBody      int64 // bytes of decoded entity body
	MaxTextBytes int   // bytes of text kept
	MaxLines     int   // lines kept
}

// DefaultLimits: 5,000 lines a side keep the diff's worst case (Myers is
// O((N+M)·D); a hostile page of few distinct lines in random order makes
// D about N) under a second — BenchmarkDiff, docs/console.md — while a
// long article is 500 to 2,000 lines; 2 MiB of text and 8 MiB of body
// are more than any page worth reading as text.
func DefaultLimits() Limits {
	return Limits{MaxRecord: 64 << 20, MaxBody: 8 << 20, MaxTextBytes: 2 << 20, MaxLines: 5000}
}

// Text is one side's lines.
type Text struct {
	Kind  Kind
	Lines []string
	// Truncated: a limit cut the body or the text; the lines are the
	// beginning only.
	Truncated bool
}

// KindOf says how a payload of this media type (a Content-Type value or
// the index's MIME) is compared.
func KindOf(contentType string) Kind {
	mt := mediaType(contentType)
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		return KindHTML
	case strings.HasPrefix(mt, "text/"), mt == "application/json", mt == "application/xml",
		mt == "application/javascript", mt == "application/ld+json",
		strings.HasSuffix(mt, "+xml"), strings.HasSuffix(mt, "+json"):
		return KindText
	}
	return KindBinary
}

// VisibleText returns the lines a reader would see of body, a decoded
// entity body of the given Content-Type. bodyCut says the body was
// already cut at Limits.MaxBody.
func VisibleText(contentType string, body []byte, bodyCut bool, lim Limits) Text {
	kind := KindOf(contentType)
	if kind == KindBinary {
		return Text{Kind: kind}
	}
	lb := &lineBuilder{lim: lim, truncated: bodyCut}
	if kind == KindHTML {
		doc, err := html.Parse(bytes.NewReader(extract.ToUTF8(body, contentType, true)))
		if err != nil {
			// html.Parse fails only on reader errors: keep the text.
			kind = KindText
		} else {
			lb.node(doc)
			lb.flush()
			return Text{Kind: kind, Lines: lb.lines, Truncated: lb.truncated}
		}
	}
	text := string(extract.ToUTF8(body, contentType, false))
	for line := range strings.Lines(text) {
		if lb.full() {
			lb.truncated = true
			break
		}
		line = strings.TrimRight(line, "\r\n")
		if room := lim.MaxTextBytes - lb.bytes - 1; len(line) > room {
			line, lb.truncated = cutUTF8(line, room), true
		}
		lb.cur.WriteString(strings.ToValidUTF8(line, "\uFFFD"))
		lb.flushKeepEmpty()
	}
	return Text{Kind: kind, Lines: lb.lines, Truncated: lb.truncated}
}

// cutUTF8 cuts s to at most n bytes, not inside a rune.
func cutUTF8(s string, n int) string {
	if n <= 0 {
		return ""
	}
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// lineBuilder collects lines within the limits.
type lineBuilder struct {
	lim       Limits
	lines     []string
	bytes     int
	cur       strings.Builder
	space     bool // a space is pending before the next word of cur
	truncated bool
}

func (b *lineBuilder) full() bool {
	return len(b.lines) >= b.lim.MaxLines || b.bytes >= b.lim.MaxTextBytes
}

// text adds s to the current line, collapsing white space.
func (b *lineBuilder) text(s string) {
	for _, w := range strings.FieldsFunc(s, isSpace) {
		if !b.hasRoom(len(w) + 1) {
			return
		}
		if b.space || (b.cur.Len() > 0 && startsWithSpace(s)) {
			b.cur.WriteByte(' ')
		}
		b.cur.WriteString(strings.ToValidUTF8(w, "\uFFFD"))
		b.space = true
	}
	b.space = b.cur.Len() > 0 && len(s) > 0 && endsWithSpace(s)
}

// hasRoom reports whether n more bytes fit the text limit, marking the
// text truncated when not.
func (b *lineBuilder) hasRoom(n int) bool {
	if b.full() || b.bytes+b.cur.Len()+n > b.lim.MaxTextBytes {
		b.truncated = true
		return false
	}
	return true
}

// flush ends the current line; an empty one is dropped (blocks nest).
func (b *lineBuilder) flush() {
	b.space = false
	if b.cur.Len() == 0 {
		return
	}
	b.flushKeepEmpty()
}

func (b *lineBuilder) flushKeepEmpty() {
	if len(b.lines) >= b.lim.MaxLines {
		b.truncated = true
		b.cur.Reset()
		return
	}
	s := b.cur.String()
	b.cur.Reset()
	b.lines = append(b.lines, s)
	b.bytes += len(s) + 1
}

// skipped are elements whose content is not visible text.
var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Head: true, atom.Iframe: true, atom.Object: true, atom.Svg: true, atom.Math: true,
	atom.Select: true, atom.Datalist: true, atom.Canvas: true, atom.Video: true, atom.Audio: true,
}

// inline elements continue the line; every other element is a block that
// starts and ends one.
var inline = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true, atom.Cite: true,
	atom.Code: true, atom.Data: true, atom.Dfn: true, atom.Em: true, atom.Font: true, atom.I: true,
	atom.Img: true, atom.Kbd: true, atom.Label: true, atom.Mark: true, atom.Q: true, atom.S: true,
	atom.Samp: true, atom.Small: true, atom.Span: true, atom.Strong: true, atom.Sub: true,
	atom.Sup: true, atom.Time: true, atom.U: true, atom.Var: true, atom.Wbr: true, atom.Big: true,
	atom.Tt: true, atom.Strike: true, atom.Del: true, atom.Ins: true, atom.Nobr: true, atom.Output: true,
}

// node walks n depth first. The walk is iterative: html.Parse caps the
// tree's depth at 512, but a loop needs no stack guard at all.
func (b *lineBuilder) node(root *html.Node) {
	type frame struct{ n *html.Node } // nil n: a block's end
	stack := []frame{{n: root}}
	for len(stack) > 0 && !b.full() {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.n == nil { // the end of a block
			b.flush()
			continue
		}
		n := f.n
		switch n.Type {
		case html.TextNode:
			b.text(n.Data)
			continue
		case html.ElementNode:
			if n.DataAtom == atom.Title && n.Parent != nil && n.Parent.DataAtom == atom.Head {
				// The title is visible (tab, bookmarks) and changes with
				// the page: its own first line.
				b.flush()
				b.text(textOf(n))
				b.flush()
				continue
			}
			if skipped[n.DataAtom] || hidden(n) {
				if n.DataAtom == atom.Head {
					for c := n.FirstChild; c != nil; c = c.NextSibling {
						if c.Type == html.ElementNode && c.DataAtom == atom.Title {
							stack = append(stack, frame{n: c})
						}
					}
				}
				continue
			}
			if n.DataAtom == atom.Br {
				b.flush()
				continue
			}
			if !inline[n.DataAtom] {
				b.flush()
				stack = append(stack, frame{}) // flush after the children
			}
		case html.DocumentNode:
		default:
			continue
		}
		// Children in reverse so the first is popped first.
		var kids []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			kids = append(kids, c)
		}
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, frame{n: kids[i]})
		}
	}
	// Nodes left unwalked cut the text; block ends left are nothing.
	for _, f := range stack {
		if f.n != nil {
			b.truncated = true
		}
	}
}

// textOf is the text under n (a title's).
func textOf(n *html.Node) string {
	var sb strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			sb.WriteString(c.Data)
		}
	}
	return sb.String()
}

// hidden: the hidden attribute, or aria-hidden="true" on an element
// (what a reader never sees).
func hidden(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && (a.Key == "hidden" || (a.Key == "aria-hidden" && strings.EqualFold(a.Val, "true"))) {
			return true
		}
		if a.Key == "type" && n.DataAtom == atom.Input && strings.EqualFold(a.Val, "hidden") {
			return true
		}
	}
	return false
}

func isSpace(r rune) bool { return unicode.IsSpace(r) || r == '\u00a0' }

func startsWithSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isSpace(r)
}

func endsWithSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return isSpace(r)
}

// mediaType is the lower-cased type/subtype of a Content-Type value.
func mediaType(v string) string {
	if mt, _, err := mime.ParseMediaType(v); err == nil {
		return mt
	}
	if i := strings.IndexByte(v, ';'); i >= 0 {
		v = v[:i]
	}
	return strings.ToLower(strings.TrimSpace(v))
}
