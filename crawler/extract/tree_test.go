package extract

// The tree walker: the page parsed by the HTML5 tree construction
// (x/net/html via goquery) and walked once. Extract tokenizes instead
// (extractHTMLStream, five times cheaper); the tree is kept here as the
// reference the stream is compared with on real pages
// (TestStreamMatchesTreeOnRealDocs, TestStreamMatchesTree).

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
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
		tb.add([]byte(t.Text()))
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
				w.text.add([]byte(n.Data))
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
