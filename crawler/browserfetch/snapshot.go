package browserfetch

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The DOM and the text are read in an isolated world: the page's
// document, but JavaScript objects of the capture's own, so the page's
// scripts cannot change what outerHTML or String.prototype.slice return
// here. Both come cut in the browser: a small page whose script writes
// a 48 MiB text node made a 48 MiB DOM, which, carried whole over the
// DevTools connection and decoded, held some ten times that in Go.

// DefaultMaxDOMBytes bounds Page.DOM when Options.MaxPageBytes is 0.
const DefaultMaxDOMBytes = 64 << 20

// domChunk is how many UTF-16 code units of the DOM one call brings:
// each DevTools message stays small (at most six bytes a unit, escaped),
// however large the DOM.
const domChunk = 256 << 10

// domJS serialises the rendered document with its doctype.
const domJS = `(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\n" : "") + document.documentElement.outerHTML`

// domKeepJS keeps the serialised document in the isolated world for
// domPartJS to read in chunks, and returns its length in code units.
const domKeepJS = `(() => { globalThis.__sharcDOM = ` + domJS + `; return globalThis.__sharcDOM.length; })()`

// headJS(s, n) is s's first n code units, less a high surrogate at the
// end: no character is split.
const headJS = `((s, n) => { let e = Math.min(n, s.length); if (e < s.length && e > 1) { const c = s.charCodeAt(e - 1); if (c >= 0xD800 && c <= 0xDBFF) e--; } return s.slice(0, e); })`

// domPartJS returns the kept document from code unit from on, at most
// domChunk units, and where it ends.
func domPartJS(from int) string {
	return fmt.Sprintf(`(() => { const s = %s(globalThis.__sharcDOM.slice(%d), %d); return {s, e: %d + s.length}; })()`, headJS, from, domChunk, from)
}

// textJS is the text the page shows, as the browser lays it out
// (innerText: hidden elements, scripts and styles left out), at most
// MaxTextBytes code units: at least MaxTextBytes bytes, which CutText
// then cuts.
var textJS = fmt.Sprintf(`%s(document.body ? document.body.innerText : "", %d)`, headJS, MaxTextBytes)

type domPart struct {
	S string `json:"s"`
	E int    `json:"e"`
}

// domLimit is the most bytes of Page.DOM: the page's byte budget, which
// the DOM gets in full besides its bodies (the DOM is the capture; a
// page that spent its budget on images still has one).
func (r *pageRun) domLimit() int {
	if n := r.p.opts.MaxPageBytes; n > 0 {
		return int(min(n, math.MaxInt))
	}
	return DefaultMaxDOMBytes
}

// snapshot reads the DOM, cut at domLimit (cut reports it), and the text.
func (r *pageRun) snapshot(ctx context.Context) (dom []byte, cut bool, text string, err error) {
	tree, err := chromedp.Call(ctx, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return nil, false, "", fmt.Errorf("browserfetch: frames: %w", err)
	}
	if tree.FrameTree == nil || tree.FrameTree.Frame == nil {
		return nil, false, "", errors.New("browserfetch: the page has no main frame")
	}
	w, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: tree.FrameTree.Frame.ID, WorldName: "sharc-snapshot"})
	if err != nil {
		return nil, false, "", fmt.Errorf("browserfetch: isolated world: %w", err)
	}
	in := func(p *runtime.EvaluateParams) { p.ContextID = w.ExecutionContextID }
	if dom, cut, err = r.readDOM(ctx, in); err != nil {
		return nil, false, "", fmt.Errorf("browserfetch: read DOM: %w", err)
	}
	if text, err = chromedp.Run(ctx, chromedp.Evaluate[string](textJS, in)); err != nil {
		return nil, false, "", fmt.Errorf("browserfetch: read text: %w", err)
	}
	return dom, cut, CutText(text, MaxTextBytes), nil
}

// readDOM reads the document kept by domKeepJS a chunk at a time until
// it has all of it or more than domLimit bytes, then cuts it at
// domLimit: Go never holds much more than the bound.
func (r *pageRun) readDOM(ctx context.Context, in chromedp.EvaluateOption) ([]byte, bool, error) {
	limit := r.domLimit()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](domKeepJS, in))
	if err != nil {
		return nil, false, err
	}
	var dom []byte
	off := 0
	for off < n && len(dom) <= limit {
		part, err := chromedp.Run(ctx, chromedp.Evaluate[domPart](domPartJS(off), in))
		if err != nil {
			return nil, false, err
		}
		if part.E <= off {
			return nil, false, fmt.Errorf("no progress at code unit %d of %d", off, n)
		}
		dom = append(dom, part.S...)
		off = part.E
	}
	if off >= n && len(dom) <= limit {
		return dom, false, nil
	}
	return cutBytes(dom, limit), true, nil
}

// cutBytes cuts b to at most n bytes at a rune boundary.
func cutBytes(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return b[:n]
}
